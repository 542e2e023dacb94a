import { insertRow, type Projection, type RowChange, updateRow } from "../shared";
import type { BillingEvent } from "./events";

/** `billing_subscriptions`: one row per workspace with a Stripe customer, its subscription as last applied. */
export const billingProjection: Projection<BillingEvent> = {
  name: "billing",
  kind: "inline",
  tables: [{ name: "billing_subscriptions", key: ["workspace_id"] }],
  handles: ["StripeCustomerCreated", "SubscriptionStarted", "SubscriptionUpdated", "PaymentFailed", "SubscriptionCanceled"],
  project: (event): ReadonlyArray<RowChange> => {
    const at = event.createdAt;
    const row = (set: Record<string, unknown>) => [updateRow("billing_subscriptions", { workspace_id: event.data.workspaceId }, { ...set, updated_at: at })];
    switch (event.type) {
      case "StripeCustomerCreated":
        return [
          insertRow("billing_subscriptions", { workspace_id: event.data.workspaceId, customer_id: event.data.customerId, created_at: at, updated_at: at }),
        ];
      case "SubscriptionStarted":
      case "SubscriptionUpdated": {
        const d = event.data;
        return row({
          ...(event.type === "SubscriptionStarted" ? { customer_id: event.data.customerId } : {}),
          subscription_id: d.subscriptionId,
          plan_id: d.planId,
          billing_interval: d.interval,
          status: d.status,
          current_period_end: d.currentPeriodEnd ? new Date(d.currentPeriodEnd) : null,
          trial_end: d.trialEnd ? new Date(d.trialEnd) : null,
          cancel_at_period_end: d.cancelAtPeriodEnd,
          ...(d.status === "past_due" || d.status === "unpaid" ? {} : { payment_failed_at: null }),
          canceled_at: null,
        });
      }
      case "PaymentFailed":
        return row({ payment_failed_at: at });
      case "SubscriptionCanceled":
        return row({ status: "canceled", cancel_at_period_end: false, payment_failed_at: null, canceled_at: new Date(event.data.endedAt) });
    }
  },
};
