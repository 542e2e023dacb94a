import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import { failureToast, filterParams, tabCounts, tabOf } from "./queue-model";

const conflict = new ApiError(
  409,
  "Conflict",
  JSON.stringify({ code: "version_conflict", detail: "This item was changed by someone else. Reload and try again." }),
);
const published = new ApiError(409, "Conflict", JSON.stringify({ code: "conflict", detail: "A published post cannot be deleted." }));
const ok = (value: unknown): PromiseSettledResult<unknown> => ({ status: "fulfilled", value });
const ko = (reason: unknown): PromiseSettledResult<unknown> => ({ status: "rejected", reason });

describe("the queue's model", () => {
  it("keeps a post being published under Scheduled, in the tab and in the counts", () => {
    expect(tabOf({ status: "publishing" })).toBe("scheduled");
    expect(tabCounts({ draft: 2, awaiting_approval: 1, scheduled: 3, publishing: 1, published: 5 })).toEqual({
      scheduled: 4,
      approval: 1,
      published: 5,
      draft: 2,
    });
    expect(tabOf({ status: "awaiting_approval" })).toBe("approval");
  });

  it("turns Filter By and the search into query parameters", () => {
    expect(filterParams("account:a1", " smile ").toString()).toBe("accountId=a1&q=smile");
    expect(filterParams("category:c1", "").toString()).toBe("categoryId=c1");
    expect(filterParams("", "  ").toString()).toBe("");
  });

  it("picks the failure toast: a conflict anywhere offers Reload, other failures keep the spec's text", () => {
    expect(failureToast([ok(1), ok(2)], "Failed to delete post.")).toBeNull();
    expect(failureToast([ok(1), ko(published)], "Failed to delete post.")).toEqual({ title: "Error", description: "Failed to delete post.", reload: false });
    expect(failureToast([ko(published), ko(conflict), ok(3)], "Failed to publish post.")).toEqual({
      title: "Error",
      description: "This item was changed by someone else. Reload and try again.",
      reload: true,
    });
  });
});
