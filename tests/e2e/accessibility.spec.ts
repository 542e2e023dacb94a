import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axeOn, newUser, registerByApi, screenshot } from "./support";

/**
 * Every public page and every screen of the app, checked by axe-core against the WCAG 2.2 A and AA
 * rules at 1280 px, and those whose phone layout is their own at 360 px (AT_360), with "label in name" (2.5.3), which axe runs only when asked: no
 * violation a screen reader, speech or low-vision user would stumble on (impact serious or
 * critical). One load per screen and width, in one signed-in context per test.
 */
const WIDTHS = [1280, 360] as const;

const PUBLIC_PAGES = [
  "/",
  "/pricing",
  "/faq",
  "/help",
  "/login",
  "/register",
  "/forgot-password",
  "/terms-of-service.html",
  "/privacy-policy.html",
  // The live demo: a month of a dental practice's posts, notes, messages and reviews, read only.
  "/app/dashboard?demo=true",
  "/app/calendar?demo=true",
  "/app/social-inbox?demo=true",
  "/app/reviews?demo=true",
  "/app/link-in-bio?demo=true",
];

const APP_SCREENS = [
  "/app/onboarding",
  "/app/dashboard",
  "/app/connect-accounts",
  "/app/social-inbox",
  "/app/reply-dms",
  "/app/reply-comments",
  "/app/reply-reviews",
  "/app/media-gallery",
  "/app/content-categories",
  "/app/compose",
  "/app/calendar",
  "/app/queue",
  "/app/rss-feeds",
  "/app/content-templates",
  "/app/bulk-upload",
  "/app/hashtag-research",
  "/app/social-listening",
  "/app/analytics",
  "/app/reviews",
  "/app/google-business",
  "/app/link-in-bio",
  "/app/team-management",
  "/app/team-management/clients",
  "/app/audit",
  "/app/help-center",
  "/app/pricing",
  "/app/settings?tab=profile",
  "/app/settings?tab=accounts",
  "/app/settings?tab=notifications",
  "/app/settings?tab=billing",
  "/app/settings?tab=security",
  "/app/settings?tab=webhooks",
];

interface Found {
  readonly page: string;
  readonly width: number;
  readonly rule: string;
  readonly impact: string;
  readonly targets: ReadonlyArray<string>;
  readonly summary: string;
}

/** The serious and critical violations of the page at `path`, loaded at `width`, once its islands have hydrated. */
const violationsOf = async (page: Page, path: string, width: number): Promise<Found[]> => {
  await page.setViewportSize({ width, height: 800 });
  const response = await page.goto(path);
  expect(response?.status(), `${path} answers`).toBeLessThan(400);
  // The islands render their final markup once hydrated (all but those waiting for a click: client:click), and nothing is fading in or sliding.
  await page.waitForFunction(() => document.querySelector("astro-island[ssr]:not([client=click])") === null && document.getAnimations().every((a) => a.playState !== "running"));
  // With SCREENSHOTS=1, each screen as axe saw it (a user's names and ids left out of the file name).
  await screenshot(page, `${path.replace(/[0-9a-f-]{36}|a11y-[a-z0-9]+/g, "id").replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}-${width}`);
  const results = await axeOn(page).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      page: path,
      width,
      rule: violation.id,
      impact: violation.impact ?? "",
      targets: violation.nodes.map((node) => node.target.join(" ")),
      summary: violation.nodes[0]?.failureSummary?.split("\n").slice(0, 3).join(" ") ?? violation.help,
    }));
};

const report = (found: ReadonlyArray<Found>) =>
  found.map((v) => `${v.page} at ${v.width} px: ${v.rule} (${v.impact}) on ${v.targets.slice(0, 5).join(", ")}${v.targets.length > 5 ? ` and ${v.targets.length - 5} more` : ""}: ${v.summary}`).join("\n");

/**
 * Loads each page at `width` in turn and fails with every violation found, page by page, and with
 * every error the page raised meanwhile (an uncaught exception, a hydration mismatch, a script or
 * style the Content Security Policy refused): 0 page errors on every screen.
 */
const check = async (page: Page, paths: ReadonlyArray<string>, width: number) => {
  const found: Found[] = [];
  const errors: string[] = [];
  let current = "";
  page.on("pageerror", (error) => errors.push(`${current} at ${width} px: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && !/Failed to load resource/.test(message.text())) errors.push(`${current} at ${width} px: ${message.text()}`);
  });
  for (const path of paths) {
    current = path;
    found.push(...(await violationsOf(page, path, width)));
  }
  expect(found, report(found)).toEqual([]);
  expect(errors).toEqual([]);
};

const created = async (request: APIRequestContext, path: string, data: object) => {
  const response = await request.post(path, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Record<string, unknown>;
};

/** A workspace with something on each list: a sandbox account, a published and a scheduled post, a template, a category, a bio page. */
const workspaceWithContent = async (request: APIRequestContext, setPlan: (email: string, tier: "agency") => Promise<void>) => {
  const user = await registerByApi(request, newUser());
  // The agency plan opens every screen (templates, clients, white label).
  await setPlan(user.email, "agency");
  const account = await created(request, "/api/social-accounts/sandbox", { platform: "facebook", accountName: "Lee Dental FB" });
  await created(request, "/api/social-accounts/sandbox", { platform: "google_business", accountName: "Lee Dental Downtown" });
  const published = await created(request, "/api/posts", { content: "Fresh smiles all week at Lee Dental", platforms: ["facebook"], status: "published" });
  await created(request, "/api/posts", {
    content: "Open house on Saturday: meet the team",
    platforms: ["facebook"],
    status: "scheduled",
    scheduledAt: new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString(),
  });
  await created(request, "/api/content-templates", { name: "Weekly tip", content: "Tip of the week: floss daily", platforms: ["facebook"] });
  await created(request, "/api/categories", { name: "Tips" });
  await created(request, "/api/link-in-bio/links", { title: "Book a visit", url: "https://lee-dental.example.com/book", type: "link" });
  // Published, it is on the sandbox timeline, and its sample comments reach the inbox a second later.
  await expect
    .poll(async () => ((await (await request.get(`/api/posts/${published.id}`)).json()) as { status: string }).status, { timeout: 20_000 })
    .toBe("published");
  return { accountId: String(account.id), postId: String(published.id) };
};

/**
 * At 360 px, the pages whose layout is their own on a phone (the shell's drawer, the public menu,
 * the calendar's and the inbox's phone layouts, forms, tables that stack); the others are the same
 * markup and colours in one column, checked at 1280. Every page at both widths took a third of the
 * end-to-end run.
 */
const AT_360 = new Set([
  "/",
  "/pricing",
  "/login",
  "/register",
  "/app/dashboard?demo=true",
  "/app/calendar?demo=true",
  "/app/social-inbox?demo=true",
  "/app/dashboard",
  "/app/compose",
  "/app/calendar",
  "/app/queue",
  "/app/social-inbox",
  "/app/analytics",
  "/app/team-management",
  "/app/settings?tab=profile",
  "/app/link-in-bio",
]);
const atWidth = (paths: ReadonlyArray<string>, width: number) => (width === 360 ? paths.filter((path) => AT_360.has(path) || path.startsWith("/bio/")) : paths);

test.describe("accessibility (axe-core, WCAG 2.2 A and AA)", () => {
  for (const width of WIDTHS) {
    test(`given the public pages and the live demo, when each is loaded at ${width} px, then axe finds no serious or critical violation`, async ({ page }) => {
      test.setTimeout(120_000);
      const help = await (await page.request.get("/help")).text();
      const article = /href="(\/help\/[^"#?]+)"/.exec(help)?.[1];
      expect(article, "the help centre links an article").toBeTruthy();
      await check(page, atWidth([...PUBLIC_PAGES, article!], width), width);
    });
  }

  // The app's screens in two halves at 1280 px (each half on a worker of its own), and those of AT_360 at 360 px.
  const halves = [APP_SCREENS.slice(0, Math.ceil(APP_SCREENS.length / 2)), APP_SCREENS.slice(Math.ceil(APP_SCREENS.length / 2))];
  for (const [width, part, screens] of [[1280, 1, halves[0]!], [1280, 2, halves[1]!], [360, 1, APP_SCREENS]] as const) {
    test(`given a workspace with content, when each app screen${width === 1280 ? ` (part ${part})` : ""} is loaded at ${width} px, then axe finds no serious or critical violation`, async ({ page, setPlan }) => {
      test.setTimeout(120_000);
      const { accountId, postId } = await workspaceWithContent(page.request, setPlan);
      const published = await page.request.put("/api/link-in-bio", { data: { username: `a11y-${Date.now().toString(36)}`, isPublished: true } });
      expect(published.status(), await published.text()).toBe(200);
      const { username } = (await published.json()) as { username: string };
      const extra = part === 2 || width === 360 ? [`/app/posts/${postId}`, `/app/sandbox?account=${accountId}`, `/bio/${username}`] : [];
      await check(page, atWidth([...screens, ...extra], width), width);
    });
  }
});
