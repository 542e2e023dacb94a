import { expect, test } from "@playwright/test";
import { E2E_STRIPE_PORT } from "../../playwright.config";
import { type FakeStripe, startFakeStripe } from "../support/fake-stripe";
import { signedInUser, toast } from "./support";

/**
 * Billing with Stripe in the browser, against the local server that plays Stripe's API on
 * E2E_STRIPE_PORT: choosing a plan in the app goes to (fake) Checkout; after Stripe's signed
 * webhook, Settings > Billing shows the plan, the card and the next invoice read from Stripe.
 */
let stripe: FakeStripe;
test.beforeAll(async () => {
  stripe = await startFakeStripe(E2E_STRIPE_PORT);
});
test.afterAll(() => stripe?.close());

const SHOTS = process.env.SHOTS_DIR;

test("choosing a plan opens Checkout; after the webhook Settings > Billing shows the plan, card and next invoice", async ({ page }, info) => {
  await signedInUser(page);
  await page.goto("/app/pricing");
  const professional = page.getByTestId("plan-professional");
  await professional.getByLabel("Annual").check();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pricing-1280.png`, fullPage: true });
  await professional.getByRole("button", { name: "Keep Professional" }).click();

  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/checkout/cs_test_`));
  await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
  const sessionId = page.url().split("/").pop()!;
  expect(stripe.session(sessionId)).toMatchObject({
    mode: "subscription",
    payment_method_collection: "always",
    line_items: [{ price: "price_professional_annual" }],
  });

  // The person pays; Stripe tells the app by a signed webhook.
  stripe.completeCheckout(sessionId);
  const delivery = stripe.webhook("checkout.session.completed", stripe.session(sessionId)!);
  const received = await page.request.post("/api/webhooks/stripe", {
    data: delivery.payload,
    headers: { "content-type": "application/json", "stripe-signature": delivery.signature },
  });
  expect(received.status(), await received.text()).toBe(200);

  // Back from Checkout: the toast, and the Billing tab as Stripe has it.
  await page.goto(`/app/checkout/return?session_id=${sessionId}`);
  await expect(page).toHaveURL(/\/app\/settings\?tab=billing$/);
  await expect(toast(page)).toContainText("Trial Started!");
  const billing = page.getByTestId("billing");
  await expect(billing.getByTestId("billing-plan")).toHaveText("Professional Plan · $25 per month, billed annually");
  await expect(billing.getByTestId("billing-status")).toContainText("Trialing, free until");
  await expect(billing.getByTestId("billing-card")).toContainText("visa •••• 4242");
  await expect(billing.getByTestId("billing-next-invoice")).toContainText("$300.00 on");
  await expect(billing.getByTestId("billing-invoices").getByRole("link", { name: "View" })).toHaveAttribute("href", new RegExp(`^${stripe.url}/invoices/`));
  await expect(billing).not.toContainText("Pro Plan");
  await expect(page.getByTestId("sidebar-user")).toContainText("Professional");
  await page.screenshot({ path: SHOTS ? `${SHOTS}/billing-1280.png` : info.outputPath("billing-1280.png"), fullPage: true });

  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await page.screenshot({ path: SHOTS ? `${SHOTS}/billing-360.png` : info.outputPath("billing-360.png"), fullPage: true });

  // Manage billing opens the customer portal.
  await page.getByRole("button", { name: "Manage billing" }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/portal/bps_`));
  expect(stripe.problems).toEqual([]);
});

test("a failed payment warns in the app shell", async ({ page }, info) => {
  await signedInUser(page);
  const started = await page.request.post("/api/start-trial", { data: { planId: "growth", interval: "monthly" } });
  expect(started.status()).toBe(200);
  const sessionId = (await started.json()).redirectUrl.split("/").pop();
  const subscription = stripe.completeCheckout(sessionId);
  stripe.updateSubscription(subscription.id, { status: "past_due" });
  const delivery = stripe.webhook("invoice.payment_failed", stripe.failedInvoice(subscription.id));
  const received = await page.request.post("/api/webhooks/stripe", {
    data: delivery.payload,
    headers: { "content-type": "application/json", "stripe-signature": delivery.signature },
  });
  expect(received.status()).toBe(200);
  await page.goto("/app/dashboard");
  await expect(page.getByTestId("payment-failed-banner")).toContainText("Your last payment failed. Update your card to keep your plan.");
  await page.setViewportSize({ width: 360, height: 740 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/payment-failed-360.png` });
  await page.goto("/app/pricing");
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pricing-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/app/pricing");
  await page.screenshot({ path: SHOTS ? `${SHOTS}/payment-failed-1280.png` : info.outputPath("payment-failed-1280.png") });
});
