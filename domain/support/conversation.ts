import { Effect } from "effect";
import { type Decider, NotFound } from "../shared";
import type { SupportAttachment, SupportEvent } from "./events";

export interface SupportConversationState {
  readonly started: boolean;
  /** The stream version of the newest message of each side, and how far each side has read the other's. */
  readonly version: number;
  readonly lastCustomer: number;
  readonly lastOperator: number;
  readonly customerRead: number;
  readonly operatorRead: number;
}

/**
 * A workspace's support conversation. `version` counts the events folded, so a message's number is
 * the stream version of its event (what the read model keeps as `seq`).
 */
export const supportDecider: Decider<SupportConversationState, SupportEvent> = {
  initialState: () => ({ started: false, version: 0, lastCustomer: 0, lastOperator: 0, customerRead: 0, operatorRead: 0 }),
  evolve: (state, event) => {
    const version = state.version + 1;
    switch (event.type) {
      case "SupportConversationStarted":
        return { ...state, version, started: true };
      case "SupportMessageSent":
        return { ...state, version, lastCustomer: version };
      case "SupportReplySent":
        return { ...state, version, lastOperator: version };
      case "SupportConversationRead":
        return event.data.side === "customer" ? { ...state, version, customerRead: event.data.upTo } : { ...state, version, operatorRead: event.data.upTo };
      case "SupportEmailSent":
        return { ...state, version };
    }
  },
};

type Decision<E = never> = (state: SupportConversationState) => Effect.Effect<ReadonlyArray<SupportEvent>, E>;

/** A customer's message; the conversation starts with the workspace's first one. */
export const sendSupportMessage =
  (input: { readonly workspaceId: string; readonly messageId: string; readonly authorId: string; readonly content: string; readonly attachments: ReadonlyArray<SupportAttachment> }): Decision =>
  (state) =>
    Effect.succeed([
      ...(state.started ? [] : [{ type: "SupportConversationStarted" as const, data: { workspaceId: input.workspaceId } }]),
      { type: "SupportMessageSent", data: { messageId: input.messageId, authorId: input.authorId, content: input.content, attachments: input.attachments } },
    ]);

/** An operator's answer: only to a conversation a customer started. */
export const sendSupportReply =
  (input: { readonly messageId: string; readonly operatorId: string; readonly content: string }): Decision<NotFound> =>
  (state) =>
    state.started ? Effect.succeed([{ type: "SupportReplySent", data: input }]) : Effect.fail(new NotFound({ what: "conversation" }));

/** One side has read everything the other wrote: recorded only when there is something new to read. */
export const readSupportConversation =
  (side: "customer" | "operator", readerId: string): Decision =>
  (state) => {
    const newest = side === "customer" ? state.lastOperator : state.lastCustomer;
    const read = side === "customer" ? state.customerRead : state.operatorRead;
    return Effect.succeed(newest > read ? [{ type: "SupportConversationRead", data: { side, readerId, upTo: newest } }] : []);
  };

/** The e-mail form's message to the support address. */
export const sendSupportEmail =
  (input: { readonly authorId: string; readonly subject: string; readonly content: string }): Decision =>
  () =>
    Effect.succeed([{ type: "SupportEmailSent", data: input }]);
