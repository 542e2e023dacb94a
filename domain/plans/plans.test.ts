import { describe, expect, it } from "vitest";
import { isLimitReached, limitsOf, trialDaysRemaining, usageColour } from "./index";

describe("plans", () => {
  it("reaches a limit at the count", () => {
    expect(isLimitReached(3, limitsOf("trial").socialAccounts)).toBe(true);
    expect(isLimitReached(2, 3)).toBe(false);
    expect(isLimitReached(10_000, -1)).toBe(false);
  });
  it("colours usage", () => {
    expect(usageColour(5, -1)).toBe("green");
    expect(usageColour(9, 10)).toBe("red");
    expect(usageColour(7, 10)).toBe("yellow");
    expect(usageColour(6, 10)).toBe("blue");
  });
  it("counts trial days up, never below zero", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    expect(trialDaysRemaining(new Date("2026-01-05T12:00:00Z"), now)).toBe(5);
    expect(trialDaysRemaining(new Date("2025-12-30T00:00:00Z"), now)).toBe(0);
  });
});
