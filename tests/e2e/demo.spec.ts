import { expect, test } from "./fixtures";
import { DEMO_READ_ONLY_MESSAGE, screenshot, wordsBrokenIn } from "./support";

/** What Chromium sends when it fetches /favicon.ico for a page without an icon link (e.g. a JSON answer). */
const FAVICON_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

test.describe("demo mode", () => {
  test("shows the dashboard without an account and refuses writes", async ({ page }) => {
    await page.goto("/app/dashboard?demo=true");
    await expect(page).toHaveURL(/\/app\/dashboard\?demo=true$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Alex!" })).toBeVisible();
    await expect(page.getByTestId("demo-banner")).toContainText("Demo mode");
    await expect(page.getByTestId("demo-banner").getByRole("link", { name: "Start your free trial" })).toHaveAttribute("href", "/register");
    await expect(page.getByTestId("sidebar").getByRole("link", { name: "Exit demo" })).toBeVisible();

    // The demo practice's posts: published ones with their engagement, five scheduled in the coming days.
    await expect(page.getByTestId("recent-posts")).toContainText("Did you know? Changing your toothbrush");
    await expect(page.getByTestId("recent-posts")).toContainText("engagement");
    await expect(page.getByTestId("stat-scheduled-value")).toHaveText("5");

    // A write from the page answers 403 with the read-only message.
    const answer = await page.evaluate(async () => {
      const response = await fetch("/api/user/onboarding", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ timeZone: "Europe/Paris" }),
      });
      return { status: response.status, body: await response.text() };
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toContain(DEMO_READ_ONLY_MESSAGE);

    // The demo carries on while browsing the app (cookie); the profile form is refused.
    await page.getByTestId("sidebar").getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/app\/settings$/);
    await expect(page.getByTestId("demo-banner")).toBeVisible();
    const username = page.getByLabel("Username");
    const before = await username.inputValue();
    expect(before).not.toBe("");
    await username.fill(`${before}x`);
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/app/settings" && r.request().method() === "POST"),
      page.getByRole("button", { name: "Save Changes" }).click(),
    ]);
    expect(response.status()).toBe(403);
    await expect(page.getByText(DEMO_READ_ONLY_MESSAGE)).toBeVisible();

    // The page says so and offers the way back; demo mode goes on, and nothing was saved.
    await expect(page.getByRole("link", { name: "Back to the demo" })).toBeVisible();
    await page.goto("/app/settings");
    await expect(page.getByTestId("demo-banner")).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveValue(before);
  });

  test("the demo dashboard at 1280 and 360 px: its cards agree with its analytics", async ({ page }) => {
    // The demo's history (infra/publishing/demo.ts) is dated from the day the app started: sixteen
    // posts published over the last three months, nine of them in the last four weeks.
    const published = (await (await page.request.get("/api/posts?demo=true&status=published&limit=1000")).json()).items as Array<{ publishedAt: string }>;
    expect(published).toHaveLength(16);
    const { timeZone } = (await (await page.request.get("/api/auth/user?demo=true")).json()) as { timeZone: string };
    const monthOf = (instant: Date) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit" }).format(instant);
    const now = new Date();
    const thisMonth = published.filter((p) => monthOf(new Date(p.publishedAt)) === monthOf(now)).length;
    const last30Days = published.filter((p) => now.getTime() - Date.parse(p.publishedAt) <= 30 * 86_400_000).length;
    expect(last30Days).toBe(9);
    const overview = (await (await page.request.get("/api/dashboard/overview?demo=true")).json()) as Record<"30d", { posts: number }>;
    expect(overview["30d"].posts).toBe(last30Days);

    for (const width of [1280, 1024, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/app/dashboard?demo=true");
      await expect(page.getByTestId("demo-banner")).toBeVisible();
      // The accounts' names wrap between words, never inside one ("Morga/n Family Dental").
      expect(await wordsBrokenIn(page.getByTestId("connected-accounts").locator(".name"))).toEqual([]);
      // Posts This Month counts the published posts of this month in the demo user's zone, as the Analytics Overview counts published posts.
      await expect(page.getByTestId("stat-posts-value")).toHaveText(String(thisMonth));
      await expect(page.getByTestId("stat-scheduled-value")).toHaveText("5");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `demo-dashboard-${width}`, { fullPage: true });
      await screenshot(page, `demo-dashboard-${width}-first-screen`);
      await screenshot(page.getByTestId("analytics-overview"), `demo-analytics-overview-${width}`);
    }
  });

  test("stays on while the browser fetches /favicon.ico", async ({ page }) => {
    await page.goto("/app/dashboard?demo=true");
    await expect(page.getByTestId("demo-banner")).toBeVisible();

    await page.request.get("/favicon.ico", { headers: { accept: FAVICON_ACCEPT }, failOnStatusCode: false });

    await page.goto("/app/settings");
    await expect(page).toHaveURL(/\/app\/settings$/, { timeout: 2_000 });
    await expect(page.getByTestId("demo-banner")).toBeVisible({ timeout: 2_000 });
  });

  test("ends when the visitor goes back to the public site", async ({ page }) => {
    await page.goto("/app/dashboard?demo=true");
    await page.getByTestId("sidebar").getByRole("link", { name: "Exit demo" }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto("/app/dashboard");
    await expect(page).toHaveURL(/\/login\?next=%2Fapp%2Fdashboard$/);
  });
});
