import { isPlanId, type PlanId } from "../plans";

/** The sentence of every billing button and call when the server has no Stripe keys. */
export const BILLING_NOT_CONFIGURED = "Billing isn't configured on this server";
/** The toasts of starting a trial (spec engagement §8). */
export const TRIAL_STARTED = "Trial Started!";
export const TRIAL_FAILED = "Failed to start trial. Please try again.";
/** Back from Checkout: the flash message, a trial's or (a workspace that had its trial) a paid start's. */
export const checkoutReturnMessage = (status: string | null) =>
  status === "active"
    ? { title: "Subscription Started", description: "Your plan is active. Your invoices are in Settings > Billing." }
    : { title: TRIAL_STARTED, description: "Your card is saved; you'll be charged when the trial ends." };
/** The app shell's warning while a payment has failed. */
export const PAYMENT_FAILED_MESSAGE = "Your last payment failed. Update your card to keep your plan.";

export const BILLING_INTERVALS = ["monthly", "annual"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** The Stripe Price of a plan and interval is found by its lookup key: `socialdesk_professional_monthly`. */
export const priceLookupKey = (planId: PlanId, interval: BillingInterval): string => `socialdesk_${planId}_${interval}`;

/** The plan and interval a lookup key names, or null for a price that is not one of ours. */
export const planOfLookupKey = (key: string | null | undefined): { planId: PlanId; interval: BillingInterval } | null => {
  const match = /^socialdesk_([a-z]+)_(monthly|annual)$/.exec(key ?? "");
  return match && isPlanId(match[1]) ? { planId: match[1], interval: match[2] as BillingInterval } : null;
};

/** Stripe's statuses of a subscription. */
export type SubscriptionStatus = "trialing" | "active" | "past_due" | "unpaid" | "canceled" | "incomplete" | "incomplete_expired" | "paused";

/** A subscription in these statuses gives the workspace its plan (a failed payment warns, it does not take the plan away). */
export const GIVES_PLAN: ReadonlySet<string> = new Set(["trialing", "active", "past_due"]);
/** A subscription in these statuses has ended: the workspace returns to an expired trial. */
export const HAS_ENDED: ReadonlySet<string> = new Set(["canceled", "incomplete_expired", "unpaid"]);

/** "Trialing", "Past due": a status as Settings shows it. */
export const statusLabel = (status: string): string => {
  const words = status.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** "$35.00" from Stripe's smallest unit (cents), in the invoice's currency. */
export const formatAmount = (amount: number, currency: string): string =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);
