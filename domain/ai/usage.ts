import { Effect } from "effect";
import type { AiQuota, Tier } from "../plans";
import type { Decider } from "../shared";
import { AiQuotaReached } from "./errors";
import type { AiPurpose, AiUsageEvent } from "./events";
import { type AiUseKind, aiQuotaMessage, aiQuotaResetsAt } from "./rules";

/** A workspace's AI use in one month: how many of each kind. */
export interface AiUsageState {
  readonly text: number;
  readonly images: number;
}

export const aiUsageDecider: Decider<AiUsageState, AiUsageEvent> = {
  initialState: () => ({ text: 0, images: 0 }),
  evolve: (state, event) => {
    switch (event.type) {
      case "AiTextGenerated":
        return { ...state, text: event.data.used };
      case "AiImageGenerated":
        return { ...state, images: event.data.used };
    }
  },
};

export interface AiPlan {
  readonly tier: Tier;
  readonly quota: AiQuota;
  readonly month: string;
}

/** The refusal when `used` has reached the plan's quota of this kind, else null. */
export const aiQuotaRefusal = (used: number, kind: AiUseKind, plan: AiPlan): AiQuotaReached | null =>
  used < plan.quota[kind]
    ? null
    : new AiQuotaReached({ message: aiQuotaMessage(plan.tier, kind, plan.quota[kind], plan.month), resetsAt: aiQuotaResetsAt(plan.month).toISOString() });

const within = (state: AiUsageState, kind: AiUseKind, plan: AiPlan) => {
  const refusal = aiQuotaRefusal(state[kind], kind, plan);
  return refusal ? Effect.fail(refusal) : Effect.succeed(state[kind] + 1);
};

/** Counts a text the model wrote; refused when the month's quota was already used (a race past the check before the call). */
export const recordAiText =
  (input: { readonly workspaceId: string; readonly purpose: AiPurpose; readonly model: string }, plan: AiPlan) => (state: AiUsageState) =>
    Effect.map(within(state, "text", plan), (used): ReadonlyArray<AiUsageEvent> => [
      { type: "AiTextGenerated", data: { workspaceId: input.workspaceId, month: plan.month, purpose: input.purpose, model: input.model, used } },
    ]);

/** Counts an image the model made, saved in the media library as `mediaId`. */
export const recordAiImage =
  (input: { readonly workspaceId: string; readonly mediaId: string; readonly model: string }, plan: AiPlan) => (state: AiUsageState) =>
    Effect.map(within(state, "images", plan), (used): ReadonlyArray<AiUsageEvent> => [
      { type: "AiImageGenerated", data: { workspaceId: input.workspaceId, month: plan.month, model: input.model, mediaId: input.mediaId, used } },
    ]);
