import { Effect } from "effect";
import type { AiQuota, Tier } from "../plans";
import type { Decider } from "../shared";
import { AiFailed, AiQuotaReached } from "./errors";
import type { AiPurpose, AiReleaseReason, AiUsageEvent } from "./events";
import { AI_MESSAGES, type AiUseKind, aiQuotaMessage, aiQuotaResetsAt } from "./rules";

/** A reserved use not yet recorded nor released. */
export interface AiReservation {
  readonly kind: AiUseKind;
  /** Epoch milliseconds after which it no longer holds a place (its process died). */
  readonly expiresAt: number;
}

/** A workspace's AI use in one month: the real uses of each kind, and the reservations still open. */
export interface AiUsageState {
  readonly text: number;
  readonly images: number;
  readonly open: Readonly<Record<string, AiReservation>>;
}

const without = (open: AiUsageState["open"], reservationId: string | null) => {
  if (reservationId === null || !(reservationId in open)) return open;
  const { [reservationId]: _closed, ...rest } = open;
  return rest;
};

export const aiUsageDecider: Decider<AiUsageState, AiUsageEvent> = {
  initialState: () => ({ text: 0, images: 0, open: {} }),
  evolve: (state, event) => {
    switch (event.type) {
      case "AiUseReserved":
        return { ...state, open: { ...state.open, [event.data.reservationId]: { kind: event.data.kind, expiresAt: Date.parse(event.data.expiresAt) } } };
      case "AiUseReleased":
        return { ...state, open: without(state.open, event.data.reservationId) };
      case "AiTextGenerated":
        return { ...state, text: event.data.used, open: without(state.open, event.data.reservationId) };
      case "AiImageGenerated":
        return { ...state, images: event.data.used, open: without(state.open, event.data.reservationId) };
    }
  },
};

export interface AiPlan {
  readonly tier: Tier;
  readonly quota: AiQuota;
  readonly month: string;
}

/** The refusal when `taken` places (real uses and live reservations) fill the plan's quota of this kind, else null. */
export const aiQuotaRefusal = (taken: number, kind: AiUseKind, plan: AiPlan): AiQuotaReached | null =>
  taken < plan.quota[kind]
    ? null
    : new AiQuotaReached({ message: aiQuotaMessage(plan.tier, kind, plan.quota[kind], plan.month), resetsAt: aiQuotaResetsAt(plan.month).toISOString() });

/** The places of this kind taken at `now`: the real uses, and the reservations open and not expired. */
export const aiPlacesTaken = (state: AiUsageState, kind: AiUseKind, now: Date): number =>
  state[kind] + Object.values(state.open).filter((r) => r.kind === kind && r.expiresAt > now.getTime()).length;

/**
 * Holds a place for a call before the model is called: refused (with when the quota resets) when
 * the real uses and the calls in flight already fill the month's quota. Decided on the stream's
 * version, so two calls cannot both take the last place.
 */
export const reserveAiUse =
  (
    input: {
      readonly workspaceId: string;
      readonly reservationId: string;
      readonly kind: AiUseKind;
      readonly purpose: AiPurpose;
      readonly now: Date;
      readonly expiresAt: Date;
    },
    plan: AiPlan,
  ) =>
  (state: AiUsageState): Effect.Effect<ReadonlyArray<AiUsageEvent>, AiQuotaReached> => {
    const refusal = aiQuotaRefusal(aiPlacesTaken(state, input.kind, input.now), input.kind, plan);
    if (refusal) return Effect.fail(refusal);
    return Effect.succeed([
      {
        type: "AiUseReserved",
        data: {
          workspaceId: input.workspaceId,
          month: plan.month,
          reservationId: input.reservationId,
          kind: input.kind,
          purpose: input.purpose,
          expiresAt: input.expiresAt.toISOString(),
        },
      },
    ]);
  };

/** Gives the place back (the call failed or its reader left); nothing when it was already recorded or released. */
export const releaseAiUse =
  (input: { readonly workspaceId: string; readonly month: string; readonly reservationId: string; readonly reason: AiReleaseReason }) =>
  (state: AiUsageState): Effect.Effect<ReadonlyArray<AiUsageEvent>> => {
    const reservation = state.open[input.reservationId];
    return Effect.succeed(
      reservation
        ? [
            {
              type: "AiUseReleased",
              data: { workspaceId: input.workspaceId, month: input.month, reservationId: input.reservationId, kind: reservation.kind, reason: input.reason },
            },
          ]
        : [],
    );
  };

/**
 * The reservation, still open, of this kind: the place the answer is counted in. A late answer
 * (its reservation expired) is still counted: the model was paid for. One released or recorded
 * already cannot be counted again.
 */
const openReservation = (state: AiUsageState, reservationId: string, kind: AiUseKind) =>
  state.open[reservationId]?.kind === kind
    ? Effect.succeed(state[kind] + 1)
    : Effect.fail(new AiFailed({ status: 504, message: AI_MESSAGES.timedOut, detail: `The reservation ${reservationId} is no longer open.` }));

/** Counts a text the model wrote, in the place its reservation held. */
export const recordAiText =
  (input: { readonly workspaceId: string; readonly month: string; readonly reservationId: string; readonly purpose: AiPurpose; readonly model: string }) =>
  (state: AiUsageState) =>
    Effect.map(openReservation(state, input.reservationId, "text"), (used): ReadonlyArray<AiUsageEvent> => [
      {
        type: "AiTextGenerated",
        data: { workspaceId: input.workspaceId, month: input.month, purpose: input.purpose, model: input.model, used, reservationId: input.reservationId },
      },
    ]);

/** Counts an image the model made, saved in the media library as `mediaId`, in the place its reservation held. */
export const recordAiImage =
  (input: { readonly workspaceId: string; readonly month: string; readonly reservationId: string; readonly mediaId: string; readonly model: string }) =>
  (state: AiUsageState) =>
    Effect.map(openReservation(state, input.reservationId, "images"), (used): ReadonlyArray<AiUsageEvent> => [
      {
        type: "AiImageGenerated",
        data: { workspaceId: input.workspaceId, month: input.month, model: input.model, mediaId: input.mediaId, used, reservationId: input.reservationId },
      },
    ]);
