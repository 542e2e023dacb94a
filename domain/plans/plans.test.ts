import { describe, expect, it } from "vitest";
import {
  CONTACT_SALES_ABOVE_ACCOUNTS,
  DEFAULT_PLAN,
  FEATURE_UNAVAILABLE_MESSAGE,
  MAX_ANNUAL_SAVINGS,
  PLANS,
  PLAN_IDS,
  TIERS,
  UNLIMITED,
  featuresOf,
  hasFeature,
  isLimitReached,
  isPlanId,
  isTier,
  isTrialUser,
  limitReachedMessage,
  limitsOf,
  planById,
  tierLabel,
  trialDaysRemaining,
  trialEndsAtFrom,
  trialLengthLabel,
  usageColour,
  usagePercent,
  type Feature,
  type Tier,
} from "./index";

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

describe("plan catalogue (spec core §9, engagement §9)", () => {
  const expected = [
    { id: "starter", name: "Starter", monthly: 19, annual: 14, savings: 26, accounts: 10, history: "30 days" },
    { id: "professional", name: "Professional", monthly: 35, annual: 25, savings: 29, accounts: 20, history: "6 months" },
    { id: "growth", name: "Growth", monthly: 65, annual: 48, savings: 26, accounts: 40, history: "12 months" },
    { id: "agency", name: "Agency", monthly: 135, annual: 99, savings: 27, accounts: 120, history: "12 months" },
  ] as const;

  it("lists the four plans in order", () => {
    expect(PLANS.map((p) => p.id)).toEqual(["starter", "professional", "growth", "agency"]);
    expect(PLAN_IDS).toEqual(["starter", "professional", "growth", "agency"]);
    expect(TIERS).toEqual(["trial", "starter", "professional", "growth", "agency"]);
  });

  it.each(expected)("$name: prices, saving, accounts and analytics history", (e) => {
    const plan = planById(e.id);
    expect(plan.name).toBe(e.name);
    expect(plan.monthlyPrice).toBe(e.monthly);
    expect(plan.annualPrice).toBe(e.annual);
    expect(plan.savings).toBe(e.savings);
    expect(plan.accounts).toBe(e.accounts);
    expect(plan.analyticsHistory).toBe(e.history);
    expect(plan.description.length).toBeGreaterThan(10);
    expect(plan.features.length).toBeGreaterThan(3);
  });

  it("states savings that match the prices (rounded percent of twelve monthly payments)", () => {
    for (const plan of PLANS) {
      expect(Math.round((1 - plan.annualPrice / plan.monthlyPrice) * 100)).toBe(plan.savings);
    }
  });

  it("has the plan card's account count agree with the limits", () => {
    for (const plan of PLANS) expect(limitsOf(plan.id).socialAccounts).toBe(plan.accounts);
  });

  it("marks only Professional as most popular, and defaults to it", () => {
    expect(PLANS.filter((p) => p.popular).map((p) => p.id)).toEqual(["professional"]);
    expect(DEFAULT_PLAN).toBe("professional");
  });

  it("says 'Save up to 29%' and offers contact above 500 accounts", () => {
    expect(MAX_ANNUAL_SAVINGS).toBe(29);
    expect(CONTACT_SALES_ABOVE_ACCOUNTS).toBe(500);
  });

  it("recognises plan ids and tiers", () => {
    for (const id of PLAN_IDS) expect(isPlanId(id)).toBe(true);
    expect(isPlanId("trial")).toBe(false);
    expect(isPlanId("premium")).toBe(false);
    expect(isPlanId(undefined)).toBe(false);
    expect(isTier("trial")).toBe(true);
    expect(isTier("enterprise")).toBe(false);
  });

  it("labels tiers", () => {
    expect(tierLabel("trial")).toBe("Free Trial");
    expect(tierLabel("professional")).toBe("Professional Plan");
  });
});

describe("features by plan (spec core §6, cumulative)", () => {
  const SPEC_ADDED: Record<Tier, ReadonlyArray<Feature>> = {
    trial: ["basic_scheduling", "basic_analytics", "ai_content"],
    starter: ["bulk_upload", "calendar_view"],
    professional: ["advanced_analytics", "team_collaboration", "review_management"],
    growth: ["auto_posting", "content_recycling", "social_inbox", "competitor_tracking"],
    agency: ["white_label", "client_management", "priority_support"],
  };

  it.each(TIERS.map((tier, index) => ({ tier, index })))("$tier has its own and every earlier tier's features, none later", ({ tier, index }) => {
    const features = featuresOf(tier);
    TIERS.forEach((other, otherIndex) => {
      for (const feature of SPEC_ADDED[other]) {
        expect(features.includes(feature), `${tier} / ${feature}`).toBe(otherIndex <= index);
        expect(hasFeature(tier, feature)).toBe(otherIndex <= index);
      }
    });
  });

  it("never loses a feature on a higher tier", () => {
    for (let i = 1; i < TIERS.length; i++) {
      const lower = featuresOf(TIERS[i - 1]);
      const higher = featuresOf(TIERS[i]);
      for (const feature of lower) expect(higher).toContain(feature);
      expect(higher.length).toBeGreaterThan(lower.length);
    }
  });

  it("gates the library screens as the comparison table shows them", () => {
    expect(hasFeature("trial", "bulk_upload")).toBe(false);
    expect(hasFeature("starter", "content_templates")).toBe(true);
    expect(hasFeature("starter", "hashtag_research")).toBe(true);
    expect(hasFeature("professional", "rss_feeds")).toBe(false);
    expect(hasFeature("growth", "rss_feeds")).toBe(true);
  });
});

describe("limits by tier (spec core §9)", () => {
  it.each([
    ["trial", { socialAccounts: 3, postsPerMonth: 10, scheduledPosts: 50, teamMembers: 1 }],
    ["starter", { socialAccounts: 10, postsPerMonth: 160, scheduledPosts: 160, teamMembers: 0 }],
    ["professional", { socialAccounts: 20, postsPerMonth: -1, scheduledPosts: -1, teamMembers: -1 }],
    ["growth", { socialAccounts: 40, postsPerMonth: -1, scheduledPosts: -1, teamMembers: -1 }],
    ["agency", { socialAccounts: 120, postsPerMonth: -1, scheduledPosts: -1, teamMembers: -1 }],
  ] as const)("%s", (tier, limits) => {
    expect(limitsOf(tier)).toEqual(limits);
  });

  it("uses -1 for unlimited", () => {
    expect(UNLIMITED).toBe(-1);
  });

  it("reaches a limit at or above it, never when unlimited", () => {
    const starter = limitsOf("starter");
    expect(isLimitReached(159, starter.scheduledPosts)).toBe(false);
    expect(isLimitReached(160, starter.scheduledPosts)).toBe(true);
    expect(isLimitReached(161, starter.scheduledPosts)).toBe(true);
    expect(isLimitReached(0, starter.teamMembers)).toBe(true);
    expect(isLimitReached(0, limitsOf("trial").teamMembers)).toBe(false);
    expect(isLimitReached(1, limitsOf("trial").teamMembers)).toBe(true);
    expect(isLimitReached(1_000_000, limitsOf("agency").postsPerMonth)).toBe(false);
  });
});

describe("usage bar", () => {
  it("is green when unlimited, whatever the count", () => {
    expect(usageColour(0, UNLIMITED)).toBe("green");
    expect(usageColour(1_000_000, UNLIMITED)).toBe("green");
  });

  it("turns yellow at exactly 70% and red at exactly 90%", () => {
    for (const limit of [10, 20, 40, 50, 120, 160]) {
      const at70 = (limit * 7) / 10;
      const at90 = (limit * 9) / 10;
      expect(usageColour(at70, limit), `${at70}/${limit}`).toBe("yellow");
      expect(usageColour(at90, limit), `${at90}/${limit}`).toBe("red");
    }
    expect(usageColour(69, 100)).toBe("blue");
    expect(usageColour(70, 100)).toBe("yellow");
    expect(usageColour(89, 100)).toBe("yellow");
    expect(usageColour(90, 100)).toBe("red");
    expect(usageColour(100, 100)).toBe("red");
    expect(usageColour(0, 3)).toBe("blue");
    expect(usageColour(2, 3)).toBe("blue"); // 66.7%
    expect(usageColour(3, 3)).toBe("red");
  });

  it("treats a zero limit as full", () => {
    expect(usageColour(0, 0)).toBe("red");
    expect(usagePercent(0, 0)).toBe(100);
  });

  it("measures the bar's width, capped at 100", () => {
    expect(usagePercent(7, 10)).toBe(70);
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(200, 160)).toBe(100);
    expect(usagePercent(5, UNLIMITED)).toBe(0);
  });
});

describe("limit-reached messages (spec core §8)", () => {
  it("reads exactly as the spec", () => {
    expect(limitReachedMessage("socialAccounts", 3)).toBe(
      "You've reached your limit of 3 social accounts. Upgrade to connect more platforms.",
    );
    expect(limitReachedMessage("postsPerMonth", 10)).toBe(
      "You've reached your monthly limit of 10 posts. Upgrade for unlimited posting.",
    );
    expect(limitReachedMessage("scheduledPosts", 160)).toBe(
      "You've reached your limit of 160 scheduled posts. Upgrade for unlimited posts.",
    );
    expect(limitReachedMessage("teamMembers", 1)).toBe(
      "You've reached your limit of 1 team members. Upgrade to add more collaborators.",
    );
    expect(FEATURE_UNAVAILABLE_MESSAGE).toBe(
      "This feature is not available in your current plan. Upgrade to unlock all features.",
    );
  });
});

describe("trial (spec core §4)", () => {
  it("is a trial user only on the trial tier with an active trial", () => {
    expect(isTrialUser({ subscriptionTier: "trial", isTrialActive: true })).toBe(true);
    expect(isTrialUser({ subscriptionTier: "trial", isTrialActive: false })).toBe(false);
    expect(isTrialUser({ subscriptionTier: "professional", isTrialActive: true })).toBe(false);
  });

  it("rounds remaining days up and stops at zero", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    expect(trialDaysRemaining(new Date("2026-03-10T12:00:00Z"), now)).toBe(0);
    expect(trialDaysRemaining(new Date("2026-03-10T12:00:01Z"), now)).toBe(1);
    expect(trialDaysRemaining(new Date("2026-03-11T12:00:00Z"), now)).toBe(1);
    expect(trialDaysRemaining(new Date("2026-03-11T12:00:01Z"), now)).toBe(2);
    expect(trialDaysRemaining(new Date("2026-03-01T00:00:00Z"), now)).toBe(0);
  });

  it("ends the configured number of days after it starts", () => {
    const start = new Date("2026-03-10T12:00:00Z");
    expect(trialEndsAtFrom(start, 5).toISOString()).toBe("2026-03-15T12:00:00.000Z");
    expect(trialEndsAtFrom(start, 3).toISOString()).toBe("2026-03-13T12:00:00.000Z");
    expect(trialDaysRemaining(trialEndsAtFrom(start, 5), start)).toBe(5);
  });

  it("labels the trial length from the setting", () => {
    expect(trialLengthLabel(5)).toBe("5-day");
    expect(trialLengthLabel(14)).toBe("14-day");
  });
});
