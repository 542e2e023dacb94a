import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { newUser, registerByApi, screenshot, wordsBrokenIn } from "./support";

/** A surname wider than a phone's line: its word ends in an ellipsis instead of breaking ("Wolfeschlegel/steinhausen…"). */
const LONG_WORD = "Wolfeschlegelsteinhausenbergerdorff";

/** Whether the page scrolls sideways at its width. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Opens each screen and checks its names (a selector): none broken inside a word, the page no wider than 360 px. */
const namesWhole = async (page: Page, screens: ReadonlyArray<readonly [string, string]>, screenshots = false) => {
  for (const [path, names] of screens) {
    await page.goto(path);
    const shown = page.locator(names);
    await expect(shown.first(), path).toBeVisible();
    expect(await wordsBrokenIn(shown), path).toEqual([]);
    expect(await pageWidth(page), path).toBeLessThanOrEqual(360);
    if (screenshots) await screenshot(page, `names${path.replaceAll(/[/?=]/g, "-")}-360`, { fullPage: true });
  }
};

test.describe("names", () => {
  test("at 360 px no name breaks inside a word: people, clients, accounts and the audit trail of a workspace with long names, and the demo's screens", async ({
    page,
    browser,
    setPlan,
  }) => {
    test.setTimeout(60_000);
    const owner = newUser({ firstName: "Maximiliana", lastName: LONG_WORD, company: "Morgan Family Dental Associates" });
    await registerByApi(page.request, owner);
    await setPlan(owner.email, "agency");
    for (const accountName of ["Morgan Family Dental Orthodontics and Pediatric Dentistry", `Morgan ${LONG_WORD} Dental`])
      expect((await page.request.post("/api/social-accounts/sandbox", { data: { platform: "facebook", accountName } })).status()).toBe(201);
    expect((await page.request.post("/api/clients", { data: { name: "Morgan Family Dental Main Street" } })).status()).toBe(201);
    expect((await page.request.post("/api/team-invites", { data: { email: `office.manager.${Date.now().toString(36)}@morganfamilydental.example`, role: "member" } })).status()).toBe(201);

    await page.setViewportSize({ width: 360, height: 800 });
    await namesWhole(page, [
      ["/app/dashboard", '[data-testid="connected-accounts"] .name'],
      ["/app/settings?tab=accounts", '[data-testid="connected-account"] .account-name > span:first-child'],
      ["/app/connect-accounts", ".account-title > strong"],
      ["/app/team-management", ".team-name, .team-email"],
      ["/app/team-management/clients", ".client-title h2, .person"],
      ["/app/audit", ".audit-actor"],
    ], true);
    // The whole name is still there, to read in full where it is cut.
    await page.goto("/app/team-management");
    await expect(page.getByTestId("team-member").locator(".team-name")).toHaveAttribute("title", `Maximiliana ${LONG_WORD}`);

    // The demo, as a prospect first sees it (signed out): its practice's and its people's names.
    const prospect = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const visitor = await prospect.newPage();
    await namesWhole(visitor, [
      ["/app/dashboard?demo=true", '[data-testid="connected-accounts"] .name'],
      ["/app/settings?tab=accounts", '[data-testid="connected-account"] .account-name > span:first-child'],
      ["/app/connect-accounts", ".account-title > strong"],
      ["/app/reviews", ".review-who > strong"],
      ["/app/team-management", ".team-name"],
    ]);
    await prospect.close();
  });
});
