import { deleteRow, insertRow, type Projection, type RowChange, updateRow } from "../shared";
import type { InboxEvent, InboxMessageReceived, ReplyTemplateEvent } from "./events";
import { startedMessage } from "./message";

/**
 * The inbox's read models: `inbox_messages` (one row per message, unique per account and platform
 * id), `inbox_replies` (each reply and how its sending went) and `reply_templates`.
 */
/** A message's row: as the platform delivered it, or as a conversation we started reads. */
const messageRow = (d: InboxMessageReceived, at: Date, state: { readonly status: "unread" | "read"; readonly outgoing: boolean }) => ({
  id: d.messageId,
  workspace_id: d.workspaceId,
  account_id: d.accountId,
  platform: d.platform,
  type: d.type,
  external_id: d.externalId,
  thread_id: d.threadId,
  parent_external_id: d.parentExternalId,
  post_id: d.postId,
  post_title: d.postTitle,
  from_name: d.fromName,
  from_username: d.fromUsername,
  from_avatar: d.fromAvatar,
  from_verified: d.fromVerified,
  from_followers: d.fromFollowers,
  content: d.content,
  sent_at: new Date(d.sentAt),
  received_at: at,
  url: d.url,
  likes: d.likes,
  sentiment: d.sentiment,
  priority: d.priority,
  reference: d.reference ?? {},
  archived: false,
  assignee_id: null,
  ...state,
});

export const inboxProjection: Projection<InboxEvent | ReplyTemplateEvent> = {
  name: "inbox",
  kind: "inline",
  tables: [
    { name: "inbox_messages", key: ["id"] },
    { name: "inbox_replies", key: ["id"] },
    { name: "reply_templates", key: ["id"] },
  ],
  handles: [
    "InboxMessageReceived",
    "InboxConversationStarted",
    "InboxMessageRead",
    "InboxMessageMarkedUnread",
    "InboxMessageArchived",
    "InboxMessageUnarchived",
    "InboxMessageAssigned",
    "InboxReplyRequested",
    "InboxReplyAttempted",
    "InboxReplySent",
    "InboxReplyFailed",
    "ReplyTemplateCreated",
    "ReplyTemplateUpdated",
    "ReplyTemplateDeleted",
  ],
  project: (event): ReadonlyArray<RowChange> => {
    const at = event.createdAt;
    const messageId = event.streamId.slice("inbox-".length);
    const message = (set: Record<string, unknown>) => [updateRow("inbox_messages", { id: messageId }, set)];
    switch (event.type) {
      case "InboxMessageReceived":
        return [insertRow("inbox_messages", messageRow(event.data, at, { status: "unread", outgoing: false }))];
      case "InboxConversationStarted":
        return [insertRow("inbox_messages", messageRow(startedMessage(event.data), at, { status: "read", outgoing: true }))];
      case "InboxMessageRead":
        return message({ status: "read" });
      case "InboxMessageMarkedUnread":
        return message({ status: "unread" });
      case "InboxMessageArchived":
        return message({ archived: true });
      case "InboxMessageUnarchived":
        return message({ archived: false });
      case "InboxMessageAssigned":
        return message({ assignee_id: event.data.userId });
      case "InboxReplyRequested": {
        const d = event.data;
        return [
          insertRow("inbox_replies", {
            id: d.replyId,
            message_id: messageId,
            workspace_id: event.metadata.workspaceId,
            content: d.content,
            is_public: d.isPublic,
            author_id: d.authorId,
            status: "sending",
            reason: null,
            external_id: null,
            url: null,
            created_at: at,
            sent_at: null,
          }),
        ];
      }
      case "InboxReplyAttempted":
        return [];
      case "InboxReplySent":
        return [
          updateRow(
            "inbox_replies",
            { id: event.data.replyId },
            { status: "sent", external_id: event.data.externalId, url: event.data.url, sent_at: new Date(event.data.sentAt) },
          ),
          ...message({ status: "replied" }),
        ];
      case "InboxReplyFailed":
        return [updateRow("inbox_replies", { id: event.data.replyId }, { status: "failed", reason: event.data.reason })];
      case "ReplyTemplateCreated": {
        const d = event.data;
        return [
          insertRow("reply_templates", {
            id: d.templateId,
            workspace_id: d.workspaceId,
            title: d.title,
            content: d.content,
            category: d.category,
            created_at: at,
            updated_at: at,
          }),
        ];
      }
      case "ReplyTemplateUpdated":
        return [updateRow("reply_templates", { id: event.streamId.slice("reply-template-".length) }, { ...event.data, updated_at: at })];
      case "ReplyTemplateDeleted":
        return [deleteRow("reply_templates", { id: event.streamId.slice("reply-template-".length) })];
    }
  },
};
