/**
 * Checking and uploading the files a person adds to a post (the compose screen's media menus and
 * drop area, the dashboard's Create New Post dialog): loaded with the first file, not with the page.
 * One file that cannot be posted does not cost the others: they are uploaded and attached, and the
 * toast names each file left out with its reason.
 */
import { contentProblem } from "../../../domain/media/content";
import { apiErrorMessage } from "../../lib/api-client";
import { toast } from "../../islands/toast/toast-store";
import { partlyUploaded, type UploadProblem, uploadFiles } from "../media/gallery-api";

/** What each upload entry accepts, and what it says about other files (spec core §5). */
const UPLOADS = {
  image: { accept: "images", matches: (type: string) => type.startsWith("image/"), refusal: "Please select image files only", done: "Files uploaded" },
  video: { accept: "videos", matches: (type: string) => type.startsWith("video/"), refusal: "Please select video files only", done: "Videos uploaded" },
  gif: { accept: "images", matches: (type: string) => type === "image/gif", refusal: "Please select GIF files only", done: "Files uploaded" },
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

const attachUploads = async (files: ReadonlyArray<File>, refused: ReadonlyArray<UploadProblem>, done: string, { onAdd, onUploading, announce }: AttachTarget) => {
  onUploading(0);
  try {
    const { items, problems } = await uploadFiles([...files], (fraction) => onUploading(Math.round(fraction * 100))).promise;
    onAdd(items.map((i) => i.fileUrl));
    const left = [...refused, ...problems];
    if (left.length > 0) toast(partlyUploaded(items.length, left));
    else if (announce) toast({ title: done, description: `${items.length} file${items.length === 1 ? "" : "s"} added to the post.` });
  } catch (error) {
    const reasons = [apiErrorMessage(error, "Failed to upload media"), ...refused.map((p) => p.message)];
    toast({ title: "Upload failed", description: reasons.join(" "), variant: "destructive" });
  } finally {
    onUploading(null);
  }
};

/**
 * Files chosen in the picker opened by an upload entry (`kind`), or dropped or chosen where images
 * and videos may mix (`any`: each file is checked by its own kind). A file of another kind is left
 * out, named; when no file is of the kind, the entry's own sentence says so and nothing is sent.
 */
export const attachFiles = async (files: ReadonlyArray<File>, kind: UploadKind | "any", target: AttachTarget) => {
  const upload = kind === "any" ? null : UPLOADS[kind];
  const fits = (file: File) => (upload ? upload.matches(file.type) : isImageOrVideo(file));
  const good = files.filter(fits);
  if (good.length === 0) {
    toast({ title: "Invalid file type", description: upload ? upload.refusal : "Please select image or video files only", variant: "destructive" });
    return;
  }
  // The browser's type is a hint from the name; the server decides by the bytes of the files sent.
  const refused = files
    .filter((file) => !fits(file))
    .map((file) => ({
      file: file.name,
      message: kind === "gif" ? `${file.name} is not a GIF. ${UPLOADS.gif.refusal}.` : contentProblem(file.name, null, upload?.accept ?? "all")!,
    }));
  const done = upload ? upload.done : good.every((file) => UPLOADS.video.matches(file.type)) ? UPLOADS.video.done : UPLOADS.image.done;
  await attachUploads(good, refused, done, target);
};
