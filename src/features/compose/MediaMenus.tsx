import { lazy, Suspense, useRef, useState } from "react";
import { lazyItems, Menu } from "../../components/ui/Menu";
import { toast } from "../../islands/toast/toast-store";
import { MAX_MEDIA } from "../posts/post-media";
import { AI_UNAVAILABLE, loadAiMessages } from "./ai";
import type { UploadKind } from "./media-attach";
import type { MediaDialogName } from "./MediaDialogs";
import { loadLater } from "./load-later";
import { Later } from "../../components/ui/Later";

/** The dialogs (Canva, media gallery, Google Drive): loaded when the first opens. */
const MediaDialogs = lazy(() => import("./MediaDialogs"));

/** The attached files: loaded with the first one. */
const AttachedMedia = lazy(() => loadLater().then((m) => ({ default: m.AttachedMedia })));

/** Checks and uploads the chosen or dropped files (loaded with the first file). */
const loadAttach = () => import("./media-attach");

/** The file picker's filter for each upload entry (spec core §5); media-attach.ts checks the files again. */
const ACCEPT: Readonly<Record<UploadKind | "any", string>> = { image: "image/*", video: "video/*", gif: "image/gif", any: "image/*,video/*" };

/** The menus' entries: loaded when one first opens. */
const loadItems = () => import("./media-menu-items");

interface MediaMenusProps {
  readonly media: ReadonlyArray<string>;
  readonly onAdd: (urls: ReadonlyArray<string>) => void;
  readonly onRemove: (index: number) => void;
  /** Upload progress in percent, null when nothing uploads (the form waits for uploads). */
  readonly uploading: number | null;
  readonly onUploading: (progress: number | null) => void;
  /** The menus wait (the page is not ready, the post is being saved). */
  readonly disabled?: boolean;
  /** Whether this server has an AI server set up (Create AI-Generated Image). */
  readonly ai?: boolean;
  /** The post's text: the AI image's prompt. */
  readonly content?: string;
}

/**
 * The compose screen's media: the drop area with the Image, Video and GIF menus (upload, media
 * gallery, Canva, Google Drive), and the attached files with their remove buttons.
 */
export const MediaMenus = ({ media, onAdd, onRemove, uploading, onUploading, disabled = false, ai = false, content = "" }: MediaMenusProps) => {
  const [generating, setGenerating] = useState(false);
  const [openDialogName, setOpenDialogName] = useState<MediaDialogName | null>(null);
  /** Dialogs opened once stay mounted (closing gives the focus back), the others are not loaded yet. */
  const [opened, setOpened] = useState<ReadonlySet<MediaDialogName>>(new Set());
  const openDialog = (which: MediaDialogName) => {
    setOpened((set) => (set.has(which) ? set : new Set([...set, which])));
    setOpenDialogName(which);
  };
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  /** Which upload entry opened the file picker: its files are checked against it. */
  const uploadKind = useRef<UploadKind | "any">("any");
  const full = media.length >= MAX_MEDIA;

  const attach = (files: ReadonlyArray<File>, kind: UploadKind | "any") =>
    loadAttach()
      .then(({ attachFiles }) => attachFiles(files, kind, { onAdd, onUploading, announce: true }))
      // The upload's own errors are shown by attachFiles; this is the code failing to load.
      .catch(() => toast({ title: "Upload failed", description: "Failed to upload media", variant: "destructive" }));

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

  /** Create AI-Generated Image: made from the post's text, saved in the media library and attached. */
  const generateImage = async () => {
    const { AI_MESSAGES, AI_TOASTS } = await loadAiMessages();
    if (content.trim() === "") {
      toast({ title: AI_TOASTS.contentRequired, description: AI_MESSAGES.promptRequired, variant: "destructive" });
      return;
    }
    setGenerating(true);
    try {
      const { generateImage: generate } = await import("../ai/ai-client");
      onAdd([await generate(content)]);
      toast({ title: AI_TOASTS.imageGenerated, description: "The image was added to the post and to your media library." });
    } catch (error) {
      const { status, message } = await import("../ai/ai-client").then(
        (client) => client.aiFailure(error, AI_MESSAGES.imageFailed),
        () => ({ status: null, message: AI_MESSAGES.imageFailed }),
      );
      toast({ title: status === 400 ? AI_TOASTS.contentRequired : AI_TOASTS.imageFailed, description: message, variant: "destructive" });
    } finally {
      setGenerating(false);
    }
  };

  const actions = { pick, openDialog, aiUnavailable: AI_UNAVAILABLE, generateImage: ai ? () => void generateImage() : null };
  const addDisabled = disabled || uploading !== null || full || generating;
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
          <Menu label="Image" disabled={addDisabled} items={lazyItems(loadItems, (m) => m.imageItems(actions))} />
          <Menu label="Video" disabled={addDisabled} items={lazyItems(loadItems, (m) => m.videoItems(actions))} />
          <Menu label="GIF" disabled={addDisabled} items={lazyItems(loadItems, (m) => m.gifItems(actions))} />
        </div>
        <p className="muted compose-drop-hint">
          {generating
            ? "Creating an image from your post… this can take a minute."
            : uploading !== null
              ? `Uploading… ${uploading}%`
              : full
                ? `A post takes at most ${MAX_MEDIA} files.`
                : "Drop images or videos here, or use the Image, Video and GIF menus."}
        </p>
      </div>
      {media.length > 0 && (
        <Later>
          <AttachedMedia media={media} onRemove={onRemove} />
        </Later>
      )}

      {opened.size > 0 && (
        <Suspense fallback={null}>
          <MediaDialogs opened={opened} open={openDialogName} onAdd={onAdd} onClose={() => setOpenDialogName(null)} />
        </Suspense>
      )}
    </>
  );
};
