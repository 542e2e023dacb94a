import { Schema } from "effect";
import { defineEvents, type EventOf } from "../shared";

/** Events of a saved hashtag group's stream (`hashtag-group-{id}`): a name and the hashtags compose inserts together. */
export const hashtagGroupEvents = defineEvents({
  HashtagGroupSaved: Schema.Struct({ groupId: Schema.String, workspaceId: Schema.String, name: Schema.String, tags: Schema.Array(Schema.String) }),
  /** Its name or hashtags changed: both as they are now. */
  HashtagGroupChanged: Schema.Struct({ name: Schema.String, tags: Schema.Array(Schema.String) }),
  HashtagGroupDeleted: Schema.Struct({}),
});

export type HashtagGroupEvent = EventOf<typeof hashtagGroupEvents.schemas>;
export const hashtagGroupStreamId = (groupId: string) => `hashtag-group-${groupId}`;
export const hashtagGroupIdOfStream = (streamId: string) => streamId.slice("hashtag-group-".length);
