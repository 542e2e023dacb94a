import { describe, expect, it } from "vitest";
import { firstOf, templatesMatching, usageLabel } from "./template-view";

const templates = [
  { name: "Flu season", content: "Book your flu shot.", hashtags: ["#health", "#flu"] },
  { name: "Whitening offer", content: "20% off in May.", hashtags: ["#smile"] },
];

describe("the templates' grid", () => {
  it("finds templates by name, content or hashtag, every word, letter case and # aside", () => {
    expect(templatesMatching(templates, "").map((t) => t.name)).toEqual(["Flu season", "Whitening offer"]);
    expect(templatesMatching(templates, "  FLU ").map((t) => t.name)).toEqual(["Flu season"]);
    expect(templatesMatching(templates, "#smile").map((t) => t.name)).toEqual(["Whitening offer"]);
    expect(templatesMatching(templates, "may offer").map((t) => t.name)).toEqual(["Whitening offer"]);
    expect(templatesMatching(templates, "flu smile")).toEqual([]);
  });

  it("shows at most 3 platforms and 5 hashtags on a card, counting the rest", () => {
    expect(firstOf(["a", "b", "c", "d"], 3)).toEqual({ shown: ["a", "b", "c"], more: 1 });
    expect(firstOf(["a"], 5)).toEqual({ shown: ["a"], more: 0 });
    expect([0, 1, 1200].map(usageLabel)).toEqual(["Not used yet", "Used once", "Used 1,200 times"]);
  });
});
