import { randomBytes } from "node:crypto";
import path from "node:path";
import { gzipSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";

/** The trial length the server runs with (the web server inherits this process's environment). */
export const TRIAL_DAYS = Number(process.env.TRIAL_DAYS || 5);

export const DEMO_READ_ONLY_MESSAGE = "Demo mode is read-only. Start your free trial to save changes.";

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  password: string;
}

/** A user nobody registered yet: a unique email per call, so tests never share an account. */
export const newUser = (overrides: Partial<NewUser> = {}): NewUser => {
  const tag = `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
  return {
    firstName: "Jordan",
    lastName: "Rivera",
    email: `e2e-${tag}@example.com`,
    company: `Rivera Studio ${tag}`,
    password: "correct horse battery",
    ...overrides,
  };
};

/**
 * Registers through POST /api/auth/register. With a page's or context's `request`, the session
 * cookie lands in that browser context: the browser is then signed in.
 */
export const registerByApi = async (request: APIRequestContext, user: NewUser, selectedPlan = "professional") => {
  const response = await request.post("/api/auth/register", {
    data: { ...user, confirmPassword: user.password, selectedPlan },
  });
  expect(response.status(), await response.text()).toBe(201);
  return user;
};

/** A fresh account, signed in in the page's browser context. */
export const signedInUser = async (page: Page, overrides: Partial<NewUser> = {}) => registerByApi(page.request, newUser(overrides));

/** Fills the registration form (the fields as a person sees them, by their labels). */
export const fillRegisterForm = async (page: Page, user: Partial<NewUser> & { confirmPassword?: string }) => {
  const values: Array<[string, string | undefined]> = [
    ["First name", user.firstName],
    ["Last name", user.lastName],
    ["Email", user.email],
    ["Company name", user.company],
    ["Password", user.password],
    ["Confirm password", user.confirmPassword ?? user.password],
  ];
  for (const [label, value] of values) {
    if (value !== undefined) await page.getByLabel(label, { exact: true }).fill(value);
  }
};

/** The toast viewport of the app shell (one toast at a time). */
export const toast = (page: Page) => page.getByTestId("toast");

/** Connects a sandbox account of the platform (201), as the Connect Accounts screen does. */
export const addSandbox = async (request: APIRequestContext, platform: string, accountName: string) => {
  const response = await request.post("/api/social-accounts/sandbox", { data: { platform, accountName } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { readonly id: string };
};

/**
 * The Google Business Profile screen once the worker has read the sandbox account's location
 * (`locationName`, it does so as soon as the account is connected) and its island has hydrated.
 */
export const businessProfileWith = async (page: Page, locationName: string) => {
  await page.goto("/app/google-business");
  const location = page.getByTestId("gbp-location").filter({ hasText: locationName });
  await expect(async () => {
    await page.reload();
    await expect(location).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const screen = page.getByTestId("google-business");
  await expect(screen).toHaveAttribute("data-hydrated", "true");
  return { location, screen };
};

/** Opens the page and waits until the island `testId` has hydrated (it answers clicks then). */
export const openHydrated = async (page: Page, path: string, testId: string) => {
  await page.goto(path);
  await expect(page.getByTestId(testId)).toHaveAttribute("data-hydrated", "true");
};

/** Registers from a separate HTTP client, so the test's browser stays signed out. */
export const registerElsewhere = async (
  playwright: { request: { newContext: (options: { baseURL?: string }) => Promise<APIRequestContext> } },
  baseURL: string | undefined,
  user: NewUser = newUser(),
) => {
  const client = await playwright.request.newContext({ baseURL });
  try {
    return await registerByApi(client, user);
  } finally {
    await client.dispose();
  }
};

/**
 * The scripts a page loads from now on, each gzip-compressed as it would travel: how many, and their
 * bytes in all (the first load, then what arrives on demand).
 */
export const watchScripts = (page: Page) => {
  const scripts = new Map<string, Promise<number>>();
  page.on("response", (response) => {
    if (/javascript/.test(response.headers()["content-type"] ?? ""))
      scripts.set(
        response.url(),
        response.body().then((body) => gzipSync(body).length),
      );
  });
  return {
    count: () => scripts.size,
    bytes: async () => (await Promise.all(scripts.values())).reduce((sum, bytes) => sum + bytes, 0),
  };
};

/** The page at a width, once the shell's drawer and cards have finished moving (for screenshots). */
export const atWidth = async (page: Page, width: number, height = 800) => {
  await page.setViewportSize({ width, height });
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
};

/** Whether this run takes the screenshots people look at (SCREENSHOTS=1). */
export const SCREENSHOTS = process.env.SCREENSHOTS === "1";

/**
 * With SCREENSHOTS=1, a screenshot of the page (or of one part of it) into
 * test-results/screenshots/<spec>/<name>.png (SCREENSHOTS_DIR to put them elsewhere): how people
 * look at the screens. Otherwise nothing, at no cost. With `widths`, one per width
 * (`<name>-<width>.png`), each once the page has settled at it, then back to the width it had.
 */
export const screenshot = async (
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean; clip?: { x: number; y: number; width: number; height: number }; widths?: ReadonlyArray<number> } = {},
) => {
  if (!SCREENSHOTS) return;
  const info = test.info();
  const file = (shot: string) =>
    path.resolve(process.env.SCREENSHOTS_DIR ?? "test-results/screenshots", path.basename(info.file).replace(/\.spec\.ts$/, ""), `${shot}.png`);
  const take = (shot: string) =>
    "goto" in target ? target.screenshot({ path: file(shot), fullPage: options.fullPage, clip: options.clip }) : target.screenshot({ path: file(shot) });
  if (!options.widths) return void (await take(name));
  const page = "goto" in target ? target : target.page();
  const before = page.viewportSize();
  for (const width of options.widths) {
    await atWidth(page, width);
    await take(`${name}-${width}`);
  }
  if (before) await atWidth(page, before.width, before.height);
};

/**
 * The words of the elements' text that the browser broke across lines ("Morga" / "n"): none, where names
 * wrap between words. A hyphen joins two words and the line may end after it ("Jean-" / "Pierre").
 */
export const wordsBrokenIn = (elements: Locator) =>
  elements.evaluateAll((nodes) =>
    nodes.flatMap((node) => {
      const text = node.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) return [];
      const broken: string[] = [];
      for (const word of (text.textContent ?? "").matchAll(/[^\s-]+/g)) {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(word[0]);
      }
      return broken;
    }),
  );

/** The WCAG 2.2 A and AA rules axe checks (tests/e2e/accessibility.spec.ts). */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe-core on the page with the WCAG 2.2 A and AA rules and "label in name" (2.5.3, which axe runs only
 * when asked), reporting violations only (the passes' nodes cost as much again). In one run in the
 * page (legacy mode): the default runs each frame apart, then opens a blank page to inject axe again
 * and merge the results, which took half of each check's time; the app has no frames, and both
 * found the same violations on every screen of accessibility.spec.ts.
 */
export const axeOn = (page: Page) =>
  new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ["violations"], rules: { "label-content-name-mismatch": { enabled: true } } })
    .setLegacyMode(true);

/** The serious and critical axe violations of the page, or inside what `selector` finds (an open dialog, say): rule ids and targets. */
export const seriousViolationsIn = async (page: Page, selector?: string) => {
  const axe = axeOn(page);
  const results = await (selector ? axe.include(selector) : axe).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
};
