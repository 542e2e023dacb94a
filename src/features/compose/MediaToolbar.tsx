import { lazy, type ReactNode, Suspense, useRef, useState } from "react";
import { isVideoAddress } from "../../../domain/media/addresses";
import { Menu } from "../../components/ui/Menu";
import { apiErrorMessage } from "../../lib/api-client";
import { toast } from "../../islands/toast/toast-store";
import { MAX_MEDIA } from "../posts/post-media";
import { AI_UNAVAILABLE } from "./ai";

// The dialogs are loaded when first opened.
const CanvaDialog = lazy(() => import("../dashboard/CanvaDialog").then((m) => ({ default: m.CanvaDialog })));
const GalleryDialog = lazy(() => import("./MediaDialogs").then((m) => ({ default: m.GalleryDialog })));
const DriveDialog = lazy(() => import("./MediaDialogs").then((m) => ({ default: m.DriveDialog })));

/** What each upload entry accepts, and what it says about other files (spec core §5). */
const UPLOADS = {
  image: { accept: "image/*", matches: (type: string) => type.startsWith("image/"), refusal: "Please select image files only", done: "Files uploaded" },
  video: { accept: "video/*", matches: (type: string) => type.startsWith("video/"), refusal: "Please select video files only", done: "Videos uploaded" },
  gif: { accept: "image/gif", matches: (type: string) => type === "image/gif", refusal: "Please select GIF files only", done: "Files uploaded" },
} as const;
type UploadKind = keyof typeof UPLOADS;

const isImageOrVideo = (file: File) => UPLOADS.image.matches(file.type) || UPLOADS.video.matches(file.type);

/** An online video editor (spec core §2: "Create or edit videos" opens one in a new tab). */
const VIDEO_EDITOR_URL = "https://www.canva.com/video-editor/";

interface MediaToolbarProps {
  /**
   * - menus: the compose screen's drop area with the Image, Video and GIF menus (upload, media
   *   gallery, Canva, Google Drive), `children` beside them in the toolbar;
   * - boxes: the Create New Post dialog's "Upload Files" and "Create with Canva" boxes.
   */
  readonly variant: "menus" | "boxes";
  readonly media: ReadonlyArray<string>;
  readonly onAdd: (urls: ReadonlyArray<string>) => void;
  readonly onRemove: (index: number) => void;
  /** Upload progress in percent, null when nothing uploads (the form waits for uploads). */
  readonly uploading: number | null;
  readonly onUploading: (progress: number | null) => void;
  /** The menus wait (the page is not ready, the post is being saved). */
  readonly disabled?: boolean;
  /** More menus in the toolbar (compose's text tools). */
  readonly children?: ReactNode;
}

/** A post's media: adding files (uploads, the media gallery, Canva, a Drive video) and the attached ones with their remove buttons. */
export const MediaToolbar = ({ variant, media, onAdd, onRemove, uploading, onUploading, disabled = false, children }: MediaToolbarProps) => {
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
  const menus = variant === "menus";

  const attachUploads = async (files: ReadonlyArray<File>, done: string) => {
    onUploading(0);
    try {
      // The upload code is loaded with the first upload.
      const { uploadFiles } = await import("../media/gallery-api");
      const { items } = await uploadFiles([...files], (fraction) => onUploading(Math.round(fraction * 100))).promise;
      onAdd(items.map((i) => i.fileUrl));
      if (menus) toast({ title: done, description: `${items.length} file${items.length === 1 ? "" : "s"} added to the post.` });
    } catch (error) {
      toast({ title: "Upload failed", description: apiErrorMessage(error, "Failed to upload media"), variant: "destructive" });
    } finally {
      onUploading(null);
    }
  };

  /** Dropped or chosen files that may mix images and videos: each is checked by its own kind. */
  const attachImagesOrVideos = async (files: ReadonlyArray<File>) => {
    if (files.some((file) => !isImageOrVideo(file))) {
      toast({ title: "Invalid file type", description: "Please select image or video files only", variant: "destructive" });
      return;
    }
    await attachUploads(files, files.every((file) => UPLOADS.video.matches(file.type)) ? UPLOADS.video.done : UPLOADS.image.done);
  };

  const onFiles = async (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (fileInput.current) fileInput.current.value = "";
    if (files.length === 0) return;
    const kind = uploadKind.current;
    if (kind === "any") return attachImagesOrVideos(files);
    const upload = UPLOADS[kind];
    if (files.some((file) => !upload.matches(file.type))) {
      toast({ title: "Invalid file type", description: upload.refusal, variant: "destructive" });
      return;
    }
    await attachUploads(files, upload.done);
  };

  const pick = (kind: UploadKind | "any") => {
    const input = fileInput.current;
    if (!input) return;
    uploadKind.current = kind;
    input.accept = kind === "any" ? "image/*,video/*" : UPLOADS[kind].accept;
    input.click();
  };

  const fileField = menus ? (
    <input ref={fileInput} type="file" multiple hidden data-testid="media-input" onChange={(e) => void onFiles(e.target.files)} />
  ) : (
    <input ref={fileInput} type="file" accept="image/*,video/*" multiple hidden onChange={(e) => void onFiles(e.target.files)} />
  );

  const thumbnail = (url: string, i: number) =>
    isVideoAddress(url) ? <span className="compose-thumb-video">Video</span> : <img src={url} alt={`Attachment ${i + 1}`} />;

  const attached = media.length > 0 && (
    <ul className={menus ? "compose-thumbs" : "cp-thumbs"} aria-label="Attached media" data-testid="attached-media">
      {media.map((url, i) => (
        <li key={`${url}-${i}`} className={menus ? "compose-thumb" : "cp-thumb"}>
          {thumbnail(url, i)}
          <button type="button" className={menus ? "compose-thumb-remove" : "cp-thumb-remove"} aria-label={`Remove attachment ${i + 1}`} onClick={() => onRemove(i)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );

  const canva = opened.has("canva") && (
    <Suspense fallback={null}>
      <CanvaDialog
        open={canvaOpen}
        onClose={() => setCanvaOpen(false)}
        onDesign={(url) => {
          onAdd([url]);
          setCanvaOpen(false);
          toast({ title: menus ? "Design Imported" : "Design Added", description: "Your Canva design has been added to the post!" });
        }}
      />
    </Suspense>
  );

  if (!menus) {
    return (
      <>
        <div className="cp-media-options">
          <div className="cp-media-box">
            <strong>Upload Files</strong>
            <span className="muted">Images or videos from your computer</span>
            {fileField}
            <button type="button" className="btn btn-outline" disabled={disabled || uploading !== null || full} onClick={() => pick("any")}>
              {uploading !== null ? `Uploading… ${uploading}%` : "Choose Files"}
            </button>
          </div>
          <div className="cp-media-box">
            <strong>Create with Canva</strong>
            <span className="muted">Design a graphic from a template</span>
            <button type="button" className="btn btn-outline" disabled={disabled || full} onClick={() => openDialog("canva")}>
              Create with Canva
            </button>
          </div>
        </div>
        {attached}
        {canva}
      </>
    );
  }

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
          void attachImagesOrVideos(Array.from(e.dataTransfer.files));
        }}
      >
        {fileField}
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
      {attached}

      {canva}
      <Suspense fallback={null}>
        {opened.has("gallery") && <GalleryDialog open={galleryOpen} onAdd={onAdd} onClose={() => setGalleryOpen(false)} />}
        {opened.has("drive") && <DriveDialog open={driveOpen} onAdd={onAdd} onClose={() => setDriveOpen(false)} />}
      </Suspense>
    </>
  );
};
