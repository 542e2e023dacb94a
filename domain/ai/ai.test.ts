import { describe, expect, it } from "vitest";
import { aiQuotaOf } from "../plans";
import { DeciderSpecification } from "../shared/decider-spec";
import type { AiUsageEvent } from "./events";
import { aiUsageProjection } from "./projection";
import { aiMonthOf, aiQuotaResetsAt, cleanModelText, enhancePrompt, fitToLimit, smallestLimitOf } from "./rules";
import { aiUsageDecider, recordAiImage, recordAiText } from "./usage";

const spec = DeciderSpecification(aiUsageDecider);
const trial = { tier: "trial" as const, quota: aiQuotaOf("trial"), month: "2026-11" };
const text = (used: number): AiUsageEvent => ({
  type: "AiTextGenerated",
  data: { workspaceId: "w1", month: "2026-11", purpose: "shorten", model: "m", used },
});

describe("AI usage per workspace and month", () => {
  it("counts each text and image, the month's count in the event", () => {
    spec
      .given([])
      .when(recordAiText({ workspaceId: "w1", purpose: "shorten", model: "m" }, trial))
      .then([text(1)]);
    spec
      .given([text(1), text(2)])
      .when(recordAiText({ workspaceId: "w1", purpose: "shorten", model: "m" }, trial))
      .then([text(3)]);
    spec
      .given([text(1)])
      .when(recordAiImage({ workspaceId: "w1", mediaId: "m1", model: "img" }, trial))
      .then([{ type: "AiImageGenerated", data: { workspaceId: "w1", month: "2026-11", model: "img", mediaId: "m1", used: 1 } }]);
  });

  it("refuses past the plan's quota, saying when it resets", () => {
    spec
      .given(Array.from({ length: 20 }, (_, i) => text(i + 1)))
      .when(recordAiText({ workspaceId: "w1", purpose: "generate", model: "m" }, trial))
      .thenFails("AiQuotaReached", "Your Free Trial includes 20 AI text requests a month, and this month's are used up. The quota resets on December 1, 2026.");
    const images = [1, 2].map((used): AiUsageEvent => ({
      type: "AiImageGenerated",
      data: { workspaceId: "w1", month: "2026-11", model: "i", mediaId: "x", used },
    }));
    spec
      .given(images)
      .when(recordAiImage({ workspaceId: "w1", mediaId: "m3", model: "i" }, { ...trial, tier: "trial" }))
      .thenFails("AiQuotaReached", /includes 2 AI images a month/);
  });

  it("quotas grow with the plan; months are UTC calendar months", () => {
    expect([aiQuotaOf("starter").text, aiQuotaOf("professional").text, aiQuotaOf("growth").text, aiQuotaOf("agency").text]).toEqual([100, 500, 2000, 5000]);
    expect(aiQuotaOf("professional").images).toBe(50);
    expect(aiMonthOf(new Date("2026-12-31T23:59:59Z"))).toBe("2026-12");
    expect(aiQuotaResetsAt("2026-12").toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });

  it("keeps one counter row per workspace, month and kind", () => {
    const recorded = (e: AiUsageEvent) => ({ ...e, globalPosition: 1, streamId: "s", streamVersion: 1, metadata: {} as never, createdAt: new Date(0) });
    expect(aiUsageProjection.project(recorded(text(1)))).toEqual([
      { table: "ai_usage", insert: { workspace_id: "w1", month: "2026-11", kind: "text", used: 1, updated_at: new Date(0) } },
    ]);
    expect(aiUsageProjection.project(recorded(text(2)))).toEqual([
      { table: "ai_usage", update: { workspace_id: "w1", month: "2026-11", kind: "text" }, set: { used: 2, updated_at: new Date(0) } },
    ]);
  });
});

describe("AI texts", () => {
  it("fit the smallest chosen platform: cut at a word boundary with an ellipsis", () => {
    expect(smallestLimitOf(["facebook", "twitter", "linkedin"])).toEqual({ limit: 280, platform: "twitter" });
    expect(smallestLimitOf([])).toBeNull();
    expect(fitToLimit("  short  ", 280)).toBe("short");
    const long = "word ".repeat(100);
    const fitted = fitToLimit(long, 280);
    expect(Array.from(fitted).length).toBeLessThanOrEqual(280);
    expect(fitted).toMatch(/word…$/);
    expect(fitToLimit(long, null)).toBe(long.trim());
    expect(fitToLimit("x".repeat(300), 10)).toBe(`${"x".repeat(9)}…`);
  });

  it("lose the quotes and preamble chat models add", () => {
    expect(cleanModelText('"Fresh smiles start here!"')).toBe("Fresh smiles start here!");
    expect(cleanModelText("Here is a shorter version:\n\nFresh smiles!")).toBe("Fresh smiles!");
    expect(cleanModelText('She said "hi" and "bye"')).toBe('She said "hi" and "bye"');
  });

  it("ask for the action within the smallest limit", () => {
    const [system, user] = enhancePrompt("shorten", " Our clinic opens Monday. ", ["twitter", "bluesky"]);
    expect(system!.role).toBe("system");
    expect(user!.content).toContain("Shorten this social media post");
    expect(user!.content).toContain("X (Twitter), Bluesky: keep it under 280 characters");
    expect(user!.content.endsWith("Our clinic opens Monday.")).toBe(true);
  });
});
