import type { PostView } from "../../../infra/publishing/Posts";

/** The three tabs of the Queue screen (spec core §2), and the post statuses each shows. */
export type QueueTab = "scheduled" | "published" | "draft";

export const TABS: ReadonlyArray<{ readonly id: QueueTab; readonly label: string; readonly empty: string }> = [
  { id: "scheduled", label: "Scheduled Posts", empty: "scheduled" },
  { id: "published", label: "Published Posts", empty: "published" },
  { id: "draft", label: "Drafts", empty: "draft" },
];

/** A post being published stays under Scheduled (with a "Publishing…" mark) until the worker is done. */
export const tabOf = (post: Pick<PostView, "status">): QueueTab =>
  post.status === "published" ? "published" : post.status === "draft" ? "draft" : "scheduled";

/** The Filter By select's value: "" (everything), "account:{id}" or "category:{id}". */
export const matchesFilter = (post: Pick<PostView, "categoryId" | "targets">, filter: string): boolean => {
  if (filter.startsWith("account:")) return post.targets.some((t) => t.accountId === filter.slice(8));
  if (filter.startsWith("category:")) return post.categoryId === filter.slice(9);
  return true;
};

export const matchesSearch = (post: Pick<PostView, "content">, query: string): boolean => {
  const q = query.trim().toLowerCase();
  return q === "" || post.content.toLowerCase().includes(q);
};

/** The post's distinct hashtags, in order of appearance. */
export const hashtagsOf = (content: string): ReadonlyArray<string> => [
  ...new Set([...content.matchAll(/(?:^|[^\p{L}\p{N}_&])#([\p{L}\p{N}_]+)/gu)].map((m) => `#${m[1]}`)),
];

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

/** How many posts each tab holds. */
export const countByTab = (posts: ReadonlyArray<Pick<PostView, "status">>): Record<QueueTab, number> => {
  const counts: Record<QueueTab, number> = { scheduled: 0, published: 0, draft: 0 };
  for (const post of posts) counts[tabOf(post)] += 1;
  return counts;
};
