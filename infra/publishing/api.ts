import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { PLATFORM_IDS } from "../../domain/accounts/platforms";
import { PostType, RecurrenceRuleData } from "../../domain/publishing/events";
import { Guard, InItsWorkspace, InvalidRequest, RequestBody, Requires } from "../web/api/guard";
import { ConflictProblem, ForbiddenProblem, InvalidInputProblem, NotFoundProblem, PlanLimitProblem, VersionConflictProblem } from "../web/api/problems";
import { Page } from "../web/api/page";
import { zodPayload, zodQuery } from "../web/api/zod-payload";
import { BULK_MAX_BYTES, bulkUploadSchema } from "./bulk-schemas";
import {
  approveSchema,
  calendarQuerySchema,
  postCountsQuerySchema,
  postExportQuerySchema,
  postQuerySchema,
  postSchema,
  requestChangesSchema,
  versionedWriteSchema,
} from "./schemas";
import { idOf } from "../web/api/item-id";

const Platform = Schema.Literals(PLATFORM_IDS);

/** A post as a calendar day shows it: `CalendarPost` of ./CalendarPosts. */
export const CalendarPostSchema = Schema.Struct({
  id: Schema.String,
  content: Schema.String.annotate({ description: "The first 120 characters." }),
  status: Schema.String,
  scheduledAt: Schema.NullOr(Schema.String),
  publishedAt: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
  platforms: Schema.Array(Platform),
  isRecurring: Schema.Boolean,
  version: Schema.Number,
}).annotate({ identifier: "CalendarPost" });

/** One day of the calendar: `CalendarDay` of ./CalendarPosts. */
export const CalendarDaySchema = Schema.Struct({
  day: Schema.String.annotate({ description: "YYYY-MM-DD in the person's time zone." }),
  scheduled: Schema.Number,
  published: Schema.Number,
  drafts: Schema.Number,
  posts: Schema.Array(CalendarPostSchema),
}).annotate({ identifier: "CalendarDay" });

/** The calendar's read of the posts (spec core §4). Served by ./api-handlers.ts. */
export class CalendarApi extends HttpApiGroup.make("calendar")
  .add(
    HttpApiEndpoint.get("days", "/api/calendar", {
      query: zodQuery(calendarQuerySchema),
      success: Schema.Array(CalendarDaySchema),
      error: InvalidInputProblem,
    }).annotate(
      OpenApi.Description,
      "The days from `from` to `to` (YYYY-MM-DD in the person's time zone, both inclusive, at most 62) that have posts, each with its counts of scheduled, published and draft posts and the first `perDay` (3) posts of each kind.",
    ),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Calendar") {}

const Json = Schema.Record(Schema.String, Schema.Unknown);

/** One account's result of a post: `PostTargetView` of ./PostQueries. */
const PostTargetSchema = Schema.Struct({
  accountId: Schema.String,
  platform: Platform,
  status: Schema.String,
  platformPostId: Schema.NullOr(Schema.String),
  url: Schema.NullOr(Schema.String),
  error: Schema.NullOr(Schema.String),
  warning: Schema.NullOr(Schema.String).annotate({ description: "Published, but something after it went wrong (a refused first comment, a thread cut short)." }),
  publishedAt: Schema.NullOr(Schema.String),
}).annotate({ identifier: "PostTarget" });

/** A post as the API answers it (spec core §3, with its accounts' results): `PostView` of ./PostQueries. */
export const PostSchema = Schema.Struct({
  id: Schema.String,
  workspaceId: Schema.String,
  workspaceName: Schema.optional(Schema.String).annotate({ description: "The workspace's name, in the list across an agency's clients (`workspaces=all`)." }),
  userId: Schema.String,
  content: Schema.String,
  media: Schema.Array(Schema.String),
  platforms: Schema.Array(Platform),
  status: Schema.String,
  scheduledAt: Schema.NullOr(Schema.String),
  publishedAt: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
  updatedAt: Schema.String,
  postType: PostType,
  businessData: Schema.Record(Schema.String, Schema.Union([Schema.String, Schema.Number])),
  locationIds: Schema.Array(Schema.String),
  categoryId: Schema.NullOr(Schema.String),
  options: Json,
  timeZone: Schema.String,
  recurrence: Schema.NullOr(RecurrenceRuleData),
  isRecurring: Schema.Boolean,
  lastError: Schema.NullOr(Schema.String),
  reviewComment: Schema.NullOr(Schema.String).annotate({ description: "What an approver asked to change, on a post sent back as a draft." }),
  engagement: Json,
  targets: Schema.Array(PostTargetSchema),
  version: Schema.Number.annotate({ description: "The version of the post's stream (also its ETag): a write states it to be refused (409) when someone changed the post since." }),
}).annotate({ identifier: "Post" });

/** A post with its history: who did what, when (the audit trail of the post's stream). */
export const PostWithHistorySchema = Schema.Struct({
  ...PostSchema.fields,
  history: Schema.Array(Schema.Struct({ type: Schema.String, at: Schema.String, actorId: Schema.NullOr(Schema.String), data: Schema.Unknown })),
}).annotate({ identifier: "PostWithHistory" });

const PostCountsSchema = Schema.Struct({
  draft: Schema.Number,
  awaiting_approval: Schema.Number,
  scheduled: Schema.Number,
  publishing: Schema.Number,
  published: Schema.Number,
}).annotate({ identifier: "PostCounts" });

export const BulkUploadAnswerSchema = Schema.Struct({
  successful: Schema.Array(Schema.Struct({ row: Schema.Number, postId: Schema.String, scheduledAt: Schema.NullOr(Schema.String) })),
  failed: Schema.Array(Schema.Struct({ row: Schema.Number, message: Schema.String })),
}).annotate({ identifier: "BulkUploadAnswer" });

/** A write may state the version it read as `If-Match` (the ETag of GET /api/posts/{id}) instead of `expectedVersion`. */
const ifMatch = { "if-match": Schema.optional(Schema.String) };
const writes = { permission: "manage_posts" } as const;
const approves = { permission: "approve_posts" } as const;
const postErrors = [InvalidInputProblem, ConflictProblem, NotFoundProblem, VersionConflictProblem, PlanLimitProblem] as const;

/**
 * The posts' operations (spec core §3, §7), declared once. Any id that is not a post of the
 * caller's workspace answers 404. Served by ./api-handlers.ts; the Queue, compose, the dashboard's
 * dialog, the calendar and bulk upload call them through the typed client.
 */
export class PostsApi extends HttpApiGroup.make("posts")
  .add(
    HttpApiEndpoint.get("list", "/api/posts", {
      query: zodQuery(postQuerySchema),
      success: Page(PostSchema, "PostPage"),
      error: [InvalidInputProblem, NotFoundProblem],
    }).annotate(
      OpenApi.Description,
      "A page of the workspace's posts with each account's result, `limit` (100, at most 1,000) at a time from `cursor`: newest first, soonest due (sort=scheduled) or newest published (sort=published); `status` (one or several, comma-separated), accountId, categoryId, from, to and q narrow it. With `status=awaiting_approval`, `workspaces=all` lists the posts awaiting approval of every workspace of the agency the person is in (its own and its clients'), each with `workspaceName`; `workspace` one of them.",
    ),
    HttpApiEndpoint.post("create", "/api/posts", {
      payload: zodPayload(postSchema, "NewPost"),
      success: PostSchema.pipe(HttpApiSchema.status(201)),
      error: postErrors,
    })
      .annotate(Requires, writes)
      .annotate(OpenApi.Description, "A draft, a scheduled post (or one sent for approval) or a post to publish now; 201 with it."),
    HttpApiEndpoint.get("counts", "/api/posts/counts", {
      query: zodQuery(postCountsQuerySchema),
      success: PostCountsSchema,
      error: InvalidInputProblem,
    }).annotate(OpenApi.Description, "How many posts of each status match accountId, categoryId and q (the Queue's tabs)."),
    HttpApiEndpoint.get("export", "/api/posts/export.csv", {
      query: zodQuery(postExportQuerySchema),
      success: Schema.String.pipe(HttpApiSchema.asText({ contentType: "text/csv" })),
      error: InvalidInputProblem,
    }).annotate(
      OpenApi.Description,
      "The workspace's posts placed (scheduled, published or created) from the start of the period (7d, 30d or 90d; 30d if left out) on, newest first, as a CSV download.",
    ),
    HttpApiEndpoint.get("get", "/api/posts/:id", { params: idOf("post"), success: PostWithHistorySchema, error: NotFoundProblem })
      .annotate(InItsWorkspace, true)
      .annotate(OpenApi.Description, "The post with its `version` (also its ETag), each account's result, and its history (a client's post too, opened from the approvals queue across clients)."),
    HttpApiEndpoint.put("update", "/api/posts/:id", {
      params: idOf("post"),
      headers: ifMatch,
      payload: zodPayload(postSchema, "PostEdit"),
      success: PostSchema,
      error: postErrors,
    })
      .annotate(Requires, writes)
      .annotate(
        OpenApi.Description,
        "Edits or reschedules a draft or scheduled post (status draft unschedules it). With `expectedVersion` (or If-Match), a post changed since answers 409 and keeps the other edit.",
      ),
    HttpApiEndpoint.delete("remove", "/api/posts/:id", {
      params: idOf("post"),
      headers: ifMatch,
      payload: zodPayload(versionedWriteSchema, "VersionedWrite"),
      success: Schema.Struct({ ok: Schema.Literal(true), message: Schema.String }),
      error: postErrors,
    })
      .annotate(Requires, writes)
      .annotate(OpenApi.Description, "Deletes a draft or scheduled post; a published one answers 409, and so does a stale `expectedVersion`."),
    HttpApiEndpoint.post("publish", "/api/posts/:id/publish", {
      params: idOf("post"),
      headers: ifMatch,
      payload: zodPayload(versionedWriteSchema, "PublishNow"),
      success: PostSchema.pipe(HttpApiSchema.status(202)),
      error: postErrors,
    })
      .annotate(Requires, writes)
      .annotate(OpenApi.Description, "Publishes now (the worker takes it at once): 202 with the post; a stale `expectedVersion` answers 409."),
    HttpApiEndpoint.post("approve", "/api/posts/:id/approve", {
      params: idOf("post"),
      headers: ifMatch,
      payload: zodPayload(approveSchema, "Approval"),
      success: PostSchema,
      error: [...postErrors, ForbiddenProblem],
    })
      .annotate(InItsWorkspace, true)
      .annotate(Requires, approves)
      .annotate(
        OpenApi.Description,
        "An owner or admin approves a post awaiting approval: scheduled at its time, or published now when that has passed and `publishNow` confirms it (else 409 with the reason).",
      ),
    HttpApiEndpoint.post("requestChanges", "/api/posts/:id/request-changes", {
      params: idOf("post"),
      headers: ifMatch,
      payload: zodPayload(requestChangesSchema, "ChangesRequest"),
      success: PostSchema,
      error: [...postErrors, ForbiddenProblem],
    })
      .annotate(InItsWorkspace, true)
      .annotate(Requires, approves)
      .annotate(OpenApi.Description, "Sends a post back to its author as a draft with the comment."),
    HttpApiEndpoint.post("bulk", "/api/posts/bulk", {
      payload: zodPayload(bulkUploadSchema, "BulkUpload"),
      success: BulkUploadAnswerSchema,
      error: [InvalidInputProblem, VersionConflictProblem],
    })
      .annotate(Requires, { ...writes, feature: "bulk_upload" })
      .annotate(RequestBody, { maxBytes: BULK_MAX_BYTES })
      .annotate(
        OpenApi.Description,
        "Schedules each row as POST /api/posts would (times in the person's zone unless timeZone says another): the rows kept and the rows refused with their sentence, numbered by their `row`, else from 1; a refused row never blocks the others.",
      ),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Posts") {}

/** The dashboard's four figures: `DashboardStats` of ./stats. */
const DashboardStatsSchema = Schema.Struct({
  postsThisMonth: Schema.Number,
  postsLastMonth: Schema.Number,
  totalEngagement: Schema.Number,
  engagementLastMonth: Schema.Number,
  scheduledPosts: Schema.Number,
  connectedAccounts: Schema.Number,
  nextScheduledAt: Schema.NullOr(Schema.String).annotate({ description: "When the next scheduled post goes out; null when none is." }),
  changes: Schema.Struct({ posts: Schema.NullOr(Schema.Number), engagement: Schema.NullOr(Schema.Number) }).annotate({
    description: "Percent change against the previous month; null when there is nothing to compare with.",
  }),
}).annotate({ identifier: "DashboardStats" });

/** One period of the Analytics Overview: `PeriodFigures` of ./analytics. */
const PeriodFiguresSchema = Schema.Struct({
  posts: Schema.Number,
  engagement: Schema.Number,
  averageEngagement: Schema.Number,
  byPlatform: Schema.Array(Schema.Struct({ platform: Schema.String, posts: Schema.Number, engagement: Schema.Number })),
}).annotate({ identifier: "PeriodFigures" });

/** The dashboard's reads (spec core §7, §9). Served by ./api-handlers.ts. */
export class DashboardApi extends HttpApiGroup.make("dashboard")
  .add(
    HttpApiEndpoint.get("stats", "/api/dashboard/stats", { success: DashboardStatsSchema }).annotate(
      OpenApi.Description,
      "Posts published this month, their engagement, scheduled posts and connected accounts, with the change against the previous month.",
    ),
    HttpApiEndpoint.get("overview", "/api/dashboard/overview", {
      success: Schema.Struct({ "7d": PeriodFiguresSchema, "30d": PeriodFiguresSchema, "90d": PeriodFiguresSchema }),
    }).annotate(OpenApi.Description, "For each period (7d, 30d, 90d): posts published, their engagement, the average and the figures per platform."),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Dashboard") {}
