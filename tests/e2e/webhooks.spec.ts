import type { IncomingHttpHeaders } from "node:http";
import { Webhook } from "standardwebhooks";
import { expect, test } from "./fixtures";
import { axeOn, screenshot, signedInUser, toast } from "./support";

/**
 * Settings › Webhooks in Chromium: an owner adds an endpoint (a local receiver the app may reach),
 * sees its signing secret, sends a test event, sees the delivery and its answer, sends it again,
 * and deletes the endpoint after confirming; at 1280 and 360 px.
 */
test.describe("Settings › Webhooks", () => {
  test("an owner adds an endpoint, sends a test event to it and sees the delivery, signed with the secret shown", async ({ page, blog }) => {
    const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
    blog.handle = (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
      });
    };
    await signedInUser(page);
    await page.goto("/app/settings?tab=webhooks");
    await expect(page.getByRole("link", { name: "Webhooks", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("webhooks-empty")).toContainText("No webhook endpoints yet.");

    await page.getByRole("button", { name: "Add endpoint" }).click();
    const form = page.getByTestId("endpoint-form");
    await expect(form.getByLabel("Endpoint URL")).toBeFocused();
    // Nothing chosen, an address on this machine's network: each field says what is wrong.
    await form.getByLabel("Endpoint URL").fill("https://10.0.0.8/hooks");
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(form).toContainText("Choose at least one event.");
    await form.getByRole("checkbox", { name: /post\.published/ }).check();
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(form).toContainText("10.0.0.8 is on a private or reserved network, which this server does not reach. Use a public address.");
    await expect(form.getByLabel("Endpoint URL")).toBeFocused();

    await form.getByLabel("Endpoint URL").fill(`${blog.url}/hooks/socialdesk`);
    await form.getByLabel(/Description/).fill("Zapier: published posts to Slack");
    await form.getByRole("checkbox", { name: /review\.received/ }).check();
    await screenshot(page, "webhooks-add", { widths: [1280, 360], fullPage: true });
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(toast(page)).toContainText("Endpoint added");

    const endpoint = page.getByTestId("webhook-endpoint");
    await expect(endpoint).toHaveCount(1);
    await expect(endpoint.getByRole("heading", { name: `${blog.url}/hooks/socialdesk` })).toBeFocused();
    await expect(endpoint).toContainText("Zapier: published posts to Slack");
    await expect(endpoint.getByRole("list", { name: "Events sent" })).toHaveText(/post\.published\s*review\.received/);
    const secret = endpoint.getByTestId("endpoint-secret");
    await expect(secret).toContainText("••••");
    await endpoint.getByRole("button", { name: "Show" }).click();
    await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const shownSecret = (await secret.textContent())!;

    await endpoint.getByRole("button", { name: "Send test event" }).click();
    await expect(toast(page)).toContainText("Test event sent");
    const delivery = endpoint.getByTestId("delivery");
    await expect(delivery).toHaveCount(1);
    await expect(delivery).toContainText("webhook.test");
    await expect(delivery).toContainText("Delivered");
    await expect(delivery.getByTestId("delivery-answer")).toHaveText('HTTP 200 · {"received":true}');
    expect(received).toHaveLength(1);
    // What arrived verifies with the secret the screen shows, as any Standard Webhooks library checks it.
    const verified = new Webhook(shownSecret).verify(received[0]!.body, received[0]!.headers as Record<string, string>);
    expect(verified).toMatchObject({ type: "webhook.test" });
    await expect(delivery).toContainText(String(received[0]!.headers["webhook-id"]));
    await screenshot(page, "webhooks-delivered", { widths: [1280, 360], fullPage: true });

    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const violations = (await axeOn(page).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Redeliver: the same message again.
    await delivery.getByRole("button", { name: /^Redeliver webhook\.test/ }).click();
    await expect(toast(page)).toContainText("Sent again");
    await expect.poll(() => received.length).toBe(2);
    expect(received[1]!.headers["webhook-id"]).toBe(received[0]!.headers["webhook-id"]);
    await expect(delivery).toContainText("2 attempts");

    // Delete, after confirming.
    await endpoint.getByRole("button", { name: `Delete ${blog.url}/hooks/socialdesk` }).click();
    const dialog = page.getByTestId("delete-endpoint-dialog");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
    await screenshot(page, "webhooks-delete", { widths: [1280] });
    await dialog.getByRole("button", { name: "Delete endpoint" }).click();
    await expect(toast(page)).toContainText("Endpoint deleted");
    await expect(page.getByTestId("webhooks-empty")).toBeVisible();
  });
});
