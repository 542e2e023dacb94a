import { describe, expect, it } from "vitest";
import { DeciderSpecification } from "../shared/decider-spec";
import type { BillingEvent } from "./events";
import { checkoutReturnMessage, formatAmount, planOfLookupKey, priceLookupKey, statusLabel } from "./rules";
import { applySubscription, billingDecider, recordCustomer, recordPaymentFailed, type SubscriptionSnapshot } from "./subscription";

const spec = DeciderSpecification(billingDecider);
const workspaceId = "w1";
const now = new Date("2026-11-25T10:00:00Z");
const trialing: SubscriptionSnapshot = {
  subscriptionId: "sub_1",
  customerId: "cus_1",
  planId: "professional",
  interval: "monthly",
  status: "trialing",
  currentPeriodEnd: "2026-11-30T10:00:00.000Z",
  trialEnd: "2026-11-30T10:00:00.000Z",
  cancelAtPeriodEnd: false,
};
const customer: BillingEvent = { type: "StripeCustomerCreated", data: { workspaceId, customerId: "cus_1" } };
const { customerId: _c, ...trialingFields } = trialing;
const started: BillingEvent = { type: "SubscriptionStarted", data: { workspaceId, customerId: "cus_1", ...trialingFields } };
const apply = (subscription: SubscriptionSnapshot) => applySubscription({ workspaceId, subscription, now });
const failed = { workspaceId, subscriptionId: "sub_1", invoiceId: "in_1", attempt: 1, amountDue: 3500, currency: "usd" };

describe("a workspace's billing", () => {
  it("records its Stripe customer once", () => {
    spec
      .given([])
      .when(recordCustomer({ workspaceId, customerId: "cus_1" }))
      .then([customer]);
    spec
      .given([customer])
      .when(recordCustomer({ workspaceId, customerId: "cus_2" }))
      .thenNothingHappens();
  });

  it("given a customer, when a trialing subscription is read, then SubscriptionStarted is recorded", () =>
    spec.given([customer]).when(apply(trialing)).then([started]));

  it("given the subscription as it is, when it is read again (a delivery twice), then nothing is recorded", () =>
    spec.given([customer, started]).when(apply(trialing)).thenNothingHappens());

  it("given a trialing subscription, when it is read active on another plan, then SubscriptionUpdated is recorded", () =>
    spec
      .given([customer, started])
      .when(apply({ ...trialing, status: "active", planId: "growth", trialEnd: null }))
      .then([{ type: "SubscriptionUpdated", data: { workspaceId, ...trialingFields, status: "active", planId: "growth", trialEnd: null } }]));

  it("given a subscription, when it is read canceled, then SubscriptionCanceled is recorded once, and later reads change nothing", () => {
    const canceled: BillingEvent = { type: "SubscriptionCanceled", data: { workspaceId, subscriptionId: "sub_1", endedAt: now.toISOString() } };
    spec
      .given([customer, started])
      .when(apply({ ...trialing, status: "canceled" }))
      .then([canceled]);
    spec
      .given([customer, started, canceled])
      .when(apply({ ...trialing, status: "canceled" }))
      .thenNothingHappens();
    // An older delivery read out of order cannot bring an ended subscription back.
    spec
      .given([customer, started, canceled])
      .when(apply({ ...trialing, status: "active" }))
      .thenNothingHappens();
  });

  it("given no subscription, when a canceled or incomplete one is read, then nothing is recorded", () => {
    spec
      .given([customer])
      .when(apply({ ...trialing, status: "canceled" }))
      .thenNothingHappens();
    spec
      .given([customer])
      .when(apply({ ...trialing, status: "incomplete" }))
      .thenNothingHappens();
  });

  it("records each failed payment attempt once, and none for an ended subscription", () => {
    const paymentFailed: BillingEvent = { type: "PaymentFailed", data: failed };
    spec.given([customer, started]).when(recordPaymentFailed(failed)).then([paymentFailed]);
    spec.given([customer, started, paymentFailed]).when(recordPaymentFailed(failed)).thenNothingHappens();
    spec
      .given([customer, started, paymentFailed])
      .when(recordPaymentFailed({ ...failed, attempt: 2 }))
      .then([{ type: "PaymentFailed", data: { ...failed, attempt: 2 } }]);
    spec
      .given([customer, started, { type: "SubscriptionCanceled", data: { workspaceId, subscriptionId: "sub_1", endedAt: now.toISOString() } }])
      .when(recordPaymentFailed(failed))
      .thenNothingHappens();
  });

  it("given a failed payment, when the subscription is read active again, then the update clears the warning", () =>
    spec
      .given([customer, started, { type: "PaymentFailed", data: failed }])
      .when(apply({ ...trialing, status: "active" }))
      .then([{ type: "SubscriptionUpdated", data: { workspaceId, ...trialingFields, status: "active" } }]));
});

describe("billing rules", () => {
  it("names each plan's price by a lookup key and reads it back", () => {
    expect(priceLookupKey("professional", "monthly")).toBe("socialdesk_professional_monthly");
    expect(planOfLookupKey("socialdesk_agency_annual")).toEqual({ planId: "agency", interval: "annual" });
    expect(planOfLookupKey("socialdesk_trial_monthly")).toBeNull();
    expect(planOfLookupKey(null)).toBeNull();
  });
  it("shows statuses and amounts", () => {
    expect(statusLabel("past_due")).toBe("Past due");
    expect(formatAmount(3500, "usd")).toBe("$35.00");
  });
});

describe("the message back from Checkout", () => {
  it("says the trial started, unless the subscription is active at once (the workspace had its trial)", () => {
    expect(checkoutReturnMessage("trialing").title).toBe("Trial Started!");
    expect(checkoutReturnMessage(null).title).toBe("Trial Started!");
    expect(checkoutReturnMessage("active")).toEqual({
      title: "Subscription Started",
      description: "Your plan is active. Your invoices are in Settings > Billing.",
    });
  });
});
