import { describe, expect, it } from "vitest";
import { BILLING_NOT_CONFIGURED } from "../../domain/billing";
import { Browser, signUp } from "../support/browser";
import { useAppServer } from "../support/server";

/** Billing on a server without Stripe keys: the calls answer 503 with the sentence, and the pages say it. */

const app = useAppServer({ env: { STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" } });

describe("billing without Stripe keys", () => {
  it("answers 503 with the sentence, and the pages say it", async () => {
    const { browser } = await signUp(app.server.url);
    for (const call of [() => browser.post("/api/start-trial", { planId: "professional" }), () => browser.post("/api/billing/portal")]) {
      const response = await call();
      expect(response.status).toBe(503);
      expect(response.data.detail).toBe(BILLING_NOT_CONFIGURED);
    }
    const webhook = await new Browser(app.server.url).request("POST", "/api/webhooks/stripe", { body: "{}", headers: { "content-type": "application/json" } });
    expect(webhook.status).toBe(503);
    expect((await browser.get("/api/user/subscription")).data).toMatchObject({ billingConfigured: false, paymentFailed: false });
    const unescaped = async (path: string) => (await browser.page(path)).text.replaceAll("&#39;", "'");
    expect(await unescaped("/app/settings?tab=billing")).toContain(BILLING_NOT_CONFIGURED);
    expect(await unescaped("/app/pricing")).toContain(BILLING_NOT_CONFIGURED);
  });
});
