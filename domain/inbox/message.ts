import { Effect } from "effect";
import { Conflict, type Decider, InvalidInput, NotFound } from "../shared";
import type { InboxEvent, InboxMessageReceived } from "./events";
import { INBOX_MESSAGES, type MessageStatus, replyWindowClosed } from "./rules";

type ReplyState = "requested" | "attempted" | "sent" | "failed";

/** A message of the inbox: what it is, where it stands, and its replies. */
export interface MessageState {
  readonly message: InboxMessageReceived | null;
  readonly status: MessageStatus;
  readonly archived: boolean;
  readonly assignee: string | null;
  readonly replies: ReadonlyMap<string, { readonly state: ReplyState; readonly attempts: number }>;
}

const withReply = (
  state: MessageState,
  replyId: string,
  change: (reply: { state: ReplyState; attempts: number }) => { state: ReplyState; attempts: number },
) => {
  const reply = state.replies.get(replyId);
  return reply ? { ...state, replies: new Map(state.replies).set(replyId, change(reply)) } : state;
};

type ConversationStarted = Extract<InboxEvent, { type: "InboxConversationStarted" }>["data"];

/** A conversation we started reads, for the rest of the inbox, as a direct message from the person written to. */
export const startedMessage = (d: ConversationStarted): InboxMessageReceived => ({
  messageId: d.messageId,
  workspaceId: d.workspaceId,
  accountId: d.accountId,
  platform: d.platform,
  type: "dm",
  externalId: `started:${d.messageId}`,
  threadId: null,
  parentExternalId: null,
  postId: null,
  postTitle: null,
  fromName: d.toUsername,
  fromUsername: d.toUsername,
  fromAvatar: null,
  fromVerified: false,
  fromFollowers: null,
  content: d.content,
  sentAt: d.startedAt,
  url: null,
  likes: 0,
  sentiment: "neutral",
  priority: "low",
  reference: { recipientUsername: d.toUsername },
});

export const messageDecider: Decider<MessageState, InboxEvent> = {
  initialState: () => ({ message: null, status: "unread", archived: false, assignee: null, replies: new Map() }),
  evolve: (state, event) => {
    switch (event.type) {
      case "InboxMessageReceived":
        return { ...state, message: event.data };
      case "InboxConversationStarted":
        return { ...state, message: startedMessage(event.data), status: "read" };
      case "InboxMessageRead":
        return { ...state, status: "read" };
      case "InboxMessageMarkedUnread":
        return { ...state, status: "unread" };
      case "InboxMessageArchived":
        return { ...state, archived: true };
      case "InboxMessageUnarchived":
        return { ...state, archived: false };
      case "InboxMessageAssigned":
        return { ...state, assignee: event.data.userId };
      case "InboxReplyRequested":
        return { ...state, replies: new Map(state.replies).set(event.data.replyId, { state: "requested", attempts: 0 }) };
      case "InboxReplyAttempted":
        return withReply(state, event.data.replyId, (reply) => ({ state: "attempted", attempts: event.data.attempt }));
      case "InboxReplySent":
        return { ...withReply(state, event.data.replyId, (reply) => ({ ...reply, state: "sent" })), status: "replied" };
      case "InboxReplyFailed":
        return withReply(state, event.data.replyId, (reply) => ({ ...reply, state: "failed" }));
    }
  },
};

type Decision<E = never> = Effect.Effect<ReadonlyArray<InboxEvent>, E>;

const existing = (state: MessageState): Effect.Effect<InboxMessageReceived, NotFound> =>
  state.message ? Effect.succeed(state.message) : Effect.fail(new NotFound({ what: "message" }));

/** A message from a platform, kept once: a second delivery of it records nothing. */
export const receiveMessage =
  (message: InboxMessageReceived) =>
  (state: MessageState): Decision =>
    Effect.succeed(state.message ? [] : [{ type: "InboxMessageReceived", data: message }]);

/** Opened (read) or marked unread again; a replied message stays replied when opened. */
export const markMessage =
  (command: { readonly read: boolean }) =>
  (state: MessageState): Decision<NotFound> =>
    Effect.map(existing(state), (): ReadonlyArray<InboxEvent> => {
      if (command.read) return state.status === "unread" ? [{ type: "InboxMessageRead", data: {} }] : [];
      return state.status === "unread" ? [] : [{ type: "InboxMessageMarkedUnread", data: {} }];
    });

export const archiveMessage =
  (command: { readonly archived: boolean }) =>
  (state: MessageState): Decision<NotFound> =>
    Effect.map(existing(state), (): ReadonlyArray<InboxEvent> =>
      state.archived === command.archived ? [] : [{ type: command.archived ? "InboxMessageArchived" : "InboxMessageUnarchived", data: {} }],
    );

/** Given to a person the service checked is of the workspace, or to nobody. */
export const assignMessage =
  (command: { readonly userId: string | null }) =>
  (state: MessageState): Decision<NotFound> =>
    Effect.map(existing(state), (): ReadonlyArray<InboxEvent> =>
      state.assignee === command.userId ? [] : [{ type: "InboxMessageAssigned", data: { userId: command.userId, previousUserId: state.assignee } }],
    );

/**
 * A reply to send: not blank, within the platform's length, one at a time, not to an archived
 * message, and for a direct message on Facebook or Instagram within their 24 hours.
 */
export const requestReply =
  (command: {
    readonly replyId: string;
    readonly content: string;
    readonly isPublic: boolean;
    readonly authorId: string | null;
    readonly maxCharacters: number;
    readonly platformName: string;
    readonly now: Date;
  }) =>
  (state: MessageState): Decision<NotFound | InvalidInput | Conflict> =>
    Effect.flatMap(existing(state), (message): Decision<InvalidInput | Conflict> => {
      const content = command.content.trim();
      const refusal = contentRefusal(content, command);
      if (refusal) return Effect.fail(refusal);
      if (state.archived) return Effect.fail(new Conflict({ message: INBOX_MESSAGES.archived }));
      if ([...state.replies.values()].some((r) => r.state === "requested" || r.state === "attempted"))
        return Effect.fail(new Conflict({ message: INBOX_MESSAGES.replyPending }));
      if (replyWindowClosed(message, command.now)) return Effect.fail(new Conflict({ message: INBOX_MESSAGES.dmWindowClosed }));
      return Effect.succeed([
        { type: "InboxReplyRequested", data: { replyId: command.replyId, content, isPublic: command.isPublic, authorId: command.authorId } },
      ]);
    });

/** What a reply's text must be: not blank, within the platform's length. */
const contentRefusal = (content: string, limits: { readonly maxCharacters: number; readonly platformName: string }) => {
  const text =
    content === ""
      ? INBOX_MESSAGES.replyEmpty
      : [...content].length > limits.maxCharacters
        ? INBOX_MESSAGES.replyTooLong(limits.maxCharacters, limits.platformName)
        : null;
  return text ? new InvalidInput({ message: text, fields: { content: text } }) : null;
};

/**
 * New Message: a direct message to someone, on a platform that lets an app write first (the
 * service checks which). Its text is sent as the conversation's first reply.
 */
export const startConversation =
  (
    command: Omit<ConversationStarted, "content" | "startedAt" | "toUsername"> & {
      readonly to: string;
      readonly content: string;
      readonly replyId: string;
      readonly authorId: string | null;
      readonly maxCharacters: number;
      readonly platformName: string;
      readonly now: Date;
    },
  ) =>
  (state: MessageState): Decision<InvalidInput> => {
    if (state.message) return Effect.succeed([]);
    const to = command.to.trim().replace(/^@/, "");
    if (to === "") return Effect.fail(new InvalidInput({ message: INBOX_MESSAGES.recipient, fields: { to: INBOX_MESSAGES.recipient } }));
    const content = command.content.trim();
    const refusal = contentRefusal(content, command);
    if (refusal) return Effect.fail(refusal);
    const { messageId, workspaceId, accountId, platform } = command;
    return Effect.succeed([
      {
        type: "InboxConversationStarted",
        data: { messageId, workspaceId, accountId, platform, toUsername: to, content, startedAt: command.now.toISOString() },
      },
      { type: "InboxReplyRequested", data: { replyId: command.replyId, content, isPublic: false, authorId: command.authorId } },
    ]);
  };

/**
 * The job's attempt at sending, recorded before the platform is called. A reply already sent or
 * failed records nothing (the job ran twice). After an attempt that never came back, a platform that
 * recognises a repeated request (`idempotent`: Bluesky's record key, the sandbox) is asked again;
 * any other might post it twice, so the reply fails with the reason instead.
 */
export const attemptReply =
  (command: { readonly replyId: string; readonly idempotent: boolean }) =>
  (state: MessageState): Decision<NotFound> => {
    const reply = state.replies.get(command.replyId);
    if (!reply) return Effect.fail(new NotFound({ what: "reply" }));
    if (reply.state === "sent" || reply.state === "failed") return Effect.succeed([]);
    if (reply.state === "attempted" && !command.idempotent)
      return Effect.succeed([{ type: "InboxReplyFailed", data: { replyId: command.replyId, reason: INBOX_MESSAGES.uncertain } }]);
    return Effect.succeed([{ type: "InboxReplyAttempted", data: { replyId: command.replyId, attempt: reply.attempts + 1 } }]);
  };

/** Whether the job should call the platform: the reply's last event is its attempt. */
export const isAttempting = (state: MessageState, replyId: string) => state.replies.get(replyId)?.state === "attempted";

export const recordReplySent =
  (command: { readonly replyId: string; readonly externalId: string | null; readonly url: string | null; readonly sentAt: Date }) =>
  (state: MessageState): Decision =>
    Effect.succeed(
      state.replies.get(command.replyId)?.state === "attempted"
        ? [
            {
              type: "InboxReplySent",
              data: { replyId: command.replyId, externalId: command.externalId, url: command.url, sentAt: command.sentAt.toISOString() },
            },
          ]
        : [],
    );

export const recordReplyFailed =
  (command: { readonly replyId: string; readonly reason: string }) =>
  (state: MessageState): Decision =>
    Effect.succeed(state.replies.get(command.replyId)?.state === "attempted" ? [{ type: "InboxReplyFailed", data: command }] : []);
