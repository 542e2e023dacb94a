import type { Tier } from "./catalogue";

/** Features by plan; each tier has its own and all of the tiers before it (spec core §6). */
const FEATURES_ADDED_BY_TIER = {
  trial: ["basic_scheduling", "basic_analytics", "ai_content"],
  starter: ["bulk_upload", "calendar_view", "content_templates", "hashtag_research"],
  professional: ["advanced_analytics", "team_collaboration", "review_management", "live_chat"],
  growth: ["auto_posting", "content_recycling", "social_inbox", "rss_feeds", "competitor_tracking"],
  agency: ["white_label", "client_management", "priority_support"],
} as const satisfies Record<Tier, ReadonlyArray<string>>;

export type Feature = (typeof FEATURES_ADDED_BY_TIER)[Tier][number];

const TIER_ORDER: ReadonlyArray<Tier> = ["trial", "starter", "professional", "growth", "agency"];

export const featuresOf = (tier: Tier): ReadonlyArray<Feature> => TIER_ORDER.slice(0, TIER_ORDER.indexOf(tier) + 1).flatMap((t) => FEATURES_ADDED_BY_TIER[t]);

export const hasFeature = (tier: Tier, feature: Feature): boolean => featuresOf(tier).includes(feature);

/** -1 means unlimited. */
export const UNLIMITED = -1;

export interface Limits {
  readonly socialAccounts: number;
  readonly postsPerMonth: number;
  readonly scheduledPosts: number;
  readonly teamMembers: number;
}

const LIMITS: Record<Tier, Limits> = {
  trial: { socialAccounts: 3, postsPerMonth: 10, scheduledPosts: 50, teamMembers: 1 },
  starter: { socialAccounts: 10, postsPerMonth: 160, scheduledPosts: 160, teamMembers: 0 },
  professional: { socialAccounts: 20, postsPerMonth: UNLIMITED, scheduledPosts: UNLIMITED, teamMembers: UNLIMITED },
  growth: { socialAccounts: 40, postsPerMonth: UNLIMITED, scheduledPosts: UNLIMITED, teamMembers: UNLIMITED },
  agency: { socialAccounts: 120, postsPerMonth: UNLIMITED, scheduledPosts: UNLIMITED, teamMembers: UNLIMITED },
};

export const limitsOf = (tier: Tier): Limits => LIMITS[tier];

/** AI calls a workspace may make per calendar month: texts (writing, rewriting, reply drafts) and images. */
export interface AiQuota {
  readonly text: number;
  readonly images: number;
}

const AI_QUOTAS: Record<Tier, AiQuota> = {
  trial: { text: 20, images: 2 },
  starter: { text: 100, images: 10 },
  professional: { text: 500, images: 50 },
  growth: { text: 2000, images: 200 },
  agency: { text: 5000, images: 500 },
};

export const aiQuotaOf = (tier: Tier): AiQuota => AI_QUOTAS[tier];

export type LimitName = keyof Limits;

/** A limit is reached when the count is at or above it; -1 is never reached. */
export const isLimitReached = (count: number, limit: number): boolean => limit !== UNLIMITED && count >= limit;

export type UsageColour = "green" | "red" | "yellow" | "blue";

/** Usage bar: green when unlimited, red at 90% or more, yellow at 70% or more, otherwise blue. */
export const usageColour = (count: number, limit: number): UsageColour => {
  if (limit === UNLIMITED) return "green";
  const percent = limit === 0 ? 100 : (count / limit) * 100;
  if (percent >= 90) return "red";
  if (percent >= 70) return "yellow";
  return "blue";
};

/** Share of the limit used, 0-100, for the bar's width (0 when unlimited). */
export const usagePercent = (count: number, limit: number): number =>
  limit === UNLIMITED ? 0 : limit === 0 ? 100 : Math.min(100, Math.round((count / limit) * 100));

const LIMIT_MESSAGES: Record<LimitName, (limit: number) => string> = {
  socialAccounts: (n) => `You've reached your limit of ${n} social accounts. Upgrade to connect more platforms.`,
  postsPerMonth: (n) => `You've reached your monthly limit of ${n} posts. Upgrade for unlimited posting.`,
  scheduledPosts: (n) => `You've reached your limit of ${n} scheduled posts. Upgrade for unlimited posts.`,
  teamMembers: (n) => `You've reached your limit of ${n} team members. Upgrade to add more collaborators.`,
};

export const limitReachedMessage = (name: LimitName, limit: number): string => LIMIT_MESSAGES[name](limit);

export const FEATURE_UNAVAILABLE_MESSAGE = "This feature is not available in your current plan. Upgrade to unlock all features.";
