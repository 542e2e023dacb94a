import { describe, expect, it } from "vitest";
import { pageOf } from "../../tests/support/pages";
import { APP_HOME, LEGACY_PATHS, SIDEBAR_ITEMS, appScreenOf, isActiveHref, isGroupActive, legacyToAppPath, type SidebarGroup } from "./routes";

/**
 * The routes as a person meets them: the addresses of the spec (core §2, engagement §2) lead to a
 * page of src/pages, the legacy addresses to the same screens, anything else to a not-found page.
 * The spec's lists are written here; what is checked is where each address ends up.
 */

/** The in-app not-found screen: any /app path without a page of its own. */
const NOT_FOUND_SCREEN = "app/[...path].astro";

/** The screens of the signed-in shell (spec core §2), and those the app adds (sidebar, after registration, team management's). */
const SPEC_SCREENS = [
  "dashboard",
  "social-inbox",
  "compose",
  "calendar",
  "queue",
  "analytics",
  "google-business",
  "connect-accounts",
  "content-categories",
  "media-gallery",
  "rss-feeds",
  "content-templates",
  "hashtag-research",
  "bulk-upload",
  "reply-dms",
  "reply-comments",
  "reply-reviews",
  "reviews",
  "link-in-bio",
  "team-management",
  "help-center",
  "help-center/article/getting-started-42",
  "pricing",
  "settings",
  "social-listening",
  "onboarding",
  "team-management/clients",
  "audit",
];

/** The legacy unprefixed duplicates (spec core §2). */
const SPEC_LEGACY = [
  "/dashboard",
  "/social-inbox",
  "/compose",
  "/calendar",
  "/queue",
  "/analytics",
  "/google-business",
  "/connect-accounts",
  "/link-in-bio",
  "/team-management",
  "/help-center",
  "/help-center/article/abc",
  "/pricing",
  "/settings",
];

/** The sidebar (spec core §2 "Sidebar"), in order; a group's children follow it. */
const SPEC_SIDEBAR: ReadonlyArray<readonly [string, string, ReadonlyArray<readonly [string, string]>?]> = [
  ["Dashboard", "/app/dashboard"],
  ["Connect Accounts", "/app/connect-accounts"],
  [
    "Social Inbox",
    "/app/social-inbox",
    [
      ["Reply to DMs", "/app/reply-dms"],
      ["Reply to Comments", "/app/reply-comments"],
      ["Reply to Reviews", "/app/reply-reviews"],
    ],
  ],
  ["Media Gallery", "/app/media-gallery"],
  ["Categories", "/app/content-categories"],
  ["Compose", "/app/compose"],
  ["Calendar", "/app/calendar"],
  ["Queue", "/app/queue"],
  ["RSS Feeds", "/app/rss-feeds"],
  ["Templates", "/app/content-templates"],
  ["Bulk Upload", "/app/bulk-upload"],
  ["Hashtag Research", "/app/hashtag-research"],
  ["Social Listening", "/app/social-listening"],
  ["Analytics", "/app/analytics"],
  ["Reviews", "/app/reviews"],
  ["Link in Bio", "/app/link-in-bio"],
  ["Team Management", "/app/team-management"],
  ["Help Center", "/app/help-center"],
  ["Pricing & Plans", "/app/pricing"],
  ["Settings", "/app/settings"],
];

/** The page a signed-in person gets at `address`: the legacy twin's when it is one, as the middleware rewrites it. */
const signedInPageOf = (address: string) => pageOf(legacyToAppPath(address, { signedIn: true }) ?? address);

describe("the screens of the signed-in shell", () => {
  it.each(SPEC_SCREENS)("given /app/%s, then a page of its own shows it, known as a screen", (screen) => {
    const page = pageOf(`/app/${screen}`);
    expect(page).not.toBeNull();
    expect(page).not.toBe(NOT_FOUND_SCREEN);
    const pattern = `/app/${screen}`.replace(/\/article\/[^/]+$/, "/article/{id}");
    expect(appScreenOf(`/app/${screen}`)).toBe(pattern);
    expect(appScreenOf(`/app/${screen}/`)).toBe(pattern);
  });

  it("given an /app path no screen has, then the in-app not-found screen answers it", () => {
    for (const path of ["/app/nope", "/app/help-center/article", "/app/help-center/article/a/b", "/app/dashboard/extra", "/app/Dashboard"]) {
      expect(pageOf(path), path).toBe(NOT_FOUND_SCREEN);
      expect(appScreenOf(path), path).toBeNull();
    }
    expect(appScreenOf("/app")).toBeNull();
  });

  it("given the home of signed-in people (after login, from the logo), then it is the dashboard's page", () => {
    expect(APP_HOME).toBe("/app/dashboard");
    expect(pageOf(APP_HOME)).toBe("app/dashboard.astro");
    // The bare /app: the not-found route, which sends it on to the home.
    expect(pageOf("/app")).toBe(NOT_FOUND_SCREEN);
  });
});

describe("the legacy addresses", () => {
  it.each(SPEC_LEGACY)("given a signed-in person opening %s, then they get the screen of its /app twin", (legacy) => {
    expect(legacyToAppPath(legacy)).toBe(`/app${legacy}`);
    const page = signedInPageOf(legacy);
    expect(page).toBe(pageOf(`/app${legacy}`));
    expect(page).not.toBe(NOT_FOUND_SCREEN);
  });

  it("given every legacy address the app knows, then the spec lists it and it leads to a screen", () => {
    for (const legacy of LEGACY_PATHS) {
      const address = legacy.replace("{id}", "abc");
      expect(SPEC_LEGACY, legacy).toContain(address);
      expect(signedInPageOf(address), legacy).not.toBe(NOT_FOUND_SCREEN);
    }
  });

  it("keeps the article id and ignores one trailing slash", () => {
    expect(legacyToAppPath("/help-center/article/getting-started-42")).toBe("/app/help-center/article/getting-started-42");
    expect(legacyToAppPath("/dashboard/")).toBe("/app/dashboard");
    expect(legacyToAppPath("/help-center/article/abc/")).toBe("/app/help-center/article/abc");
    expect(signedInPageOf("/dashboard/")).toBe("app/dashboard.astro");
  });

  it("given a signed-out visitor at /pricing, then they get the public pricing page, not a sign-in", () => {
    expect(legacyToAppPath("/pricing", { signedIn: false })).toBeNull();
    expect(pageOf("/pricing")).toBe("pricing.astro");
    expect(legacyToAppPath("/pricing", { signedIn: true })).toBe("/app/pricing");
    expect(legacyToAppPath("/settings", { signedIn: false })).toBe("/app/settings");
  });

  it("given a screen the spec lists no legacy address for, then its unprefixed address is not one: the not-found page", () => {
    const unlisted = SPEC_SCREENS.map((screen) => `/${screen}`).filter((path) => !SPEC_LEGACY.includes(path) && !path.startsWith("/help-center/"));
    expect(unlisted).toContain("/reviews");
    for (const path of unlisted) {
      expect(legacyToAppPath(path), path).toBeNull();
      expect(pageOf(path), path).toBeNull();
    }
  });

  it("given any other address, then it is not a legacy one", () => {
    for (const path of ["/nope", "/help-center/article", "/help-center/article/", "/help-center/article/a/b", "/dashboard/extra", "/app/dashboard", "/Dashboard", "/dashboardx"]) {
      expect(legacyToAppPath(path), path).toBeNull();
    }
    for (const path of ["/", "/login", "/register", "/faq"]) {
      expect(legacyToAppPath(path), path).toBeNull();
      expect(pageOf(path), path).not.toBeNull();
    }
  });
});

describe("the sidebar", () => {
  const entries = SIDEBAR_ITEMS.map((item) =>
    item.kind === "group" ? [item.label, item.href, item.children.map((child) => [child.label, child.href])] : [item.label, item.href],
  );

  it("shows the spec's entries in order, the Social Inbox group with its three children", () => {
    expect(entries).toEqual(SPEC_SIDEBAR);
  });

  it("leads from every entry to a screen's page", () => {
    const hrefs = SIDEBAR_ITEMS.flatMap((item) => (item.kind === "group" ? [item.href, ...item.children.map((c) => c.href)] : [item.href]));
    for (const href of hrefs) {
      expect(pageOf(href), href).not.toBeNull();
      expect(pageOf(href), href).not.toBe(NOT_FOUND_SCREEN);
      expect(appScreenOf(href), href).not.toBeNull();
    }
  });

  const inbox = SIDEBAR_ITEMS.find((item): item is SidebarGroup => item.kind === "group")!;

  it("highlights the group on its own route and on any child", () => {
    expect(isGroupActive(inbox, "/app/social-inbox")).toBe(true);
    expect(isGroupActive(inbox, "/social-inbox")).toBe(true);
    expect(isGroupActive(inbox, "/app/reply-comments")).toBe(true);
    expect(isGroupActive(inbox, "/app/reviews")).toBe(false);
    expect(isGroupActive(inbox, "/app/dashboard")).toBe(false);
  });

  it("highlights the current route, legacy paths and sub-pages included", () => {
    expect(isActiveHref("/app/dashboard", "/app/dashboard")).toBe(true);
    expect(isActiveHref("/app/dashboard", "/dashboard")).toBe(true);
    expect(isActiveHref("/app/help-center", "/app/help-center/article/abc")).toBe(true);
    expect(isActiveHref("/app/reviews", "/app/reply-reviews")).toBe(false);
    expect(isActiveHref("/app/queue", "/app/queue-x")).toBe(false);
  });
});
