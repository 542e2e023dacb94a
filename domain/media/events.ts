import type { DomainEvent } from "../shared";
import type { MediaKind } from "./content";

/** Everything a media item's row is made of, as recorded when it was uploaded. */
export interface MediaUploadedData {
  readonly mediaId: string;
  readonly workspaceId: string;
  readonly originalName: string;
  /** The MIME type found in the file's bytes (never the name's or the browser's). */
  readonly fileType: string;
  readonly kind: MediaKind;
  readonly fileSize: number;
  readonly width: number | null;
  readonly height: number | null;
  readonly durationSeconds: number | null;
  /** Where the storage keeps the file and its thumbnail (keys of `MediaStorage`). */
  readonly storageKey: string;
  readonly thumbnailKey: string | null;
  readonly tags: ReadonlyArray<string>;
}

/** Events of a media item's stream (`media-{id}`). */
export type MediaEvent =
  | DomainEvent<"MediaUploaded", MediaUploadedData>
  // The name comes along so the read model's search text can be made from the event alone.
  | DomainEvent<"MediaTagged", { readonly tags: ReadonlyArray<string>; readonly originalName: string }>
  | DomainEvent<"MediaDeleted", { readonly originalName: string; readonly storageKeys: ReadonlyArray<string> }>;

export const MEDIA_EVENT_TYPES = ["MediaUploaded", "MediaTagged", "MediaDeleted"] as const satisfies ReadonlyArray<MediaEvent["type"]>;

export const mediaStreamId = (mediaId: string) => `media-${mediaId}`;
