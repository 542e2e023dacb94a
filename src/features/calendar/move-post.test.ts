import { describe, expect, it } from "vitest";
import type { CalendarDay, CalendarPost } from "../../../infra/publishing/CalendarPosts";
import { ApiError } from "../../lib/api-client";
import { hasHiddenPosts, moveFailure, relocatePost } from "./move-post";

const chip = (id: string, scheduledAt: string, version = 1): CalendarPost => ({
  id,
  content: `Post ${id}`,
  status: "scheduled",
  scheduledAt,
  publishedAt: null,
  createdAt: "2026-11-01T12:00:00.000Z",
  platforms: ["facebook"],
  isRecurring: false,
  version,
});

describe("moving a post on the calendar", () => {
  it("moves a post between days at once, and back as it was", () => {
    const a = chip("a", "2026-11-03T09:00:00.000Z", 4);
    const b = chip("b", "2026-11-03T08:00:00.000Z");
    const c = chip("c", "2026-11-05T10:00:00.000Z");
    const days: CalendarDay[] = [
      { day: "2026-11-03", scheduled: 2, published: 1, drafts: 0, posts: [b, a] },
      { day: "2026-11-05", scheduled: 1, published: 0, drafts: 0, posts: [c] },
    ];
    // Onto a listed day: in time order, counted there and no more on its old day.
    const moved = relocatePost(days, { ...a, scheduledAt: "2026-11-05T09:00:00.000Z" }, "UTC");
    expect(moved.map((d) => [d.day, d.scheduled, d.published, d.posts.map((p) => p.id)])).toEqual([
      ["2026-11-03", 1, 1, ["b"]],
      ["2026-11-05", 2, 0, ["a", "c"]],
    ]);
    // The server's answer only brings the new version.
    const saved = relocatePost(moved, { ...a, scheduledAt: "2026-11-05T09:00:00.000Z", version: 5 }, "UTC");
    expect(saved.find((d) => d.day === "2026-11-05")!.posts.map((p) => [p.id, p.version])).toEqual([
      ["a", 5],
      ["c", 1],
    ]);
    expect(saved.find((d) => d.day === "2026-11-05")!.scheduled).toBe(2);
    // A refusal puts it back as it was.
    expect(relocatePost(moved, a, "UTC")).toEqual([
      { day: "2026-11-03", scheduled: 2, published: 1, drafts: 0, posts: [b, a] },
      { day: "2026-11-05", scheduled: 1, published: 0, drafts: 0, posts: [c] },
    ]);
    expect(days[0]!.posts).toEqual([b, a]);
    // Onto a day with nothing yet: a new day, in order.
    const empty = relocatePost(days, { ...c, scheduledAt: "2026-11-04T10:00:00.000Z" }, "UTC");
    expect(empty.map((d) => [d.day, d.scheduled, d.posts.length])).toEqual([
      ["2026-11-03", 2, 2],
      ["2026-11-04", 1, 1],
      ["2026-11-05", 0, 0],
    ]);
  });

  it("knows when a day counts more posts than it lists", () => {
    const a = chip("a", "2026-11-03T09:00:00.000Z");
    const days: CalendarDay[] = [{ day: "2026-11-03", scheduled: 4, published: 0, drafts: 0, posts: [a] }];
    expect(hasHiddenPosts(days, "2026-11-03", a)).toBe(true);
    expect(hasHiddenPosts([{ ...days[0]!, scheduled: 1 }], "2026-11-03", a)).toBe(false);
    expect(hasHiddenPosts(days, "2026-11-09", a)).toBe(false);
  });

  it("tells a version conflict from other refusals", () => {
    const conflict = new ApiError(
      409,
      "Conflict",
      '{"code":"version_conflict","detail":"This item was changed by someone else. Reload and try again."}',
    );
    expect(moveFailure(conflict)).toEqual({ title: "Error", description: "This item was changed by someone else. Reload and try again.", reload: true });
    const invalid = new ApiError(400, "Bad Request", '{"code":"validation","detail":"Scheduled time must be in the future."}');
    expect(moveFailure(invalid)).toEqual({ title: "Error", description: "Scheduled time must be in the future.", reload: false });
    expect(moveFailure(new TypeError("Failed to fetch"))).toEqual({ title: "Error", description: "Failed to move post. Please try again.", reload: false });
  });
});
