import type { AppViewHandler } from "../support/local-servers";
import { expect, test } from "./fixtures";
import { newUser, registerByApi, screenshot, toast } from "./support";

/** The AppView the app searches: one public post about braces, as searchPosts lists it. */
const POST = {
  uri: "at://did:plc:janesmithe2e000000000000/app.bsky.feed.post/3kbraces00001",
  cid: "bafyreibracesbracesbracesbracesbracesbracesbracesbraces4",
  author: { did: "did:plc:janesmithe2e000000000000", handle: "jane.bsky.social", displayName: "Jane Smith" },
  record: {
    $type: "app.bsky.feed.post",
    text: "Do braces hurt? Looking for a gentle orthodontist in Lyon",
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
  },
  likeCount: 4,
  repostCount: 1,
  replyCount: 2,
  indexedAt: new Date(Date.now() - 3_600_000).toISOString(),
};

const searchPosts: AppViewHandler = (url, send) => {
  const q = (url.searchParams.get("q") ?? "").toLowerCase();
  const posts = url.pathname === "/xrpc/app.bsky.feed.searchPosts" && POST.record.text.toLowerCase().includes(q) ? [POST] : [];
  send(200, { posts });
};

test.describe("social listening", () => {
  test("a monitor finds public posts; one goes to the inbox and gets a reply", async ({ page, setPlan, appView }) => {
    test.setTimeout(90_000);
    appView.answer = searchPosts;
    const owner = newUser({ firstName: "Lee", lastName: "Park" });
    await registerByApi(page.request, owner);
    await setPlan(owner.email, "growth");
    expect((await page.request.post("/api/social-accounts/sandbox", { data: { platform: "bluesky", accountName: "Lee Dental" } })).status()).toBe(201);

    await page.goto("/app/social-listening");
    const screen = page.getByTestId("social-listening");
    await expect(screen).toHaveAttribute("data-hydrated", "true");
    await screen.getByRole("button", { name: "Start listening" }).click();
    await expect(screen.getByText("Give the monitor a name of 1 to 60 characters.")).toBeVisible();
    // Said once, beside its field: no toast repeats it.
    await expect(toast(page)).toHaveCount(0);
    await screen.getByLabel("Name").fill("Orthodontics");
    await screen.getByLabel("Keywords and #hashtags").fill("braces, #orthodontist");
    await screen.getByRole("button", { name: "Start listening" }).click();
    await expect(toast(page).filter({ hasText: "Monitor Created" })).toBeVisible();
    await expect(screen.getByTestId("listening-monitor")).toContainText("braces · #orthodontist");

    // The worker searches the new monitor at once.
    const found = screen.getByTestId("listening-post");
    await expect
      .poll(
        async () => {
          await page.reload();
          await expect(screen).toHaveAttribute("data-hydrated", "true");
          return found.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await expect(found).toContainText("Do braces hurt?");
    await expect(screen.getByRole("img", { name: "Posts per day over 14 days" })).toBeVisible();
    await screenshot(page, "listening-1280", { fullPage: true });

    await found.getByRole("button", { name: "Add to inbox" }).click();
    await expect(toast(page).filter({ hasText: "Added to Inbox" })).toBeVisible();
    await found.getByRole("button", { name: "Reply" }).click();
    await found.getByLabel("Your reply").fill("Hardly at all! Come and see us for a free check.");
    await found.getByRole("button", { name: "Reply publicly" }).click();
    await expect(toast(page).filter({ hasText: "Reply Sent! ✅" })).toBeVisible();

    await page.goto("/app/social-inbox");
    const message = page.getByTestId("inbox-message").filter({ hasText: "Do braces hurt?" });
    await expect(message).toHaveCount(1);

    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto("/app/social-listening");
    await expect(screen).toHaveAttribute("data-hydrated", "true");
    const widest = await page.evaluate(() =>
      [...document.querySelectorAll("main *")]
        .filter((e) => e.getBoundingClientRect().right > 361)
        .slice(0, 3)
        .map((e) => `${e.tagName}.${e.className}`),
    );
    expect(widest).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "listening-360", { fullPage: true });
  });
});
