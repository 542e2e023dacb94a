/**
 * The spec's estimates from the engagement sum (core §9: impressions = 50, clicks = 3, reach = 30 ×
 * engagements; engagement rate = engagements / impressions as a percent with 1 decimal): the
 * Analytics screen and the clients' reports.
 */
export const ESTIMATE_FACTORS = { impressions: 50, clicks: 3, reach: 30 } as const;

export interface Estimates {
  readonly engagements: number;
  readonly impressions: number;
  readonly clicks: number;
  readonly reach: number;
  /** Percent with 1 decimal, e.g. "2.0%". */
  readonly engagementRate: string;
}

export const estimates = (engagements: number): Estimates => {
  const impressions = engagements * ESTIMATE_FACTORS.impressions;
  return {
    engagements,
    impressions,
    clicks: engagements * ESTIMATE_FACTORS.clicks,
    reach: engagements * ESTIMATE_FACTORS.reach,
    engagementRate: `${(impressions === 0 ? 0 : (engagements / impressions) * 100).toFixed(1)}%`,
  };
};
