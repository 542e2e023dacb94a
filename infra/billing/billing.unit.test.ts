import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { snapshotOf, subscriptionOfInvoice } from "./Billing";

const subscription = (price: Record<string, unknown>, metadata: Record<string, string> = {}) =>
  ({
    id: "sub_1",
    customer: { id: "cus_1" },
    status: "trialing",
    metadata,
    trial_end: 1_764_460_800,
    cancel_at_period_end: false,
    items: { data: [{ price, current_period_end: 1_764_460_800 }] },
  }) as unknown as Stripe.Subscription;

describe("the subscription as Stripe answers it", () => {
  it("reads the plan and interval from the price's lookup key, the period from its item", () => {
    expect(snapshotOf(subscription({ lookup_key: "socialdesk_growth_annual", recurring: { interval: "year" } }))).toEqual({
      subscriptionId: "sub_1",
      customerId: "cus_1",
      planId: "growth",
      interval: "annual",
      status: "trialing",
      currentPeriodEnd: "2025-11-30T00:00:00.000Z",
      trialEnd: "2025-11-30T00:00:00.000Z",
      cancelAtPeriodEnd: false,
    });
  });

  it("falls back on the plan in its metadata; a price of someone else's plan is not ours", () => {
    expect(snapshotOf(subscription({ lookup_key: null, recurring: { interval: "month" } }, { planId: "starter" }))).toMatchObject({
      planId: "starter",
      interval: "monthly",
    });
    expect(snapshotOf(subscription({ lookup_key: "other_product", recurring: { interval: "month" } }))).toBeNull();
  });

  it("finds an invoice's subscription under its parent (Stripe's API since 2025) or at the top (older versions)", () => {
    expect(subscriptionOfInvoice({ parent: { subscription_details: { subscription: "sub_2" } } } as unknown as Stripe.Invoice)).toBe("sub_2");
    expect(subscriptionOfInvoice({ parent: null, subscription: "sub_3" } as unknown as Stripe.Invoice)).toBe("sub_3");
    expect(subscriptionOfInvoice({ parent: null } as unknown as Stripe.Invoice)).toBeNull();
  });
});
