import { expect, test } from "./fixtures";
import { newUser, registerByApi, screenshot, toast } from "./support";

/** The practice's blog feed, served by the worker's local site that the app may read (OUTBOUND_ALLOW_HOSTS). */
const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Lee Dental blog</title><link>https://blog.example.com/</link>
  <item><guid>gums</guid><title>Five tips for healthy gums</title><link>https://blog.example.com/gums</link>
    <description><![CDATA[<p>Brush <b>twice</b> a day.</p>]]></description><pubDate>Mon, 23 Nov 2026 10:00:00 GMT</pubDate></item>
  <item><guid>kids</guid><title>Your child's first visit</title><link>https://blog.example.com/kids</link>
    <description>What to expect.</description><pubDate>Tue, 10 Nov 2026 10:00:00 GMT</pubDate></item>
</channel></rss>`;

test.describe("RSS auto-posting", () => {
  test("a feed is added (a wrong address says why), read at once, and its newest item becomes a post; paused and deleted", async ({ page, setPlan, blog }) => {
    test.setTimeout(90_000);
    blog.handle = (req, res) => {
      if (req.url === "/feed.xml") return void res.writeHead(200, { "content-type": "application/rss+xml" }).end(FEED);
      res.writeHead(404).end("not found");
    };
    const owner = newUser({ firstName: "Ann", lastName: "Lee", company: "Lee Dental" });
    await registerByApi(page.request, owner);
    await setPlan(owner.email, "growth");
    const account = await page.request.post("/api/social-accounts/sandbox", { data: { platform: "facebook", accountName: "Lee Dental FB" } });
    expect(account.status()).toBe(201);

    await page.goto("/app/rss-feeds");
    const board = page.getByTestId("rss-feeds");
    await expect(board).toHaveAttribute("data-hydrated", "true");
    await expect(board.getByRole("heading", { name: "No RSS Feeds" })).toBeVisible();
    await screenshot(page, "rss-empty-1280", { fullPage: true });

    await board.getByRole("button", { name: "Add Feed" }).click();
    const dialog = page.getByRole("dialog", { name: "Add RSS Feed" });
    await dialog.getByRole("button", { name: "Add Feed" }).click();
    await expect(dialog.getByText("Name is required")).toBeVisible();
    await expect(dialog.getByText("URL is required")).toBeVisible();
    await expect(dialog.getByText("Choose at least one account to post to.")).toBeVisible();

    await dialog.getByLabel("Name").fill("Practice blog");
    await dialog.getByLabel("Feed URL").fill(`${blog.url}/missing.xml`);
    await dialog.getByRole("checkbox", { name: "Lee Dental FB" }).check();
    await expect(dialog.getByLabel("Post template")).toHaveValue("New post: {title}\n\n{url}");
    await dialog.getByRole("button", { name: "Add Feed" }).click();
    await expect(toast(page).filter({ hasText: "Failed to add RSS feed. Please check the URL and try again." })).toBeVisible();
    await expect(dialog.getByText("The feed address answered HTTP 404 (not found).")).toBeVisible();

    await dialog.getByLabel("Feed URL").fill(`${blog.url}/feed.xml`);
    await screenshot(page, "rss-dialog-1280");
    await dialog.getByRole("button", { name: "Add Feed" }).click();
    await expect(toast(page).filter({ hasText: "RSS Feed Added" })).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The worker reads the new feed at once: its newest item is posted, the older one passed over.
    const feed = board.getByTestId("rss-feed").filter({ hasText: "Practice blog" });
    await expect(feed.getByTestId("rss-posts-made")).toHaveText("1", { timeout: 30_000 });
    await expect(feed).toContainText("Immediately");
    await feed.getByRole("button", { name: "History" }).click();
    const posted = feed.getByTestId("rss-item").filter({ hasText: "Five tips for healthy gums" });
    await expect(posted).toContainText("Posted");
    await expect(feed.getByTestId("rss-item").filter({ hasText: "Your child's first visit" })).toContainText("Not posted");
    await screenshot(page, "rss-feeds-1280", { fullPage: true });

    const posts = (await (await page.request.get("/api/posts")).json()).items as Array<{ content: string }>;
    expect(posts.map((p) => p.content)).toContain("New post: Five tips for healthy gums\n\nhttps://blog.example.com/gums");
    await posted.getByRole("link", { name: "View post" }).click();
    await expect(page).toHaveURL(/\/app\/posts\/[0-9a-f-]{36}$/);
    await expect(page.getByText("New post: Five tips for healthy gums").first()).toBeVisible();

    await page.goto("/app/rss-feeds");
    await expect(board).toHaveAttribute("data-hydrated", "true");
    await feed.getByRole("button", { name: "Pause" }).click();
    await expect(toast(page).filter({ hasText: "RSS Feed Updated" })).toBeVisible();
    await expect(feed).toContainText("Paused");
    await page.reload();
    await expect(feed).toContainText("Paused");

    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    await expect(board).toHaveAttribute("data-hydrated", "true");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "rss-feeds-360", { fullPage: true });
    await feed.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByRole("dialog", { name: "Edit RSS Feed" }).getByLabel("Name")).toHaveValue("Practice blog");
    await screenshot(page, "rss-dialog-360");
    await page.getByRole("dialog", { name: "Edit RSS Feed" }).getByRole("button", { name: "Cancel" }).click();

    page.once("dialog", (confirm) => void confirm.accept());
    await feed.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page).filter({ hasText: "RSS Feed Deleted" })).toBeVisible();
    await expect(board.getByRole("heading", { name: "No RSS Feeds" })).toBeVisible();
  });

  test("plans without RSS auto-posting see the premium gate", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await page.goto("/app/rss-feeds");
    await expect(page.getByTestId("premium-gate")).toBeVisible();
    await expect(page.getByTestId("rss-feeds")).toHaveCount(0);
  });
});
