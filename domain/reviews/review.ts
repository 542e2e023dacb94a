import { Effect } from "effect";
import { type Decider, InvalidInput, NotFound } from "../shared";
import type { ReviewEvent, ReviewReceived } from "./events";
import { FLAG_REASON_MAX, REVIEW_MESSAGES, responseMaxOf, type ResponseWay } from "./rules";

export interface ReviewState {
  readonly exists: boolean;
  readonly platform: string;
  readonly rating: number;
  readonly content: string;
  readonly response: string | null;
  readonly flagged: boolean;
  readonly read: boolean;
}

export const reviewDecider: Decider<ReviewState, ReviewEvent> = {
  initialState: () => ({ exists: false, platform: "", rating: 0, content: "", response: null, flagged: false, read: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case "ReviewReceived":
        return { ...state, exists: true, platform: event.data.platform, rating: event.data.rating, content: event.data.content };
      case "ReviewRevised":
        return { ...state, rating: event.data.rating, content: event.data.content };
      case "ReviewResponded":
      case "ReviewResponseEdited":
        return { ...state, response: event.data.text, read: true };
      case "ReviewResponseDeleted":
        return { ...state, response: null };
      case "ReviewFlagged":
        return { ...state, flagged: true };
      case "ReviewUnflagged":
        return { ...state, flagged: false };
      case "ReviewMarkedRead":
        return { ...state, read: true };
    }
  },
};

type Decision<E = never> = Effect.Effect<ReadonlyArray<ReviewEvent>, E>;
const none: Decision = Effect.succeed([]);
const existing = (state: ReviewState) => (state.exists ? Effect.succeed(state) : Effect.fail(new NotFound({ what: "review" })));

/**
 * A review as the site shows it now (or as a person typed it): new, changed by its reviewer, or
 * answered on the site by someone outside the app. Delivered again unchanged, it records nothing.
 */
export const receiveReview =
  (review: ReviewReceived & { readonly response?: { readonly text: string; readonly at: string } | null; readonly revisedAt?: string }) =>
  (state: ReviewState): Decision => {
    const { response, revisedAt, ...received } = review;
    const events: ReviewEvent[] = [];
    if (!state.exists) events.push({ type: "ReviewReceived", data: received });
    else if (state.rating !== review.rating || state.content !== review.content) {
      events.push({ type: "ReviewRevised", data: { rating: review.rating, content: review.content, revisedAt: revisedAt ?? review.reviewedAt } });
    }
    const answered = state.exists ? state.response : null;
    if (response && response.text !== answered) {
      events.push(
        answered === null
          ? { type: "ReviewResponded", data: { text: response.text, way: "found", respondedAt: response.at } }
          : { type: "ReviewResponseEdited", data: { text: response.text, way: "found", editedAt: response.at } },
      );
    } else if (response === null && answered !== null && review.source === "platform") {
      events.push({ type: "ReviewResponseDeleted", data: {} });
    }
    return Effect.succeed(events);
  };

/** The response's text, tidied, or the sentence refusing it. */
export const checkedResponse = (platform: string, text: string): Effect.Effect<string, InvalidInput> => {
  const trimmed = text.trim();
  if (trimmed === "") return Effect.fail(new InvalidInput({ message: REVIEW_MESSAGES.responseBlank, fields: { responseText: REVIEW_MESSAGES.responseBlank } }));
  const max = responseMaxOf(platform);
  if (trimmed.length > max) {
    return Effect.fail(new InvalidInput({ message: REVIEW_MESSAGES.responseTooLong(max), fields: { responseText: REVIEW_MESSAGES.responseTooLong(max) } }));
  }
  return Effect.succeed(trimmed);
};

/** A response that reached the site (posted through its API, or by a person there): the first one, or a new text for it. */
export const respondToReview =
  (command: { readonly text: string; readonly way: ResponseWay; readonly at: string }) =>
  (state: ReviewState): Decision<InvalidInput | NotFound> =>
    Effect.flatMap(existing(state), () =>
      Effect.map(checkedResponse(state.platform, command.text), (text): ReadonlyArray<ReviewEvent> => {
        if (text === state.response) return [];
        return state.response === null
          ? [{ type: "ReviewResponded", data: { text, way: command.way, respondedAt: command.at } }]
          : [{ type: "ReviewResponseEdited", data: { text, way: command.way, editedAt: command.at } }];
      }),
    );

export const deleteResponse =
  () =>
  (state: ReviewState): Decision<InvalidInput | NotFound> =>
    Effect.flatMap(existing(state), () =>
      state.response === null
        ? Effect.fail(new InvalidInput({ message: REVIEW_MESSAGES.noResponse }))
        : Effect.succeed([{ type: "ReviewResponseDeleted", data: {} }]),
    );

export const flagReview =
  (reason: string) =>
  (state: ReviewState): Decision<InvalidInput | NotFound> =>
    Effect.flatMap(existing(state), () => {
      const trimmed = reason.trim();
      if (trimmed.length < 1 || trimmed.length > FLAG_REASON_MAX) {
        return Effect.fail(new InvalidInput({ message: REVIEW_MESSAGES.flagReason, fields: { flagReason: REVIEW_MESSAGES.flagReason } }));
      }
      return state.flagged ? none : Effect.succeed([{ type: "ReviewFlagged", data: { reason: trimmed } }]);
    });

export const unflagReview =
  () =>
  (state: ReviewState): Decision<NotFound> =>
    Effect.flatMap(existing(state), () => (state.flagged ? Effect.succeed([{ type: "ReviewUnflagged", data: {} }]) : none));

export const markReviewRead =
  () =>
  (state: ReviewState): Decision<NotFound> =>
    Effect.flatMap(existing(state), () => (state.read ? none : Effect.succeed([{ type: "ReviewMarkedRead", data: {} }])));
