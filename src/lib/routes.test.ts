import { describe, expect, it } from "vitest";
import {
  APP_SCREENS,
  LEGACY_PATHS,
  SIDEBAR_ITEMS,
  appScreenOf,
  isActiveHref,
  isGroupActive,
  legacyToAppPath,
  type SidebarGroup,
} from "./routes";

describe("legacyToAppPath", () => {
  const plain = LEGACY_PATHS.filter((p) => !p.includes("{id}"));

  it.each(plain)("maps %s to its /app twin", (legacy) => {
    expect(legacyToAppPath(legacy)).toBe(`/app${legacy}`);
  });

  it("maps every legacy path the spec lists", () => {
    expect([...LEGACY_PATHS].sort()).toEqual(
      [
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
        "/help-center/article/{id}",
        "/pricing",
        "/settings",
      ].sort(),
    );
  });

  it("keeps the article id", () => {
    expect(legacyToAppPath("/help-center/article/abc")).toBe("/app/help-center/article/abc");
    expect(legacyToAppPath("/help-center/article/getting-started-42")).toBe(
      "/app/help-center/article/getting-started-42",
    );
  });

  it("ignores one trailing slash", () => {
    expect(legacyToAppPath("/dashboard/")).toBe("/app/dashboard");
    expect(legacyToAppPath("/help-center/article/abc/")).toBe("/app/help-center/article/abc");
  });

  it("answers null for anything else", () => {
    for (const path of [
      "/",
      "/nope",
      "/login",
      "/register",
      "/faq",
      "/reviews",
      "/media-gallery",
      "/help-center/article",
      "/help-center/article/",
      "/help-center/article/a/b",
      "/dashboard/extra",
      "/app/dashboard",
      "/Dashboard",
      "/dashboardx",
    ]) {
      expect(legacyToAppPath(path), path).toBeNull();
    }
  });

  it("leaves /pricing to the public page for signed-out visitors", () => {
    expect(legacyToAppPath("/pricing", { signedIn: false })).toBeNull();
    expect(legacyToAppPath("/pricing", { signedIn: true })).toBe("/app/pricing");
    expect(legacyToAppPath("/settings", { signedIn: false })).toBe("/app/settings");
  });
});

describe("appScreenOf", () => {
  it("knows every screen of the shell", () => {
    for (const screen of APP_SCREENS) {
      expect(appScreenOf(screen.replace("{id}", "x1"))).toBe(screen);
    }
  });

  it("answers null for unknown /app paths", () => {
    expect(appScreenOf("/app/nope")).toBeNull();
    expect(appScreenOf("/app/help-center/article")).toBeNull();
    expect(appScreenOf("/app")).toBeNull();
  });
});

describe("sidebar", () => {
  it("lists the spec's items in order", () => {
    expect(SIDEBAR_ITEMS.map((item) => item.label)).toEqual([
      "Dashboard",
      "Connect Accounts",
      "Social Inbox",
      "Media Gallery",
      "Categories",
      "Compose",
      "Calendar",
      "Queue",
      "RSS Feeds",
      "Templates",
      "Bulk Upload",
      "Hashtag Research",
      "Social Listening",
      "Analytics",
      "Reviews",
      "Link in Bio",
      "Team Management",
      "Help Center",
      "Pricing & Plans",
      "Settings",
    ]);
  });

  it("points every link at an /app screen", () => {
    const hrefs = SIDEBAR_ITEMS.flatMap((item) => (item.kind === "group" ? [item.href, ...item.children.map((c) => c.href)] : [item.href]));
    for (const href of hrefs) expect(appScreenOf(href), href).not.toBeNull();
  });

  const inbox = SIDEBAR_ITEMS.find((item): item is SidebarGroup => item.kind === "group")!;

  it("has the Social Inbox group with its three children", () => {
    expect(inbox.label).toBe("Social Inbox");
    expect(inbox.children.map((c) => [c.label, c.href])).toEqual([
      ["Reply to DMs", "/app/reply-dms"],
      ["Reply to Comments", "/app/reply-comments"],
      ["Reply to Reviews", "/app/reply-reviews"],
    ]);
  });

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
