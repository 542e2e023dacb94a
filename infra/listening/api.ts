import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { SENTIMENTS } from "../../domain/inbox";
import { InboxThreadSchema } from "../inbox/api";
import { ANSWER_INBOX, READ_INBOX } from "../inbox/schemas";
import { Guard, InvalidRequest, Requires } from "../web/api/guard";
import { Page, pageQuery } from "../web/api/page";
import { ConflictProblem, InvalidInputProblem, NotFoundProblem, VersionConflictProblem } from "../web/api/problems";
import { zodPayload, zodQuery } from "../web/api/zod-payload";
import { LISTENING_PAGE_MAX, LISTENING_PAGE_SIZE } from "./Listening";
import { listeningPostsSchema, listeningReplySchema, monitorChangeSchema, monitorSchema, toInboxSchema, volumeSchema } from "./schemas";
import { idOf } from "../web/api/item-id";

/** A monitor as the API answers it: `Monitor` of ./Listening. */
export const MonitorSchema = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  terms: Schema.Array(Schema.String),
  isActive: Schema.Boolean,
  recentPosts: Schema.Number.annotate({ description: "Posts found in the last 7 days." }),
  lastCheckedAt: Schema.NullOr(Schema.String),
  lastError: Schema.NullOr(Schema.String),
}).annotate({ identifier: "ListeningMonitor" });

/** A public post a monitor found: `ListenedPost` of ./Listening. */
export const ListenedPostSchema = Schema.Struct({
  id: Schema.String,
  monitorId: Schema.String,
  uri: Schema.String,
  url: Schema.String,
  author: Schema.Struct({ handle: Schema.String, name: Schema.String, avatar: Schema.NullOr(Schema.String) }),
  text: Schema.String,
  sentiment: Schema.Literals(SENTIMENTS),
  likes: Schema.Number,
  reposts: Schema.Number,
  replies: Schema.Number,
  postedAt: Schema.String,
}).annotate({ identifier: "ListenedPost" });

export const VolumeDaySchema = Schema.Struct({
  day: Schema.String,
  positive: Schema.Number,
  neutral: Schema.Number,
  negative: Schema.Number,
}).annotate({ identifier: "ListeningVolumeDay" });

/** Social listening's operations (keyword and hashtag monitors over public Bluesky posts), declared once; served by ./api-handlers.ts. Plans with the social inbox. */
export class ListeningApi extends HttpApiGroup.make("listening")
  .add(
    HttpApiEndpoint.get("monitors", "/api/listening/monitors", { success: Schema.Array(MonitorSchema) })
      .annotate(Requires, READ_INBOX)
      .annotate(OpenApi.Description, "The workspace's monitors, oldest first."),
    HttpApiEndpoint.post("create", "/api/listening/monitors", {
      payload: zodPayload(monitorSchema, "NewListeningMonitor"),
      success: MonitorSchema.pipe(HttpApiSchema.status(201)),
      error: [InvalidInputProblem, ConflictProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, ANSWER_INBOX)
      .annotate(OpenApi.Description, "A new monitor {name, terms (a list, or one text with commas)}: 201 with it; 409 past the plan's number of monitors."),
    HttpApiEndpoint.put("change", "/api/listening/monitors/:id", {
      params: idOf("monitor"),
      payload: zodPayload(monitorChangeSchema, "ListeningMonitorChange"),
      success: MonitorSchema,
      error: [InvalidInputProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, ANSWER_INBOX)
      .annotate(OpenApi.Description, "The monitor renamed, given other terms, paused (isActive false) or resumed."),
    HttpApiEndpoint.delete("remove", "/api/listening/monitors/:id", {
      params: idOf("monitor"),
      success: HttpApiSchema.NoContent,
      error: [NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, ANSWER_INBOX)
      .annotate(OpenApi.Description, "Deletes the monitor with what it found: 204."),
    HttpApiEndpoint.get("posts", "/api/listening/monitors/:id/posts", {
      params: idOf("monitor"),
      query: zodQuery(listeningPostsSchema, pageQuery({ defaultLimit: LISTENING_PAGE_SIZE, maxLimit: LISTENING_PAGE_MAX })),
      success: Page(ListenedPostSchema, "ListenedPostPage"),
      error: [InvalidInputProblem, NotFoundProblem],
    })
      .annotate(Requires, READ_INBOX)
      .annotate(OpenApi.Description, "What the monitor found, newest first, a page at a time; by sentiment if given."),
    HttpApiEndpoint.get("volume", "/api/listening/monitors/:id/volume", {
      params: idOf("monitor"),
      query: zodQuery(volumeSchema),
      success: Schema.Array(VolumeDaySchema),
      error: [InvalidInputProblem, NotFoundProblem],
    })
      .annotate(Requires, READ_INBOX)
      .annotate(OpenApi.Description, "Posts found per day (UTC) of the last `days` (1 to 90, 14 if left out), by sentiment, oldest day first."),
    HttpApiEndpoint.post("toInbox", "/api/listening/posts/:id/inbox", {
      params: idOf("post"),
      payload: zodPayload(toInboxSchema, "ListenedPostToInbox"),
      success: InboxThreadSchema,
      error: [InvalidInputProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, ANSWER_INBOX)
      .annotate(OpenApi.Description, "The post, as a mention of that Bluesky account, in the social inbox (kept once): the conversation."),
    HttpApiEndpoint.post("reply", "/api/listening/posts/:id/reply", {
      params: idOf("post"),
      payload: zodPayload(listeningReplySchema, "ListenedPostReply"),
      success: InboxThreadSchema.pipe(HttpApiSchema.status(202)),
      error: [InvalidInputProblem, NotFoundProblem, ConflictProblem, VersionConflictProblem],
    })
      .annotate(Requires, ANSWER_INBOX)
      .annotate(OpenApi.Description, "202: the answer goes out from that Bluesky account, threaded under the post, once (through the inbox): the conversation."),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Social listening") {}
