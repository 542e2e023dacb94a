import { randomUUID } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import { fileNameOfKey } from "../../domain/media/urls";
import {
  readSupportConversation,
  SUPPORT_MESSAGES,
  type SupportAttachment,
  type SupportConversationState,
  type SupportEvent,
  supportDecider,
  sendSupportEmail,
  sendSupportMessage,
  sendSupportReply,
  supportStreamId,
  waitOf,
} from "../../domain/support";
import { actorIdOf, type Caller, type ConcurrencyConflict, InvalidInput, isUuid, NotFound } from "../../domain/shared";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";
import { historyNameOf, operatorsExist, peopleOf, workspacesOf } from "../identity/queries";
import { storedLibraryFile } from "../media/queries";

export interface SupportFile {
  readonly mediaId: string;
  readonly name: string;
  readonly fileType: string;
  /** Where the reader opens it: the library's address for the workspace, the console's for an operator. */
  readonly url: string;
}

export interface SupportMessage {
  readonly id: string;
  readonly side: "customer" | "operator";
  readonly authorName: string;
  readonly content: string;
  readonly attachments: ReadonlyArray<SupportFile>;
  readonly sentAt: string;
}

/** The customer's view: their workspace's conversation (empty before the first message). */
export interface CustomerConversation {
  readonly conversationId: string | null;
  readonly operatorsAvailable: boolean;
  readonly supportEmail: string;
  readonly messages: ReadonlyArray<SupportMessage>;
}

/** A conversation in the operators' list. */
export interface ConversationSummary {
  readonly id: string;
  readonly workspaceId: string;
  readonly workspaceName: string;
  readonly unread: number;
  readonly lastMessage: string;
  readonly lastMessageAt: string;
  /** Since when the customer's oldest unanswered message waits (null: answered), and whether it is past the 4-hour target. */
  readonly waitingSince: string | null;
  readonly overdue: boolean;
}

export interface OperatorThread extends ConversationSummary {
  readonly messages: ReadonlyArray<SupportMessage>;
}

interface MessageRow {
  id: string;
  seq: number;
  side: "customer" | "operator";
  author_id: string;
  content: string;
  attachments: SupportAttachment[];
  sent_at: Date;
}

interface ConversationRow {
  id: string;
  workspace_id: string;
  last_message_at: Date;
  unread: number;
  waiting_since: Date | null;
  last_content: string | null;
}

/** The address an operator opens a conversation's attachment at (src/pages/admin/support/[conversationId]/files/[...file].ts). */
export const operatorFileUrl = (conversationId: string, file: SupportAttachment) => `/admin/support/${conversationId}/files/${file.mediaId}/${file.fileName}`;

type SupportError = SqlError | ConcurrencyConflict;

/** Live chat between a workspace and the server's operators, and the e-mail form for every plan (issue 33). */
export class Support extends Context.Service<
  Support,
  {
    readonly send: (caller: Caller, input: { readonly content: string; readonly mediaIds?: ReadonlyArray<string> | undefined }) => Effect.Effect<SupportMessage, InvalidInput | SupportError>;
    /** The caller's workspace's conversation, oldest first; a person reading it has read the operators' replies. */
    readonly conversation: (caller: Caller, supportEmail: string) => Effect.Effect<CustomerConversation, SupportError>;
    readonly email: (caller: Caller, input: { readonly subject: string; readonly content: string }) => Effect.Effect<void, SupportError>;
    /** Every conversation, the longest-waiting first (then the newest). */
    readonly list: (now: Date) => Effect.Effect<ReadonlyArray<ConversationSummary>, SqlError>;
    /** A conversation for an operator; opening it reads the customer's messages. */
    readonly thread: (operator: Caller, conversationId: string) => Effect.Effect<OperatorThread, NotFound | SupportError>;
    readonly reply: (operator: Caller, conversationId: string, content: string) => Effect.Effect<SupportMessage, NotFound | SupportError>;
    /** The workspace whose library holds a file attached in the conversation, or NotFound (an operator opening it). */
    readonly attachmentWorkspace: (conversationId: string, mediaId: string) => Effect.Effect<string, NotFound | SqlError>;
  }
>()("app/Support") {
  static layer = Layer.effect(
    Support,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;

      type Decision<E> = (state: SupportConversationState) => Effect.Effect<ReadonlyArray<SupportEvent>, E>;
      const decide = <E>(workspaceId: string, decision: Decision<E> | ReadonlyArray<Decision<E>>, caller: Caller) =>
        handleCommand(supportStreamId(workspaceId), supportDecider, decision, { ctx: caller, workspaceId }).pipe(Effect.provideService(EventStore, store));
      // Other modules' answers (identity's people and workspaces, the media library) on this layer's database.
      const onDb = <A, E>(effect: Effect.Effect<A, E, Database>) => Effect.provideService(effect, Database, db);

      /** The conversation's messages, oldest first (or only the one of `messageId`). */
      const messagesOf = (conversationId: string, fileUrl: (file: SupportAttachment) => string, messageId?: string) =>
        Effect.gen(function* () {
          const rows = yield* db.query(
            (sql) => sql<MessageRow[]>`
              select id, seq, side, author_id, content, attachments, sent_at from support_messages
              where conversation_id = ${conversationId} ${messageId ? sql`and id = ${messageId}` : sql``} order by seq`,
          );
          const people = new Map((yield* onDb(peopleOf([...new Set(rows.map((r) => r.author_id))]))).map((p) => [p.id, p]));
          return rows.map(
            (row): SupportMessage => ({
              id: row.id,
              side: row.side,
              authorName: people.has(row.author_id) || row.side === "customer" ? historyNameOf(people.get(row.author_id)) : "Support",
              content: row.content,
              attachments: row.attachments.map((file) => ({ mediaId: file.mediaId, name: file.name, fileType: file.fileType, url: fileUrl(file) })),
              sentAt: row.sent_at.toISOString(),
            }),
          );
        });

      const customerUrl = (file: SupportAttachment) => `/media/${file.mediaId}/${file.fileName}`;

      const conversations = (now: Date, id?: string) =>
        Effect.gen(function* () {
          const rows = yield* db.query(
            (sql) => sql<ConversationRow[]>`
              select c.id, c.workspace_id, c.last_message_at,
                (select count(*)::int from support_messages m where m.conversation_id = c.id and m.side = 'customer' and m.seq > c.operator_read_seq) as unread,
                (select min(m.sent_at) from support_messages m where m.conversation_id = c.id and m.side = 'customer' and m.seq > c.last_operator_seq) as waiting_since,
                (select m.content from support_messages m where m.conversation_id = c.id order by m.seq desc limit 1) as last_content
              from support_conversations c ${id ? sql`where c.id = ${id}` : sql``}
              order by waiting_since asc nulls last, c.last_message_at desc, c.id
              limit 500`,
          );
          const names = new Map((yield* onDb(workspacesOf(rows.map((r) => r.workspace_id)))).map((w) => [w.id, w.name]));
          return rows.map(
            (row): ConversationSummary => ({
              id: row.id,
              workspaceId: row.workspace_id,
              workspaceName: names.get(row.workspace_id) ?? "A deleted workspace",
              unread: row.unread,
              lastMessage: row.last_content ?? "",
              lastMessageAt: row.last_message_at.toISOString(),
              ...waitOf(row.waiting_since, now),
            }),
          );
        });

      const send = Effect.fn("Support.send")(function* (caller: Caller, input: { readonly content: string; readonly mediaIds?: ReadonlyArray<string> | undefined }) {
        const attachments: SupportAttachment[] = [];
        for (const mediaId of new Set(input.mediaIds ?? [])) {
          const file = yield* onDb(storedLibraryFile(caller.workspaceId, mediaId));
          if (!file) return yield* new InvalidInput({ message: SUPPORT_MESSAGES.notInLibrary, fields: { mediaIds: SUPPORT_MESSAGES.notInLibrary } });
          attachments.push({ mediaId, name: file.originalName, fileType: file.fileType, fileName: fileNameOfKey(file.storageKey) });
        }
        const messageId = randomUUID();
        const authorId = actorIdOf(caller.actor) ?? caller.workspaceId;
        yield* decide(caller.workspaceId, sendSupportMessage({ workspaceId: caller.workspaceId, messageId, authorId, content: input.content, attachments }), caller);
        const [sent] = yield* messagesOf(caller.workspaceId, customerUrl, messageId);
        return sent!;
      });

      const conversation = Effect.fn("Support.conversation")(function* (caller: Caller, supportEmail: string) {
        const operatorsAvailable = yield* onDb(operatorsExist());
        const [started] = yield* db.query((sql) => sql<{ id: string }[]>`select id from support_conversations where id = ${caller.workspaceId}`);
        if (!started) return { conversationId: null, operatorsAvailable, supportEmail, messages: [] };
        if (caller.actor.kind === "person") yield* decide(caller.workspaceId, readSupportConversation("customer", caller.actor.userId), caller);
        return { conversationId: started.id, operatorsAvailable, supportEmail, messages: yield* messagesOf(started.id, customerUrl) };
      });

      const email = Effect.fn("Support.email")(function* (caller: Caller, input: { readonly subject: string; readonly content: string }) {
        yield* decide(caller.workspaceId, sendSupportEmail({ authorId: actorIdOf(caller.actor) ?? caller.workspaceId, ...input }), caller);
      });

      const list = Effect.fn("Support.list")(function* (now: Date) {
        return yield* conversations(now);
      });

      const summaryOf = (conversationId: string, now: Date) =>
        Effect.gen(function* () {
          if (!isUuid(conversationId)) return yield* new NotFound({ what: "conversation" });
          const [summary] = yield* conversations(now, conversationId);
          return summary ?? (yield* new NotFound({ what: "conversation" }));
        });

      const thread = Effect.fn("Support.thread")(function* (operator: Caller, conversationId: string) {
        const summary = yield* summaryOf(conversationId, operator.now);
        if (operator.actor.kind === "person") yield* decide(summary.workspaceId, readSupportConversation("operator", operator.actor.userId), operator);
        const messages = yield* messagesOf(conversationId, (file) => operatorFileUrl(conversationId, file));
        return { ...summary, unread: 0, messages };
      });

      const reply = Effect.fn("Support.reply")(function* (operator: Caller, conversationId: string, content: string) {
        const summary = yield* summaryOf(conversationId, operator.now);
        const messageId = randomUUID();
        const operatorId = actorIdOf(operator.actor) ?? operator.workspaceId;
        // Answering reads what the customer wrote before it.
        yield* decide(summary.workspaceId, [sendSupportReply({ messageId, operatorId, content }), readSupportConversation("operator", operatorId)], operator);
        const [sent] = yield* messagesOf(conversationId, (file) => operatorFileUrl(conversationId, file), messageId);
        return sent!;
      });

      const attachmentWorkspace = Effect.fn("Support.attachmentWorkspace")(function* (conversationId: string, mediaId: string) {
        if (!isUuid(conversationId) || !isUuid(mediaId)) return yield* new NotFound({ what: "file" });
        const [row] = yield* db.query(
          (sql) => sql<{ workspace_id: string }[]>`
            select c.workspace_id from support_conversations c
            where c.id = ${conversationId}
              and exists (select 1 from support_messages m where m.conversation_id = c.id and m.attachments @> ${sql.json([{ mediaId }] as never)}::jsonb)`,
        );
        return row ? row.workspace_id : yield* new NotFound({ what: "file" });
      });

      return { send, conversation, email, list, thread, reply, attachmentWorkspace };
    }),
  );
}
