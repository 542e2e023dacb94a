import type { Page } from "@playwright/test";
import { PLATFORM_IDS } from "../../domain/accounts/platforms";
import { TOAST_DURATION_MS } from "../../src/islands/toast/toast-store";
import { expect, test } from "./fixtures";
import { newUser, registerByApi, screenshot, seriousViolationsIn, toast } from "./support";

/** The screen once its island has hydrated (its buttons are disabled until then). */
const openConnectAccounts = async (page: Page) => {
  await page.goto("/app/connect-accounts");
  await expect(page.getByTestId("connect-accounts")).toHaveAttribute("data-hydrated", "true");
};

// Every check at a desktop's width and at a phone's.
for (const width of [1280, 360]) {
  test.describe(`connect accounts at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test("a sandbox account shows as Connected and the meter moves, up to the trial's limit", async ({ page }) => {
      // The page's clock, so that the last toast's five seconds pass at once.
      await page.clock.install();
      await registerByApi(page.request, newUser());
      await openConnectAccounts(page);
      await expect(page.getByTestId("account-usage")).toHaveText("0 of 3 accounts used");

      for (const [platform, name] of [
        ["facebook", "Lee Dental FB"],
        ["linkedin", "Lee Dental LI"],
        ["bluesky", "Lee Dental Sky"],
      ] as const) {
        await page.getByTestId(`platform-${platform}`).getByRole("button", { name: "Add sandbox account" }).click();
        await page.getByLabel("Account name").fill(name);
        await page.getByRole("button", { name: "Add account" }).click();
        await expect(toast(page)).toContainText("Account Connected!");
        await expect(page.getByTestId(`platform-${platform}`).getByRole("button", { name: "Connected" })).toBeDisabled();
      }
      await expect(page.getByTestId("account-usage")).toHaveText("3 of 3 accounts used");
      const limit = "You've reached your limit of 3 social accounts. Upgrade to connect more platforms.";
      await expect(page.getByTestId("account-meter")).toContainText(limit);

      // At the limit, connecting is disabled up front, with the reason and the way to more.
      const reddit = page.getByTestId("platform-reddit");
      await expect(reddit.getByRole("button", { name: "Add sandbox account" })).toBeDisabled();
      await expect(page.getByTestId("platform-yelp").getByRole("button", { name: "Connect", exact: true })).toBeDisabled();
      const described = await reddit.getByRole("button", { name: "Add sandbox account" }).getAttribute("aria-describedby");
      await expect(page.locator(`#${described}`)).toContainText(limit);
      await expect(page.getByTestId("account-meter").getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/app/pricing");
      await page.clock.fastForward(TOAST_DURATION_MS);
      await expect(toast(page)).toHaveCount(0);
      await page.getByTestId("account-meter").scrollIntoViewIfNeeded();
      await screenshot(page, `connect-accounts-limit-${width}`);
      await page.getByRole("heading", { name: "Social networks" }).scrollIntoViewIfNeeded();
      await screenshot(page, `connect-accounts-limit-cards-${width}`);

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
      await page
        .getByRole("dialog")
        .getByRole("button", { name: /Disconnect/ })
        .click();
      await expect(toast(page)).toContainText("Account disconnected successfully!");
      await expect(page.getByTestId("account-usage")).toHaveText("0 of 3 accounts used");
    });

    test("cards search by name and filter by kind, and say so when nothing matches", async ({ page }) => {
      await registerByApi(page.request, newUser());
      await page.request.post("/api/social-accounts/sandbox", { data: { platform: "bluesky", accountName: "Lee Dental Sky" } });
      await openConnectAccounts(page);
      const cards = page.locator('[data-testid^="platform-"]');
      await expect(cards).toHaveCount(PLATFORM_IDS.length);
      await page.getByRole("searchbox", { name: "Search platforms" }).fill("you");
      await expect(cards).toHaveCount(1);
      await expect(page.getByTestId("platform-youtube")).toBeVisible();
      await page.getByRole("searchbox", { name: "Search platforms" }).fill("");
      const kinds = page.getByRole("group", { name: "Kind" });
      await kinds.getByRole("button", { name: "Review sites" }).click();
      await expect(kinds.getByRole("button", { name: "Review sites" })).toHaveAttribute("aria-pressed", "true");
      await expect(cards).toHaveCount(7);
      await expect(page.getByRole("heading", { name: "Social networks" })).toHaveCount(0);
      await kinds.getByRole("button", { name: "Connected" }).click();
      await expect(cards).toHaveCount(1);
      await expect(page.getByTestId("platform-bluesky")).toBeVisible();
      await page.getByRole("searchbox", { name: "Search platforms" }).fill("myspace");
      await expect(cards).toHaveCount(0);
      await expect(page.getByRole("status").filter({ hasText: "No platform matches “myspace” among connected." })).toBeVisible();
      await page.getByRole("searchbox", { name: "Search platforms" }).scrollIntoViewIfNeeded();
      await screenshot(page, `connect-accounts-no-match-${width}`);
      await page.getByRole("button", { name: "Show all platforms" }).click();
      await expect(cards).toHaveCount(PLATFORM_IDS.length);
      await expect(page.getByRole("searchbox", { name: "Search platforms" })).toHaveValue("");
      await expect(kinds.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");
    });

    test("the server's set-up is shown to operators only; others can still add a sandbox account", async ({ page, grantOperator }) => {
      const user = newUser();
      await registerByApi(page.request, user);
      await openConnectAccounts(page);
      const facebook = page.getByTestId("platform-facebook");
      await expect(facebook).toContainText("Not available yet on this server. You can still try it with a sandbox account.");
      await expect(facebook).not.toContainText("FACEBOOK_CLIENT_ID");
      await expect(facebook.getByRole("button", { name: "Add sandbox account" })).toBeEnabled();
      await expect(facebook.getByRole("button", { name: "Connect", exact: true })).toBeDisabled();
      await screenshot(facebook, `connect-accounts-card-user-${width}`);

      await grantOperator(user.email);
      await openConnectAccounts(page);
      await expect(facebook).toContainText("Not configured on this server. Set FACEBOOK_CLIENT_ID and FACEBOOK_CLIENT_SECRET.");
      await expect(facebook).not.toContainText("Not available yet");
      await screenshot(facebook, `connect-accounts-card-operator-${width}`);
    });

    test("screenshot: every platform shows its own mark, each account its avatar", async ({ page }) => {
      await registerByApi(page.request, newUser());
      await page.request.post("/api/social-accounts/sandbox", { data: { platform: "instagram", accountName: "Lee Dental IG" } });
      await openConnectAccounts(page);
      // The logo sprite loads (a broken <use> reference draws nothing: width 0 in the layout of its symbol).
      const drawn = await page
        .getByTestId("platform-bluesky")
        .locator(".platform-badge use")
        .evaluate((use) => (use as SVGUseElement).getBBox().width);
      expect(drawn).toBeGreaterThan(0);
      // No picture for a sandbox account: its initials, with Instagram's mark at the corner.
      const avatar = page.getByTestId("account-instagram").locator(".account-avatar");
      await expect(avatar.locator(".account-initials")).toHaveText("LD");
      await expect(avatar.locator(".platform-badge.platform-instagram")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
      await screenshot(page, `connect-accounts-${width}`, { fullPage: true });
      await page.getByTestId("account-instagram").scrollIntoViewIfNeeded();
      await screenshot(page, `connect-accounts-${width}-accounts`);
    });

    test("the dashboard and settings show an account by its avatar and platform mark", async ({ page }) => {
      await registerByApi(page.request, newUser());
      await page.request.post("/api/social-accounts/sandbox", { data: { platform: "linkedin", accountName: "Rivera Studio" } });
      for (const [path, row] of [
        ["/app/dashboard", page.getByTestId("dash-account-linkedin")],
        ["/app/settings?tab=accounts", page.getByTestId("connected-account").filter({ hasText: "Rivera Studio" })],
      ] as const) {
        await page.goto(path);
        await expect(row.locator(".account-initials")).toHaveText("RS");
        await expect(row.locator(".platform-badge.platform-linkedin")).toBeVisible();
        await expect(row).toContainText("LinkedIn");
        expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
        await screenshot(row, `account-row-${path.split(/[/?]/)[2]}-${width}`);
      }
    });

    test("the demo's recent and top posts name their platforms with the platforms' marks", async ({ page }) => {
      await page.goto("/app/dashboard?demo=true");
      const recent = page.getByTestId("recent-posts").locator(".platform-chip");
      await expect(recent.first()).toBeVisible();
      await expect(recent.first().locator(".platform-badge")).toBeVisible();
      await expect(recent.first()).toHaveText(/\S/);
      await screenshot(page.getByTestId("recent-posts"), `recent-posts-${width}`);

      await page.goto("/app/analytics");
      const top = page.getByTestId("top-posts").locator(".platform-chip");
      await expect(top.first()).toBeVisible();
      await expect(top.first().locator(".platform-badge")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
      await screenshot(page.getByTestId("top-posts"), `top-posts-${width}`);
    });
  });
}

test("a business with two locations adds a second sandbox account of one platform, with a name of its own", async ({ page }) => {
  await registerByApi(page.request, newUser());
  expect((await page.request.post("/api/social-accounts/sandbox", { data: { platform: "facebook", accountName: "Sunrise Bakery" } })).status()).toBe(201);
  await openConnectAccounts(page);
  const facebook = page.getByTestId("platform-facebook");
  await facebook.getByRole("button", { name: "Add another sandbox account" }).click();
  const dialog = page.getByRole("dialog", { name: "Add another Facebook sandbox account" });
  await expect(dialog).toContainText('For another location or brand: give it a name of its own (you have "Sunrise Bakery").');
  await expect(dialog.getByLabel("Account name")).toHaveAttribute("placeholder", "Main Street location");
  await screenshot(page, "connect-accounts-second-sandbox", { widths: [1280, 360] });
  expect(await seriousViolationsIn(page, "dialog[open]")).toEqual([]);

  // The first one's name again: refused, saying why.
  await dialog.getByLabel("Account name").fill("Sunrise Bakery");
  await dialog.getByRole("button", { name: "Add account" }).click();
  await expect(toast(page)).toContainText('You already have a Facebook sandbox account named "Sunrise Bakery".');
  await dialog.getByLabel("Account name").fill("Sunrise Bakery Main Street");
  // What its made-up people write is for a bakery: chosen here, or read from the name when left alone.
  await expect(dialog.getByLabel("Kind of business")).toHaveValue("");
  await dialog.getByLabel("Kind of business").selectOption({ label: "Food and drink (bakery, café, restaurant)" });
  await dialog.getByRole("button", { name: "Add account" }).click();
  await expect(toast(page).filter({ hasText: "Account Connected!" })).toBeVisible();
  await expect(dialog).toBeHidden();
  const rows = page.getByTestId("account-facebook");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Sunrise Bakery Main Street");
  await expect(page.getByTestId("account-usage")).toHaveText("2 of 3 accounts used");
  const saved = (await (await page.request.get("/api/social-accounts")).json()) as Array<{ accountName: string; metadata: Record<string, unknown> }>;
  expect(saved.find((a) => a.accountName === "Sunrise Bakery Main Street")?.metadata.businessKind).toBe("food");

  // Compose offers both, each by its name.
  await page.goto("/app/compose");
  await expect(page.getByTestId("account-list").locator(".compose-account-name")).toHaveText(["Sunrise Bakery", "Sunrise Bakery Main Street"]);
  await page.goto("/app/connect-accounts");
  await page.getByTestId("account-facebook").first().scrollIntoViewIfNeeded();
  await screenshot(page, "connect-accounts-two-locations", { widths: [1280, 360] });
});
