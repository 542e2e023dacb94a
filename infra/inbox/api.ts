import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { MESSAGE_STATUSES, MESSAGE_TYPES } from "../../domain/inbox";
import { Guard, InItsWorkspace, InvalidRequest, Requires } from "../web/api/guard";
import { Page, pageQuery } from "../web/api/page";
import { ConflictProblem, ForbiddenProblem, InvalidInputProblem, NotFoundProblem, VersionConflictProblem } from "../web/api/problems";
import { zodPayload, zodQuery } from "../web/api/zod-payload";
import { INBOX_PAGE_MAX, INBOX_PAGE_SIZE } from "./InboxQueries";
import {
  ANSWER_INBOX,
  acrossWorkspacesSchema,
  bulkSchema,
  inboxFilterSchema,
  messageChangeSchema,
  newMessageSchema,
  READ_INBOX,
  READ_TEMPLATES,
  replySchema,
  statusSchema,
  templateSchema,
  WRITE_TEMPLATES,
} from "./schemas";
import { idOf } from "../web/api/item-id";

/** A message as the inbox lists it (spec engagement §3 "Inbox message"): `InboxMessage` of ./InboxQueries. */
export const InboxMessageSchema = Schema.Struct({
  id: Schema.String,
  workspaceId: Schema.String,
  workspaceName: Schema.String.annotate({ description: "The workspace's name: a client's, in the inbox across an agency's clients." }),
  type: Schema.Literals(MESSAGE_TYPES),
  platform: Schema.String,
  accountId: Schema.String,
  fromUser: Schema.Struct({
    name: Schema.String,
    username: Schema.String,
    avatar: Schema.NullOr(Schema.String),
    verified: Schema.Boolean,
    followers: Schema.NullOr(Schema.Number),
  }),
  content: Schema.String,
  timestamp: Schema.String,
  postTitle: Schema.NullOr(Schema.String),
  url: Schema.NullOr(Schema.String),
  sentiment: Schema.String,
  priority: Schema.String,
  status: Schema.Literals(MESSAGE_STATUSES),
  archived: Schema.Boolean,
  assigneeId: Schema.NullOr(Schema.String),
  likes: Schema.Number,
  isPublic: Schema.Boolean.annotate({ description: "Comments and mentions are answered in public; direct messages are not." }),
  outgoing: Schema.Boolean.annotate({ description: "A conversation a person of the workspace started (New Message): `content` is theirs." }),
}).annotate({ identifier: "InboxMessage" });

export const InboxReplySchema = Schema.Struct({
  id: Schema.String,
  content: Schema.String,
  isPublic: Schema.Boolean,
  authorId: Schema.NullOr(Schema.String),
  status: Schema.Literals(["sending", "sent", "failed"]),
  reason: Schema.NullOr(Schema.String).annotate({ description: "Why the platform did not take it, when it failed." }),
  url: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
  sentAt: Schema.NullOr(Schema.String),
}).annotate({ identifier: "InboxReply" });

/** A message opened: it, its conversation (oldest first) and the replies sent to it. */
export const InboxThreadSchema = Schema.Struct({
  message: InboxMessageSchema,
  thread: Schema.Array(InboxMessageSchema),
  replies: Schema.Array(InboxReplySchema),
}).annotate({ identifier: "InboxThread" });

export const ReplyTemplateSchema = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  content: Schema.String,
  category: Schema.String,
  updatedAt: Schema.String,
}).annotate({ identifier: "ReplyTemplate" });

/**
 * The social inbox's operations (spec engagement §2–§4), declared once; served by ./api-handlers.ts.
 * `GET /api/social-inbox/events` is a stream of server-sent events (text/event-stream, declared as
 * text): the handler answers it as a body that lasts while the page is open, because its lines
 * (`retry`, heartbeat comments, `closed`) are more than HttpApiSchema.StreamSse's events can say.
 */
export class InboxApi extends HttpApiGroup.make("inbox")
  .add(
    HttpApiEndpoint.get("list", "/api/social-inbox", {
      query: zodQuery(inboxFilterSchema, pageQuery({ defaultLimit: INBOX_PAGE_SIZE, maxLimit: INBOX_PAGE_MAX })),
      success: Page(InboxMessageSchema, "InboxMessagePage"),
      error: [InvalidInputProblem, NotFoundProblem],
    })
      .annotate(Requires, READ_INBOX)
      .annotate(
        OpenApi.Description,
        "The messages, newest first, a page at a time: by type (dm, comment, mention), status, platform, text (`q`), assignee (an id or `none`), archived, sentiment, priority. `workspaces=all`: every workspace of the agency the person may read the inbox of (its own and its clients'), `workspace` one of them. Plans with the social inbox.",
      ),
    HttpApiEndpoint.get("counts", "/api/social-inbox/counts", {
      success: Schema.Struct({ dm: Schema.Number, comment: Schema.Number, mention: Schema.Number }).annotate({ identifier: "InboxCounts" }),
    })
      .annotate(Requires, READ_INBOX)
      .annotate(OpenApi.Description, "The unread messages in the inbox by type, as the sidebar shows them."),
    HttpApiEndpoint.get("events", "/api/social-inbox/events", {
      query: zodQuery(acrossWorkspacesSchema),
      error: [InvalidInputProblem, NotFoundProblem],
      success: Schema.String.pipe(HttpApiSchema.asText({ contentType: "text/event-stream" })),
    })
      .annotate(Requires, READ_INBOX)
      .annotate(
        OpenApi.Description,
        "Server-sent events for the open inbox: `arrived` {id, type, workspaceId} for each message that reaches the workspace (with `workspaces=all`, any the person may read). A person's oldest stream is closed with `closed` {message} when they open more than 10.",
      ),
    HttpApiEndpoint.get("open", "/api/social-inbox/:id", { params: idOf("message"), success: InboxThreadSchema, error: [NotFoundProblem, ForbiddenProblem] })
      .annotate(InItsWorkspace, true)
      .annotate(Requires, READ_INBOX)
      .annotate(OpenApi.Description, "A message, its conversation (oldest first) and the replies sent to it."),
    HttpApiEndpoint.put("change", "/api/social-inbox/:id", {
      params: idOf("message"),
      payload: zodPayload(messageChangeSchema, "InboxMessageChange"),
      success: InboxMessageSchema,
      error: [InvalidInputProblem, NotFoundProblem, ForbiddenProblem, VersionConflictProblem],
    })
      .annotate(InItsWorkspace, true)
      .annotate(Requires, ANSWER_INBOX)
      .annotate(OpenApi.Description, "Archived or not, assigned to a person of the workspace or to nobody (null): the message as it is then."),
    HttpApiEndpoint.put("status", "/api/social-inbox/:id/status", {
      params: idOf("message"),
      payload: zodPayload(statusSchema, "InboxMessageStatus"),
      success: InboxMessageSchema,
      error: [InvalidInputProblem, NotFoundProblem, ForbiddenProblem, VersionConflictProblem],
    })
      .annotate(InItsWorkspace, true)
      .annotate(Requires, READ_INBOX)
      .annotate(OpenApi.Description, "Opened (`read`) or marked unread again: the message."),
    HttpApiEndpoint.post("reply", "/api/social-inbox/:id/reply", {
      params: idOf("message"),
      payload: zodPayload(replySchema, "InboxReplyRequest"),
      success: InboxReplySchema.pipe(HttpApiSchema.status(202)),
      error: [InvalidInputProblem, NotFoundProblem, ForbiddenProblem, ConflictProblem, VersionConflictProblem],
    })
      .annotate(InItsWorkspace, true)
      .annotate(Requires, ANSWER_INBOX)
      .annotate(
        OpenApi.Description,
        "202 with the reply (status `sending`); the worker sends it once and the message becomes replied. isPublic: false for direct messages, true for comments.",
      ),
    HttpApiEndpoint.post("bulk", "/api/social-inbox/bulk", {
      payload: zodPayload(bulkSchema, "InboxBulkAction"),
      success: Schema.Struct({ updated: Schema.Number }),
      error: [InvalidInputProblem, NotFoundProblem, ForbiddenProblem, VersionConflictProblem],
    })
      .annotate(InItsWorkspace, true)
      .annotate(Requires, ANSWER_INBOX)
      .annotate(
        OpenApi.Description,
        "read, unread, archive, unarchive or assign (with assigneeId) on every message chosen, all or none (one of another workspace answers 404).",
      ),
    HttpApiEndpoint.post("startConversation", "/api/social-inbox/messages", {
      payload: zodPayload(newMessageSchema, "NewInboxMessage"),
      success: InboxThreadSchema.pipe(HttpApiSchema.status(202)),
      error: [InvalidInputProblem, NotFoundProblem, ConflictProblem, VersionConflictProblem],
    })
      .annotate(Requires, ANSWER_INBOX)
      .annotate(
        OpenApi.Description,
        "New Message: 202 with the conversation; the worker sends the text once. Only where the platform lets an app write first (X, sandbox accounts); elsewhere 409 with the reason.",
      ),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Social inbox") {}

/** Quick reply templates: plans with the social inbox or review management. */
export class ReplyTemplatesApi extends HttpApiGroup.make("replyTemplates")
  .add(
    HttpApiEndpoint.get("list", "/api/reply-templates", { success: Schema.Array(ReplyTemplateSchema) })
      .annotate(Requires, READ_TEMPLATES)
      .annotate(OpenApi.Description, "The workspace's quick reply templates, by category and title."),
    HttpApiEndpoint.post("create", "/api/reply-templates", {
      payload: zodPayload(templateSchema, "NewReplyTemplate"),
      success: ReplyTemplateSchema.pipe(HttpApiSchema.status(201)),
      error: [InvalidInputProblem, VersionConflictProblem],
    })
      .annotate(Requires, WRITE_TEMPLATES)
      .annotate(OpenApi.Description, "A new template {title, content, category}: 201 with it."),
    HttpApiEndpoint.put("update", "/api/reply-templates/:id", {
      params: idOf("template"),
      payload: zodPayload(templateSchema, "ReplyTemplateChange"),
      success: ReplyTemplateSchema,
      error: [InvalidInputProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, WRITE_TEMPLATES)
      .annotate(OpenApi.Description, "The template changed."),
    HttpApiEndpoint.delete("remove", "/api/reply-templates/:id", {
      params: idOf("template"),
      success: HttpApiSchema.NoContent,
      error: [NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, WRITE_TEMPLATES)
      .annotate(OpenApi.Description, "Deletes the template: 204."),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Reply templates") {}
