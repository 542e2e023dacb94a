import { expect, test } from "./fixtures";
import { screenshot, signedInUser, toast } from "./support";

/**
 * Billing with Stripe in the browser, against the worker's local server that plays Stripe's API
 * (tests/e2e/fixtures.ts): choosing a plan in the app goes to (fake) Checkout; after Stripe's signed
 * webhook, Settings > Billing shows the plan, the card and the next invoice read from Stripe.
 */

test("choosing a plan opens Checkout; after the webhook Settings > Billing shows the plan, card and next invoice", async ({ page, stripe }) => {
  await signedInUser(page);
  await page.goto("/app/pricing");
  const professional = page.getByTestId("plan-professional");
  await professional.getByLabel("Annual").check();
  await screenshot(page, "pricing-1280", { fullPage: true });
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
  await screenshot(page, "billing-1280", { fullPage: true });

  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await screenshot(page, "billing-360", { fullPage: true });

  // Manage billing opens the customer portal.
  await page.getByRole("button", { name: "Manage billing" }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/portal/bps_`));
  expect(stripe.problems).toEqual([]);
});

test("a failed payment warns in the app shell", async ({ page, stripe }) => {
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
  await screenshot(page, "payment-failed-360");
  await page.goto("/app/pricing");
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await screenshot(page, "pricing-360", { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/app/pricing");
  await screenshot(page, "payment-failed-1280");
});
