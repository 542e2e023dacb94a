import { Schema } from "effect";
import { defineEvents, type EventOf } from "../shared";
import { FEED_DELIVERIES, POSTING_SCHEDULES } from "./rules";

const settings = {
  name: Schema.String,
  url: Schema.String,
  /** Platforms to post to on every active account of each, when no accounts are chosen. */
  platforms: Schema.Array(Schema.String),
  accountIds: Schema.Array(Schema.String),
  postTemplate: Schema.String,
  postingSchedule: Schema.Literals(POSTING_SCHEDULES),
  delivery: Schema.Literals(FEED_DELIVERIES),
};

const item = Schema.Struct({
  key: Schema.String,
  title: Schema.String,
  link: Schema.NullOr(Schema.String),
  /** Its text, without HTML, as far as a post could use it. */
  description: Schema.String,
  publishedAt: Schema.NullOr(Schema.String),
});

/** Events of a feed's stream (`rss-feed-{feedId}`): its settings, the items read from it and the posts made of them. */
export const feedEvents = defineEvents({
  RssFeedAdded: Schema.Struct({ feedId: Schema.String, workspaceId: Schema.String, ...settings, isActive: Schema.Boolean }),
  RssFeedEdited: Schema.Struct(settings),
  RssFeedPaused: Schema.Struct({}),
  RssFeedResumed: Schema.Struct({}),
  RssFeedDeleted: Schema.Struct({}),
  /** New items read; `passedOver` are kept but never posted (older items on a feed's first read). */
  RssItemsFound: Schema.Struct({ items: Schema.Array(item), passedOver: Schema.Array(Schema.String) }),
  RssItemPosted: Schema.Struct({ key: Schema.String, postId: Schema.String }),
  /** Items that waited for a daily or weekly turn and were passed over for a newer one. */
  RssItemsPassedOver: Schema.Struct({ keys: Schema.Array(Schema.String) }),
});

export type FeedEvent = EventOf<typeof feedEvents.schemas>;
export type FeedSettings = Extract<FeedEvent, { type: "RssFeedEdited" }>["data"];
export const feedStreamId = (feedId: string) => `rss-feed-${feedId}`;
