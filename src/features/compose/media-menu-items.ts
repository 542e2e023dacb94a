/**
 * The entries of the compose toolbar's Image, Video and GIF menus (MediaMenus.tsx): loaded when
 * one of them first opens.
 */
import type { MenuItem } from "../../components/ui/Menu";
import type { UploadKind } from "./media-attach";

/** An online video editor (spec core §2: "Create or edit videos" opens one in a new tab). */
const VIDEO_EDITOR_URL = "https://www.canva.com/video-editor/";

export interface MediaMenuActions {
  /** Opens the file picker for one kind of file. */
  readonly pick: (kind: UploadKind) => void;
  readonly openDialog: (which: "canva" | "gallery" | "drive") => void;
  /** Why the AI image entry is unavailable (ai.ts, shown with the AI buttons too). */
  readonly aiUnavailable: string;
  /** Makes an image from the post's text; null when no AI server is set up. */
  readonly generateImage: (() => void) | null;
}

export const imageItems = ({ pick, openDialog, aiUnavailable, generateImage }: MediaMenuActions): ReadonlyArray<MenuItem> => [
  { label: "Upload Image", onSelect: () => pick("image") },
  { label: "Select from Media Gallery", onSelect: () => openDialog("gallery") },
  { label: "Import from Canva", onSelect: () => openDialog("canva") },
  { label: "Stock images", disabled: true, hint: "No stock photo library is connected to this workspace." },
  generateImage
    ? { label: "Create AI-Generated Image", onSelect: generateImage, hint: "Made from the post's text; saved in your media library." }
    : { label: "Create AI-Generated Image", disabled: true, hint: aiUnavailable },
];

export const videoItems = ({ pick, openDialog }: MediaMenuActions): ReadonlyArray<MenuItem> => [
  { label: "Add Video", onSelect: () => pick("video") },
  { label: "Google Drive video URL", onSelect: () => openDialog("drive") },
  { label: "Create or edit videos", href: VIDEO_EDITOR_URL, external: true, hint: "Opens an online video editor in a new tab." },
];

export const gifItems = ({ pick }: MediaMenuActions): ReadonlyArray<MenuItem> => [
  { label: "Search GIF", disabled: true, hint: "No GIF library is connected to this workspace." },
  { label: "Upload from computer", onSelect: () => pick("gif") },
];
