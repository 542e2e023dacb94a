import { Effect } from "effect";
import type { Decider } from "../shared";
import type { BillingEvent } from "./events";
import { type BillingInterval, GIVES_PLAN, HAS_ENDED } from "./rules";

/** A workspace's billing: its Stripe customer, its subscription as last applied, and what was recorded of it. */
export interface BillingState {
  readonly customerId: string | null;
  readonly subscriptionId: string | null;
  readonly planId: string | null;
  readonly interval: BillingInterval | null;
  readonly status: string | null;
  readonly currentPeriodEnd: string | null;
  readonly trialEnd: string | null;
  readonly cancelAtPeriodEnd: boolean;
  /** A payment failed and no subscription read since says it was settled. */
  readonly paymentFailed: boolean;
  /** Subscriptions that ended: nothing read of them later brings them back. */
  readonly ended: ReadonlyArray<string>;
  /** `invoiceId#attempt` of each failed payment recorded. */
  readonly failedAttempts: ReadonlyArray<string>;
}

/** The subscription as Stripe answers `subscriptions.retrieve`, read just before it is applied. */
export interface SubscriptionSnapshot {
  readonly subscriptionId: string;
  readonly customerId: string;
  readonly planId: string;
  readonly interval: BillingInterval;
  readonly status: string;
  readonly currentPeriodEnd: string | null;
  readonly trialEnd: string | null;
  readonly cancelAtPeriodEnd: boolean;
}

const owesPayment = (status: string) => status === "past_due" || status === "unpaid";

export const billingDecider: Decider<BillingState, BillingEvent> = {
  initialState: () => ({
    customerId: null,
    subscriptionId: null,
    planId: null,
    interval: null,
    status: null,
    currentPeriodEnd: null,
    trialEnd: null,
    cancelAtPeriodEnd: false,
    paymentFailed: false,
    ended: [],
    failedAttempts: [],
  }),
  evolve: (state, event) => {
    switch (event.type) {
      case "StripeCustomerCreated":
        return { ...state, customerId: event.data.customerId };
      case "SubscriptionStarted":
      case "SubscriptionUpdated": {
        const d = event.data;
        return {
          ...state,
          customerId: event.type === "SubscriptionStarted" ? event.data.customerId : state.customerId,
          subscriptionId: d.subscriptionId,
          planId: d.planId,
          interval: d.interval,
          status: d.status,
          currentPeriodEnd: d.currentPeriodEnd,
          trialEnd: d.trialEnd,
          cancelAtPeriodEnd: d.cancelAtPeriodEnd,
          paymentFailed: owesPayment(d.status),
        };
      }
      case "PaymentFailed":
        return { ...state, paymentFailed: true, failedAttempts: [...state.failedAttempts, `${event.data.invoiceId}#${event.data.attempt}`] };
      case "SubscriptionCanceled":
        return { ...state, status: "canceled", cancelAtPeriodEnd: false, paymentFailed: false, ended: [...state.ended, event.data.subscriptionId] };
    }
  },
};

type Decision = Effect.Effect<ReadonlyArray<BillingEvent>>;

/** The workspace's customer at Stripe, recorded once (a second one is not recorded over it). */
export const recordCustomer =
  (command: { readonly workspaceId: string; readonly customerId: string }) =>
  (state: BillingState): Decision =>
    Effect.succeed(state.customerId ? [] : [{ type: "StripeCustomerCreated", data: command }]);

const sameSubscription = (state: BillingState, s: SubscriptionSnapshot) =>
  state.planId === s.planId &&
  state.interval === s.interval &&
  state.status === s.status &&
  state.currentPeriodEnd === s.currentPeriodEnd &&
  state.trialEnd === s.trialEnd &&
  state.cancelAtPeriodEnd === s.cancelAtPeriodEnd &&
  state.paymentFailed === owesPayment(s.status);

/**
 * Applies the subscription as Stripe has it now. Deliveries may come twice or out of order: what is
 * applied is always the subscription read afresh, so only a change from what was recorded is
 * recorded. An ended subscription stays ended; one that ends records SubscriptionCanceled.
 */
export const applySubscription =
  (command: { readonly workspaceId: string; readonly subscription: SubscriptionSnapshot; readonly now: Date }) =>
  (state: BillingState): Decision => {
    const s = command.subscription;
    const { customerId, ...subscription } = s;
    if (state.ended.includes(s.subscriptionId)) return Effect.succeed([]);
    if (HAS_ENDED.has(s.status))
      return Effect.succeed(
        state.subscriptionId === s.subscriptionId
          ? [{ type: "SubscriptionCanceled", data: { workspaceId: command.workspaceId, subscriptionId: s.subscriptionId, endedAt: command.now.toISOString() } }]
          : [],
      );
    if (!GIVES_PLAN.has(s.status)) return Effect.succeed([]);
    if (state.subscriptionId !== s.subscriptionId)
      return Effect.succeed([{ type: "SubscriptionStarted", data: { workspaceId: command.workspaceId, customerId, ...subscription } }]);
    return Effect.succeed(sameSubscription(state, s) ? [] : [{ type: "SubscriptionUpdated", data: { workspaceId: command.workspaceId, ...subscription } }]);
  };

/** A failed attempt to pay an invoice of the subscription, recorded once per attempt; none for an ended subscription. */
export const recordPaymentFailed =
  (command: {
    readonly workspaceId: string;
    readonly subscriptionId: string;
    readonly invoiceId: string;
    readonly attempt: number;
    readonly amountDue: number;
    readonly currency: string;
  }) =>
  (state: BillingState): Decision =>
    Effect.succeed(
      state.ended.includes(command.subscriptionId) || state.failedAttempts.includes(`${command.invoiceId}#${command.attempt}`)
        ? []
        : [{ type: "PaymentFailed", data: command }],
    );
