import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { addSandbox, newUser, openHydrated, registerByApi, screenshot } from "./support";

/**
 * Disabled controls say why in words that show without hovering (a phone has no hover, so a `title`
 * never shows there): each points with aria-describedby at a visible sentence (DisabledReason).
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** The sentences a control is described by, each only if it shows on screen. */
const reasonsOf = (control: Locator) =>
  control.evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id))
      .filter((reason): reason is HTMLElement => reason !== null && reason.checkVisibility() && reason.getBoundingClientRect().width > 0)
      .map((reason) => reason.textContent!.trim()),
  );

/** No disabled control on the page gives its reason only in a hover title. */
const hoverOnly = (page: Page) =>
  page
    .locator("button:disabled[title], button[aria-disabled='true'][title], input:disabled[title]")
    .evaluateAll((controls) => controls.map((c) => `${c.textContent?.trim()}: ${c.getAttribute("title")}`));

test.describe("disabled controls explain themselves on a touch phone", () => {
  test("the demo's Connect Accounts: every Connect and Add sandbox account is off, and says why beside it", async ({ page }) => {
    await page.goto("/app/connect-accounts?demo=true");
    // A platform the demo has no account of.
    const card = page.locator('[data-testid^="platform-"]').filter({ has: page.getByRole("button", { name: "Connect", exact: true }) }).first();
    for (const name of ["Connect", "Add sandbox account"]) {
      const button = card.getByRole("button", { name, exact: true });
      await expect(button).toBeDisabled();
      expect(await reasonsOf(button)).toContain("Demo mode is read-only. Start your free trial to connect your own accounts and try sandbox ones.");
    }
    // Every disabled button of the screen is described by a sentence on screen.
    const undescribed = await page
      .locator("main button:disabled")
      .evaluateAll((buttons) => buttons.filter((b) => !b.getAttribute("aria-describedby")).map((b) => `${b.closest("[data-testid]")?.getAttribute("data-testid")}: ${b.textContent}`));
    expect(undescribed).toEqual([]);
    expect(await hoverOnly(page)).toEqual([]);
    await screenshot(page, "connect-accounts-demo-360");
  });

  test("compose: Post Now without an account says to choose one; with Recurring chosen, Repeat is on and off limits, and says why", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "facebook", "Lee Dental FB");
    await openHydrated(page, "/app/compose", "compose");
    const postNow = page.getByRole("button", { name: "Post Now" });
    await expect(postNow).toBeDisabled();
    expect(await reasonsOf(postNow)).toEqual(["Choose an account to post or schedule; a draft needs none."]);
    await page.getByLabel(/Lee Dental FB/).check();
    await expect(page.getByText("Choose an account to post or schedule; a draft needs none.")).toHaveCount(0);
    await page.getByLabel("Recurring", { exact: true }).check();
    const repeat = page.getByLabel("Repeat", { exact: true });
    await expect(repeat).toBeDisabled();
    await expect(repeat).toBeChecked();
    expect(await reasonsOf(repeat)).toEqual(["A recurring post always repeats: choose Schedule to post it once."]);
    expect(await hoverOnly(page)).toEqual([]);
  });

  test("Link in Bio before a username: QR Code, Share and Preview say that the page needs a username first", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await page.goto("/app/link-in-bio");
    await expect(page.getByTestId("link-in-bio")).toHaveAttribute("data-hydrated", "true");
    for (const name of ["QR Code", "Share", "Preview"]) {
      const button = page.getByRole("button", { name, exact: true });
      expect(await reasonsOf(button)).toEqual(["Choose a username in Settings to give your page its address."]);
    }
    await expect(page.getByRole("button", { name: "QR Code", exact: true })).toBeDisabled();
    expect(await hoverOnly(page)).toEqual([]);
    await screenshot(page, "link-in-bio-no-username-360");
  });
});
