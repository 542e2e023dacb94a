/**
 * The plans' ids in order, the trial first. Apart from the catalogue so code that only orders
 * tiers (media limits in the gallery's island) does not carry the catalogue's texts.
 */
export const PLAN_IDS = ["starter", "professional", "growth", "agency"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const TIERS = ["trial", ...PLAN_IDS] as const;
export type Tier = (typeof TIERS)[number];
