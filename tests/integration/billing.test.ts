import { Effect, Layer, ManagedRuntime } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingProjection, PAYMENT_FAILED_MESSAGE, TRIAL_FAILED } from "../../domain/billing";
import { identityProjection } from "../../domain/identity";
import { Database } from "../../infra/db/Database";
import { verifyProjections } from "../../infra/eventstore/rebuild";
import { storedEventsLayer } from "../../infra/modules";
import { Browser, registration, signUp } from "../support/browser";
import { type FakeStripe, startFakeStripe } from "../support/fake-stripe";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";

/**
 * Billing with Stripe against a local server that plays Stripe's API (checking each request) and
 * webhooks signed by the SDK's test helper: Checkout's parameters, the portal, the signature
 * refused, an event processed once, events out of order, a failed payment's warning, a
 * cancellation that pauses the accounts over the trial's limit, Settings > Billing read from
 * Stripe. A server without keys: billing-unconfigured.test.ts.
 */

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(() => stripe?.close());

const app = useAppServer({ env: () => ({ ...stripe.env, TRIAL_DAYS: "5" }) });
const { workspaceOf, joined, email } = teamHelpers(app);

/** Stripe delivers an event: signed by the SDK's test helper unless told otherwise. */
const deliver = (delivery: { payload: string; signature: string }, signature: string | null = delivery.signature) =>
  new Browser(app.server.url).request("POST", "/api/webhooks/stripe", {
    body: delivery.payload,
    headers: { "content-type": "application/json", ...(signature === null ? {} : { "stripe-signature": signature }) },
  });

const eventsOf = async (workspaceId: string, type: string) =>
  Number((await app.sql<{ n: number }[]>`select count(*)::int as n from events where stream_id = ${`billing-${workspaceId}`} and type = ${type}`)[0]!.n);
const planChanges = async (workspaceId: string) =>
  Number(
    (await app.sql<{ n: number }[]>`select count(*)::int as n from events where stream_id = ${`workspace-${workspaceId}`} and type = 'PlanChanged'`)[0]!.n,
  );
const workspaceRow = async (workspaceId: string) =>
  (
    await app.sql<{ subscription_tier: string; subscription_status: string; is_trial_active: boolean }[]>`
    select subscription_tier, subscription_status, is_trial_active from workspaces where id = ${workspaceId}`
  )[0]!;
const billingRow = async (workspaceId: string) =>
  (
    await app.sql<
      { status: string; plan_id: string; payment_failed_at: Date | null }[]
    >`select status, plan_id, payment_failed_at from billing_subscriptions where workspace_id = ${workspaceId}`
  )[0];

/** An owner who chose `plan` at Checkout and paid: the session completed and its webhook delivered. */
const subscribed = async (plan = "professional", interval = "monthly") => {
  const signed = await signUp(app.server.url);
  const workspaceId = await workspaceOf(signed.user.id);
  const started = await signed.browser.post("/api/start-trial", { planId: plan, interval });
  expect(started.status, started.text).toBe(200);
  const sessionId = started.data.redirectUrl.split("/").pop() as string;
  const subscription = stripe.completeCheckout(sessionId);
  const completed = await deliver(stripe.webhook("checkout.session.completed", stripe.session(sessionId)!));
  expect(completed.status, completed.text).toBe(200);
  return { ...signed, workspaceId, sessionId, subscription };
};

describe("billing with Stripe", () => {
  it("starts the trial at Checkout: the plan's price by lookup key, the trial, a card required, the workspace named; the customer is reused", async () => {
    const { browser, user } = await signUp(app.server.url);
    const workspaceId = await workspaceOf(user.id);
    const before = stripe.requests.length;

    const started = await browser.post("/api/start-trial", { planId: "professional", interval: "annual" });
    expect(started.status, started.text).toBe(200);
    expect(started.data.redirectUrl).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_`));

    const calls = stripe.requests.slice(before);
    expect(calls.find((r) => r.path === "/v1/prices")?.params).toMatchObject({ lookup_keys: ["socialdesk_professional_annual"], active: "true" });
    const customer = calls.find((r) => r.method === "POST" && r.path === "/v1/customers")!;
    expect(customer.params).toMatchObject({ email: user.email, metadata: { workspaceId } });
    expect(customer.idempotencyKey).toBe(`socialdesk-customer-${workspaceId}`);
    const session = calls.find((r) => r.path === "/v1/checkout/sessions")!.params;
    expect(session).toMatchObject({
      mode: "subscription",
      client_reference_id: workspaceId,
      payment_method_collection: "always",
      line_items: [{ price: "price_professional_annual", quantity: "1" }],
      subscription_data: { trial_period_days: "5", metadata: { workspaceId, planId: "professional", interval: "annual" } },
      metadata: { workspaceId, planId: "professional", interval: "annual" },
      cancel_url: `${app.server.url}/app/pricing`,
    });
    expect(session.success_url).toBe(`${app.server.url}/app/checkout/return?session_id={CHECKOUT_SESSION_ID}`);
    expect(session.customer).toMatch(/^cus_/);

    // A second try reuses the workspace's customer; the interval defaults to monthly.
    const mark = stripe.requests.length;
    const again = await browser.post("/api/start-trial", { planId: "growth" });
    expect(again.status, again.text).toBe(200);
    expect(stripe.requests.slice(mark).filter((r) => r.path === "/v1/customers")).toHaveLength(0);
    expect(stripe.requests.slice(mark).find((r) => r.path === "/v1/checkout/sessions")!.params).toMatchObject({
      customer: session.customer,
      line_items: [{ price: "price_growth_monthly" }],
    });

    const bad = await browser.post("/api/start-trial", { planId: "premium", interval: "weekly" });
    expect(bad.status).toBe(400);
    expect(bad.data.detail).toBe("Choose a plan: starter, professional, growth or agency.");

    // The in-app Pricing & Plans form goes to Checkout too; a refusal comes back with the toast.
    const form = await browser.submit("/app/checkout", { planId: "starter", interval: "monthly" });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toMatch(new RegExp(`^${stripe.url}/checkout/`));
    const refused = await browser.submit("/app/checkout", { planId: "premium" });
    expect(refused.headers.get("location")).toBe("/app/pricing");
    expect(decodeURIComponent(refused.headers.get("set-cookie") ?? "")).toContain(TRIAL_FAILED);
    expect(stripe.problems).toEqual([]);
  });

  it("continues a registration from a plan and billing period on the pricing page to Checkout; one without them to onboarding", async () => {
    const form = { ...registration(), selectedPlan: "growth" } as Record<string, string>;
    const visitor = new Browser(app.server.url);
    const fromPricing = await visitor.submit("/register?plan=growth&interval=monthly", form);
    expect(fromPricing.status, fromPricing.text).toBe(303);
    expect(fromPricing.headers.get("location")).toBe("/app/checkout?plan=growth&interval=monthly");
    const plain = await new Browser(app.server.url).submit("/register?plan=growth", { ...registration(), selectedPlan: "growth" } as Record<string, string>);
    expect(plain.headers.get("location")).toBe("/app/onboarding");
    // The form's switch starts at the period chosen on the pricing page, and the one it ends on is the one paid.
    const page = await new Browser(app.server.url).page("/register?plan=growth&interval=monthly");
    expect(page.text).toMatch(/<input[^>]*name="interval" value="monthly"[^>]*checked/);
    expect(page.text).not.toMatch(/<input[^>]*name="interval" value="annual"[^>]*checked/);
    const switched = await new Browser(app.server.url).submit("/register?plan=growth&interval=annual", { ...registration(), selectedPlan: "growth", interval: "monthly" } as Record<string, string>);
    expect(switched.headers.get("location")).toBe("/app/checkout?plan=growth&interval=monthly");

    const checkout = await visitor.page("/app/checkout?plan=growth&interval=monthly");
    expect(checkout.status).toBe(303);
    expect(checkout.headers.get("location")).toMatch(new RegExp(`^${stripe.url}/checkout/`));
  });

  it("opens the customer portal for a workspace with a customer; before one, says to choose a plan", async () => {
    const { browser } = await signUp(app.server.url);
    const none = await browser.post("/api/billing/portal");
    expect(none.status).toBe(400);
    expect(none.data.detail).toBe("Choose a plan first: there is no billing to manage yet.");

    await browser.post("/api/start-trial", { planId: "starter" });
    const portal = await browser.post("/api/billing/portal");
    expect(portal.status, portal.text).toBe(200);
    expect(portal.data.url).toMatch(new RegExp(`^${stripe.url}/portal/bps_`));
    const call = stripe.requests.filter((r) => r.path === "/v1/billing_portal/sessions").pop()!;
    expect(call.params.return_url).toBe(`${app.server.url}/app/settings?tab=billing`);
  });

  it("refuses a webhook whose signature is missing or wrong, changing nothing", async () => {
    const { browser, user } = await signUp(app.server.url);
    const workspaceId = await workspaceOf(user.id);
    const started = await browser.post("/api/start-trial", { planId: "growth" });
    const sessionId = started.data.redirectUrl.split("/").pop();
    stripe.completeCheckout(sessionId);
    const delivery = stripe.webhook("checkout.session.completed", stripe.session(sessionId)!);

    const missing = await deliver(delivery, null);
    expect(missing.status).toBe(400);
    expect(missing.data.detail).toBe("The webhook's signature is missing or wrong.");
    const wrong = await deliver(stripe.webhook("checkout.session.completed", stripe.session(sessionId)!, delivery.eventId, "whsec_someone_else"));
    expect(wrong.status).toBe(400);
    const tampered = await deliver({ payload: delivery.payload.replace("growth", "agency"), signature: delivery.signature });
    expect(tampered.status).toBe(400);

    expect(await app.sql`select 1 from stripe_webhook_events where event_id = ${delivery.eventId}`).toHaveLength(0);
    expect(await eventsOf(workspaceId, "SubscriptionStarted")).toBe(0);
    expect((await workspaceRow(workspaceId)).subscription_tier).toBe("trial");
  });

  it("refuses a webhook signed with a date more than 5 minutes ahead or behind, changing nothing; a few seconds of clock skew pass", async () => {
    const { browser, user } = await signUp(app.server.url);
    const workspaceId = await workspaceOf(user.id);
    const started = await browser.post("/api/start-trial", { planId: "growth" });
    const sessionId = started.data.redirectUrl.split("/").pop();
    stripe.completeCheckout(sessionId);
    const seconds = Math.floor(Date.now() / 1000);
    const signedAt = (offset: number) => stripe.webhook("checkout.session.completed", stripe.session(sessionId)!, undefined, undefined, seconds + offset);

    const ahead = signedAt(3_600);
    const refused = await deliver(ahead);
    expect(refused.status).toBe(400);
    expect(refused.data.detail).toBe("The webhook's signature is dated more than 5 minutes ahead of this server's clock.");
    expect((await deliver(signedAt(330))).status).toBe(400);
    const old = await deliver(signedAt(-3_600));
    expect(old.status).toBe(400);
    expect(old.data.detail).toBe("The webhook's signature is missing or wrong.");
    expect(await app.sql`select 1 from stripe_webhook_events where event_id = ${ahead.eventId}`).toHaveLength(0);
    expect(await eventsOf(workspaceId, "SubscriptionStarted")).toBe(0);
    expect((await workspaceRow(workspaceId)).subscription_tier).toBe("trial");

    const skewed = await deliver(signedAt(30));
    expect(skewed.status, skewed.text).toBe(200);
    expect(await eventsOf(workspaceId, "SubscriptionStarted")).toBe(1);
  });

  it("applies a completed Checkout once: a delivery twice records nothing more", async () => {
    const { workspaceId, sessionId } = await subscribed("professional");
    expect(await workspaceRow(workspaceId)).toMatchObject({ subscription_tier: "professional", subscription_status: "active" });
    expect(await billingRow(workspaceId)).toMatchObject({ status: "trialing", plan_id: "professional" });
    expect(await eventsOf(workspaceId, "SubscriptionStarted")).toBe(1);

    const delivery = stripe.webhook("checkout.session.completed", stripe.session(sessionId)!);
    const first = await deliver(delivery);
    expect(first.data).toEqual({ received: true, duplicate: false });
    const second = await deliver(delivery);
    expect(second.status).toBe(200);
    expect(second.data).toEqual({ received: true, duplicate: true });
    expect(await eventsOf(workspaceId, "SubscriptionStarted")).toBe(1);
    expect(await planChanges(workspaceId)).toBe(1);
    expect(stripe.problems).toEqual([]);
  });

  it("applies what Stripe has now when events come out of order", async () => {
    const { workspaceId, subscription } = await subscribed("starter");
    const created = stripe.webhook("customer.subscription.created", { ...stripe.subscriptionOf(subscription.id) });
    // The plan changes in the portal; its event arrives first, the older one after it.
    stripe.updateSubscription(subscription.id, { status: "active", plan: "growth", interval: "annual" });
    const updated = await deliver(stripe.webhook("customer.subscription.updated", stripe.subscriptionOf(subscription.id)));
    expect(updated.status, updated.text).toBe(200);
    expect((await workspaceRow(workspaceId)).subscription_tier).toBe("growth");
    const late = await deliver(created);
    expect(late.data).toEqual({ received: true, duplicate: false });
    expect((await workspaceRow(workspaceId)).subscription_tier).toBe("growth");
    expect(await billingRow(workspaceId)).toMatchObject({ status: "active", plan_id: "growth" });
    expect(await eventsOf(workspaceId, "SubscriptionUpdated")).toBe(1);
  });

  it("warns in the shell while a payment has failed, until Stripe says it was paid", async () => {
    const { browser, workspaceId, subscription } = await subscribed("professional");
    stripe.updateSubscription(subscription.id, { status: "past_due" });
    const failed = await deliver(stripe.webhook("invoice.payment_failed", stripe.failedInvoice(subscription.id)));
    expect(failed.status, failed.text).toBe(200);
    expect(await eventsOf(workspaceId, "PaymentFailed")).toBe(1);

    const status = await browser.get("/api/user/subscription");
    expect(status.data).toMatchObject({ subscriptionTier: "professional", billingConfigured: true, paymentFailed: true });
    const page = await browser.page("/app/dashboard");
    expect(page.text).toContain(PAYMENT_FAILED_MESSAGE);

    stripe.updateSubscription(subscription.id, { status: "active" });
    await deliver(stripe.webhook("invoice.paid", { ...stripe.failedInvoice(subscription.id), status: "paid" }));
    expect((await browser.get("/api/user/subscription")).data.paymentFailed).toBe(false);
    expect((await browser.page("/app/dashboard")).text).not.toContain(PAYMENT_FAILED_MESSAGE);
  });

  it("returns the workspace to an expired trial when the subscription ends, pausing the accounts over the trial's limit", async () => {
    const { browser, workspaceId, subscription } = await subscribed("professional");
    for (const name of ["One", "Two", "Three", "Four", "Five"]) {
      const created = await browser.post("/api/social-accounts/sandbox", { platform: "facebook", accountName: `Lee Dental ${name}` });
      expect(created.status, created.text).toBe(201);
    }
    stripe.updateSubscription(subscription.id, { status: "canceled" });
    const ended = await deliver(stripe.webhook("customer.subscription.deleted", stripe.subscriptionOf(subscription.id)));
    expect(ended.status, ended.text).toBe(200);

    expect(await workspaceRow(workspaceId)).toMatchObject({ subscription_tier: "trial", subscription_status: "expired", is_trial_active: false });
    const accounts = await app.sql<{ account_name: string; is_active: boolean; disconnected_at: Date | null }[]>`
      select account_name, is_active, disconnected_at from social_accounts where workspace_id = ${workspaceId} order by connected_at, id`;
    expect(accounts).toHaveLength(5);
    expect(accounts.map((a) => a.is_active)).toEqual([true, true, true, false, false]);
    expect(accounts.every((a) => a.disconnected_at === null)).toBe(true);
    expect(await eventsOf(workspaceId, "SubscriptionCanceled")).toBe(1);

    // An older delivery of the subscription cannot bring it back.
    await deliver(stripe.webhook("customer.subscription.updated", { ...stripe.subscriptionOf(subscription.id), status: "active" }));
    expect((await workspaceRow(workspaceId)).subscription_tier).toBe("trial");
  });

  it("shows the plan, status, next invoice, card and invoices read from Stripe in Settings > Billing", async () => {
    const { browser, sessionId } = await subscribed("professional");
    const returned = await browser.page(`/app/checkout/return?session_id=${sessionId}`);
    expect(returned.status).toBe(303);
    expect(decodeURIComponent(returned.headers.get("set-cookie") ?? "")).toContain("Trial Started!");

    const page = await browser.page("/app/settings?tab=billing");
    expect(page.status).toBe(200);
    const text = page.text.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(text).toContain("Professional Plan · $35 per month");
    expect(text).toMatch(/Trialing, free until/);
    expect(text).toMatch(/Next invoice \$35\.00 on/);
    expect(text).toContain("visa •••• 4242");
    expect(page.text).toMatch(new RegExp(`href="${stripe.url}/invoices/\\d+"`));
    expect(text).toContain("Manage billing");
    expect(text).not.toContain("Pro Plan");

    const portal = await browser.submit("/app/billing/portal", {});
    expect(portal.headers.get("location")).toMatch(new RegExp(`^${stripe.url}/portal/`));
  });

  it("lets only the owner start a subscription or open the portal", async () => {
    const { browser } = await subscribed("professional");
    const { member } = await joined(browser, email("admin"), "admin");
    const refused = await member.post("/api/start-trial", { planId: "growth" });
    expect(refused.status).toBe(403);
    expect((await member.post("/api/billing/portal")).status).toBe(403);
  });
});

describe("the billing read model", () => {
  it("is rebuilt from the events exactly as it is live, with the workspaces' plans", async () => {
    const runtime = ManagedRuntime.make(Layer.merge(Database.layerFrom(Effect.succeed(app.database.url), { max: 2 }), storedEventsLayer()));
    try {
      const result = await runtime.runPromise(verifyProjections([billingProjection, identityProjection]));
      expect(result.differences).toEqual([]);
    } finally {
      await runtime.dispose();
    }
  });
});
