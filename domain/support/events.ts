import { Schema } from "effect";
import { defineEvents, type EventOf } from "../shared";

/** A file of the workspace's media library sent with a message, as it was when sent. */
export const SupportAttachment = Schema.Struct({
  mediaId: Schema.String,
  name: Schema.String,
  fileType: Schema.String,
  /** The stored file's name under /media/{mediaId}/ (original.png…). */
  fileName: Schema.String,
});
export type SupportAttachment = typeof SupportAttachment.Type;

/**
 * Events of a workspace's support conversation (stream `support-{workspaceId}`: one per workspace,
 * the business being the customer). Each message names the person who wrote it.
 */
export const supportEvents = defineEvents({
  SupportConversationStarted: Schema.Struct({ workspaceId: Schema.String }),
  SupportMessageSent: Schema.Struct({
    messageId: Schema.String,
    authorId: Schema.String,
    content: Schema.String,
    attachments: Schema.Array(SupportAttachment),
  }),
  SupportReplySent: Schema.Struct({
    messageId: Schema.String,
    operatorId: Schema.String,
    content: Schema.String,
  }),
  /** One side read the other's messages up to the stream version `upTo`. */
  SupportConversationRead: Schema.Struct({
    side: Schema.Literals(["customer", "operator"]),
    readerId: Schema.String,
    upTo: Schema.Number,
  }),
  /** The e-mail form: a message to the support address, whatever the plan (kept here for the audit trail). */
  SupportEmailSent: Schema.Struct({
    authorId: Schema.String,
    subject: Schema.String,
    content: Schema.String,
  }),
});

export type SupportEvent = EventOf<typeof supportEvents.schemas>;
export const supportStreamId = (workspaceId: string) => `support-${workspaceId}`;
