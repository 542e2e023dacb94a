import { Schema } from "effect";
import { defineEvents, type EventOf } from "../shared";

const Strings = Schema.Array(Schema.String);

/** Only the fields that changed. */
export const ContentTemplateChanges = Schema.Struct({
  name: Schema.optionalKey(Schema.String),
  content: Schema.optionalKey(Schema.String),
  platforms: Schema.optionalKey(Strings),
  hashtags: Schema.optionalKey(Strings),
  mediaUrls: Schema.optionalKey(Strings),
});
export type ContentTemplateChanges = typeof ContentTemplateChanges.Type;

/** Events of a content template's stream (`content-template-{id}`). */
export const contentTemplateEvents = defineEvents({
  ContentTemplateCreated: Schema.Struct({
    templateId: Schema.String,
    workspaceId: Schema.String,
    /** Who wrote it: the one person who sees it while it is private. */
    authorId: Schema.String,
    name: Schema.String,
    content: Schema.String,
    platforms: Strings,
    /** Each with its leading #. */
    hashtags: Strings,
    mediaUrls: Strings,
    /** "Share with team" (spec §2): the whole workspace sees it. */
    isPublic: Schema.Boolean,
  }),
  ContentTemplateEdited: ContentTemplateChanges,
  ContentTemplateShared: Schema.Struct({}),
  ContentTemplateUnshared: Schema.Struct({}),
  /** Copied into the compose window; `usageCount` is the count with this use. */
  ContentTemplateUsed: Schema.Struct({ usageCount: Schema.Number }),
  ContentTemplateDeleted: Schema.Struct({}),
});

export type ContentTemplateEvent = EventOf<typeof contentTemplateEvents.schemas>;
export type ContentTemplateCreated = Extract<ContentTemplateEvent, { type: "ContentTemplateCreated" }>["data"];

export const contentTemplateStreamId = (templateId: string) => `content-template-${templateId}`;
export const templateIdOfStream = (streamId: string) => streamId.slice("content-template-".length);
