import { expect, type Page, test } from "@playwright/test";
import { newUser, registerByApi, toast } from "./support";

const openDashboard = async (page: Page) => {
  await page.goto("/app/dashboard");
  await expect(page.getByTestId("dashboard-actions")).toHaveAttribute("data-hydrated", "true");
};

const openDialog = async (page: Page) => {
  await page.getByRole("button", { name: "Create Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Post" });
  await expect(dialog).toBeVisible();
  return dialog;
};

test.describe("dashboard", () => {
  test("the Create New Post dialog checks content and platforms", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await openDashboard(page);
    await expect(page.getByTestId("stat-scheduled-value")).toHaveText("0");
    await expect(page.getByTestId("next-post")).toHaveText("Nothing scheduled");
    await expect(page.getByTestId("recent-posts")).toContainText("No published posts yet");

    const dialog = await openDialog(page);
    await expect(dialog.getByTestId("char-counter")).toHaveText("0/280 characters");
    await dialog.getByRole("button", { name: "Post Now" }).click();
    await expect(dialog.getByText("Content is required")).toBeVisible();
    await expect(dialog.getByText("Select at least one platform")).toBeVisible();

    await dialog.getByLabel("Content").fill("x".repeat(281));
    await expect(dialog.getByTestId("char-counter")).toHaveText("281/280 characters");
    await expect(dialog.getByText("Content too long")).toBeVisible();

    await dialog.getByLabel("Content").fill("Hello");
    await expect(dialog.getByTestId("char-counter")).toHaveText("5/280 characters");
    await expect(dialog.getByText("Content too long")).toHaveCount(0);
    await dialog.getByLabel("Facebook").check();
    await expect(dialog.getByText("Select at least one platform")).toHaveCount(0);

    // The server refuses (no Facebook account): the spec's toast, and the reason in the dialog.
    await dialog.getByRole("button", { name: "Post Now" }).click();
    await expect(toast(page)).toContainText("Failed to create post. Please try again.");
    await expect(dialog.getByTestId("cp-refusal")).toHaveText("Connect an account of Facebook first, or unselect it.");
    await expect(dialog.getByLabel("Content")).toHaveValue("Hello");

    await dialog.getByRole("radio", { name: "Schedule for later" }).check();
    await expect(dialog.getByRole("button", { name: "Schedule Post" })).toBeVisible();
    await expect(dialog.getByLabel("Date")).toHaveAttribute("min", /^\d{4}-\d{2}-\d{2}$/);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  test("scheduling a post for tomorrow updates the cards and the calendar panel", async ({ page }) => {
    await registerByApi(page.request, newUser());
    const account = await page.request.post("/api/social-accounts/sandbox", { data: { platform: "facebook", accountName: "Lee Dental FB" } });
    expect(account.status(), await account.text()).toBe(201);
    await openDashboard(page);
    await expect(page.getByTestId("stat-accounts-value")).toHaveText("1");
    await expect(page.getByTestId("connected-accounts")).toContainText("Lee Dental FB");

    const dialog = await openDialog(page);
    await dialog.getByLabel("Facebook").check();
    await dialog.getByLabel("Content").fill("Our new opening hours start tomorrow!");
    await dialog.getByRole("radio", { name: "Schedule for later" }).check();
    const min = await dialog.getByLabel("Date").getAttribute("min");
    const tomorrow = new Date(`${min}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const date = tomorrow.toISOString().slice(0, 10);
    await dialog.getByLabel("Date").fill(date);
    await dialog.getByLabel("Time").fill("10:30");
    await dialog.getByRole("button", { name: "Schedule Post" }).click();

    await expect(toast(page)).toContainText("Post created successfully!");
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("stat-scheduled-value")).toHaveText("1");
    await expect(page.getByTestId("stat-posts-value")).toHaveText("1");
    await expect(page.getByTestId("next-post")).toHaveText(/^Next post in \d+ (hours?|days)$/);
    const day = page.locator(`[data-date="${date}"]`);
    if ((await day.count()) > 0) await expect(day).toContainText("10:30 AM");

    // Still there on a fresh load, and the dialog starts empty again.
    await openDashboard(page);
    await expect(page.getByTestId("stat-scheduled-value")).toHaveText("1");
    const again = await openDialog(page);
    await expect(again.getByLabel("Content")).toHaveValue("");
    await expect(again.getByRole("button", { name: "Post Now" })).toBeVisible();

    const csv = await page.request.get("/api/posts/export.csv?period=7d");
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-disposition"]).toContain("attachment");
    expect(await csv.text()).toContain("Our new opening hours start tomorrow!");
  });

  test("the Canva demo adds a design that can be removed", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await openDashboard(page);
    const dialog = await openDialog(page);
    await dialog.getByRole("button", { name: "Create with Canva" }).click();
    const canva = page.getByRole("dialog", { name: "Create Design with Canva" });
    await expect(canva).toBeVisible();
    await expect(canva).toContainText("Contact support");
    for (const name of ["Social Post", "Instagram Story", "Facebook Cover"]) await expect(canva.getByRole("button", { name })).toBeVisible();
    await canva.getByRole("button", { name: "Try Demo Design" }).click();
    await expect(toast(page)).toContainText("Your Canva design has been added to the post!");
    await expect(canva).toBeHidden();
    await expect(dialog).toBeVisible();
    const thumb = dialog.getByTestId("attached-media").getByRole("img");
    await expect(thumb).toHaveCount(1);
    expect(await thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await dialog.getByRole("button", { name: "Remove attachment 1" }).click();
    await expect(dialog.getByTestId("attached-media")).toHaveCount(0);
  });

  test("screenshots at 1280 and 375 px", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await page.request.post("/api/social-accounts/sandbox", { data: { platform: "facebook", accountName: "Lee Dental FB" } });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await openDashboard(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`dashboard-${width}.png`), fullPage: true });
      await openDialog(page);
      await page.screenshot({ path: test.info().outputPath(`dialog-${width}.png`) });
    }
  });
});
