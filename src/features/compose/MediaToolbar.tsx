import { lazy, Suspense, useRef, useState } from "react";
import AttachedMedia from "./AttachedMedia";
import { apiErrorMessage } from "../../lib/api-client";
import { DisabledReason, describedBy } from "../../components/ui/DisabledReason";
import { toast } from "../../islands/toast/toast-store";
import { MAX_MEDIA } from "../posts/post-media";

// Loaded when first opened.
const CanvaDialog = lazy(() => import("../dashboard/CanvaDialog").then((m) => ({ default: m.CanvaDialog })));

/** Checks and uploads the chosen files (loaded with the first file). */
const loadAttach = () => import("./media-attach");

interface MediaToolbarProps {
  /**
   * The Create New Post dialog's "Upload Files" and "Create with Canva" boxes (the compose
   * screen's drop area and Image, Video and GIF menus are MediaMenus.tsx).
   */
  readonly variant: "boxes";
  readonly media: ReadonlyArray<string>;
  readonly onAdd: (urls: ReadonlyArray<string>) => void;
  readonly onRemove: (index: number) => void;
  /** Upload progress in percent, null when nothing uploads (the form waits for uploads). */
  readonly uploading: number | null;
  readonly onUploading: (progress: number | null) => void;
  /** The buttons wait (the post is being saved). */
  readonly disabled?: boolean;
}

/** A post's media in the dashboard's Create New Post dialog: uploads, a Canva design, and the attached files with their remove buttons. */
const FULL_ID = "cp-media-full";

export const MediaToolbar = ({ media, onAdd, onRemove, uploading, onUploading, disabled = false }: MediaToolbarProps) => {
  const [canvaOpen, setCanvaOpen] = useState(false);
  /** Opened once, the dialog stays mounted (closing gives the focus back); before, it is not loaded. */
  const [canvaLoaded, setCanvaLoaded] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const full = media.length >= MAX_MEDIA;

  const onFiles = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (fileInput.current) fileInput.current.value = "";
    if (files.length === 0) return;
    loadAttach()
      .then(({ attachFiles }) => attachFiles(files, "any", { onAdd, onUploading, announce: false }))
      .catch((error) => toast({ title: "Upload failed", description: apiErrorMessage(error, "Failed to upload media"), variant: "destructive" }));
  };

  return (
    <>
      <div className="cp-media-options">
        <div className="cp-media-box">
          <strong>Upload Files</strong>
          <span className="muted">Images or videos from your computer</span>
          <input ref={fileInput} type="file" accept="image/*,video/*" multiple hidden onChange={(e) => onFiles(e.target.files)} />
          <button
            type="button"
            className="btn btn-outline"
            disabled={disabled || uploading !== null || full}
            {...describedBy({ [FULL_ID]: full })}
            onClick={() => fileInput.current?.click()}
          >
            {uploading !== null ? `Uploading… ${uploading}%` : "Choose Files"}
          </button>
        </div>
        <div className="cp-media-box">
          <strong>Create with Canva</strong>
          <span className="muted">Design a graphic from a template</span>
          <button
            type="button"
            className="btn btn-outline"
            disabled={disabled || full}
            {...describedBy({ [FULL_ID]: full })}
            onClick={() => {
              setCanvaLoaded(true);
              setCanvaOpen(true);
            }}
          >
            Create with Canva
          </button>
        </div>
      </div>
      {full && <DisabledReason id={FULL_ID}>{`A post takes at most ${MAX_MEDIA} files. Remove one to add another.`}</DisabledReason>}
      {media.length > 0 && <AttachedMedia media={media} onRemove={onRemove} look="dialog" />}
      {canvaLoaded && (
        <Suspense fallback={null}>
          <CanvaDialog
            open={canvaOpen}
            onClose={() => setCanvaOpen(false)}
            onDesign={(url) => {
              onAdd([url]);
              setCanvaOpen(false);
              toast({ title: "Design Added", description: "Your Canva design has been added to the post!" });
            }}
          />
        </Suspense>
      )}
    </>
  );
};
