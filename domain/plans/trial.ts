import type { Tier } from "./catalogue";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A user is a trial user when the tier is trial and the trial is active (spec core §4). */
export const isTrialUser = (user: { subscriptionTier: Tier; isTrialActive: boolean }): boolean =>
  user.subscriptionTier === "trial" && user.isTrialActive;

/** Days until the trial ends, rounded up, never below 0. */
export const trialDaysRemaining = (trialEndsAt: Date, now: Date): number =>
  Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS));

export const trialEndsAtFrom = (startedAt: Date, trialDays: number): Date =>
  new Date(startedAt.getTime() + trialDays * DAY_MS);

/** "5-day", as the register page, toasts and FAQ say it. */
export const trialLengthLabel = (trialDays: number): string => `${trialDays}-day`;
