/**
 * What the gallery accepts, decided by a file's bytes (spec engagement §5: images and videos only).
 * The detection itself (magic numbers) is `file-type`'s; this module says what its answer means.
 */

export type MediaKind = "image" | "video";

/** What `file-type` reports for a file's first bytes. */
export interface DetectedType {
  readonly ext: string;
  readonly mime: string;
}

export interface AcceptedFormat {
  readonly kind: MediaKind;
  /** The content type the file is stored and served with. */
  readonly mime: string;
  /** The extension of the stored file. */
  readonly ext: string;
  readonly label: string;
}

/** The formats the gallery keeps, by the extension `file-type` detects. SVG and HTML are text: never detected, never kept. */
const ACCEPTED: Readonly<Record<string, AcceptedFormat>> = {
  jpg: { kind: "image", mime: "image/jpeg", ext: "jpg", label: "JPEG" },
  png: { kind: "image", mime: "image/png", ext: "png", label: "PNG" },
  gif: { kind: "image", mime: "image/gif", ext: "gif", label: "GIF" },
  webp: { kind: "image", mime: "image/webp", ext: "webp", label: "WebP" },
  avif: { kind: "image", mime: "image/avif", ext: "avif", label: "AVIF" },
  mp4: { kind: "video", mime: "video/mp4", ext: "mp4", label: "MP4" },
  // An iTunes-branded MP4: browsers play it as video/mp4.
  m4v: { kind: "video", mime: "video/mp4", ext: "m4v", label: "MP4" },
  mov: { kind: "video", mime: "video/quicktime", ext: "mov", label: "QuickTime" },
  webm: { kind: "video", mime: "video/webm", ext: "webm", label: "WebM" },
};

/** A stored file's content type by its name (`original.<ext>`, `thumbnail.webp`): for a copy made without its media item. */
export const storedFileType = (fileName: string): string =>
  ACCEPTED[fileName.slice(fileName.lastIndexOf(".") + 1).toLowerCase()]?.mime ?? "application/octet-stream";

/** Formats a person may expect to work but that we cannot show or thumbnail: a specific message. */
const KNOWN_BUT_UNSUPPORTED: Readonly<Record<string, string>> = {
  heic: "HEIC photos are not supported yet: export it as JPEG and upload that.",
  tif: "TIFF images are not supported: save it as JPEG or PNG.",
  bmp: "BMP images are not supported: save it as JPEG or PNG.",
  psd: "Photoshop files are not supported: export it as JPEG or PNG.",
  mkv: "MKV videos are not supported: export it as MP4.",
  avi: "AVI videos are not supported: export it as MP4.",
};

/** Every stored content type (the gallery's MIME types), for `accept` attributes and checks. */
export const ACCEPTED_MIME_TYPES: ReadonlyArray<string> = [...new Set(Object.values(ACCEPTED).map((f) => f.mime))];
export const ACCEPTED_FORMAT_LABELS = "JPEG, PNG, GIF, WebP, AVIF, MP4, MOV or WebM";

/** The format a detection stands for, or null when the gallery does not keep it (or nothing was detected). */
export const acceptedFormat = (detected: DetectedType | undefined | null): AcceptedFormat | null =>
  detected ? (ACCEPTED[detected.ext] ?? null) : null;

/** Which kinds an upload takes: the gallery takes both; an image-only or video-only picker one. */
export type AcceptKinds = "all" | "images" | "videos";

export const isAcceptKinds = (value: unknown): value is AcceptKinds => value === "all" || value === "images" || value === "videos";

/** Spec core §5: an image picker says "Please select image files only", a video picker "... video files only". */
export const IMAGES_ONLY_MESSAGE = "Please select image files only";
export const VIDEOS_ONLY_MESSAGE = "Please select video files only";
export const NO_FILES_MESSAGE = "Choose at least one file to upload.";

/** An upload that kept some of its files: how many, then why each other one was not kept. */
export const partlyUploadedMessage = (kept: number, problems: ReadonlyArray<{ readonly message: string }>): string =>
  `${kept} of ${kept + problems.length} files ${kept === 1 ? "was" : "were"} uploaded. ${problems.map((p) => p.message).join(" ")}`;

/**
 * Why a file is refused by its content, or null when it is kept. Names the file, so a person
 * knows which of several to fix.
 */
export const contentProblem = (name: string, detected: DetectedType | undefined | null, accept: AcceptKinds = "all"): string | null => {
  const format = acceptedFormat(detected);
  if (!format) {
    const hint = detected ? KNOWN_BUT_UNSUPPORTED[detected.ext] : undefined;
    if (accept === "images") return `${name} is not an image. ${IMAGES_ONLY_MESSAGE}.`;
    if (accept === "videos") return `${name} is not a video. ${VIDEOS_ONLY_MESSAGE}.`;
    return hint ? `${name} cannot be used: ${hint}` : `${name} is not an image or a video. Upload ${ACCEPTED_FORMAT_LABELS} files.`;
  }
  if (accept === "images" && format.kind !== "image") return `${name} is not an image. ${IMAGES_ONLY_MESSAGE}.`;
  if (accept === "videos" && format.kind !== "video") return `${name} is not a video. ${VIDEOS_ONLY_MESSAGE}.`;
  return null;
};

/** How many leading bytes the detection needs (file-type reads at most this many for our formats). */
export const SNIFF_BYTES = 4100;

/**
 * A stored file's name as shown: the uploaded name without folders or control characters, at most
 * 200 characters, "file" when nothing is left.
 */
export const cleanFileName = (name: string): string => {
  const base = name.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint: control characters are what this removes
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  // By code points: cutting at 200 UTF-16 units could leave half an emoji, which jsonb refuses.
  return Array.from(cleaned === "" ? "file" : cleaned).slice(0, 200).join("").toWellFormed();
};
