import { expect, test } from "./fixtures";
import { screenshot, signedInUser, toast } from "./support";

const overflow = (page: import("@playwright/test").Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe("evergreen categories", () => {
  test("a Growth workspace makes a category evergreen: the badge and the settings stay after a reload", async ({ page, setPlan }) => {
    const owner = await signedInUser(page);
    await setPlan(owner.email, "growth");
    const created = await page.request.post("/api/categories", { data: { name: "Tips", description: "Short how-tos worth repeating", color: "green" } });
    expect(created.status()).toBe(201);
    await page.goto("/app/content-categories");

    const card = page.getByTestId("category").filter({ hasText: "Tips" });
    await expect(card.getByTestId("evergreen-badge")).toHaveCount(0);
    await card.getByRole("button", { name: "Edit Tips" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Category" });
    const settings = dialog.getByTestId("evergreen-settings");
    await settings.getByRole("switch", { name: /Evergreen/ }).check();

    // A repeat count out of range is refused with its sentence, on the field.
    await settings.getByLabel("Repeats per post, at most").fill("60");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(settings.getByText("Repeat each post 1 to 50 times (a whole number).")).toBeVisible();
    await expect(settings.getByLabel("Repeats per post, at most")).toBeFocused();

    await settings.getByLabel("Re-queue a post every (days)").fill("3");
    await settings.getByLabel("Days between repeats of a post, at least").fill("21");
    await settings.getByLabel("Repeats per post, at most").fill("4");
    await screenshot(page, "evergreen-dialog-1280");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page)).toContainText("Category Updated");
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId("evergreen-badge")).toHaveText("Evergreen");
    await expect(card.getByTestId("evergreen-summary")).toContainText("every 3 days, up to 4 repeats per post, 21 days apart");
    // No published post in it yet: it says so rather than a time.
    await expect(card.getByTestId("evergreen-summary")).toContainText("Waiting for a published post with repeats left");

    await page.reload();
    await expect(card.getByTestId("evergreen-badge")).toBeVisible();
    await card.getByRole("button", { name: "Edit Tips" }).click();
    await expect(settings.getByRole("switch", { name: /Evergreen/ })).toBeChecked();
    await expect(settings.getByLabel("Re-queue a post every (days)")).toHaveValue("3");
    await expect(settings.getByLabel("Days between repeats of a post, at least")).toHaveValue("21");
    await expect(settings.getByLabel("Repeats per post, at most")).toHaveValue("4");
    await page.keyboard.press("Escape");
    const listed = await (await page.request.get("/api/categories")).json();
    expect(listed[0].evergreen).toMatchObject({ enabled: true, everyDays: 3, minGapDays: 21, maxRepeats: 4 });

    // A post of the category goes out: its first repeat is due once it is past the 21 days.
    const account = await (await page.request.post("/api/social-accounts/sandbox", { data: { platform: "bluesky", accountName: "Tips Studio" } })).json();
    const post = await page.request.post("/api/posts", {
      data: { content: "Three ways to plan a calmer week", platforms: ["bluesky"], accountIds: [account.id], status: "published", categoryId: listed[0].id },
    });
    expect(post.status(), await post.text()).toBe(201);
    const postId = (await post.json()).id;
    await expect.poll(async () => (await (await page.request.get(`/api/posts/${postId}`)).json()).status, { timeout: 15_000 }).toBe("published");
    await page.reload();
    const nextRepeat = new Date((await (await page.request.get("/api/categories")).json())[0].evergreen.nextRepeatAt);
    expect(nextRepeat.getTime()).toBeGreaterThan(Date.now() + 20 * 86_400_000);
    // In the user's time zone, with its date and time.
    await expect(card.getByTestId("evergreen-summary")).toContainText(/Next repeat: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
    await screenshot(page, "evergreen-1280", { fullPage: true });

    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await expect(card.getByTestId("evergreen-badge")).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "evergreen-360", { fullPage: true });
    await card.getByRole("button", { name: "Edit Tips" }).click();
    await settings.scrollIntoViewIfNeeded();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "evergreen-dialog-360");

    // Turned off again from the dialog: the badge goes.
    await settings.getByRole("switch", { name: /Evergreen/ }).uncheck();
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page)).toContainText("Category Updated");
    await expect(card.getByTestId("evergreen-badge")).toHaveCount(0);
  });

  test("a new category can be made evergreen as it is created", async ({ page, setPlan }) => {
    const owner = await signedInUser(page);
    await setPlan(owner.email, "agency");
    await page.goto("/app/content-categories");
    await page.getByRole("button", { name: "New Category" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Category" });
    await dialog.getByLabel("Name").fill("Classics");
    await dialog.getByRole("switch", { name: /Evergreen/ }).check();
    await dialog.getByRole("button", { name: "Create Category" }).click();
    await expect(toast(page)).toContainText("Category Created");
    const card = page.getByTestId("category").filter({ hasText: "Classics" });
    await expect(card.getByTestId("evergreen-badge")).toBeVisible();
    await expect(card.getByTestId("evergreen-summary")).toContainText("every 7 days, up to 5 repeats per post, 30 days apart");
  });

  test("a plan without recycling sees the settings disabled, with the upgrade sentence", async ({ page }) => {
    await signedInUser(page);
    const created = await page.request.post("/api/categories", { data: { name: "News" } });
    expect(created.status()).toBe(201);
    await page.goto("/app/content-categories");
    await page.getByRole("button", { name: "Edit News" }).click();
    const settings = page.getByRole("dialog", { name: "Edit Category" }).getByTestId("evergreen-settings");
    await expect(settings).toContainText("Evergreen recycling comes with the Growth and Agency plans. Upgrade to re-queue your best posts automatically.");
    await expect(settings.getByRole("switch", { name: /Evergreen/ })).toBeDisabled();
    await expect(settings.getByRole("link", { name: "See plans" })).toHaveAttribute("href", "/app/pricing");
    await settings.scrollIntoViewIfNeeded();
    await screenshot(page, "evergreen-upgrade-1280");
    // The API says the same as the screen.
    const refused = await page.request.put(`/api/categories/${(await created.json()).id}/evergreen`, { data: { enabled: true } });
    expect(refused.status()).toBe(403);
  });

  test("a category made evergreen on Growth shows it paused after a downgrade", async ({ page, setPlan }) => {
    const owner = await signedInUser(page);
    await setPlan(owner.email, "growth");
    const created = await (await page.request.post("/api/categories", { data: { name: "Guides" } })).json();
    expect((await page.request.put(`/api/categories/${created.id}/evergreen`, { data: { enabled: true } })).status()).toBe(200);
    await setPlan(owner.email, "professional");
    await page.goto("/app/content-categories");
    const card = page.getByTestId("category").filter({ hasText: "Guides" });
    await expect(card.getByTestId("evergreen-badge")).toBeVisible();
    await expect(card.getByTestId("evergreen-summary")).toContainText("Paused: your plan does not include evergreen recycling");
  });
});
