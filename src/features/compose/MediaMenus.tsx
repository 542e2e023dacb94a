import { lazy, type ReactNode, Suspense, useRef, useState } from "react";
import { isVideoAddress } from "../../../domain/media/addresses";
import { Menu } from "../../components/ui/Menu";
import { apiErrorMessage } from "../../lib/api-client";
import { toast } from "../../islands/toast/toast-store";
import { MAX_MEDIA } from "../posts/post-media";
import { AI_UNAVAILABLE } from "./ai";
import type { UploadKind } from "./media-attach";

// The dialogs are loaded when first opened.
const CanvaDialog = lazy(() => import("../dashboard/CanvaDialog").then((m) => ({ default: m.CanvaDialog })));
const GalleryDialog = lazy(() => import("./MediaDialogs").then((m) => ({ default: m.GalleryDialog })));
const DriveDialog = lazy(() => import("./MediaDialogs").then((m) => ({ default: m.DriveDialog })));

/** Checks and uploads the chosen or dropped files (loaded with the first file). */
const loadAttach = () => import("./media-attach");

/** The file picker's filter for each upload entry (spec core §5); media-attach.ts checks the files again. */
const ACCEPT: Readonly<Record<UploadKind | "any", string>> = { image: "image/*", video: "video/*", gif: "image/gif", any: "image/*,video/*" };

/** An online video editor (spec core §2: "Create or edit videos" opens one in a new tab). */
const VIDEO_EDITOR_URL = "https://www.canva.com/video-editor/";

interface MediaMenusProps {
  readonly media: ReadonlyArray<string>;
  readonly onAdd: (urls: ReadonlyArray<string>) => void;
  readonly onRemove: (index: number) => void;
  /** Upload progress in percent, null when nothing uploads (the form waits for uploads). */
  readonly uploading: number | null;
  readonly onUploading: (progress: number | null) => void;
  /** The menus wait (the page is not ready, the post is being saved). */
  readonly disabled?: boolean;
  /** More menus in the toolbar (the text tools). */
  readonly children?: ReactNode;
}

/**
 * The compose screen's media: the drop area with the Image, Video and GIF menus (upload, media
 * gallery, Canva, Google Drive), `children` beside them in the toolbar, and the attached files with
 * their remove buttons.
 */
export const MediaMenus = ({ media, onAdd, onRemove, uploading, onUploading, disabled = false, children }: MediaMenusProps) => {
  const [canvaOpen, setCanvaOpen] = useState(false);
  const [galleryOpen, setGalleryOpen] = useState(false);
  const [driveOpen, setDriveOpen] = useState(false);
  /** Dialogs opened once stay mounted (closing gives the focus back), the others are not loaded yet. */
  const [opened, setOpened] = useState<ReadonlySet<"canva" | "gallery" | "drive">>(new Set());
  const openDialog = (which: "canva" | "gallery" | "drive") => {
    setOpened((set) => (set.has(which) ? set : new Set([...set, which])));
    (which === "canva" ? setCanvaOpen : which === "gallery" ? setGalleryOpen : setDriveOpen)(true);
  };
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  /** Which upload entry opened the file picker: its files are checked against it. */
  const uploadKind = useRef<UploadKind | "any">("any");
  const full = media.length >= MAX_MEDIA;

  const attach = (files: ReadonlyArray<File>, kind: UploadKind | "any") =>
    loadAttach()
      .then(({ attachFiles }) => attachFiles(files, kind, { onAdd, onUploading, announce: true }))
      .catch((error) => toast({ title: "Upload failed", description: apiErrorMessage(error, "Failed to upload media"), variant: "destructive" }));

  const onFiles = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (fileInput.current) fileInput.current.value = "";
    if (files.length > 0) void attach(files, uploadKind.current);
  };

  const pick = (kind: UploadKind) => {
    const input = fileInput.current;
    if (!input) return;
    uploadKind.current = kind;
    input.accept = ACCEPT[kind];
    input.click();
  };

  const addDisabled = disabled || uploading !== null || full;
  return (
    <>
      <div
        className={`compose-media-drop${dragging ? " compose-media-dragging" : ""}`}
        data-testid="media-drop"
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes("Files")) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          if (!e.dataTransfer.files.length) return;
          e.preventDefault();
          setDragging(false);
          void attach(Array.from(e.dataTransfer.files), "any");
        }}
      >
        <input ref={fileInput} type="file" multiple hidden data-testid="media-input" onChange={(e) => onFiles(e.target.files)} />
        <div className="compose-toolbar" role="toolbar" aria-labelledby="compose-media-label">
          <Menu
            label="Image"
            disabled={addDisabled}
            items={[
              { label: "Upload Image", onSelect: () => pick("image") },
              { label: "Select from Media Gallery", onSelect: () => openDialog("gallery") },
              { label: "Import from Canva", onSelect: () => openDialog("canva") },
              { label: "Stock images", disabled: true, hint: "No stock photo library is connected to this workspace." },
              { label: "Create AI-Generated Image", disabled: true, hint: `${AI_UNAVAILABLE}.` },
            ]}
          />
          <Menu
            label="Video"
            disabled={addDisabled}
            items={[
              { label: "Add Video", onSelect: () => pick("video") },
              { label: "Google Drive video URL", onSelect: () => openDialog("drive") },
              { label: "Create or edit videos", href: VIDEO_EDITOR_URL, external: true, hint: "Opens an online video editor in a new tab." },
            ]}
          />
          <Menu
            label="GIF"
            disabled={addDisabled}
            items={[
              { label: "Search GIF", disabled: true, hint: "No GIF library is connected to this workspace." },
              { label: "Upload from computer", onSelect: () => pick("gif") },
            ]}
          />
          {children}
        </div>
        <p className="muted compose-drop-hint">
          {uploading !== null ? `Uploading… ${uploading}%` : full ? `A post takes at most ${MAX_MEDIA} files.` : "Drop images or videos here, or use the Image, Video and GIF menus."}
        </p>
      </div>
      {media.length > 0 && (
        <ul className="compose-thumbs" aria-label="Attached media" data-testid="attached-media">
          {media.map((url, i) => (
            <li key={`${url}-${i}`} className="compose-thumb">
              {isVideoAddress(url) ? <span className="compose-thumb-video">Video</span> : <img src={url} alt={`Attachment ${i + 1}`} />}
              <button type="button" className="compose-thumb-remove" aria-label={`Remove attachment ${i + 1}`} onClick={() => onRemove(i)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}

      {opened.has("canva") && (
        <Suspense fallback={null}>
          <CanvaDialog
            open={canvaOpen}
            onClose={() => setCanvaOpen(false)}
            onDesign={(url) => {
              onAdd([url]);
              setCanvaOpen(false);
              toast({ title: "Design Imported", description: "Your Canva design has been added to the post!" });
            }}
          />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {opened.has("gallery") && <GalleryDialog open={galleryOpen} onAdd={onAdd} onClose={() => setGalleryOpen(false)} />}
        {opened.has("drive") && <DriveDialog open={driveOpen} onAdd={onAdd} onClose={() => setDriveOpen(false)} />}
      </Suspense>
    </>
  );
};
