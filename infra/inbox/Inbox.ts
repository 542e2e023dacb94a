import { randomUUID } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import { normalizePlatformId, platformById } from "../../domain/accounts";
import {
  archiveMessage,
  assignMessage,
  attemptReply,
  createTemplate,
  deleteTemplate,
  type InboxEvent,
  inboxStreamId,
  isAttempting,
  markMessage,
  type MessageState,
  messageDecider,
  type MessageType,
  priorityOf,
  receiveMessage,
  recordReplyFailed,
  recordReplySent,
  replyTemplateStreamId,
  requestReply,
  startConversation as startConversationCommand,
  INBOX_MESSAGES,
  newMessageRefusal,
  templateDecider,
  type TemplateInput,
  type TemplateState,
  type ReplyTemplateEvent,
  updateTemplate,
} from "../../domain/inbox";
import { actorIdOf, type Caller, type CommandContext, type ConcurrencyConflict, Conflict, InvalidInput, isUuid, NotFound } from "../../domain/shared";
import { Database, type Sql, type SqlError } from "../db/Database";
import { decodeKeyset, encodeKeyset } from "../db/keyset";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";
import type { IncomingMessage, ReplyTarget, Sender } from "../platforms/provider";
import { messageIdOf } from "./ids";
import { sentimentOf } from "./sentiment";

/** A message as the inbox lists it (spec engagement §3 "Inbox message"). */
export interface InboxMessage {
  readonly id: string;
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
  readonly before?: string;
}

export interface ReplyTemplate {
  readonly id: string;
  readonly title: string;
  readonly content: string;
  readonly category: string;
  readonly updatedAt: string;
}

export const INBOX_PAGE_SIZE = 50;

interface MessageRow {
  id: string;
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

const toMessage = (row: MessageRow): InboxMessage => ({
  id: row.id,
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
  m.id, m.thread_id, m.type, m.platform, m.account_id, m.from_name, m.from_username, m.from_avatar, m.from_verified, m.from_followers,
  m.content, m.sent_at, m.post_title, m.url, m.sentiment, m.priority, m.status, m.archived, m.assignee_id, m.likes, m.outgoing`;

/** Sends a reply on its platform: its id and address there, or the reason it was not sent (for the person). */
export type ReplySender = (
  target: ReplyTarget,
) => Effect.Effect<{ readonly externalId: string | null; readonly url: string | null }, { readonly reason: string }>;

/** Platforms that recognise a repeated reply (a record key from the reply's id): asked again after an attempt that never came back. */
const IDEMPOTENT_REPLIES = new Set(["bluesky"]);

/** Bulk actions on selected messages. */
export type BulkAction = { readonly action: "read" | "unread" | "archive" | "unarchive" } | { readonly action: "assign"; readonly userId: string | null };

type InboxError = SqlError | ConcurrencyConflict;

/**
 * The social inbox (issue 11): messages from the platforms kept once each, read, archived, assigned
 * and answered; replies sent by the send_inbox_reply job, never twice; quick reply templates.
 */
export class Inbox extends Context.Service<
  Inbox,
  {
    /** Keeps what an account's platform delivered; answers how many were new. */
    readonly receive: (
      ctx: CommandContext,
      account: { readonly id: string; readonly workspaceId: string; readonly platform: string },
      incoming: ReadonlyArray<IncomingMessage>,
    ) => Effect.Effect<number, InboxError>;
    /** Messages a platform pushed to the accounts it names (by the platform's id of the account), in every workspace that connected it. */
    readonly deliver: (
      ctx: CommandContext,
      deliveries: ReadonlyArray<{ readonly platform: string; readonly accountExternalId: string; readonly message: IncomingMessage }>,
    ) => Effect.Effect<number, InboxError>;
    readonly list: (
      workspaceId: string,
      filter: InboxFilter,
    ) => Effect.Effect<{ messages: ReadonlyArray<InboxMessage>; next: string | null }, InvalidInput | SqlError>;
    readonly open: (workspaceId: string, messageId: string) => Effect.Effect<InboxThread, NotFound | SqlError>;
    /** Unread messages in the inbox (not archived), by type. */
    readonly counts: (workspaceId: string) => Effect.Effect<Record<MessageType, number>, SqlError>;
    readonly mark: (caller: Caller, messageId: string, read: boolean) => Effect.Effect<InboxMessage, NotFound | InboxError>;
    readonly change: (
      caller: Caller,
      messageId: string,
      change: { readonly archived?: boolean; readonly assigneeId?: string | null },
    ) => Effect.Effect<InboxMessage, NotFound | InvalidInput | InboxError>;
    readonly bulk: (caller: Caller, ids: ReadonlyArray<string>, action: BulkAction) => Effect.Effect<number, NotFound | InvalidInput | InboxError>;
    readonly reply: (
      caller: Caller,
      messageId: string,
      input: { readonly content: string; readonly isPublic?: boolean },
    ) => Effect.Effect<InboxReply, NotFound | InvalidInput | Conflict | InboxError>;
    /** New Message: writes first to someone, from an account whose platform allows it; the text goes out as the first reply. */
    readonly startConversation: (
      caller: Caller,
      input: { readonly accountId: string; readonly to: string; readonly content: string },
    ) => Effect.Effect<InboxThread, NotFound | InvalidInput | Conflict | InboxError>;
    /** The job's part: sends the reply once (see attemptReply) and records how it went. */
    readonly sendReply: (
      ctx: CommandContext,
      messageId: string,
      replyId: string,
      send: ReplySender,
    ) => Effect.Effect<"sent" | "failed" | "done", NotFound | InboxError>;
    readonly templates: (workspaceId: string) => Effect.Effect<ReadonlyArray<ReplyTemplate>, SqlError>;
    readonly createTemplate: (caller: Caller, input: TemplateInput) => Effect.Effect<ReplyTemplate, InvalidInput | InboxError>;
    readonly updateTemplate: (caller: Caller, templateId: string, input: TemplateInput) => Effect.Effect<ReplyTemplate, InvalidInput | NotFound | InboxError>;
    readonly deleteTemplate: (caller: Caller, templateId: string) => Effect.Effect<void, NotFound | InboxError>;
  }
>()("app/Inbox") {
  static layer = Layer.effect(
    Inbox,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;

      const onMessage = <E>(
        messageId: string,
        workspaceId: string,
        decide: (state: MessageState) => Effect.Effect<ReadonlyArray<InboxEvent>, E>,
        ctx: CommandContext,
      ) => handleCommand(inboxStreamId(messageId), messageDecider, decide, { ctx, workspaceId }).pipe(Effect.provideService(EventStore, store));
      const onTemplate = <E>(
        templateId: string,
        workspaceId: string,
        decide: (state: TemplateState) => Effect.Effect<ReadonlyArray<ReplyTemplateEvent>, E>,
        ctx: CommandContext,
      ) => handleCommand(replyTemplateStreamId(templateId), templateDecider, decide, { ctx, workspaceId }).pipe(Effect.provideService(EventStore, store));

      const rowOf = (workspaceId: string, messageId: string) =>
        Effect.gen(function* () {
          if (!isUuid(messageId)) return yield* new NotFound({ what: "message" });
          const [row] = yield* db.query(
            (sql) => sql<MessageRow[]>`select ${MESSAGE_COLUMNS(sql)} from inbox_messages m where m.id = ${messageId} and m.workspace_id = ${workspaceId}`,
          );
          return row ?? (yield* new NotFound({ what: "message" }));
        });

      const receive = Effect.fn("Inbox.receive")(function* (
        ctx: CommandContext,
        account: { readonly id: string; readonly workspaceId: string; readonly platform: string },
        incoming: ReadonlyArray<IncomingMessage>,
      ) {
        let created = 0;
        for (const message of incoming) {
          const messageId = messageIdOf(account.id, message.externalId);
          const sentiment = sentimentOf(message.content);
          const { events } = yield* onMessage(
            messageId,
            account.workspaceId,
            receiveMessage({
              messageId,
              workspaceId: account.workspaceId,
              accountId: account.id,
              platform: account.platform,
              type: message.type,
              externalId: message.externalId,
              threadId: message.threadId,
              parentExternalId: message.parentExternalId,
              postId: message.postId,
              postTitle: message.postTitle,
              fromName: message.from.name,
              fromUsername: message.from.username,
              fromAvatar: message.from.avatar,
              fromVerified: message.from.verified,
              fromFollowers: message.from.followers,
              content: message.content,
              sentAt: message.sentAt.toISOString(),
              url: message.url,
              likes: message.likes,
              sentiment,
              priority: priorityOf({ sentiment, verified: message.from.verified, followers: message.from.followers, content: message.content }),
              ...(message.reference ? { reference: { ...message.reference } } : {}),
            }),
            ctx,
          );
          created += events.length;
        }
        return created;
      });

      const deliver = Effect.fn("Inbox.deliver")(function* (
        ctx: CommandContext,
        deliveries: ReadonlyArray<{ readonly platform: string; readonly accountExternalId: string; readonly message: IncomingMessage }>,
      ) {
        let created = 0;
        const keys = [...new Set(deliveries.map((d) => `${d.platform}\u0000${d.accountExternalId}`))];
        for (const key of keys) {
          const [platform, externalId] = key.split("\u0000") as [string, string];
          const accounts = yield* db.query(
            (sql) => sql<{ id: string; workspace_id: string }[]>`
              select id, workspace_id from social_accounts where platform = ${platform} and external_id = ${externalId} and disconnected_at is null`,
          );
          const messages = deliveries.filter((d) => d.platform === platform && d.accountExternalId === externalId).map((d) => d.message);
          for (const account of accounts) created += yield* receive(ctx, { id: account.id, workspaceId: account.workspace_id, platform }, messages);
        }
        return created;
      });

      const list = Effect.fn("Inbox.list")(function* (workspaceId: string, filter: InboxFilter) {
        const cursor = decodeKeyset(filter.before);
        if (cursor === null)
          return yield* new InvalidInput({
            message: "This page link is not valid any more. Start from the newest.",
            fields: { before: "This page link is not valid any more." },
          });
        const q = filter.q?.trim();
        const like = q ? `%${q.replace(/[\\%_]/g, "\\$&")}%` : "";
        const rows = yield* db.query(
          (sql) => sql<MessageRow[]>`
            select ${MESSAGE_COLUMNS(sql)} from inbox_messages m
            where m.workspace_id = ${workspaceId} and m.archived = ${filter.archived ?? false}
              ${filter.type ? sql`and m.type = ${filter.type}` : sql``}
              ${filter.status ? sql`and m.status = ${filter.status}` : sql``}
              ${filter.platform ? sql`and m.platform = ${filter.platform}` : sql``}
              ${filter.sentiment ? sql`and m.sentiment = ${filter.sentiment}` : sql``}
              ${filter.priority ? sql`and m.priority = ${filter.priority}` : sql``}
              ${filter.assignee === "none" ? sql`and m.assignee_id is null` : filter.assignee ? sql`and m.assignee_id = ${filter.assignee}` : sql``}
              ${q ? sql`and (m.content ilike ${like} or m.from_name ilike ${like} or m.from_username ilike ${like})` : sql``}
              ${cursor ? sql`and (m.sent_at, m.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
            order by m.sent_at desc, m.id desc
            limit ${INBOX_PAGE_SIZE + 1}`,
        );
        const shown = rows.slice(0, INBOX_PAGE_SIZE);
        const last = shown[shown.length - 1];
        return {
          messages: shown.map(toMessage),
          next: rows.length > INBOX_PAGE_SIZE && last ? encodeKeyset({ at: last.sent_at.toISOString(), id: last.id }) : null,
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
            rows.map((r): InboxReply => ({
              id: r.id,
              content: r.content,
              isPublic: r.is_public,
              authorId: r.author_id,
              status: r.status,
              reason: r.reason,
              url: r.url,
              createdAt: r.created_at.toISOString(),
              sentAt: r.sent_at?.toISOString() ?? null,
            })),
        );

      const open = Effect.fn("Inbox.open")(function* (workspaceId: string, messageId: string) {
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
        return {
          message: toMessage(row),
          thread: (thread.length > 0 ? thread : [row]).map(toMessage),
          replies,
        } satisfies InboxThread;
      });

      const counts = Effect.fn("Inbox.counts")(function* (workspaceId: string) {
        const rows = yield* db.query(
          (sql) => sql<{ type: MessageType; n: number }[]>`
            select type, count(*)::int as n from inbox_messages
            where workspace_id = ${workspaceId} and archived = false and status = 'unread' group by type`,
        );
        const found = Object.fromEntries(rows.map((r) => [r.type, r.n]));
        return { dm: found.dm ?? 0, comment: found.comment ?? 0, mention: found.mention ?? 0 };
      });

      const mark = Effect.fn("Inbox.mark")(function* (caller: Caller, messageId: string, read: boolean) {
        yield* rowOf(caller.workspaceId, messageId);
        yield* onMessage(messageId, caller.workspaceId, markMessage({ read }), caller);
        return toMessage(yield* rowOf(caller.workspaceId, messageId));
      });

      /** A person of the workspace (its owner or a member), or 400. */
      const assignable = (workspaceId: string, userId: string | null) =>
        Effect.gen(function* () {
          if (userId === null) return;
          const found = isUuid(userId)
            ? yield* db.query(
                (sql) => sql`select 1 from workspaces where id = ${workspaceId} and owner_id = ${userId}
                             union all select 1 from team_members where workspace_id = ${workspaceId} and user_id = ${userId}`,
              )
            : [];
          if (found.length === 0)
            return yield* new InvalidInput({ message: "Choose someone of your team.", fields: { assigneeId: "Choose someone of your team." } });
        });

      const change = Effect.fn("Inbox.change")(function* (
        caller: Caller,
        messageId: string,
        change: { readonly archived?: boolean; readonly assigneeId?: string | null },
      ) {
        yield* rowOf(caller.workspaceId, messageId);
        if (change.assigneeId !== undefined) yield* assignable(caller.workspaceId, change.assigneeId);
        yield* db.withTransaction(
          Effect.gen(function* () {
            if (change.archived !== undefined) yield* onMessage(messageId, caller.workspaceId, archiveMessage({ archived: change.archived }), caller);
            if (change.assigneeId !== undefined) yield* onMessage(messageId, caller.workspaceId, assignMessage({ userId: change.assigneeId }), caller);
          }),
        );
        return toMessage(yield* rowOf(caller.workspaceId, messageId));
      });

      const bulk = Effect.fn("Inbox.bulk")(function* (caller: Caller, ids: ReadonlyArray<string>, action: BulkAction) {
        const unique = [...new Set(ids)];
        const found = unique.every(isUuid)
          ? yield* db.query(
              (sql) => sql<{ id: string }[]>`select id from inbox_messages where workspace_id = ${caller.workspaceId} and id = any(${unique}::uuid[])`,
            )
          : [];
        if (found.length !== unique.length) return yield* new NotFound({ what: "message" });
        if (action.action === "assign") yield* assignable(caller.workspaceId, action.userId);
        yield* db.withTransaction(
          Effect.forEach(unique, (id) =>
            onMessage(
              id,
              caller.workspaceId,
              action.action === "assign"
                ? assignMessage({ userId: action.userId })
                : action.action === "read" || action.action === "unread"
                  ? markMessage({ read: action.action === "read" })
                  : archiveMessage({ archived: action.action === "archive" }),
              caller,
            ),
          ),
        );
        return unique.length;
      });

      const reply = Effect.fn("Inbox.reply")(function* (caller: Caller, messageId: string, input: { readonly content: string; readonly isPublic?: boolean }) {
        const row = yield* rowOf(caller.workspaceId, messageId);
        const platform = normalizePlatformId(row.platform);
        const replyId = randomUUID();
        yield* onMessage(
          messageId,
          caller.workspaceId,
          requestReply({
            replyId,
            content: input.content,
            isPublic: input.isPublic ?? row.type !== "dm",
            authorId: actorIdOf(caller.actor),
            maxCharacters: platform ? platformById(platform).maxCharacters : 2000,
            platformName: platform ? platformById(platform).name : row.platform,
            now: caller.now,
          }),
          caller,
        );
        const [saved] = yield* repliesOf(caller.workspaceId, messageId, replyId);
        return saved ?? (yield* Effect.die(new Error("reply not saved")));
      });

      const startConversation = Effect.fn("Inbox.startConversation")(function* (
        caller: Caller,
        input: { readonly accountId: string; readonly to: string; readonly content: string },
      ) {
        if (!isUuid(input.accountId)) return yield* new NotFound({ what: "account" });
        const [account] = yield* db.query(
          (sql) => sql<{ platform: string; kind: string }[]>`
            select platform, kind from social_accounts
            where id = ${input.accountId} and workspace_id = ${caller.workspaceId} and disconnected_at is null`,
        );
        if (!account) return yield* new NotFound({ what: "account" });
        const platform = normalizePlatformId(account.platform);
        const name = platform ? platformById(platform).name : account.platform;
        // A sandbox account keeps its platform's rule: what is tried there works with the real account.
        const refusal = platform ? newMessageRefusal(platform) : INBOX_MESSAGES.newMessageUnavailable(name);
        if (refusal) return yield* new Conflict({ message: refusal });
        const messageId = randomUUID();
        yield* onMessage(
          messageId,
          caller.workspaceId,
          startConversationCommand({
            messageId,
            workspaceId: caller.workspaceId,
            accountId: input.accountId,
            platform: account.platform,
            to: input.to,
            content: input.content,
            replyId: randomUUID(),
            authorId: actorIdOf(caller.actor),
            maxCharacters: platform ? platformById(platform).maxCharacters : 2000,
            platformName: name,
            now: caller.now,
          }),
          caller,
        );
        return yield* open(caller.workspaceId, messageId);
      });

      const sendReply = Effect.fn("Inbox.sendReply")(function* (ctx: CommandContext, messageId: string, replyId: string, send: ReplySender) {
        const [row] = yield* db.query(
          (sql) => sql<
            {
              workspace_id: string;
              account_id: string;
              platform: string;
              kind: string | null;
              content: string;
              is_public: boolean;
              external_id: string;
              reference: Record<string, string>;
              account_external_id: string | null;
              account_metadata: Record<string, unknown> | null;
            }[]
          >`
            select m.workspace_id, m.account_id, m.platform, a.kind, r.content, r.is_public, m.external_id, m.reference,
              a.external_id as account_external_id, a.metadata as account_metadata
            from inbox_replies r join inbox_messages m on m.id = r.message_id left join social_accounts a on a.id = m.account_id
            where r.id = ${replyId} and m.id = ${messageId}`,
        );
        if (!row) return yield* new NotFound({ what: "reply" });
        const sandbox = row.kind === "sandbox";
        const { state } = yield* onMessage(
          messageId,
          row.workspace_id,
          attemptReply({ replyId, idempotent: sandbox || IDEMPOTENT_REPLIES.has(row.platform) }),
          ctx,
        );
        if (!isAttempting(state, replyId)) return "done" as const;
        const outcome: { sent: { externalId: string | null; url: string | null } } | { reason: string } = sandbox
          ? { sent: { externalId: `sandbox-reply:${replyId}`, url: null } }
          : yield* send({
              replyId,
              accountId: row.account_id,
              platform: row.platform,
              content: row.content,
              isPublic: row.is_public,
              externalId: row.external_id,
              reference: row.reference,
              account: { externalId: row.account_external_id, metadata: row.account_metadata },
            }).pipe(
              Effect.map((sent) => ({ sent })),
              Effect.catch((failure: { readonly reason: string }) => Effect.succeed({ reason: failure.reason })),
            );
        if ("sent" in outcome) {
          yield* onMessage(messageId, row.workspace_id, recordReplySent({ replyId, ...outcome.sent, sentAt: ctx.now }), ctx);
          return "sent" as const;
        }
        yield* onMessage(messageId, row.workspace_id, recordReplyFailed({ replyId, reason: outcome.reason }), ctx);
        return "failed" as const;
      });

      type TemplateRow = { id: string; title: string; content: string; category: string; updated_at: Date };
      const templateRows = (workspaceId: string, id?: string) =>
        db.query(
          (sql) => sql<TemplateRow[]>`
            select id, title, content, category, updated_at from reply_templates
            where workspace_id = ${workspaceId} ${id ? sql`and id = ${id}` : sql``} order by category, title, id`,
        );
      const toTemplate = (r: TemplateRow): ReplyTemplate => ({
        id: r.id,
        title: r.title,
        content: r.content,
        category: r.category,
        updatedAt: r.updated_at.toISOString(),
      });
      const templateOf = (workspaceId: string, id: string) =>
        Effect.flatMap(isUuid(id) ? templateRows(workspaceId, id) : Effect.succeed([] as TemplateRow[]), ([row]) =>
          row ? Effect.succeed(toTemplate(row)) : Effect.fail(new NotFound({ what: "template" })),
        );

      return {
        receive,
        deliver,
        list,
        open,
        counts,
        mark,
        change,
        bulk,
        reply,
        startConversation,
        sendReply,
        templates: (workspaceId: string) => Effect.map(templateRows(workspaceId), (rows) => rows.map(toTemplate)),
        createTemplate: Effect.fn("Inbox.createTemplate")(function* (caller: Caller, input: TemplateInput) {
          const templateId = randomUUID();
          yield* onTemplate(templateId, caller.workspaceId, createTemplate({ ...input, templateId, workspaceId: caller.workspaceId }), caller);
          return yield* templateOf(caller.workspaceId, templateId).pipe(Effect.orDie);
        }),
        updateTemplate: Effect.fn("Inbox.updateTemplate")(function* (caller: Caller, templateId: string, input: TemplateInput) {
          yield* templateOf(caller.workspaceId, templateId);
          yield* onTemplate(templateId, caller.workspaceId, updateTemplate(input), caller);
          return yield* templateOf(caller.workspaceId, templateId);
        }),
        deleteTemplate: Effect.fn("Inbox.deleteTemplate")(function* (caller: Caller, templateId: string) {
          yield* templateOf(caller.workspaceId, templateId);
          yield* onTemplate(templateId, caller.workspaceId, deleteTemplate(), caller);
        }),
      };
    }),
  );
}
