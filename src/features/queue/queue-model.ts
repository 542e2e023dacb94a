import type { PostView } from "../../../infra/publishing/PostQueries";
import { conflictMessage } from "../../lib/version-conflict";

/** The three tabs of the Queue screen (spec core §2), and Awaiting Approval where posts need it, with the post statuses each shows. */
export type QueueTab = "scheduled" | "approval" | "published" | "draft";

export const TABS: ReadonlyArray<{ readonly id: QueueTab; readonly label: string; readonly empty: string }> = [
  { id: "scheduled", label: "Scheduled Posts", empty: "scheduled" },
  { id: "approval", label: "Awaiting Approval", empty: "awaiting approval" },
  { id: "published", label: "Published Posts", empty: "published" },
  { id: "draft", label: "Drafts", empty: "draft" },
];

/** Each tab's name in the address (`/app/queue?tab=drafts`): links and the e-mails to approvers open it. */
export const TAB_PARAM: Readonly<Record<QueueTab, string>> = { scheduled: "scheduled", approval: "approval", published: "published", draft: "drafts" };

/** The tab an address's `?tab=` names; Scheduled for none, an unknown one, or Awaiting Approval where it is not shown. */
export const tabFromParam = (value: string | null, showApproval: boolean): QueueTab => {
  const tab = (Object.keys(TAB_PARAM) as QueueTab[]).find((id) => TAB_PARAM[id] === value);
  return tab === undefined || (tab === "approval" && !showApproval) ? "scheduled" : tab;
};

/** The address with the tab in its `?tab=`, the rest of it kept. */
export const addressWithTab = (href: string, tab: QueueTab): string => {
  const url = new URL(href);
  url.searchParams.set("tab", TAB_PARAM[tab]);
  return `${url.pathname}${url.search}${url.hash}`;
};

/** A post being published stays under Scheduled (with a "Publishing…" mark) until the worker is done. */
export const tabOf = (post: Pick<PostView, "status">): QueueTab =>
  post.status === "published" ? "published" : post.status === "draft" ? "draft" : post.status === "awaiting_approval" ? "approval" : "scheduled";

/** What GET /api/posts is asked for a tab: its statuses, in the order a person reads that tab. */
export const TAB_QUERY: Readonly<Record<QueueTab, { readonly status: string; readonly sort: string }>> = {
  scheduled: { status: "scheduled,publishing", sort: "scheduled" },
  approval: { status: "awaiting_approval", sort: "scheduled" },
  published: { status: "published", sort: "published" },
  draft: { status: "draft", sort: "created" },
};

/** The Filter By select's value ("", "account:{id}" or "category:{id}") and the search, as query parameters. */
export const filterParams = (filter: string, search: string): URLSearchParams => {
  const params = new URLSearchParams();
  if (filter.startsWith("account:")) params.set("accountId", filter.slice(8));
  if (filter.startsWith("category:")) params.set("categoryId", filter.slice(9));
  if (search.trim() !== "") params.set("q", search.trim());
  return params;
};

export type StatusCounts = Readonly<Record<"draft" | "awaiting_approval" | "scheduled" | "publishing" | "published", number>>;

/** GET /api/posts/counts by tab: a post being published counts under Scheduled. */
export const tabCounts = (counts: StatusCounts): Record<QueueTab, number> => ({
  scheduled: counts.scheduled + counts.publishing,
  approval: counts.awaiting_approval,
  published: counts.published,
  draft: counts.draft,
});

/** The post's distinct hashtags, in order of appearance. */
export { hashtagsIn as hashtagsOf } from "../../../domain/hashtags/rules";

export const HASHTAG_PREVIEW = 4;

/** A date and time in the person's time zone, e.g. "Tue, Nov 24, 2026, 9:30 AM". Falls back to UTC for an unknown zone. */
export const formatWhen = (iso: string, timeZone: string, locale?: string): string => {
  const options: Intl.DateTimeFormatOptions = { weekday: "short", month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" };
  try {
    return new Intl.DateTimeFormat(locale ?? "en-US", { ...options, timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(locale ?? "en-US", { ...options, timeZone: "UTC", timeZoneName: "short" }).format(new Date(iso));
  }
};

/**
 * The toast after a publish or delete of several posts where some failed: a version conflict among
 * them says so (with Reload, as `reload: true`), other failures keep the spec's text (`failed`).
 * Null when nothing failed.
 */
export const failureToast = (
  results: ReadonlyArray<PromiseSettledResult<unknown>>,
  failed: string,
): { readonly title: string; readonly description: string; readonly reload: boolean } | null => {
  const errors = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
  if (errors.length === 0) return null;
  const conflict = errors.map(conflictMessage).find((m): m is string => m !== null);
  return conflict ? { title: "Error", description: conflict, reload: true } : { title: "Error", description: failed, reload: false };
};
