import type { AppViewHandler } from "../support/local-servers";
import { expect, test } from "./fixtures";
import { axeOn, newUser, registerByApi, screenshot, toast } from "./support";

/** The AppView the app asks: one competitor, Rival Dental, with three posts of the last weeks. */
const DID = "did:plc:rivaldentale2e00000000000";
const feedPost = (n: number, ageDays: number, likes: number, text: string) => ({
  post: {
    uri: `at://${DID}/app.bsky.feed.post/3krival0000${n}`,
    author: { did: DID, handle: "rival-dental.bsky.social" },
    record: { text, createdAt: new Date(Date.now() - ageDays * 86_400_000).toISOString() },
    likeCount: likes,
    repostCount: 3,
    replyCount: 2,
    indexedAt: new Date(Date.now() - ageDays * 86_400_000).toISOString(),
  },
});
const rival: AppViewHandler = (url, send) => {
  const actor = url.searchParams.get("actor");
  if (url.pathname === "/xrpc/app.bsky.actor.getProfile")
    return actor === "rival-dental.bsky.social" || actor === DID
      ? send(200, { did: DID, handle: "rival-dental.bsky.social", displayName: "Rival Dental", followersCount: 4810, postsCount: 612 })
      : send(400, { error: "InvalidRequest", message: "Profile not found" });
  if (url.pathname === "/xrpc/app.bsky.feed.getAuthorFeed")
    return send(200, {
      feed: [
        feedPost(1, 1, 42, "Free whitening consultations all of December: book online in two minutes."),
        feedPost(2, 4, 18, "Meet Dr. Amara, our new paediatric dentist."),
        feedPost(3, 12, 7, "Our Saturday hours are back."),
      ],
    });
  send(404, { error: "MethodNotImplemented" });
};

test.describe("competitor tracking", () => {
  test("a Growth owner tracks a competitor by its Bluesky handle, sees it next to their own account, and removes it", async ({ page, setPlan, appView }) => {
    appView.answer = rival;
    const owner = newUser({ firstName: "Lee", lastName: "Park" });
    await registerByApi(page.request, owner);
    await setPlan(owner.email, "growth");
    expect((await page.request.post("/api/social-accounts/sandbox", { data: { platform: "bluesky", accountName: "Lee Dental" } })).status()).toBe(201);

    await page.goto("/app/analytics");
    await page.getByRole("navigation", { name: "Analytics sections" }).getByRole("link", { name: "Competitors" }).click();
    await expect(page.getByRole("heading", { name: "Competitors", level: 1 })).toBeVisible();
    await expect(page.getByTestId("competitors-empty")).toContainText("No competitors yet.");
    await expect(page.getByTestId("competitors-table")).toContainText("Lee Dental");
    await screenshot(page, "competitors-empty", { fullPage: true, widths: [1280] });

    await page.getByLabel("Handle").fill("nobody-here.bsky.social");
    await page.getByRole("button", { name: "Track competitor" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Bluesky knows no account called nobody-here.bsky.social." })).toBeVisible();
    await expect(page.getByLabel("Handle")).toHaveValue("nobody-here.bsky.social");

    await page.getByLabel("Handle").fill("@rival-dental.bsky.social");
    await page.getByRole("button", { name: "Track competitor" }).click();
    await expect(toast(page).filter({ hasText: "Now tracking Rival Dental" })).toBeVisible();
    const row = page.getByTestId("competitor-row");
    await expect(row).toContainText("Rival Dental");
    await expect(row).toContainText("4,810");
    await expect(row.getByRole("cell").last()).toHaveText("27.3"); // (47 + 23 + 12) / 3 posts of the last 30 days
    const card = page.getByTestId("competitor-card");
    await expect(card.getByRole("listitem").first()).toContainText("Free whitening consultations");
    await page.getByRole("link", { name: "90 days" }).click();
    await expect(page.getByRole("heading", { name: "Last 90 days" })).toBeVisible();
    await screenshot(page, "competitors", { fullPage: true, widths: [1280, 360] });
    const serious = (await axeOn(page).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await card.getByText("Remove", { exact: true }).click();
    await expect(card).toContainText("Stop tracking Rival Dental and delete its 1 day(s) of figures?");
    await card.getByRole("button", { name: "Remove Rival Dental" }).click();
    await expect(toast(page).filter({ hasText: "Competitor removed" })).toBeVisible();
    await expect(page.getByTestId("competitors-empty")).toBeVisible();
    await expect(page).toHaveURL(/\/app\/analytics\/competitors\?days=90$/);
  });
});
