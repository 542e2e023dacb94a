import { Schema } from "effect";
import { defineEvents, type EventOf } from "../shared";
import type { MediaKind } from "./content";

const MEDIA_KINDS: ReadonlyArray<MediaKind> = ["image", "video"];

/** Everything a media item's row is made of, as recorded when it was uploaded. */
export const MediaUploadedData = Schema.Struct({
  mediaId: Schema.String,
  workspaceId: Schema.String,
  originalName: Schema.String,
  /** The MIME type found in the file's bytes (never the name's or the browser's). */
  fileType: Schema.String,
  kind: Schema.Literals(MEDIA_KINDS),
  fileSize: Schema.Number,
  width: Schema.NullOr(Schema.Number),
  height: Schema.NullOr(Schema.Number),
  durationSeconds: Schema.NullOr(Schema.Number),
  /** Where the storage keeps the file and its thumbnail (keys of `MediaStorage`). */
  storageKey: Schema.String,
  thumbnailKey: Schema.NullOr(Schema.String),
  tags: Schema.Array(Schema.String),
});
export type MediaUploadedData = typeof MediaUploadedData.Type;

/** Events of a media item's stream (`media-{id}`). */
export const mediaEvents = defineEvents({
  MediaUploaded: MediaUploadedData,
  // The name comes along so the read model's search text can be made from the event alone.
  MediaTagged: Schema.Struct({ tags: Schema.Array(Schema.String), originalName: Schema.String }),
  MediaDeleted: Schema.Struct({ originalName: Schema.String, storageKeys: Schema.Array(Schema.String) }),
});

export type MediaEvent = EventOf<typeof mediaEvents.schemas>;

export const MEDIA_EVENT_TYPES = ["MediaUploaded", "MediaTagged", "MediaDeleted"] as const satisfies ReadonlyArray<MediaEvent["type"]>;

export const mediaStreamId = (mediaId: string) => `media-${mediaId}`;
