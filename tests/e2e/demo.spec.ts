import { expect, test } from "@playwright/test";
import { DEMO_READ_ONLY_MESSAGE } from "./support";

test.describe("demo mode", () => {
  test("shows the dashboard without an account and refuses writes", async ({ page }) => {
    await page.goto("/app/dashboard?demo=true");
    await expect(page).toHaveURL(/\/app\/dashboard\?demo=true$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Alex!" })).toBeVisible();
    await expect(page.getByTestId("demo-banner")).toContainText("Demo mode");
    await expect(page.getByTestId("demo-banner").getByRole("link", { name: "Start your free trial" })).toHaveAttribute("href", "/register");
    await expect(page.getByTestId("sidebar").getByRole("link", { name: "Exit demo" })).toBeVisible();

    // A write from the page answers 403 with the read-only message.
    const answer = await page.evaluate(async () => {
      const response = await fetch("/api/user/onboarding", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ timeZone: "Europe/Paris" }),
      });
      return { status: response.status, body: await response.text() };
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toContain(DEMO_READ_ONLY_MESSAGE);

    // The demo carries on across the app; the profile form is refused and nothing changes.
    await page.goto("/app/settings");
    await expect(page.getByTestId("demo-banner")).toBeVisible();
    const username = page.getByLabel("Username");
    const before = await username.inputValue();
    expect(before).not.toBe("");
    await username.fill(`${before}x`);
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/app/settings" && r.request().method() === "POST"),
      page.getByRole("button", { name: "Save Changes" }).click(),
    ]);
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain(DEMO_READ_ONLY_MESSAGE);
    await expect(page.getByText(DEMO_READ_ONLY_MESSAGE)).toBeVisible();

    await page.goto("/app/settings");
    await expect(page.getByLabel("Username")).toHaveValue(before);
  });
});
