import { expect, test } from "@playwright/test";
import { type Page } from "@playwright/test";
import { newUser, registerByApi, toast } from "./support";

/** The screen once its island has hydrated (its buttons are disabled until then). */
const openConnectAccounts = async (page: Page) => {
  await page.goto("/app/connect-accounts");
  await expect(page.getByTestId("connect-accounts")).toHaveAttribute("data-hydrated", "true");
};

test.describe("connect accounts", () => {
  test("a sandbox account shows as Connected and the meter moves, up to the trial's limit", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await openConnectAccounts(page);
    await expect(page.getByTestId("account-usage")).toHaveText("0 of 3 accounts used");

    for (const [platform, name] of [["facebook", "Lee Dental FB"], ["linkedin", "Lee Dental LI"], ["bluesky", "Lee Dental Sky"]] as const) {
      await page.getByTestId(`platform-${platform}`).getByRole("button", { name: "Add sandbox account" }).click();
      await page.getByLabel("Account name").fill(name);
      await page.getByRole("button", { name: "Add account" }).click();
      await expect(toast(page)).toContainText("Account Connected!");
      await expect(page.getByTestId(`platform-${platform}`).getByRole("button", { name: "Connected" })).toBeDisabled();
    }
    await expect(page.getByTestId("account-usage")).toHaveText("3 of 3 accounts used");
    const limit = "You've reached your limit of 3 social accounts. Upgrade to connect more platforms.";
    await expect(page.getByTestId("account-meter")).toContainText(limit);

    await page.getByTestId("platform-reddit").getByRole("button", { name: "Add sandbox account" }).click();
    await expect(toast(page)).toContainText(limit);

    // Still there after a reload: saved on the server.
    await page.reload();
    await expect(page.getByTestId("connect-accounts")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByTestId("account-usage")).toHaveText("3 of 3 accounts used");
    await expect(page.getByTestId("account-facebook")).toContainText("Lee Dental FB");
  });

  test("disconnecting asks first, then frees a place", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await openConnectAccounts(page);
    await page.getByTestId("platform-yelp").getByRole("button", { name: "Connect" }).click();
    await page.getByLabel("Profile address").fill("www.yelp.com/biz/lee-dental-springfield");
    await page.getByRole("dialog").getByRole("button", { name: "Connect" }).click();
    await expect(page.getByTestId("account-yelp")).toContainText("Listing");
    await expect(page.getByTestId("account-usage")).toHaveText("1 of 3 accounts used");

    await page.getByTestId("account-yelp").getByRole("button", { name: "Disconnect" }).click();
    await page.getByRole("dialog").getByRole("button", { name: /Disconnect/ }).click();
    await expect(toast(page)).toContainText("Account disconnected successfully!");
    await expect(page.getByTestId("account-usage")).toHaveText("0 of 3 accounts used");
  });

  for (const width of [1280, 360]) {
    test(`screenshot at ${width} px: every platform shows its own mark`, async ({ page }, info) => {
      await page.setViewportSize({ width, height: 900 });
      await registerByApi(page.request, newUser());
      await page.request.post("/api/social-accounts/sandbox", { data: { platform: "instagram", accountName: "Lee Dental IG" } });
      await openConnectAccounts(page);
      // The logo sprite loads (a broken <use> reference draws nothing: width 0 in the layout of its symbol).
      const drawn = await page.getByTestId("platform-bluesky").locator(".platform-badge use").evaluate((use) => (use as SVGUseElement).getBBox().width);
      expect(drawn).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
      await page.screenshot({ path: info.outputPath(`connect-accounts-${width}.png`), fullPage: true });
    });
  }
});
