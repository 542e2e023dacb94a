import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { SUPPORT_MESSAGES } from "../../domain/support";
import { config } from "../config";
import { Audience, Guard, InvalidRequest, PlanRefusal, Requires } from "../web/api/guard";
import { idOf } from "../web/api/item-id";
import { InvalidInputProblem, NotFoundProblem, VersionConflictProblem } from "../web/api/problems";
import { zodPayload } from "../web/api/zod-payload";
import { supportEmailSchema, supportMessageSchema, supportReplySchema } from "./schemas";

const LIVE_CHAT = { feature: "live_chat" } as const;
/** Starter and trial are told where to write instead (the configured support address). */
const liveChatRefusal = () => SUPPORT_MESSAGES.planRefusal(config().SUPPORT_EMAIL);

const SupportFileSchema = Schema.Struct({
  mediaId: Schema.String,
  name: Schema.String,
  fileType: Schema.String,
  url: Schema.String.annotate({ description: "Where the reader opens it: the media library's address, or for an operator the console's." }),
}).annotate({ identifier: "SupportFile" });

export const SupportMessageSchema = Schema.Struct({
  id: Schema.String,
  side: Schema.Literals(["customer", "operator"]).annotate({ description: "Written by someone of the workspace, or by an operator of this server." }),
  authorName: Schema.String,
  content: Schema.String,
  attachments: Schema.Array(SupportFileSchema),
  sentAt: Schema.String,
}).annotate({ identifier: "SupportMessage" });

export const SupportConversationSchema = Schema.Struct({
  conversationId: Schema.NullOr(Schema.String).annotate({ description: "Null until the workspace's first message." }),
  operatorsAvailable: Schema.Boolean.annotate({ description: "Whether this server has anyone to answer the chat (an operator); without one, write by e-mail." }),
  supportEmail: Schema.String,
  messages: Schema.Array(SupportMessageSchema),
}).annotate({ identifier: "SupportConversation" });

const summaryFields = {
  id: Schema.String,
  workspaceId: Schema.String,
  workspaceName: Schema.String,
  unread: Schema.Number.annotate({ description: "The customer's messages no operator has opened." }),
  lastMessage: Schema.String,
  lastMessageAt: Schema.String,
  waitingSince: Schema.NullOr(Schema.String).annotate({ description: "The customer's oldest message not answered yet; null when answered." }),
  overdue: Schema.Boolean.annotate({ description: "Waiting for more than the 4-hour response target." }),
};

export const SupportConversationSummarySchema = Schema.Struct(summaryFields).annotate({ identifier: "SupportConversationSummary" });
export const SupportThreadSchema = Schema.Struct({ ...summaryFields, messages: Schema.Array(SupportMessageSchema) }).annotate({ identifier: "SupportThread" });

const eventStream = Schema.String.pipe(HttpApiSchema.asText({ contentType: "text/event-stream" }));

/**
 * Live chat with this server's operators (Professional and up) and the e-mail form (every plan),
 * declared once; served by ./api-handlers.ts. The events are server-sent events answered as a body
 * that lasts while the panel is open (declared as text), as the inbox's are.
 */
export class SupportApi extends HttpApiGroup.make("support")
  .add(
    HttpApiEndpoint.get("conversation", "/api/support", { success: SupportConversationSchema, error: VersionConflictProblem })
      .annotate(Requires, LIVE_CHAT)
      .annotate(PlanRefusal, liveChatRefusal)
      .annotate(
        OpenApi.Description,
        "The workspace's conversation with support, oldest first, with each message's author and files, and whether an operator exists; reading it marks the operators' replies read. Professional and up (403 with where to e-mail otherwise).",
      ),
    HttpApiEndpoint.post("send", "/api/support/messages", {
      payload: zodPayload(supportMessageSchema, "SupportMessageInput"),
      success: SupportMessageSchema.pipe(HttpApiSchema.status(201)),
      error: [InvalidInputProblem, VersionConflictProblem],
    })
      .annotate(Requires, LIVE_CHAT)
      .annotate(PlanRefusal, liveChatRefusal)
      .annotate(OpenApi.Description, "Writes to support {content, mediaIds?: files of the workspace's media library}: 201 with the message; 400 for a file not in the library."),
    HttpApiEndpoint.get("events", "/api/support/events", { success: eventStream })
      .annotate(Requires, LIVE_CHAT)
      .annotate(PlanRefusal, liveChatRefusal)
      .annotate(OpenApi.Description, "Server-sent events for the open support panel: `reply` {id, conversationId} when an operator answers."),
    HttpApiEndpoint.post("email", "/api/support/email", {
      payload: zodPayload(supportEmailSchema, "SupportEmailInput"),
      success: HttpApiSchema.Empty(202),
      error: [InvalidInputProblem, VersionConflictProblem],
    })
      .annotate(Requires, {})
      .annotate(OpenApi.Description, "E-mails support {subject, content} from the signed-in person (any plan): 202 once the mail is in the outbox, with Reply-To set to them."),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Support") {}

/** The operators' side of the live chat (`npm run admin:grant`; 404 to everyone else). */
export class SupportAdminApi extends HttpApiGroup.make("supportAdmin")
  .add(
    HttpApiEndpoint.get("list", "/api/admin/support", { success: Schema.Array(SupportConversationSummarySchema) })
      .annotate(Requires, {})
      .annotate(Audience, "operator")
      .annotate(OpenApi.Description, "Operators only: every conversation with its unread messages and how long the customer has waited against the 4-hour target, the longest-waiting first."),
    HttpApiEndpoint.get("events", "/api/admin/support/events", { success: eventStream })
      .annotate(Requires, {})
      .annotate(Audience, "operator")
      .annotate(OpenApi.Description, "Operators only: server-sent events, `message` {id, conversationId} for each customer's message."),
    HttpApiEndpoint.get("thread", "/api/admin/support/:id", { params: idOf("conversation"), success: SupportThreadSchema, error: [NotFoundProblem, VersionConflictProblem] })
      .annotate(Requires, {})
      .annotate(Audience, "operator")
      .annotate(OpenApi.Description, "Operators only: a conversation, oldest first; opening it marks the customer's messages read."),
    HttpApiEndpoint.post("reply", "/api/admin/support/:id/messages", {
      params: idOf("conversation"),
      payload: zodPayload(supportReplySchema, "SupportReplyInput"),
      success: SupportMessageSchema.pipe(HttpApiSchema.status(201)),
      error: [InvalidInputProblem, NotFoundProblem, VersionConflictProblem],
    })
      .annotate(Requires, {})
      .annotate(Audience, "operator")
      .annotate(OpenApi.Description, "Operators only: answers the customer {content}: 201; their panel shows it at once, and they are e-mailed if nobody reads it within 5 minutes."),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Operators: support") {}
