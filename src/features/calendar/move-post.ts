import type { Dispatch, SetStateAction } from "react";
import type { CalendarDay, CalendarPost } from "../../../infra/publishing/CalendarPosts";
import type { PostView } from "../../../infra/publishing/PostQueries";
import { apiErrorMessage } from "../../lib/api-client";
import { api, type RequestOf } from "../../lib/api/client";

type PostPayload = RequestOf<"PUT", "/api/posts/:id">["payload"];
import { conflictMessage, versionedBody } from "../../lib/version-conflict";
import { toast } from "../../islands/toast/toast-store";
import { atOf, dayOfPost, kindOf, whenOf } from "./calendar-model";

/*
 * Moving a scheduled post from the calendar, by a drag (month or week) or the post's date and time.
 * It loads with the week view and the dialogs (calendar-later.ts), since every move begins with the
 * pointer on a post or a dialog open, and the month's first load stays small.
 */

const COUNT_OF_KIND = { scheduled: "scheduled", published: "published", draft: "drafts" } as const;

/**
 * The days with `post` taken off the day it is listed on (and that day's count of its kind) and put,
 * as given, on the day of its time in the zone: a drag shows at once, the server's answer then only
 * updates the post (its version), and a refusal puts it back with the post as it was. A post listed
 * nowhere is only added; a day not in the list yet is added in order.
 */
export const relocatePost = (days: ReadonlyArray<CalendarDay>, post: CalendarPost, timeZone: string): CalendarDay[] => {
  const count = COUNT_OF_KIND[kindOf(post)];
  const target = dayOfPost(post, timeZone);
  const next = days.map((summary): CalendarDay => {
    const old = summary.posts.find((p) => p.id === post.id);
    if (!old) return summary;
    const oldCount = COUNT_OF_KIND[kindOf(old)];
    return { ...summary, [oldCount]: Math.max(0, summary[oldCount] - 1), posts: summary.posts.filter((p) => p.id !== post.id) };
  });
  const index = next.findIndex((summary) => summary.day === target);
  const place = (summary: CalendarDay): CalendarDay => ({
    ...summary,
    [count]: summary[count] + 1,
    posts: [...summary.posts, post].sort((a, b) => atOf(a).localeCompare(atOf(b)) || a.id.localeCompare(b.id)),
  });
  if (index >= 0) next[index] = place(next[index]!);
  else {
    const fresh = place({ day: target, scheduled: 0, published: 0, drafts: 0, posts: [] });
    const at = next.findIndex((summary) => summary.day > target);
    next.splice(at < 0 ? next.length : at, 0, fresh);
  }
  return next;
};

/** Whether the day lists fewer posts of the kind than it counts (the server sends the first few only). */
export const hasHiddenPosts = (
  days: ReadonlyArray<CalendarDay>,
  day: string,
  post: Pick<CalendarPost, "status" | "scheduledAt" | "publishedAt" | "createdAt">,
): boolean => {
  const summary = days.find((d) => d.day === day);
  if (!summary) return false;
  const kind = kindOf(post);
  return summary[COUNT_OF_KIND[kind]] > summary.posts.filter((p) => kindOf(p) === kind).length;
};

/**
 * The toast of a move the server refused: a version conflict (someone changed the post since the
 * calendar was read) gives the server's message and Reload; anything else the server's reason, or the
 * generic failure.
 */
export const moveFailure = (error: unknown): { readonly title: string; readonly description: string; readonly reload: boolean } => {
  const conflict = conflictMessage(error);
  return conflict !== null
    ? { title: "Error", description: conflict, reload: true }
    : { title: "Error", description: apiErrorMessage(error, "Failed to move post. Please try again."), reload: false };
};

export interface CalendarState {
  readonly summaries: ReadonlyArray<CalendarDay>;
  readonly timeZone: string;
  readonly setSummaries: Dispatch<SetStateAction<ReadonlyArray<CalendarDay>>>;
  /** The posts whose move is on its way. */
  readonly setMoving: Dispatch<SetStateAction<ReadonlySet<string>>>;
  /** Loads the range on screen again. */
  readonly reload: () => void;
}

/**
 * Reschedules a scheduled post to `scheduledAt`. It moves on screen at once; the PUT states the
 * version the calendar listed, so a post someone changed since is refused (409): it goes back where
 * it was, and the toast offers Reload. The post's other fields are read first (PUT takes the whole
 * post). Resolves to null once moved, else the reason shown.
 */
export const movePost = async (calendar: CalendarState, postId: string, scheduledAt: string): Promise<string | null> => {
  const { summaries, timeZone, setSummaries, setMoving } = calendar;
  const listed = summaries.flatMap((s) => s.posts).find((p) => p.id === postId);
  if (!listed || !listed.scheduledAt || kindOf(listed) !== "scheduled") return null;
  if (Date.parse(listed.scheduledAt) === Date.parse(scheduledAt)) return null;
  const hidden = hasHiddenPosts(summaries, dayOfPost(listed, timeZone), listed);
  setMoving((set) => new Set(set).add(postId));
  setSummaries((list) => relocatePost(list, { ...listed, scheduledAt }, timeZone));
  try {
    const post = await api.get("/api/posts/:id", { params: { id: postId } });
    const saved = await api.put("/api/posts/:id", {
      params: { id: postId },
      payload: {
        ...(versionedBody(listed) ?? versionedBody(post)),
        content: post.content,
        platforms: post.platforms,
        media: post.media,
        status: "scheduled",
        scheduledAt,
        timeZone: post.timeZone,
        accountIds: post.targets.length > 0 ? post.targets.map((t) => t.accountId) : undefined,
        postType: post.postType,
        businessData: post.businessData,
        locationIds: post.locationIds,
        categoryId: post.categoryId,
        // The options as the server keeps them (its edge checked them), sent back unchanged.
        options: post.options as PostPayload["options"],
      },
    });
    // The post as the server keeps it now: its new version (and time) for the next write.
    setSummaries((list) =>
      relocatePost(
        list,
        { ...listed, status: saved.status, scheduledAt: saved.scheduledAt, publishedAt: saved.publishedAt, version: saved.version ?? listed.version },
        timeZone,
      ),
    );
    // The day it left may now show a post it listed beyond its first few.
    if (hidden) calendar.reload();
    toast({ title: "Success", description: `Post moved to ${whenOf(saved.scheduledAt ?? scheduledAt, timeZone)}.` });
    return null;
  } catch (error) {
    setSummaries((list) => relocatePost(list, listed, timeZone));
    const failure = moveFailure(error);
    toast({
      title: failure.title,
      description: failure.description,
      variant: "destructive",
      ...(failure.reload ? { action: { label: "Reload", onClick: calendar.reload } } : {}),
    });
    return failure.description;
  } finally {
    setMoving((set) => {
      const next = new Set(set);
      next.delete(postId);
      return next;
    });
  }
};
