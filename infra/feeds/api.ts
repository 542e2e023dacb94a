import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { FEED_DELIVERIES, POSTING_SCHEDULES } from "../../domain/feeds";
import { Guard, InvalidRequest, Requires } from "../web/api/guard";
import { ConflictProblem, InvalidInputProblem, NotFoundProblem, VersionConflictProblem } from "../web/api/problems";
import { zodPayload } from "../web/api/zod-payload";
import { addFeedSchema, editFeedSchema } from "./schemas";
import { idOf } from "../web/api/item-id";

/** Plans with RSS auto-posting read a workspace's feeds; people who may post change them. */
const reads = { feature: "rss_feeds" } as const;
const manages = { feature: "rss_feeds", permission: "manage_posts" } as const;

const feedFields = {
  id: Schema.String,
  name: Schema.String,
  url: Schema.String,
  platforms: Schema.Array(Schema.String),
  accountIds: Schema.Array(Schema.String),
  postTemplate: Schema.String,
  postingSchedule: Schema.Literals(POSTING_SCHEDULES),
  delivery: Schema.Literals(FEED_DELIVERIES),
  isActive: Schema.Boolean,
  createdAt: Schema.String,
  lastChecked: Schema.NullOr(Schema.String).annotate({ description: "The last read; null before the first." }),
  lastError: Schema.NullOr(Schema.String).annotate({ description: "Why the last read failed; null when it worked." }),
  nextCheck: Schema.NullOr(Schema.String),
  itemsSeen: Schema.Number,
  postsMade: Schema.Number,
  waiting: Schema.Number,
  lastPostedAt: Schema.NullOr(Schema.String),
};

/** A feed with what its reads found and made (`RssFeed` of ./Feeds). */
export const RssFeedSchema = Schema.Struct(feedFields).annotate({ identifier: "RssFeed" });

/** An item a read found, and the post made of it (`RssItem`). */
export const RssItemSchema = Schema.Struct({
  key: Schema.String,
  title: Schema.String,
  link: Schema.NullOr(Schema.String),
  publishedAt: Schema.NullOr(Schema.String),
  foundAt: Schema.String,
  status: Schema.Literals(["waiting", "posted", "passed_over"]),
  postId: Schema.NullOr(Schema.String),
  postedAt: Schema.NullOr(Schema.String),
}).annotate({ identifier: "RssItem" });

const RssFeedWithItemsSchema = Schema.Struct({ ...feedFields, items: Schema.Array(RssItemSchema) }).annotate({ identifier: "RssFeedWithItems" });

const writeErrors = [InvalidInputProblem, ConflictProblem, NotFoundProblem, VersionConflictProblem];

/** RSS auto-posting's feeds (spec engagement §7), declared once; served by ./api-handlers.ts, called by the RSS Feeds screen. */
export class FeedsApi extends HttpApiGroup.make("rssFeeds")
  .add(
    HttpApiEndpoint.get("list", "/api/rss-feeds", { success: Schema.Array(RssFeedSchema) })
      .annotate(Requires, reads)
      .annotate(OpenApi.Description, "The workspace's feeds, newest first, each with what its reads found and made."),
    HttpApiEndpoint.post("add", "/api/rss-feeds", {
      payload: zodPayload(addFeedSchema, "NewRssFeed"),
      success: RssFeedSchema.pipe(HttpApiSchema.status(201)),
      error: writeErrors,
    })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "A feed, once its address could be read: 201 with it; else 400 with the reason."),
    HttpApiEndpoint.get("get", "/api/rss-feeds/:id", { params: idOf("RSS feed"), success: RssFeedWithItemsSchema, error: NotFoundProblem })
      .annotate(Requires, reads)
      .annotate(OpenApi.Description, "The feed and its history (`items`: every item read, newest first, with the post made of it)."),
    HttpApiEndpoint.put("edit", "/api/rss-feeds/:id", {
      params: idOf("RSS feed"),
      payload: zodPayload(editFeedSchema, "RssFeedChange"),
      success: RssFeedSchema,
      error: writeErrors,
    })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "Any of the feed's fields; a pause or a resume is `{isActive}`."),
    HttpApiEndpoint.delete("remove", "/api/rss-feeds/:id", {
      params: idOf("RSS feed"),
      success: HttpApiSchema.NoContent,
      error: [NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, manages)
      .annotate(OpenApi.Description, "Deletes the feed: 204."),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "RSS feeds") {}
