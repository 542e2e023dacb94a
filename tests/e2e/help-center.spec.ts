import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { atWidth, newUser, registerByApi, screenshot } from "./support";

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe("help centre", () => {
  test("search the help centre, open an article, vote no, see the thank-you and where to go next; the vote is kept", async ({ page, context }) => {
    test.setTimeout(60_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await registerByApi(page.request, newUser({ firstName: "Ana", lastName: "Reyes" }));

    await atWidth(page, 1280);
    await page.goto("/app/help-center");
    await expect(page.getByRole("heading", { name: "Help Center", level: 1 })).toBeVisible();
    await expect(page.getByTestId("count-social-accounts")).toContainText(/\d+ articles/);
    await screenshot(page, "help-center-1280", { fullPage: true });

    // Nothing found: said, with the way back.
    await page.getByRole("searchbox", { name: "Search help articles" }).fill("xylophone");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("no-articles")).toContainText("No articles found");

    // A word of an article's body, typed and sent with Enter.
    await page.getByRole("searchbox", { name: "Search help articles" }).fill("app password");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Results for “app password”" })).toBeVisible();
    await page.getByTestId("help-articles").getByRole("link", { name: "Connecting Bluesky with an app password" }).click();

    await expect(page).toHaveURL(/\/app\/help-center\/article\/connect-bluesky$/);
    const article = page.getByTestId("help-article");
    await expect(article.getByRole("heading", { name: "Connecting Bluesky with an app password", level: 1 })).toBeVisible();
    await expect(article).toContainText("min read");
    await expect(page.getByTestId("article-rating")).toContainText("Not rated yet");
    await expect(article.getByRole("heading", { name: "Related Articles" })).toBeVisible();

    const vote = page.getByTestId("help-vote");
    await expect(vote).toHaveAttribute("data-hydrated", "true");
    // Share: Chromium on Linux has no share sheet, so the public link is copied.
    await page.getByTestId("share-article").click();
    await expect(page.getByTestId("toast")).toContainText("Link Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/help\/connect-bluesky$/);
    await vote.getByRole("button", { name: "No" }).click();
    await expect(vote.getByText("Thank you for your feedback!")).toBeVisible();
    await expect(vote.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", /^mailto:support@socialdesk\.app/);
    await expect(vote.getByRole("link", { name: "Browse More Articles" })).toHaveAttribute("href", "/app/help-center");
    await expect(vote.getByTestId("help-vote-count")).toHaveText("0 of 1 person found this helpful.");
    await expect(vote.getByRole("button", { name: "No" })).toHaveAttribute("aria-pressed", "true");
    await screenshot(page, "help-article-1280", { fullPage: true });

    // Kept on reload, and changed with the other answer.
    await page.reload();
    await expect(page.getByTestId("article-rating")).toContainText("0 of 1 found this helpful");
    await expect(vote).toHaveAttribute("data-hydrated", "true");
    await expect(vote.getByRole("button", { name: "No" })).toHaveAttribute("aria-pressed", "true");
    await vote.getByRole("button", { name: "Yes" }).click();
    await expect(vote.getByTestId("help-vote-count")).toHaveText("1 of 1 person found this helpful.");
    // The rating above the article follows at once.
    await expect(page.getByTestId("article-rating")).toContainText("1 of 1 found this helpful");
    await expect(page.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();
    await expect(vote.getByRole("link", { name: "Contact Support" })).toHaveCount(0);

    await atWidth(page, 360);
    expect(await noHorizontalScroll(page)).toBe(true);
    await screenshot(page, "help-article-360", { fullPage: true });

    await page.goto("/app/help-center");
    expect(await noHorizontalScroll(page)).toBe(true);
    await screenshot(page, "help-center-360", { fullPage: true });

    await page.goto("/app/help-center/article/no-such-article");
    await expect(page.getByRole("heading", { name: "Article Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Help Center" }).click();
    await expect(page).toHaveURL(/\/app\/help-center$/);
  });

  test("the public help pages work signed out, without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/help?category=billing-plans");
    await expect(page.getByRole("heading", { name: "Billing & Plans" })).toBeVisible();
    await screenshot(page, "public-help-360", { fullPage: true });
    await page.getByRole("link", { name: "Plans and their limits" }).click();
    await expect(page.getByRole("heading", { name: "Plans and their limits", level: 1 })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, "public-help-article-1280", { fullPage: true });
    await context.close();
  });
});
