/**
 * The signed-in app's routes as data (spec core §2 "Signed-in shell", "Sidebar";
 * engagement §2 "App shell routes"). Pages, the sidebar and the middleware read these tables.
 */
import type { IconName } from "../components/shell/icons";

/** Every screen of the signed-in shell. `{id}` marks one path segment. */
export const APP_SCREENS = [
  "/app/dashboard",
  "/app/social-inbox",
  "/app/compose",
  "/app/calendar",
  "/app/queue",
  "/app/analytics",
  "/app/google-business",
  "/app/connect-accounts",
  "/app/content-categories",
  "/app/media-gallery",
  "/app/rss-feeds",
  "/app/content-templates",
  "/app/hashtag-research",
  "/app/bulk-upload",
  "/app/reply-dms",
  "/app/reply-comments",
  "/app/reply-reviews",
  "/app/reviews",
  "/app/link-in-bio",
  "/app/team-management",
  // An agency's clients, their reports and its white label, linked from Team Management.
  "/app/team-management/clients",
  // The audit trail (owners and admins), linked from Team Management.
  "/app/audit",
  "/app/help-center",
  "/app/help-center/article/{id}",
  "/app/pricing",
  "/app/settings",
  // In the sidebar (its screen is not described by the spec) and the destination after registration.
  "/app/social-listening",
  "/app/onboarding",
] as const;

export type AppScreen = (typeof APP_SCREENS)[number];

/** Where signed-in users land (after login, from the not-found screen, from the logo). */
export const APP_HOME = "/app/dashboard";

/**
 * The legacy unprefixed duplicates: each renders the same screen as `/app` + itself.
 *
 * `/pricing` is special: it is ALSO the public pricing page. It is a duplicate of /app/pricing only
 * for a signed-in user (see `SHARED_WITH_PUBLIC_PAGES` and the `signedIn` option of
 * `legacyToAppPath`); a signed-out visitor must get the public page, never a redirect to /login.
 */
export const LEGACY_PATHS = [
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
] as const;

export type LegacyPath = (typeof LEGACY_PATHS)[number];

/** Legacy paths that are also public pages; they map to the app only for signed-in users. */
export const SHARED_WITH_PUBLIC_PAGES: ReadonlySet<string> = new Set<LegacyPath>(["/pricing"]);

const SEGMENT = /^[^/]+$/;

/** Does `pathname` match `pattern`, where `{id}` stands for exactly one non-empty segment? */
const matches = (pattern: string, pathname: string): boolean => {
  const want = pattern.split("/");
  const got = pathname.split("/");
  if (want.length !== got.length) return false;
  return want.every((part, i) => (part === "{id}" ? SEGMENT.test(got[i]) : part === got[i]));
};

/** Drops one trailing slash (but keeps "/"). */
const withoutTrailingSlash = (pathname: string): string => (pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname);

/** The screen pattern a /app pathname shows, or null when it is not a known screen (a 404). */
export const appScreenOf = (pathname: string): AppScreen | null => {
  const path = withoutTrailingSlash(pathname);
  return APP_SCREENS.find((pattern) => matches(pattern, path)) ?? null;
};

export interface LegacyOptions {
  /**
   * Whether the caller is signed in (or in demo mode). When false, paths shared with a public
   * page (`/pricing`) are left alone (null). When omitted, every legacy path maps.
   */
  signedIn?: boolean;
}

/**
 * The /app path a legacy unprefixed path stands for, or null when it is not one.
 * '/help-center/article/abc' → '/app/help-center/article/abc'; '/pricing' → '/app/pricing';
 * '/dashboard/' → '/app/dashboard'; '/nope' → null. Query strings are not part of `pathname`:
 * the caller keeps its own `search`.
 */
export const legacyToAppPath = (pathname: string, options: LegacyOptions = {}): string | null => {
  const path = withoutTrailingSlash(pathname);
  const legacy = LEGACY_PATHS.find((pattern) => matches(pattern, path));
  if (!legacy) return null;
  if (options.signedIn === false && SHARED_WITH_PUBLIC_PAGES.has(legacy)) return null;
  return `/app${path}`;
};

/** The /app path for the sidebar's highlight: legacy paths count as their /app twins. */
export const normaliseAppPath = (pathname: string): string => legacyToAppPath(pathname) ?? withoutTrailingSlash(pathname);

// ---------------------------------------------------------------------------------------------
// Sidebar (spec core §2 "Sidebar"), in the spec's order.

export interface SidebarLink {
  readonly kind: "link";
  readonly label: string;
  readonly href: string;
  readonly icon: IconName;
}

export interface SidebarGroup {
  readonly kind: "group";
  readonly label: string;
  /** The group's own route: the group is highlighted on it as on any child's. */
  readonly href: string;
  readonly icon: IconName;
  readonly children: ReadonlyArray<SidebarLink>;
}

export type SidebarItem = SidebarLink | SidebarGroup;

const link = (label: string, href: string, icon: IconName): SidebarLink => ({ kind: "link", label, href, icon });

export const SIDEBAR_ITEMS: ReadonlyArray<SidebarItem> = [
  link("Dashboard", "/app/dashboard", "dashboard"),
  link("Connect Accounts", "/app/connect-accounts", "plug"),
  {
    kind: "group",
    label: "Social Inbox",
    href: "/app/social-inbox",
    icon: "inbox",
    children: [
      link("Reply to DMs", "/app/reply-dms", "message"),
      link("Reply to Comments", "/app/reply-comments", "comments"),
      link("Reply to Reviews", "/app/reply-reviews", "reply"),
    ],
  },
  link("Media Gallery", "/app/media-gallery", "image"),
  link("Categories", "/app/content-categories", "tag"),
  link("Compose", "/app/compose", "pen"),
  link("Calendar", "/app/calendar", "calendar"),
  link("Queue", "/app/queue", "list"),
  link("RSS Feeds", "/app/rss-feeds", "rss"),
  link("Templates", "/app/content-templates", "file"),
  link("Bulk Upload", "/app/bulk-upload", "upload"),
  link("Hashtag Research", "/app/hashtag-research", "hash"),
  link("Social Listening", "/app/social-listening", "radar"),
  link("Analytics", "/app/analytics", "chart"),
  link("Reviews", "/app/reviews", "star"),
  link("Link in Bio", "/app/link-in-bio", "link"),
  link("Team Management", "/app/team-management", "users"),
  link("Help Center", "/app/help-center", "help"),
  link("Pricing & Plans", "/app/pricing", "card"),
  link("Settings", "/app/settings", "sliders"),
];

/** Is the sidebar entry `href` the current route (or a page below it, e.g. a help article)? */
export const isActiveHref = (href: string, current: string): boolean => {
  const path = normaliseAppPath(current);
  return path === href || path.startsWith(`${href}/`);
};

/** A group is highlighted when the route is the group's own or any child's. */
export const isGroupActive = (group: SidebarGroup, current: string): boolean =>
  isActiveHref(group.href, current) || group.children.some((child) => isActiveHref(child.href, current));
