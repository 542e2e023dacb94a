import { describe, expect, it } from "vitest";
import { filterParams, tabCounts, tabOf } from "./queue-model";

describe("the queue's model", () => {
  it("keeps a post being published under Scheduled, in the tab and in the counts", () => {
    expect(tabOf({ status: "publishing" })).toBe("scheduled");
    expect(tabCounts({ draft: 2, scheduled: 3, publishing: 1, published: 5 })).toEqual({ scheduled: 4, published: 5, draft: 2 });
  });

  it("turns Filter By and the search into query parameters", () => {
    expect(filterParams("account:a1", " smile ").toString()).toBe("accountId=a1&q=smile");
    expect(filterParams("category:c1", "").toString()).toBe("categoryId=c1");
    expect(filterParams("", "  ").toString()).toBe("");
  });
});
