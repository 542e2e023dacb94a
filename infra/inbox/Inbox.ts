import { randomUUID } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import { normalizePlatformId, platformById } from "../../domain/accounts";
import {
  archiveMessage,
  assignMessage,
  attemptReply,
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
  requestReply,
  startConversation as startConversationCommand,
  INBOX_MESSAGES,
  newMessageRefusal,
} from "../../domain/inbox";
import { actorIdOf, type Caller, type CommandContext, type ConcurrencyConflict, Conflict, InvalidInput, isUuid, NotFound } from "../../domain/shared";
import { accountIdentity, accountsByExternalId, connectedAccount } from "../accounts/queries";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";
import type { IncomingMessage, ReplyTarget } from "../platforms/provider";
import { isPersonOfWorkspace } from "../team/membership";
import { messageIdOf } from "./ids";
import { sentimentOf } from "./sentiment";

/** Sends a reply on its platform: its id and address there, or the reason it was not sent (for the person). */
export type ReplySender = (
  target: ReplyTarget,
) => Effect.Effect<{ readonly externalId: string | null; readonly url: string | null }, { readonly reason: string }>;

/** Platforms that recognise a repeated reply (Bluesky: a record key from the reply's id; Mastodon: the reply's id as Idempotency-Key): asked again after an attempt that never came back. */
const IDEMPOTENT_REPLIES = new Set(["bluesky", "mastodon"]);

/** Bulk actions on selected messages. */
export type BulkAction = { readonly action: "read" | "unread" | "archive" | "unarchive" } | { readonly action: "assign"; readonly userId: string | null };

type InboxError = SqlError | ConcurrencyConflict;

/**
 * The social inbox's commands (issue 11): messages from the platforms kept once each, read,
 * archived, assigned and answered; replies sent by the send_inbox_reply job, never twice. What
 * they change is read back through ./InboxQueries.ts; reply templates are ./ReplyTemplates.ts.
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
    readonly mark: (caller: Caller, messageId: string, read: boolean) => Effect.Effect<void, NotFound | InboxError>;
    readonly change: (
      caller: Caller,
      messageId: string,
      change: { readonly archived?: boolean; readonly assigneeId?: string | null },
    ) => Effect.Effect<void, NotFound | InvalidInput | InboxError>;
    /** Answers how many messages it changed. */
    readonly bulk: (caller: Caller, ids: ReadonlyArray<string>, action: BulkAction) => Effect.Effect<number, NotFound | InvalidInput | InboxError>;
    /** Asks for a reply to be sent (the job sends it); answers the reply's id. */
    readonly reply: (
      caller: Caller,
      messageId: string,
      input: { readonly content: string; readonly isPublic?: boolean },
    ) => Effect.Effect<string, NotFound | InvalidInput | Conflict | InboxError>;
    /** New Message: writes first to someone, from an account whose platform allows it; the text goes out as the first reply. Answers the conversation's id. */
    readonly startConversation: (
      caller: Caller,
      input: { readonly accountId: string; readonly to: string; readonly content: string },
    ) => Effect.Effect<string, NotFound | InvalidInput | Conflict | InboxError>;
    /** The job's part: sends the reply once (see attemptReply) and records how it went. */
    readonly sendReply: (
      ctx: CommandContext,
      messageId: string,
      replyId: string,
      send: ReplySender,
    ) => Effect.Effect<"sent" | "failed" | "done", NotFound | InboxError>;
  }
>()("app/Inbox") {
  static layer = Layer.effect(
    Inbox,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;
      const withDb = <A, E>(effect: Effect.Effect<A, E, Database>) => Effect.provideService(effect, Database, db);

      const onMessage = <E>(
        messageId: string,
        workspaceId: string,
        decide: (state: MessageState) => Effect.Effect<ReadonlyArray<InboxEvent>, E>,
        ctx: CommandContext,
      ) => handleCommand(inboxStreamId(messageId), messageDecider, decide, { ctx, workspaceId }).pipe(Effect.provideService(EventStore, store));

      /** What a command needs of a message of the workspace, or 404. */
      const messageOf = (workspaceId: string, messageId: string) =>
        Effect.gen(function* () {
          if (!isUuid(messageId)) return yield* new NotFound({ what: "message" });
          const [row] = yield* db.query(
            (sql) => sql<{ type: MessageType; platform: string }[]>`
              select type, platform from inbox_messages where id = ${messageId} and workspace_id = ${workspaceId}`,
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
          const accounts = yield* withDb(accountsByExternalId(platform, externalId));
          const messages = deliveries.filter((d) => d.platform === platform && d.accountExternalId === externalId).map((d) => d.message);
          for (const account of accounts) created += yield* receive(ctx, { id: account.id, workspaceId: account.workspaceId, platform }, messages);
        }
        return created;
      });

      const mark = Effect.fn("Inbox.mark")(function* (caller: Caller, messageId: string, read: boolean) {
        yield* messageOf(caller.workspaceId, messageId);
        yield* onMessage(messageId, caller.workspaceId, markMessage({ read }), caller);
      });

      /** A person of the workspace (its owner or a member), or 400. */
      const assignable = (workspaceId: string, userId: string | null) =>
        Effect.gen(function* () {
          if (userId === null) return;
          if (!(yield* withDb(isPersonOfWorkspace(workspaceId, userId))))
            return yield* new InvalidInput({ message: "Choose someone of your team.", fields: { assigneeId: "Choose someone of your team." } });
        });

      const change = Effect.fn("Inbox.change")(function* (
        caller: Caller,
        messageId: string,
        change: { readonly archived?: boolean; readonly assigneeId?: string | null },
      ) {
        yield* messageOf(caller.workspaceId, messageId);
        if (change.assigneeId !== undefined) yield* assignable(caller.workspaceId, change.assigneeId);
        yield* db.withTransaction(
          Effect.gen(function* () {
            if (change.archived !== undefined) yield* onMessage(messageId, caller.workspaceId, archiveMessage({ archived: change.archived }), caller);
            if (change.assigneeId !== undefined) yield* onMessage(messageId, caller.workspaceId, assignMessage({ userId: change.assigneeId }), caller);
          }),
        );
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
        const row = yield* messageOf(caller.workspaceId, messageId);
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
        return replyId;
      });

      const startConversation = Effect.fn("Inbox.startConversation")(function* (
        caller: Caller,
        input: { readonly accountId: string; readonly to: string; readonly content: string },
      ) {
        const account = yield* withDb(connectedAccount(caller.workspaceId, input.accountId));
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
            accountId: account.id,
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
        return messageId;
      });

      const sendReply = Effect.fn("Inbox.sendReply")(function* (ctx: CommandContext, messageId: string, replyId: string, send: ReplySender) {
        const [row] = yield* db.query(
          (sql) => sql<
            {
              workspace_id: string;
              account_id: string;
              platform: string;
              content: string;
              is_public: boolean;
              external_id: string;
              reference: Record<string, string>;
            }[]
          >`
            select m.workspace_id, m.account_id, m.platform, r.content, r.is_public, m.external_id, m.reference
            from inbox_replies r join inbox_messages m on m.id = r.message_id
            where r.id = ${replyId} and m.id = ${messageId}`,
        );
        if (!row) return yield* new NotFound({ what: "reply" });
        const account = yield* withDb(accountIdentity(row.account_id));
        const sandbox = account?.kind === "sandbox";
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
              account: { externalId: account?.externalId ?? null, metadata: account?.metadata ?? null },
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

      return { receive, deliver, mark, change, bulk, reply, startConversation, sendReply };
    }),
  );
}
