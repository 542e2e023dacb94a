import { z } from "zod";
import { BILLING_INTERVALS } from "../../domain/billing";
import { PLAN_IDS } from "../../domain/plans";

/** Who may start a subscription or manage billing: the owner (spec core §6 roles). */
export const MANAGE_BILLING = { permission: "manage_billing" } as const;

/** POST /api/start-trial {planId, interval?} (spec engagement §7); the interval defaults to monthly. */
export const startTrialSchema = z.object({
  planId: z.enum(PLAN_IDS, { error: "Choose a plan: starter, professional, growth or agency." }),
  interval: z.enum(BILLING_INTERVALS, { error: "Choose monthly or annual billing." }).default("monthly"),
});
