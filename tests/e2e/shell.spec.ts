import { expect, test } from "./fixtures";
import { signedInUser } from "./support";

test.describe("not-found screens", () => {
  test("an unknown /app path shows the in-app not-found screen inside the shell", async ({ page }) => {
    await signedInUser(page);
    const response = await page.goto("/app/nope");
    expect(response?.status()).toBe(404);

    await expect(page.getByRole("main").getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expect(page.getByTestId("sidebar")).toBeVisible();
    await expect(page.getByTestId("sidebar").getByRole("link", { name: "Dashboard" })).toBeVisible();

    await page.getByRole("main").getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
  });

  test("an unknown public path shows the 404 page", async ({ page }) => {
    const response = await page.goto("/nope");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    // It says so once: no second, decorative "404" above the heading.
    expect((await page.locator("main").innerText()).match(/404/g)).toHaveLength(1);
    await expect(page.getByTestId("sidebar")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  });
});

test.describe("mobile sidebar", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("opens from the menu button; the overlay, a link and Escape close it", async ({ page }) => {
    await signedInUser(page);
    await page.goto("/app/dashboard");

    const sidebar = page.getByTestId("sidebar");
    const overlay = page.getByTestId("sidebar-overlay");
    const menu = page.getByTestId("mobile-menu-button");

    await expect(sidebar).toBeHidden();
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAccessibleName("Open menu");

    // Open, then close with the overlay (tapped beside the 16rem drawer).
    await menu.tap();
    await expect(sidebar).toHaveAttribute("data-open", "true");
    await expect(sidebar).toBeVisible();
    await expect(overlay).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    // It slides in (0.2 s) to the left edge, 16rem wide.
    await expect.poll(async () => Math.round((await sidebar.boundingBox())?.x ?? -1)).toBe(0);
    expect(Math.round((await sidebar.boundingBox())?.width ?? 0)).toBe(256);
    await overlay.tap({ position: { x: 350, y: 400 } });
    await expect(sidebar).toHaveAttribute("data-open", "false");
    await expect(sidebar).toBeHidden();
    await expect(overlay).toBeHidden();
    await expect(menu).toHaveAttribute("aria-expanded", "false");

    // Choosing a link closes it and navigates.
    await menu.tap();
    await expect(sidebar).toBeVisible();
    await sidebar.getByRole("link", { name: "Settings" }).tap();
    await expect(page).toHaveURL(/\/app\/settings$/);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(page.getByTestId("sidebar")).toBeHidden();
    await expect(page.getByTestId("sidebar")).toHaveAttribute("data-open", "false");

    // Escape closes it and gives the focus back to the menu button (on the new page once its scripts ran: a tap before does nothing).
    await page.waitForLoadState("load");
    await menu.tap();
    await expect(sidebar).toHaveAttribute("data-open", "true");
    await expect(sidebar).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sidebar).toHaveAttribute("data-open", "false");
    await expect(sidebar).toBeHidden();
    await expect(menu).toBeFocused();
  });
});
