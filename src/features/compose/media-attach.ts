/**
 * Checking and uploading the files a person adds to a post (the compose screen's media menus and
 * drop area, the dashboard's Create New Post dialog): loaded with the first file, not with the page.
 */
import { apiErrorMessage } from "../../lib/api-client";
import { toast } from "../../islands/toast/toast-store";
import { uploadFiles } from "../media/gallery-api";

/** What each upload entry accepts, and what it says about other files (spec core §5). */
const UPLOADS = {
  image: { matches: (type: string) => type.startsWith("image/"), refusal: "Please select image files only", done: "Files uploaded" },
  video: { matches: (type: string) => type.startsWith("video/"), refusal: "Please select video files only", done: "Videos uploaded" },
  gif: { matches: (type: string) => type === "image/gif", refusal: "Please select GIF files only", done: "Files uploaded" },
} as const;
export type UploadKind = keyof typeof UPLOADS;

export interface AttachTarget {
  readonly onAdd: (urls: ReadonlyArray<string>) => void;
  /** Upload progress in percent, null once done. */
  readonly onUploading: (progress: number | null) => void;
  /** Say "Files uploaded" once added (the compose screen; the dialog shows the thumbnails only). */
  readonly announce: boolean;
}

const isImageOrVideo = (file: File) => UPLOADS.image.matches(file.type) || UPLOADS.video.matches(file.type);

const attachUploads = async (files: ReadonlyArray<File>, done: string, { onAdd, onUploading, announce }: AttachTarget) => {
  onUploading(0);
  try {
    const { items } = await uploadFiles([...files], (fraction) => onUploading(Math.round(fraction * 100))).promise;
    onAdd(items.map((i) => i.fileUrl));
    if (announce) toast({ title: done, description: `${items.length} file${items.length === 1 ? "" : "s"} added to the post.` });
  } catch (error) {
    toast({ title: "Upload failed", description: apiErrorMessage(error, "Failed to upload media"), variant: "destructive" });
  } finally {
    onUploading(null);
  }
};

/**
 * Files chosen in the picker opened by an upload entry (`kind`), or dropped or chosen where images
 * and videos may mix (`any`: each file is checked by its own kind).
 */
export const attachFiles = async (files: ReadonlyArray<File>, kind: UploadKind | "any", target: AttachTarget) => {
  if (kind === "any") {
    if (files.some((file) => !isImageOrVideo(file))) {
      toast({ title: "Invalid file type", description: "Please select image or video files only", variant: "destructive" });
      return;
    }
    await attachUploads(files, files.every((file) => UPLOADS.video.matches(file.type)) ? UPLOADS.video.done : UPLOADS.image.done, target);
    return;
  }
  const upload = UPLOADS[kind];
  if (files.some((file) => !upload.matches(file.type))) {
    toast({ title: "Invalid file type", description: upload.refusal, variant: "destructive" });
    return;
  }
  await attachUploads(files, upload.done, target);
};
