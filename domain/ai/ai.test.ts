import { describe, expect, it } from "vitest";
import { aiQuotaOf } from "../plans";
import { eventDecoder } from "../shared";
import { DeciderSpecification } from "../shared/decider-spec";
import { type AiUsageEvent, aiUsageEvents } from "./events";
import { aiUsageProjection } from "./projection";
import { AI_RESERVATION_MARGIN_MS, aiMonthOf, aiQuotaResetsAt, aiReservationExpiry, cleanModelText, enhancePrompt, fitToLimit, smallestLimitOf } from "./rules";
import { aiUsageDecider, recordAiImage, recordAiText, releaseAiUse, reserveAiUse } from "./usage";

const spec = DeciderSpecification(aiUsageDecider);
const trial = { tier: "trial" as const, quota: aiQuotaOf("trial"), month: "2026-11" };
const now = new Date("2026-11-20T10:00:00Z");
const later = (ms: number) => new Date(now.getTime() + ms).toISOString();
const reserved = (reservationId: string, kind: "text" | "images" = "text", expiresAt = later(120_000)): AiUsageEvent => ({
  type: "AiUseReserved",
  data: { workspaceId: "w1", month: "2026-11", reservationId, kind, purpose: kind === "text" ? "shorten" : "image", expiresAt },
});
const text = (used: number, reservationId: string | null = null): AiUsageEvent => ({
  type: "AiTextGenerated",
  data: { workspaceId: "w1", month: "2026-11", purpose: "shorten", model: "m", used, reservationId },
});
const image = (used: number, reservationId: string | null = null): AiUsageEvent => ({
  type: "AiImageGenerated",
  data: { workspaceId: "w1", month: "2026-11", model: "i", mediaId: `m${used}`, used, reservationId },
});
const reserve = (reservationId: string, kind: "text" | "images" = "text", at = now) =>
  reserveAiUse(
    { workspaceId: "w1", reservationId, kind, purpose: kind === "text" ? "shorten" : "image", now: at, expiresAt: aiReservationExpiry(at, 60_000) },
    trial,
  );
const release = (reservationId: string, reason: "failed" | "left" = "failed") => releaseAiUse({ workspaceId: "w1", month: "2026-11", reservationId, reason });
const recordText = (reservationId: string) => recordAiText({ workspaceId: "w1", month: "2026-11", reservationId, purpose: "shorten", model: "m" });

describe("AI usage per workspace and month", () => {
  it("given room in the quota, when a call reserves a use, then a place is held until a minute past the time-out", () => {
    spec
      .given([])
      .when(reserve("r1"))
      .then([reserved("r1", "text", later(60_000 + AI_RESERVATION_MARGIN_MS))]);
  });

  it("given a reservation, when its answer is recorded, then it counts as the month's next use, tied to the reservation", () => {
    spec
      .given([text(1), text(2), reserved("r3")])
      .when(recordText("r3"))
      .then([text(3, "r3")]);
    spec
      .given([image(1), reserved("r2", "images")])
      .when(recordAiImage({ workspaceId: "w1", month: "2026-11", reservationId: "r2", mediaId: "m2", model: "i" }))
      .then([image(2, "r2")]);
  });

  it("given uses and calls in flight that fill the quota, when another call reserves, then it is refused, saying when the quota resets", () => {
    const done = Array.from({ length: 18 }, (_, i) => text(i + 1));
    spec
      .given([...done, reserved("a"), reserved("b")])
      .when(reserve("c"))
      .thenFails("AiQuotaReached", "Your Free Trial includes 20 AI text requests a month, and this month's are used up. The quota resets on December 1, 2026.");
    spec
      .given([reserved("a", "images"), image(1, "a"), reserved("b", "images")])
      .when(reserve("c", "images"))
      .thenFails("AiQuotaReached", /includes 2 AI images a month/);
    // Texts and images have quotas of their own.
    spec
      .given([...done, reserved("a"), reserved("b")])
      .when(reserve("i", "images"))
      .then([reserved("i", "images", later(60_000 + AI_RESERVATION_MARGIN_MS))]);
  });

  it("given a released reservation, when another call reserves, then the place is free again", () => {
    const done = Array.from({ length: 19 }, (_, i) => text(i + 1));
    spec
      .given([
        ...done,
        reserved("a"),
        { type: "AiUseReleased", data: { workspaceId: "w1", month: "2026-11", reservationId: "a", kind: "text", reason: "failed" } },
      ])
      .when(reserve("b"))
      .then([reserved("b", "text", later(60_000 + AI_RESERVATION_MARGIN_MS))]);
  });

  it("given a reservation its crashed process left, when it has expired, then it no longer holds a place", () => {
    const done = Array.from({ length: 19 }, (_, i) => text(i + 1));
    const stale = reserved("dead", "text", later(-1));
    spec
      .given([...done, stale])
      .when(reserve("b"))
      .then([reserved("b", "text", later(60_000 + AI_RESERVATION_MARGIN_MS))]);
    spec
      .given([...done, reserved("alive", "text", later(1))])
      .when(reserve("b"))
      .thenFails("AiQuotaReached", /used up/);
  });

  it("given a reservation, when it is released, then once: a recorded or unknown one releases nothing", () => {
    spec
      .given([reserved("r1")])
      .when(release("r1", "left"))
      .then([{ type: "AiUseReleased", data: { workspaceId: "w1", month: "2026-11", reservationId: "r1", kind: "text", reason: "left" } }]);
    spec
      .given([reserved("r1"), { type: "AiUseReleased", data: { workspaceId: "w1", month: "2026-11", reservationId: "r1", kind: "text", reason: "left" } }])
      .when(release("r1"))
      .thenNothingHappens();
    spec
      .given([reserved("r1"), text(1, "r1")])
      .when(release("r1"))
      .thenNothingHappens();
    spec.given([]).when(release("nobody")).thenNothingHappens();
  });

  it("given a released reservation, when its answer comes after all, then it is not counted", () => {
    spec
      .given([reserved("r1"), { type: "AiUseReleased", data: { workspaceId: "w1", month: "2026-11", reservationId: "r1", kind: "text", reason: "left" } }])
      .when(recordText("r1"))
      .thenFails("AiFailed", "The AI server did not answer in time. Please try again.");
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
    // A reservation is a place held, not a use: Settings counts only the uses.
    expect(aiUsageProjection.project(recorded(reserved("r1")))).toEqual([]);
  });

  it("reads the uses recorded before reservations as belonging to none", () => {
    const stored = { workspaceId: "w1", month: "2026-11", purpose: "shorten", model: "m", used: 4 };
    expect(eventDecoder([aiUsageEvents]).decode("AiTextGenerated", 1, stored, { streamId: "ai-usage-w1-2026-11", metadata: {} as never })).toEqual({
      ...stored,
      reservationId: null,
    });
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
