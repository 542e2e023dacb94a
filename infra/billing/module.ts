import { billingEvents, BillingNotConfigured, BillingProviderFailed, billingProjection } from "../../domain/billing";
import { defineModule, moduleApi } from "../module";
import { BillingApi } from "./api";
import { billingHandlers } from "./api-handlers";
import { Billing } from "./Billing";
import { StripeWebhookApi } from "./webhook-api";
import { stripeWebhookHandlers } from "./webhook-api-handlers";

/** Billing with Stripe: the workspace's customer and subscription, applied from Stripe's webhooks. */
export const billingModule = defineModule({
  name: "billing",
  events: billingEvents,
  auditKinds: [{ id: "billing", label: "Billing" }],
  processes: ["billing"],
  layer: Billing.layer,
  api: [moduleApi(BillingApi, billingHandlers), moduleApi(StripeWebhookApi, stripeWebhookHandlers)],
  projections: [billingProjection],
  errors: [BillingNotConfigured, BillingProviderFailed],
  auditSummaries: {
    StripeCustomerCreated: () => "Billing customer created at Stripe",
    SubscriptionStarted: (d) => `Subscription to the ${d.planId} plan (${d.interval}) started, ${d.status.replace(/_/g, " ")}`,
    SubscriptionUpdated: (d) =>
      `Subscription now on the ${d.planId} plan (${d.interval}), ${d.status.replace(/_/g, " ")}${d.cancelAtPeriodEnd ? ", ending at the period's end" : ""}`,
    PaymentFailed: (d) => `A payment of ${(d.amountDue / 100).toFixed(2)} ${d.currency.toUpperCase()} failed (attempt ${d.attempt})`,
    SubscriptionCanceled: () => "Subscription ended",
  },
});
