import { Schema } from "effect";
import { defineEvents, type EventOf } from "../shared";
import { MESSAGE_TYPES, PRIORITIES, SENTIMENTS, TEMPLATE_CATEGORIES } from "./rules";

/** Events of an inbox message's stream (`inbox-{messageId}`): the message, what happened to it, and the replies sent to it. */
export const inboxEvents = defineEvents({
  InboxMessageReceived: Schema.Struct({
    messageId: Schema.String,
    workspaceId: Schema.String,
    accountId: Schema.String,
    platform: Schema.String,
    type: Schema.Literals(MESSAGE_TYPES),
    /** The platform's id of the message: with the account, the key that keeps it once. */
    externalId: Schema.String,
    /** The conversation (a DM thread) or the post it comments on, as the platform names it. */
    threadId: Schema.NullOr(Schema.String),
    /** The message this one answers, if the platform says. */
    parentExternalId: Schema.NullOr(Schema.String),
    /** Our post it is about (a comment, a reply, a quote), when it is one of ours. */
    postId: Schema.NullOr(Schema.String),
    postTitle: Schema.NullOr(Schema.String),
    fromName: Schema.String,
    fromUsername: Schema.String,
    fromAvatar: Schema.NullOr(Schema.String),
    fromVerified: Schema.Boolean,
    fromFollowers: Schema.NullOr(Schema.Number),
    content: Schema.String,
    /** When it was written, by the platform's clock. */
    sentAt: Schema.String,
    url: Schema.NullOr(Schema.String),
    likes: Schema.Number,
    sentiment: Schema.Literals(SENTIMENTS),
    priority: Schema.Literals(PRIORITIES),
    /** What a reply needs of the platform's references (Bluesky: the post's cid, its thread's root uri and cid). */
    reference: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
  }),
  /** A person wrote first (New Message): a direct message to someone on the account's platform; its text is sent as the first reply. */
  InboxConversationStarted: Schema.Struct({
    messageId: Schema.String,
    workspaceId: Schema.String,
    accountId: Schema.String,
    platform: Schema.String,
    /** Who it is written to: their username on the platform. */
    toUsername: Schema.String,
    content: Schema.String,
    startedAt: Schema.String,
  }),
  InboxMessageRead: Schema.Struct({}),
  InboxMessageMarkedUnread: Schema.Struct({}),
  InboxMessageArchived: Schema.Struct({}),
  InboxMessageUnarchived: Schema.Struct({}),
  /** Given to a person of the workspace, or to nobody (null). */
  InboxMessageAssigned: Schema.Struct({ userId: Schema.NullOr(Schema.String), previousUserId: Schema.NullOr(Schema.String) }),
  /** A person wrote a reply; the send_inbox_reply job sends it. */
  InboxReplyRequested: Schema.Struct({ replyId: Schema.String, content: Schema.String, isPublic: Schema.Boolean, authorId: Schema.NullOr(Schema.String) }),
  /** Recorded before the platform is called: a second attempt after a crash knows the first may have gone out. */
  InboxReplyAttempted: Schema.Struct({ replyId: Schema.String, attempt: Schema.Number }),
  InboxReplySent: Schema.Struct({ replyId: Schema.String, externalId: Schema.NullOr(Schema.String), url: Schema.NullOr(Schema.String), sentAt: Schema.String }),
  InboxReplyFailed: Schema.Struct({ replyId: Schema.String, reason: Schema.String }),
});

/** Events of a quick reply template's stream (`reply-template-{id}`). */
export const replyTemplateEvents = defineEvents({
  ReplyTemplateCreated: Schema.Struct({
    templateId: Schema.String,
    workspaceId: Schema.String,
    title: Schema.String,
    content: Schema.String,
    category: Schema.Literals(TEMPLATE_CATEGORIES),
  }),
  ReplyTemplateUpdated: Schema.Struct({ title: Schema.String, content: Schema.String, category: Schema.Literals(TEMPLATE_CATEGORIES) }),
  ReplyTemplateDeleted: Schema.Struct({}),
});

export type ReplyTemplateEvent = EventOf<typeof replyTemplateEvents.schemas>;
export const replyTemplateStreamId = (templateId: string) => `reply-template-${templateId}`;

export type InboxEvent = EventOf<typeof inboxEvents.schemas>;
export type InboxMessageReceived = Extract<InboxEvent, { type: "InboxMessageReceived" }>["data"];

export const inboxStreamId = (messageId: string) => `inbox-${messageId}`;
