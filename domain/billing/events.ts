import { Schema } from "effect";
import { defineEvents, type EventOf } from "../shared";
import { BILLING_INTERVALS } from "./rules";

/** The subscription as Stripe answered it when it was applied. */
const subscription = {
  subscriptionId: Schema.String,
  planId: Schema.String,
  interval: Schema.Literals(BILLING_INTERVALS),
  /** Stripe's status: trialing, active, past_due... */
  status: Schema.String,
  currentPeriodEnd: Schema.NullOr(Schema.String),
  trialEnd: Schema.NullOr(Schema.String),
  cancelAtPeriodEnd: Schema.Boolean,
};

/** Events of a workspace's billing stream (`billing-{workspaceId}`): its Stripe customer and subscription. */
export const billingEvents = defineEvents({
  /** The workspace's customer at Stripe, made before its first Checkout and reused after. */
  StripeCustomerCreated: Schema.Struct({ workspaceId: Schema.String, customerId: Schema.String }),
  SubscriptionStarted: Schema.Struct({ workspaceId: Schema.String, customerId: Schema.String, ...subscription }),
  /** Its plan, interval, status, period or cancellation at period end changed. */
  SubscriptionUpdated: Schema.Struct({ workspaceId: Schema.String, ...subscription }),
  PaymentFailed: Schema.Struct({
    workspaceId: Schema.String,
    subscriptionId: Schema.String,
    invoiceId: Schema.String,
    attempt: Schema.Number,
    amountDue: Schema.Number,
    currency: Schema.String,
  }),
  SubscriptionCanceled: Schema.Struct({ workspaceId: Schema.String, subscriptionId: Schema.String, endedAt: Schema.String }),
});

export type BillingEvent = EventOf<typeof billingEvents.schemas>;

export const billingStreamId = (workspaceId: string) => `billing-${workspaceId}`;
