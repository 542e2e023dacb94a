import { insertRow, type Projection, type RowChange, updateRow } from "../shared";
import type { SupportEvent } from "./events";

/**
 * The support conversations' read model: one row per workspace's conversation with how far each side
 * has read (stream versions), and one row per message with its stream version (`seq`). Unread counts
 * and how long a customer has waited are counted from these when read.
 */
export const supportProjection: Projection<SupportEvent> = {
  name: "support",
  kind: "inline",
  tables: [
    { name: "support_conversations", key: ["id"] },
    { name: "support_messages", key: ["id"] },
  ],
  // The e-mail form changes no row: it is kept for the audit trail, and mailed by a reaction.
  handles: ["SupportConversationStarted", "SupportMessageSent", "SupportReplySent", "SupportConversationRead", "SupportEmailSent"],
  project: (event): ReadonlyArray<RowChange> => {
    const id = event.streamId.slice("support-".length);
    const message = (side: "customer" | "operator", messageId: string, authorId: string, content: string, attachments: unknown) => [
      insertRow("support_messages", {
        id: messageId,
        conversation_id: id,
        seq: event.streamVersion,
        side,
        author_id: authorId,
        content,
        attachments,
        sent_at: event.createdAt,
      }),
      updateRow("support_conversations", { id }, { last_message_at: event.createdAt, [side === "customer" ? "last_customer_seq" : "last_operator_seq"]: event.streamVersion }),
    ];
    switch (event.type) {
      case "SupportConversationStarted":
        return [
          insertRow("support_conversations", {
            id,
            workspace_id: event.data.workspaceId,
            started_at: event.createdAt,
            last_message_at: event.createdAt,
            last_customer_seq: 0,
            last_operator_seq: 0,
            customer_read_seq: 0,
            operator_read_seq: 0,
          }),
        ];
      case "SupportMessageSent":
        return message("customer", event.data.messageId, event.data.authorId, event.data.content, event.data.attachments);
      case "SupportReplySent":
        return message("operator", event.data.messageId, event.data.operatorId, event.data.content, []);
      case "SupportConversationRead":
        return [updateRow("support_conversations", { id }, { [event.data.side === "customer" ? "customer_read_seq" : "operator_read_seq"]: event.data.upTo })];
      case "SupportEmailSent":
        return [];
    }
  },
};
