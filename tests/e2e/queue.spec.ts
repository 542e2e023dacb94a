import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { addSandbox, newUser, registerByApi, screenshot, toast } from "./support";

/** The screen once its island has hydrated (its controls are disabled until then). */
const openQueue = async (page: Page) => {
  await page.goto("/app/queue");
  await expect(page.getByTestId("queue")).toHaveAttribute("data-hydrated", "true");
};

const inOneWeek = () => new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();

const createPost = async (request: APIRequestContext, data: Record<string, unknown>) => {
  const response = await request.post("/api/posts", { data: { platforms: ["facebook"], ...data } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
};


const card = (page: Page, text: string) => page.getByTestId("queue-post").filter({ hasText: text });

test.describe("queue", () => {
  test("a refused publish or delete: the spec's toast, and the server's reason on the card", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "facebook", "Lee Dental FB");
    const post = await createPost(page.request, { content: "Deleted in another tab", status: "scheduled", scheduledAt: inOneWeek() });
    await openQueue(page);
    await expect(card(page, "Deleted in another tab")).toBeVisible();
    // Deleted elsewhere (another tab): the card is still on this screen.
    expect(await page.evaluate(async (id) => (await fetch(`/api/posts/${id}`, { method: "DELETE" })).status, post.id)).toBe(200);

    await card(page, "Deleted in another tab").getByRole("button", { name: "Publish now" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Publish now" }).click();
    await expect(toast(page)).toContainText("Failed to publish post.");
    await expect(card(page, "Deleted in another tab").getByTestId("queue-refusal")).toHaveText("This post does not exist, or was deleted.");
  });

  test("a delete of a post changed elsewhere since the list was read: the conflict, and Reload shows the post as it is now", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "facebook", "Lee Dental FB");
    const scheduledAt = inOneWeek();
    const post = await createPost(page.request, { content: "Holiday hours: closed Monday", status: "scheduled", scheduledAt });
    await openQueue(page);
    await expect(card(page, "Holiday hours: closed Monday")).toBeVisible();
    // Someone else edits it after this page listed it.
    const edited = await page.request.put(`/api/posts/${post.id}`, {
      data: { content: "Holiday hours: open Monday 9-1", platforms: ["facebook"], status: "scheduled", scheduledAt },
    });
    expect(edited.status(), await edited.text()).toBe(200);

    await card(page, "Holiday hours: closed Monday").getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete post" }).click();
    await expect(toast(page)).toContainText("This item was changed by someone else. Reload and try again.");
    await expect(toast(page)).toHaveAttribute("data-variant", "destructive");
    const reload = toast(page).getByRole("button", { name: "Reload" });
    await expect(reload).toBeVisible();
    // Not deleted: the other edit stands.
    expect((await page.request.get(`/api/posts/${post.id}`)).status()).toBe(200);

    await reload.click();
    await expect(toast(page)).toHaveCount(0);
    await expect(card(page, "Holiday hours: open Monday 9-1")).toBeVisible();
    await expect(card(page, "Holiday hours: closed Monday")).toHaveCount(0);
    await expect(card(page, "Holiday hours: open Monday 9-1").getByTestId("queue-refusal")).toHaveCount(0);

    // Read again, the delete goes through.
    await card(page, "Holiday hours: open Monday 9-1").getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete post" }).click();
    await expect(toast(page)).toContainText("Post deleted successfully!");
    await expect(card(page, "Holiday hours: open Monday 9-1")).toHaveCount(0);
  });

  test("an empty workspace shows the empty state of each tab", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await openQueue(page);
    await expect(page.getByTestId("queue-total")).toHaveText("0");
    await expect(page.getByTestId("queue-empty")).toContainText("You have no scheduled posts");
    await expect(page.getByRole("link", { name: "Create Post" })).toHaveAttribute("href", "/compose");
    await page.getByRole("tab", { name: /Drafts/ }).click();
    await expect(page.getByTestId("queue-empty")).toContainText("You have no draft posts");
    await page.getByRole("tab", { name: /Published Posts/ }).click();
    await expect(page.getByTestId("queue-empty")).toContainText("You have no published posts");
  });

  test("tabs are deep-linkable: ?tab=drafts opens Drafts from the server, switching writes the tab to the address, an unknown tab opens Scheduled", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "facebook", "Lee Dental FB");
    await createPost(page.request, { content: "Draft about retainers" });
    await createPost(page.request, { content: "Scheduled about implants", status: "scheduled", scheduledAt: inOneWeek() });

    // The server renders the tab asked for: its posts are in the page before any script runs.
    const html = await (await page.request.get("/app/queue?tab=drafts", { headers: { accept: "text/html" } })).text();
    expect(html).toContain("Draft about retainers");
    expect(html).not.toContain("Scheduled about implants");

    await page.goto("/app/queue?tab=drafts");
    await expect(page.getByTestId("queue")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByRole("tab", { name: /Drafts/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("queue-post")).toHaveText([/Draft about retainers/]);
    const entries = await page.evaluate(() => window.history.length);

    await page.getByRole("tab", { name: /Published Posts/ }).click();
    await expect(page).toHaveURL(/\/app\/queue\?tab=published$/);
    await expect(page.getByTestId("queue-empty")).toContainText("You have no published posts");
    await page.getByRole("tab", { name: /Scheduled Posts/ }).click();
    await expect(page).toHaveURL(/\/app\/queue\?tab=scheduled$/);
    await page.getByRole("tab", { name: /Drafts/ }).click();
    await expect(page).toHaveURL(/\/app\/queue\?tab=drafts$/);
    // Switching replaces the address instead of stacking history entries; a reload keeps the tab.
    expect(await page.evaluate(() => window.history.length)).toBe(entries);
    await page.reload();
    await expect(page.getByRole("tab", { name: /Drafts/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("queue-post")).toHaveText([/Draft about retainers/]);

    for (const unknown of ["nonsense", "approval"]) {
      await page.goto(`/app/queue?tab=${unknown}`);
      await expect(page.getByTestId("queue")).toHaveAttribute("data-hydrated", "true");
      await expect(page.getByRole("tab", { name: /Scheduled Posts/ })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByTestId("queue-post")).toHaveText([/Scheduled about implants/]);
    }
  });

  test("counts, search, tabs, delete with confirmation, publish now and bulk delete", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "facebook", "Lee Dental FB");
    await addSandbox(page.request, "linkedin", "Lee Dental LI");
    await createPost(page.request, { content: "Spring cleaning special #dental #smile #health #care #spring", platforms: ["facebook", "linkedin"], status: "scheduled", scheduledAt: inOneWeek() });
    await createPost(page.request, { content: "Meet our new hygienist", status: "scheduled", scheduledAt: inOneWeek() });
    await createPost(page.request, { content: "Draft one about flossing" });
    await createPost(page.request, { content: "Draft two about braces" });
    await createPost(page.request, { content: "Draft three about whitening" });

    await openQueue(page);
    await expect(page.getByTestId("queue-total")).toHaveText("5");
    await expect(page.getByTestId("count-scheduled")).toHaveText("2");
    await expect(page.getByTestId("count-published")).toHaveText("0");
    await expect(page.getByTestId("count-draft")).toHaveText("3");
    await expect(page.getByTestId("queue-post")).toHaveCount(2);

    // Up to 4 hashtags previewed, the rest counted.
    const spring = card(page, "Spring cleaning special");
    await expect(spring.getByRole("list", { name: "Hashtags" }).locator(".badge")).toHaveCount(4);
    await expect(spring).toContainText("+1 more");
    await expect(spring).toContainText("Scheduled for");
    await expect(spring.getByRole("link", { name: /Edit post/ })).toHaveAttribute("href", /\/app\/compose\?post=/);

    // Search narrows the cards.
    await page.getByPlaceholder("Search posts...").fill("hygienist");
    await expect(page.getByTestId("queue-post")).toHaveCount(1);
    await expect(page.getByTestId("queue-post")).toContainText("Meet our new hygienist");
    await page.getByPlaceholder("Search posts...").fill("");

    // Keyboard: arrow keys move between the tabs.
    await page.getByRole("tab", { name: /Scheduled Posts/ }).focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("tab", { name: /Published Posts/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("queue-empty")).toContainText("You have no published posts");
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("tab", { name: /Drafts/ })).toBeFocused();
    await expect(page.getByTestId("queue-post")).toHaveCount(3);

    // Delete a draft: asks first, then it is gone, also after a reload.
    await card(page, "Draft one about flossing").getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Delete this post?");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(card(page, "Draft one about flossing")).toHaveCount(1);
    await card(page, "Draft one about flossing").getByRole("button", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Delete post" }).click();
    await expect(toast(page)).toContainText("Post deleted successfully!");
    await expect(card(page, "Draft one about flossing")).toHaveCount(0);
    await expect(page.getByTestId("count-draft")).toHaveText("2");
    await page.reload();
    await expect(page.getByTestId("queue")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByTestId("queue-total")).toHaveText("4");
    await page.getByRole("tab", { name: /Drafts/ }).click();
    await expect(card(page, "Draft one about flossing")).toHaveCount(0);

    // Bulk delete of the two remaining drafts.
    await page.getByRole("switch", { name: "Select All" }).check();
    await expect(page.getByTestId("bulk-bar")).toContainText("2 selected");
    // Drafts offer delete only (spec core §2): nothing here publishes them.
    await expect(page.getByTestId("bulk-bar").getByRole("button", { name: "Publish selected" })).toHaveCount(0);
    await page.getByRole("button", { name: "Delete selected" }).click();
    await expect(dialog).toContainText("Delete 2 posts?");
    await dialog.getByRole("button", { name: "Delete 2 posts" }).click();
    await expect(toast(page)).toContainText("2 posts deleted successfully!");
    await expect(page.getByTestId("queue-empty")).toContainText("You have no draft posts");
    await expect(page.getByTestId("count-draft")).toHaveText("0");

    // Publish now: the toast, then the post moves on (publishing, then published by the worker).
    await page.getByRole("tab", { name: /Scheduled Posts/ }).click();
    await card(page, "Meet our new hygienist").getByRole("button", { name: "Publish now" }).click();
    await dialog.getByRole("button", { name: "Publish now" }).click();
    await expect(toast(page)).toContainText("Post published successfully!");
    await expect
      .poll(async () => {
        const response = await page.request.get("/api/posts?q=hygienist");
        const [post] = (await response.json()).items as Array<{ status: string }>;
        return post?.status;
      })
      .toMatch(/publishing|published/);

    // Published posts cannot be deleted here: once published, no Delete button.
    await page.reload();
    await expect(page.getByTestId("queue")).toHaveAttribute("data-hydrated", "true");
    const published = Number(await page.getByTestId("count-published").textContent());
    if (published > 0) {
      await page.getByRole("tab", { name: /Published Posts/ }).click();
      await expect(card(page, "Meet our new hygienist").getByRole("button", { name: "Delete" })).toHaveCount(0);
    }
  });

  test("given a post scheduled next week, when Publish now is pressed, then it asks first (Escape cancels, focus returns) and, confirmed, the post moves to now", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "facebook", "Lee Dental FB");
    const post = await createPost(page.request, { content: "Whitening week starts now", status: "scheduled", scheduledAt: inOneWeek() });
    // On a phone first: the question fits, its buttons within reach.
    await page.setViewportSize({ width: 360, height: 740 });
    await openQueue(page);
    await card(page, "Whitening week starts now").getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByRole("dialog")).toContainText("Publish this post now?");
    await screenshot(page, "publish-now-confirm-360");
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await page.setViewportSize({ width: 1280, height: 900 });
    await openQueue(page);
    const button = card(page, "Whitening week starts now").getByRole("button", { name: "Publish now" });

    // Asked first; Escape cancels, focus goes back to the button, nothing is published.
    await button.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Publish this post now?");
    await expect(dialog).toContainText("instead of at the scheduled time");
    await expect(dialog).toContainText("Whitening week starts now");
    await screenshot(page, "publish-now-confirm-1280");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();
    expect(((await (await page.request.get(`/api/posts/${post.id}`)).json()) as { status: string }).status).toBe("scheduled");

    // Cancel does the same; the dialog's Publish now publishes it.
    await button.click();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await button.click();
    const pressed = Date.now();
    await dialog.getByRole("button", { name: "Publish now" }).click();
    await expect(toast(page)).toContainText("Post published successfully!");
    await expect
      .poll(async () => ((await (await page.request.get(`/api/posts/${post.id}`)).json()) as { status: string }).status, { timeout: 20_000 })
      .toBe("published");
    const published = (await (await page.request.get(`/api/posts/${post.id}`)).json()) as { scheduledAt: string; publishedAt: string };
    // Its time is the moment it went out, not next week.
    expect(Math.abs(Date.parse(published.scheduledAt) - pressed)).toBeLessThan(60_000);
    expect(Date.parse(published.publishedAt)).toBeGreaterThanOrEqual(Date.parse(published.scheduledAt));
    await page.reload();
    await expect(page.getByTestId("queue")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("tab", { name: /Published Posts/ }).click();
    await expect(card(page, "Whitening week starts now")).toContainText("Published");
  });

  test("filter by account narrows the posts", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "facebook", "Acme FB");
    await addSandbox(page.request, "linkedin", "Acme LI");
    await createPost(page.request, { content: "Only on Facebook", platforms: ["facebook"] });
    await createPost(page.request, { content: "Only on LinkedIn", platforms: ["linkedin"] });
    await openQueue(page);
    await page.getByRole("tab", { name: /Drafts/ }).click();
    await expect(page.getByTestId("queue-post")).toHaveCount(2);
    await page.getByLabel("Filter By").selectOption({ label: "Acme LI (LinkedIn)" });
    await expect(page.getByTestId("queue-post")).toHaveCount(1);
    await expect(page.getByTestId("queue-post")).toContainText("Only on LinkedIn");
    await expect(page.getByTestId("count-draft")).toHaveText("1");
  });

  for (const width of [1280, 360]) {
    test(`screenshot at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await registerByApi(page.request, newUser());
      await addSandbox(page.request, "facebook", "Lee Dental FB");
      await addSandbox(page.request, "instagram", "Lee Dental IG");
      await createPost(page.request, { content: "Spring cleaning special! Book now. #dental #smile #health #care #spring", platforms: ["facebook", "instagram"], media: ["https://cdn.example.com/spring.jpg"], status: "scheduled", scheduledAt: inOneWeek() });
      await createPost(page.request, { content: "Meet our new hygienist, Dana.", status: "scheduled", scheduledAt: inOneWeek() });
      await openQueue(page);
      // The first post starts on the first screen, without scrolling.
      const first = await page.getByTestId("queue-post").first().boundingBox();
      expect(first!.y + 120).toBeLessThan(width === 360 ? 740 : 900);
      await screenshot(page, `queue-${width}-first-screen`);
      await page.getByRole("checkbox", { name: /Select post: Meet/ }).check();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
      await screenshot(page, `queue-${width}`, { fullPage: true });
    });
  }
});
