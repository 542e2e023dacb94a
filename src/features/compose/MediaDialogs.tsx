import { useEffect, useState } from "react";
import { isVideoAddress } from "../../../domain/media/addresses";
import "./media-picker.css";
import { Dialog } from "../../components/ui/Dialog";
import { api } from "../../lib/api/client";
import { apiErrorMessage } from "../../lib/api-client";
import { toast } from "../../islands/toast/toast-store";
import { CanvaDialog } from "../dashboard/CanvaDialog";
import type { MediaItem } from "../media/gallery-api";
import { driveVideoUrl } from "./compose-post";

interface MediaDialogProps {
  readonly open: boolean;
  readonly onAdd: (urls: ReadonlyArray<string>) => void;
  readonly onClose: () => void;
}

/** What a file chosen from the gallery is added to, as the toast names it: the post, a content template, the link-in-bio page, or a support message. */
type GalleryTarget = { readonly addedTo?: "post" | "template" | "page" | "message" };

/** "Select from Media Gallery" (loaded when first chosen): the workspace's files, read at each opening; a choice adds it to the post (or template). */
export const GalleryDialog = ({ open, onAdd, onClose, addedTo }: MediaDialogProps & GalleryTarget) => (
  <Dialog open={open} title="Select from Media Gallery" onClose={onClose}>
    <GalleryList onAdd={onAdd} onClose={onClose} addedTo={addedTo} />
  </Dialog>
);

/** Mounted while the dialog is open. */
const GalleryList = ({ onAdd, onClose, addedTo = "post" }: Omit<MediaDialogProps, "open"> & GalleryTarget) => {
  const [gallery, setGallery] = useState<ReadonlyArray<MediaItem> | null>(null);
  useEffect(() => {
    let current = true;
    api.get("/api/media", { query: { limit: 100 } })
      .then((page) => current && setGallery(page.items))
      .catch((error) => {
        if (!current) return;
        setGallery([]);
        toast({ title: "Error", description: apiErrorMessage(error, "Could not load your media."), variant: "destructive" });
      });
    return () => {
      current = false;
    };
  }, []);
  return gallery === null ? (
    <p className="muted">Loading…</p>
  ) : gallery.length === 0 ? (
    <p className="muted" data-testid="gallery-empty">
      No media files found. Upload some files to your Media Gallery first.
    </p>
  ) : (
    <ul className="compose-gallery">
      {gallery.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            className="compose-gallery-item"
            onClick={() => {
              onAdd([item.fileUrl]);
              onClose();
              toast({ title: "Image Selected", description: `The file was added to the ${addedTo}.` });
            }}
          >
            {isVideoAddress(item.fileUrl) ? (
              <span className="compose-thumb-video">Video</span>
            ) : (
              <img src={item.thumbnailUrl ?? item.fileUrl} alt={item.originalName} />
            )}
          </button>
        </li>
      ))}
    </ul>
  );
};

/** "Add a Google Drive video" (loaded when first chosen): a Drive link becomes the file's preview address. */
export const DriveDialog = ({ open, onAdd, onClose }: MediaDialogProps) => {
  const [driveUrl, setDriveUrl] = useState("");
  const addDrive = () => {
    const result = driveVideoUrl(driveUrl);
    if (!result.ok) {
      toast({ title: result.title, description: result.description, variant: "destructive" });
      return;
    }
    onAdd([result.url]);
    setDriveUrl("");
    onClose();
    toast({ title: "Video Added", description: "The Google Drive video was added to the post." });
  };
  return (
    <Dialog open={open} title="Add a Google Drive video" onClose={onClose}>
      <div className="field">
        <label htmlFor="compose-drive">Google Drive video URL</label>
        <input
          id="compose-drive"
          className="input"
          value={driveUrl}
          placeholder="https://drive.google.com/file/d/…/view"
          onChange={(e) => setDriveUrl(e.target.value)}
        />
      </div>
      <div className="ui-dialog-actions">
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" onClick={addDrive}>
          Add Video
        </button>
      </div>
    </Dialog>
  );
};

export type MediaDialogName = "canva" | "gallery" | "drive";

interface ComposeMediaDialogsProps {
  /** The dialogs opened so far: they stay mounted, so that closing one gives the focus back. */
  readonly opened: ReadonlySet<MediaDialogName>;
  /** The one open now. */
  readonly open: MediaDialogName | null;
  readonly onAdd: (urls: ReadonlyArray<string>) => void;
  readonly onClose: () => void;
}

/** The compose toolbar's dialogs: Canva, the media gallery and a Google Drive video (loaded when the first opens). */
export default function ComposeMediaDialogs({ opened, open, onAdd, onClose }: ComposeMediaDialogsProps) {
  return (
    <>
      {opened.has("canva") && (
        <CanvaDialog
          open={open === "canva"}
          onClose={onClose}
          onDesign={(url) => {
            onAdd([url]);
            onClose();
            toast({ title: "Design Imported", description: "Your Canva design has been added to the post!" });
          }}
        />
      )}
      {opened.has("gallery") && <GalleryDialog open={open === "gallery"} onAdd={onAdd} onClose={onClose} />}
      {opened.has("drive") && <DriveDialog open={open === "drive"} onAdd={onAdd} onClose={onClose} />}
    </>
  );
}
