import { Context, Effect, Layer } from "effect";
import type { MessageType } from "../../domain/inbox";
import { type InvalidInput, isUuid, NotFound } from "../../domain/shared";
import { Database, type Sql, type SqlError } from "../db/Database";
import { encodeKeyset, type PageRequest, pageCursor } from "../db/keyset";
import type { Sender } from "../platforms/provider";
import { workspacesOf } from "../identity/queries";

/** A message as the inbox lists it (spec engagement §3 "Inbox message"). */
export interface InboxMessage {
  readonly id: string;
  /** The workspace it reached, and its name: what tells a client's message from another's in the inbox across clients. */
  readonly workspaceId: string;
  readonly workspaceName: string;
  readonly type: MessageType;
  readonly platform: string;
  readonly accountId: string;
  readonly fromUser: Sender;
  readonly content: string;
  readonly timestamp: string;
  readonly postTitle: string | null;
  readonly url: string | null;
  readonly sentiment: string;
  readonly priority: string;
  readonly status: "unread" | "read" | "replied";
  readonly archived: boolean;
  readonly assigneeId: string | null;
  readonly likes: number;
  /** Comments and mentions are answered in public; direct messages are not. */
  readonly isPublic: boolean;
  /** A conversation a person of the workspace started (New Message): `content` is theirs. */
  readonly outgoing: boolean;
}

export interface InboxReply {
  readonly id: string;
  readonly content: string;
  readonly isPublic: boolean;
  readonly authorId: string | null;
  readonly status: "sending" | "sent" | "failed";
  readonly reason: string | null;
  readonly url: string | null;
  readonly createdAt: string;
  readonly sentAt: string | null;
}

/** A message opened: it, the conversation it belongs to (oldest first) and the replies sent to it. */
export interface InboxThread {
  readonly message: InboxMessage;
  readonly thread: ReadonlyArray<InboxMessage>;
  readonly replies: ReadonlyArray<InboxReply>;
}

export interface InboxFilter {
  readonly type?: MessageType;
  readonly status?: "unread" | "read" | "replied";
  readonly platform?: string;
  readonly q?: string;
  /** A person's id, or "none" for nobody's. */
  readonly assignee?: string;
  readonly archived?: boolean;
  readonly sentiment?: string;
  readonly priority?: string;
  /** Only this one of the workspaces read. */
  readonly workspace?: string;
}

export const INBOX_PAGE_SIZE = 50;
export const INBOX_PAGE_MAX = 200;

interface MessageRow {
  id: string;
  workspace_id: string;
  thread_id: string | null;
  type: MessageType;
  platform: string;
  account_id: string;
  from_name: string;
  from_username: string;
  from_avatar: string | null;
  from_verified: boolean;
  from_followers: number | null;
  content: string;
  sent_at: Date;
  post_title: string | null;
  url: string | null;
  sentiment: string;
  priority: string;
  status: "unread" | "read" | "replied";
  archived: boolean;
  assignee_id: string | null;
  likes: number;
  outgoing: boolean;
}

const toMessage = (row: MessageRow, names: ReadonlyMap<string, string>): InboxMessage => ({
  id: row.id,
  workspaceId: row.workspace_id,
  workspaceName: names.get(row.workspace_id) ?? "",
  type: row.type,
  platform: row.platform,
  accountId: row.account_id,
  fromUser: { name: row.from_name, username: row.from_username, avatar: row.from_avatar, verified: row.from_verified, followers: row.from_followers },
  content: row.content,
  timestamp: row.sent_at.toISOString(),
  postTitle: row.post_title,
  url: row.url,
  sentiment: row.sentiment,
  priority: row.priority,
  status: row.status,
  archived: row.archived,
  assigneeId: row.assignee_id,
  likes: row.likes,
  isPublic: row.type !== "dm",
  outgoing: row.outgoing,
});

const MESSAGE_COLUMNS = (sql: Sql) => sql`
  m.id, m.workspace_id, m.thread_id, m.type, m.platform, m.account_id, m.from_name, m.from_username, m.from_avatar, m.from_verified, m.from_followers,
  m.content, m.sent_at, m.post_title, m.url, m.sentiment, m.priority, m.status, m.archived, m.assignee_id, m.likes, m.outgoing`;

/** The inbox's reads (its commands are ./Inbox.ts): the messages, one conversation, the unread counts. */
export class InboxQueries extends Context.Service<
  InboxQueries,
  {
    /** The messages, newest first, a page at a time (`next`: the cursor of the page after, null on the last). */
    /** Of one workspace, or of several (the inbox across an agency's clients). */
    readonly list: (
      workspaceIds: string | ReadonlyArray<string>,
      filter: InboxFilter,
      page?: PageRequest,
    ) => Effect.Effect<{ items: ReadonlyArray<InboxMessage>; next: string | null }, InvalidInput | SqlError>;
    readonly message: (workspaceId: string, messageId: string) => Effect.Effect<InboxMessage, NotFound | SqlError>;
    /** The workspace a message reached, or null for none (whoever asks: the caller's reach is checked after). */
    readonly workspaceOfMessage: (messageId: string) => Effect.Effect<string | null, SqlError>;
    readonly open: (workspaceId: string, messageId: string) => Effect.Effect<InboxThread, NotFound | SqlError>;
    /** One reply of a message. */
    readonly reply: (workspaceId: string, messageId: string, replyId: string) => Effect.Effect<InboxReply, NotFound | SqlError>;
    /** Unread messages in the inbox (not archived) of each of these workspaces (absent: none). */
    readonly unreadIn: (workspaceIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyMap<string, number>, SqlError>;
    /** Unread messages in the inbox (not archived), by type. */
    readonly counts: (workspaceId: string) => Effect.Effect<Record<MessageType, number>, SqlError>;
  }
>()("app/InboxQueries") {
  static layer = Layer.effect(
    InboxQueries,
    Effect.gen(function* () {
      const db = yield* Database;

      const rowOf = (workspaceId: string, messageId: string) =>
        Effect.gen(function* () {
          if (!isUuid(messageId)) return yield* new NotFound({ what: "message" });
          const [row] = yield* db.query(
            (sql) => sql<MessageRow[]>`select ${MESSAGE_COLUMNS(sql)} from inbox_messages m where m.id = ${messageId} and m.workspace_id = ${workspaceId}`,
          );
          return row ?? (yield* new NotFound({ what: "message" }));
        });

      /** The rows as messages, each with its workspace's name. */
      const messagesOf = (rows: ReadonlyArray<MessageRow>) =>
        Effect.map(
          workspacesOf([...new Set(rows.map((row) => row.workspace_id))]).pipe(Effect.provideService(Database, db)),
          (workspaces) => {
            const names = new Map(workspaces.map((w) => [w.id, w.name]));
            return rows.map((row) => toMessage(row, names));
          },
        );

      const list = Effect.fn("InboxQueries.list")(function* (workspaceIds: string | ReadonlyArray<string>, filter: InboxFilter, page: PageRequest = {}) {
        const ids = (typeof workspaceIds === "string" ? [workspaceIds] : workspaceIds).filter((id) => !filter.workspace || id === filter.workspace);
        const cursor = yield* pageCursor(page.cursor);
        const size = page.limit ?? INBOX_PAGE_SIZE;
        const q = filter.q?.trim();
        const like = q ? `%${q.replace(/[\\%_]/g, "\\$&")}%` : "";
        const rows = yield* db.query(
          (sql) => sql<MessageRow[]>`
            select ${MESSAGE_COLUMNS(sql)} from inbox_messages m
            where m.workspace_id = any(${ids as string[]}::uuid[]) and m.archived = ${filter.archived ?? false}
              ${filter.type ? sql`and m.type = ${filter.type}` : sql``}
              ${filter.status ? sql`and m.status = ${filter.status}` : sql``}
              ${filter.platform ? sql`and m.platform = ${filter.platform}` : sql``}
              ${filter.sentiment ? sql`and m.sentiment = ${filter.sentiment}` : sql``}
              ${filter.priority ? sql`and m.priority = ${filter.priority}` : sql``}
              ${filter.assignee === "none" ? sql`and m.assignee_id is null` : filter.assignee ? sql`and m.assignee_id = ${filter.assignee}` : sql``}
              ${q ? sql`and (m.content ilike ${like} or m.from_name ilike ${like} or m.from_username ilike ${like})` : sql``}
              ${cursor ? sql`and (m.sent_at, m.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
            order by m.sent_at desc, m.id desc
            limit ${size + 1}`,
        );
        const shown = rows.slice(0, size);
        const last = shown[shown.length - 1];
        return {
          items: yield* messagesOf(shown),
          next: rows.length > size && last ? encodeKeyset({ at: last.sent_at.toISOString(), id: last.id }) : null,
        };
      });

      /** A message's replies, oldest first (or the one of `replyId`). */
      const repliesOf = (workspaceId: string, messageId: string, replyId?: string) =>
        Effect.map(
          db.query(
            (sql) => sql<
              {
                id: string;
                content: string;
                is_public: boolean;
                author_id: string | null;
                status: InboxReply["status"];
                reason: string | null;
                url: string | null;
                created_at: Date;
                sent_at: Date | null;
              }[]
            >`
              select id, content, is_public, author_id, status, reason, url, created_at, sent_at from inbox_replies
              where message_id = ${messageId} and workspace_id = ${workspaceId} ${replyId ? sql`and id = ${replyId}` : sql``}
              order by created_at, id`,
          ),
          (rows) =>
            rows.map(
              (r): InboxReply => ({
                id: r.id,
                content: r.content,
                isPublic: r.is_public,
                authorId: r.author_id,
                status: r.status,
                reason: r.reason,
                url: r.url,
                createdAt: r.created_at.toISOString(),
                sentAt: r.sent_at?.toISOString() ?? null,
              }),
            ),
        );

      const open = Effect.fn("InboxQueries.open")(function* (workspaceId: string, messageId: string) {
        if (!isUuid(messageId)) return yield* new NotFound({ what: "message" });
        // The replies first: the message read after them is at least as new (a reply sent is a message replied).
        const replies = yield* repliesOf(workspaceId, messageId);
        const row = yield* rowOf(workspaceId, messageId);
        const thread = yield* db.query(
          (sql) => sql<MessageRow[]>`
            select ${MESSAGE_COLUMNS(sql)} from inbox_messages m
            where m.account_id = ${row.account_id} and m.workspace_id = ${workspaceId} and m.thread_id = ${row.thread_id ?? ""}
            order by m.sent_at, m.id limit 200`,
        );
        const [message, ...inThread] = yield* messagesOf([row, ...(thread.length > 0 ? thread : [row])]);
        return {
          message: message!,
          thread: inThread,
          replies,
        } satisfies InboxThread;
      });

      const reply = Effect.fn("InboxQueries.reply")(function* (workspaceId: string, messageId: string, replyId: string) {
        if (!isUuid(messageId) || !isUuid(replyId)) return yield* new NotFound({ what: "reply" });
        const [found] = yield* repliesOf(workspaceId, messageId, replyId);
        return found ?? (yield* new NotFound({ what: "reply" }));
      });

      const counts = Effect.fn("InboxQueries.counts")(function* (workspaceId: string) {
        const rows = yield* db.query(
          (sql) => sql<{ type: MessageType; n: number }[]>`
            select type, count(*)::int as n from inbox_messages
            where workspace_id = ${workspaceId} and archived = false and status = 'unread' group by type`,
        );
        const found = Object.fromEntries(rows.map((r) => [r.type, r.n]));
        return { dm: found.dm ?? 0, comment: found.comment ?? 0, mention: found.mention ?? 0 };
      });

      const workspaceOfMessage = (messageId: string) =>
        isUuid(messageId)
          ? Effect.map(
              db.query((sql) => sql<{ workspace_id: string }[]>`select workspace_id from inbox_messages where id = ${messageId}`),
              ([row]) => row?.workspace_id ?? null,
            )
          : Effect.succeed(null);

      const unreadIn = (workspaceIds: ReadonlyArray<string>) =>
        Effect.map(
          db.query(
            (sql) => sql<{ workspace_id: string; n: number }[]>`
              select workspace_id, count(*)::int as n from inbox_messages
              where workspace_id = any(${workspaceIds.filter(isUuid) as string[]}::uuid[]) and archived = false and status = 'unread' group by workspace_id`,
          ),
          (rows) => new Map(rows.map((row) => [row.workspace_id, row.n])),
        );

      return {
        list,
        unreadIn,
        message: (workspaceId: string, messageId: string) =>
          Effect.flatMap(rowOf(workspaceId, messageId), (row) => Effect.map(messagesOf([row]), ([message]) => message!)),
        workspaceOfMessage,
        open,
        reply,
        counts,
      };
    }),
  );
}
