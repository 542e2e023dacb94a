/**
 * Media size limits per plan: one pure table for the server's checks and the gallery's hints alike
 * (design: "Plan features and limits are one pure module used by server checks and UI gates").
 * Sizes are binary megabytes, as `formatFileSize` shows them.
 */
import { TIERS, type Tier } from "../plans/tiers";
import type { MediaKind } from "./content";

export const MB = 1024 * 1024;

export interface MediaLimits {
  /** Largest image file. */
  readonly imageBytes: number;
  /** Largest video file. */
  readonly videoBytes: number;
  /** Files in one upload request. */
  readonly filesPerUpload: number;
  /** All files of one upload request together. */
  readonly uploadBytes: number;
}

const MEDIA_LIMITS: Record<Tier, MediaLimits> = {
  trial: { imageBytes: 10 * MB, videoBytes: 100 * MB, filesPerUpload: 20, uploadBytes: 250 * MB },
  starter: { imageBytes: 10 * MB, videoBytes: 250 * MB, filesPerUpload: 20, uploadBytes: 500 * MB },
  professional: { imageBytes: 20 * MB, videoBytes: 500 * MB, filesPerUpload: 20, uploadBytes: 1000 * MB },
  growth: { imageBytes: 30 * MB, videoBytes: 750 * MB, filesPerUpload: 20, uploadBytes: 1000 * MB },
  agency: { imageBytes: 30 * MB, videoBytes: 1000 * MB, filesPerUpload: 20, uploadBytes: 1000 * MB },
};

export const mediaLimitsOf = (tier: Tier): MediaLimits => MEDIA_LIMITS[tier];

/** Slack for the multipart framing (boundaries and part headers) over an upload's files. */
export const UPLOAD_FRAMING_BYTES = MB;

/**
 * The largest body any request may have: the largest upload of any plan with its framing. The web
 * server refuses more whatever the route (astro.config.mjs, the adapter's bodySizeLimit).
 */
export const MAX_REQUEST_BYTES = Math.max(...Object.values(MEDIA_LIMITS).map((limits) => limits.uploadBytes)) + UPLOAD_FRAMING_BYTES;

export const maxFileBytes = (limits: MediaLimits, kind: MediaKind): number => (kind === "image" ? limits.imageBytes : limits.videoBytes);

/** The largest single file any kind may be on this plan (the intake stops writing past it). */
export const largestFileBytes = (limits: MediaLimits): number => Math.max(limits.imageBytes, limits.videoBytes);

const UNITS = ["Bytes", "KB", "MB", "GB"] as const;

/**
 * A size as the gallery shows it (spec engagement §9: Bytes, KB, MB or GB): 1024 per step, at most
 * two decimals, no trailing zeros. 0 → "0 Bytes", 1536 → "1.5 KB", 251658240 → "240 MB".
 */
export const formatFileSize = (bytes: number): string => {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const i = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = Number.parseFloat((bytes / 1024 ** i).toFixed(2));
  return `${value} ${UNITS[i]}`;
};

/** A duration as m:ss or h:mm:ss (5 → "0:05", 3725 → "1:02:05"). */
export const formatDuration = (seconds: number): string => {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
};

/** Is there a plan above this one that takes larger files of this kind? */
const biggerOnAnotherPlan = (tier: Tier, kind: MediaKind): boolean =>
  TIERS.slice(TIERS.indexOf(tier) + 1).some((t) => maxFileBytes(MEDIA_LIMITS[t], kind) > maxFileBytes(MEDIA_LIMITS[tier], kind));

/**
 * Why a file is too large, or null. "clip.mp4 is too large. Videos can be up to 100 MB on your plan
 * (this one is 240 MB)." and, when a higher plan takes more, how to get it.
 */
export const sizeProblem = (name: string, kind: MediaKind, size: number, tier: Tier): string | null => {
  const limit = maxFileBytes(MEDIA_LIMITS[tier], kind);
  if (size <= limit) return null;
  const what = kind === "image" ? "Images" : "Videos";
  const upgrade = biggerOnAnotherPlan(tier, kind) ? ` Upgrade your plan for larger ${kind}s.` : "";
  return `${name} is too large. ${what} can be up to ${formatFileSize(limit)} on your plan (this one is ${formatFileSize(size)}).${upgrade}`;
};

export const tooManyFilesMessage = (limits: MediaLimits): string => `You can upload up to ${limits.filesPerUpload} files at a time.`;

/** `size`: the files' total, when known (a chunked body is refused as it passes the limit, its size unknown). */
export const uploadTooLargeMessage = (limits: MediaLimits, size?: number): string =>
  `One upload can hold up to ${formatFileSize(limits.uploadBytes)} on your plan${size === undefined ? "" : ` (these files are ${formatFileSize(size)})`}. Upload fewer files at a time.`;
