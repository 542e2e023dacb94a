import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { newUser, registerByApi, screenshot, seriousViolationsIn } from "./support";

/**
 * Issue 32: on a fresh server an operator sets LinkedIn's app up from /admin/platforms, without
 * touching the environment or restarting, and a person's Connect Accounts then offers LinkedIn.
 * The app is the worker's for every spec: the console's LinkedIn app is cleared at the end.
 */

const openConnectAccounts = async (page: Page) => {
  await page.goto("/app/connect-accounts");
  await expect(page.getByTestId("connect-accounts")).toHaveAttribute("data-hydrated", "true");
};

for (const width of [1280, 360]) {
  test(`an operator configures LinkedIn in the console and a person then sees LinkedIn's card available, at ${width} px`, async ({ page, browser, baseURL, grantOperator }) => {
    await page.setViewportSize({ width, height: 900 });
    const person = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const personPage = await person.newPage();
    await registerByApi(personPage.request, newUser());
    const operator = newUser();
    await registerByApi(page.request, operator);
    await grantOperator(operator.email);
    try {
      await openConnectAccounts(personPage);
      await expect(personPage.getByTestId("platform-linkedin")).toContainText("Not available yet on this server.");

      // The operators' section of the sidebar leads to the console (on a phone, behind the menu button).
      await page.goto("/app/dashboard");
      if (width < 1000) await page.getByTestId("mobile-menu-button").click();
      await page.getByRole("link", { name: "Platform apps" }).click();
      await expect(page).toHaveURL(/\/admin\/platforms$/);
      await expect(page.getByRole("heading", { name: "Platform apps", level: 1 })).toBeVisible();

      const linkedin = page.locator('section[data-platform="linkedin"]');
      await expect(linkedin.getByTestId("platform-state")).toHaveText("Not configured");
      await expect(linkedin.locator("code").first()).toHaveText(`${baseURL}/api/auth/linkedin/callback`);
      await linkedin.getByText("How to create the app at LinkedIn").focus();
      await page.keyboard.press("Enter");
      await expect(linkedin.getByRole("listitem").filter({ hasText: "Add the redirect URI shown here" })).toBeVisible();
      await expect(linkedin.getByRole("link", { name: /Open LinkedIn's developer console/ })).toHaveAttribute("href", "https://www.linkedin.com/developers/apps");
      await screenshot(page, `platform-console-empty-${width}`);
      expect(await seriousViolationsIn(page)).toEqual([]);

      // Save with the secret forgotten: the sentence is beside the field, nothing saved.
      await linkedin.getByLabel("Client id").fill("li-e2e-client-4821");
      await linkedin.getByRole("button", { name: "Save" }).click();
      const refused = page.locator('section[data-platform="linkedin"]');
      await expect(refused.locator('[data-field-error="clientSecret"]')).toHaveText("Enter the client secret from the platform's developer console.");
      await expect(refused.getByLabel("Client id")).toHaveValue("li-e2e-client-4821");

      // With the keyboard: the secret, then Enter submits the form (Save is its first button).
      await refused.getByLabel("Client secret").fill("li-e2e-secret");
      await refused.getByLabel("Client secret").press("Enter");
      const saved = page.locator('section[data-platform="linkedin"]');
      await expect(saved.getByTestId("form-alert")).toContainText("LinkedIn now uses the app saved here.");
      await expect(saved.getByTestId("platform-state")).toHaveText("From the console");
      await expect(saved.getByLabel("Client secret")).toHaveValue("");
      await expect(saved).toContainText("leave empty to keep the current secret");
      await expect(page.locator("body")).not.toContainText("li-e2e-secret");

      await saved.getByRole("button", { name: "Check" }).click();
      const checked = page.locator('section[data-platform="linkedin"]');
      await expect(checked.getByTestId("check-result")).toContainText("Passed: The sign-in address builds: https://www.linkedin.com/oauth/v2/authorization");
      await expect(checked.getByTestId("check-result")).toContainText("LinkedIn offers no way to check a client secret without a person signing in.");
      await checked.scrollIntoViewIfNeeded();
      await screenshot(checked, `platform-console-linkedin-checked-${width}`);
      expect(await seriousViolationsIn(page)).toEqual([]);

      // The person's screen, without a restart: LinkedIn's card can be connected.
      await openConnectAccounts(personPage);
      const card = personPage.getByTestId("platform-linkedin");
      await expect(card).not.toContainText("Not available yet");
      await expect(card.getByRole("button", { name: "Connect", exact: true })).toBeEnabled();
      await screenshot(card, `platform-console-person-card-${width}`);
      const start = await personPage.request.get("/api/auth/linkedin", { maxRedirects: 0 });
      expect(start.status()).toBe(302);
      expect(new URL(start.headers().location!).searchParams.get("client_id")).toBe("li-e2e-client-4821");

      await checked.getByRole("button", { name: "Clear" }).click();
      await expect(page.locator('section[data-platform="linkedin"]').getByTestId("platform-state")).toHaveText("Not configured");
    } finally {
      await page.request.delete("/api/admin/platforms/linkedin", { headers: { origin: baseURL! } });
      await person.close();
    }
  });
}
