import { describe, expect, it } from "vitest";
import { activeFilters, assigneesFor, EMPTY_FILTER, everyoneOf, inboxQuery, replyToast } from "./inbox-model";

describe("the inbox screens", () => {
  it("a filter is the list's query; an empty one asks for everything", () => {
    expect(inboxQuery(EMPTY_FILTER)).toEqual({});
    expect(inboxQuery({ ...EMPTY_FILTER, type: "dm", status: "unread", platform: "facebook", q: " price ", archived: true })).toEqual({
      type: "dm",
      status: "unread",
      platform: "facebook",
      q: "price",
      archived: "true",
    });
    expect(inboxQuery({ ...EMPTY_FILTER, assignee: "none", sentiment: "negative", priority: "urgent" })).toEqual({
      assignee: "none",
      sentiment: "negative",
      priority: "urgent",
    });
    // All clients, or one of them: across the agency's workspaces.
    expect(inboxQuery({ ...EMPTY_FILTER, workspace: "all" })).toEqual({ workspaces: "all" });
    expect(inboxQuery({ ...EMPTY_FILTER, workspace: "0b6c2f4e-0000-4000-8000-000000000001" })).toEqual({
      workspaces: "all",
      workspace: "0b6c2f4e-0000-4000-8000-000000000001",
    });
  });

  it("the Filters button counts the filters that are on, not the view's type nor the search", () => {
    expect(activeFilters({ ...EMPTY_FILTER, type: "dm", q: "crown" })).toBe(0);
    expect(activeFilters({ ...EMPTY_FILTER, status: "unread", assignee: "none", archived: true })).toBe(3);
  });

  it("a reply ends with the spec's toast of its screen", () => {
    expect(replyToast("dm", true).title).toBe("Reply Sent! ✅");
    expect(replyToast("dm", false)).toEqual({ title: "Failed to Send", description: "Could not send your reply. Please try again." });
    expect(replyToast("comment", false)).toEqual({ title: "Failed to Reply", description: "Could not post your reply. Please try again." });
    expect(replyToast("all", false)).toEqual({ title: "Failed to Send Reply", description: "Please try again or check your connection." });
  });

  it("given messages of an agency's clients, the people offered to assign them are their own workspace's team, never the agency's alone", () => {
    const maria = { id: "u-maria", name: "Maria" };
    const sam = { id: "u-sam", name: "Sam" };
    const lee = { id: "u-lee", name: "Dr Lee" };
    const teams = { agency: [maria, sam], leeDental: [maria, lee] };
    // The workspace the person works in: its team (`people`), as before.
    expect(assigneesFor([], teams, [maria, sam])).toEqual([maria, sam]);
    expect(assigneesFor(["agency"], teams, [maria, sam])).toEqual([maria, sam]);
    // A client's message: the client's team, with Dr Lee and without Sam, who is not in it.
    expect(assigneesFor(["leeDental"], teams, [maria, sam])).toEqual([maria, lee]);
    // Messages of both, chosen together: only who is in both teams.
    expect(assigneesFor(["agency", "leeDental", "leeDental"], teams, [maria, sam])).toEqual([maria]);
    // The assignee filter across clients: everyone of those teams, once.
    expect(everyoneOf(teams, [maria, sam])).toEqual([maria, sam, lee]);
  });
});
