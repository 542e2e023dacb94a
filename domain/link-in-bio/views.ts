import type { BioLinkType, BioPeriod, BioSocialPlatform, BioTheme } from "./rules";

export interface BioSocialLink {
  readonly platform: BioSocialPlatform;
  readonly url: string;
  readonly isVisible: boolean;
}

export interface BioLink {
  readonly id: string;
  readonly title: string;
  /** The address it opens: http, https, mailto or tel. */
  readonly url: string;
  readonly type: BioLinkType;
  readonly isVisible: boolean;
  /** Every click counted through /bio/{username}/go/{id}. */
  readonly clicks: number;
  /** Its 0-based place on the page. */
  readonly order: number;
}

/** GET /api/link-in-bio: the workspace's page (before the first save, what it would be). */
export interface BioPage {
  /** null until one is chosen; `suggestedUsername` is free when read. */
  readonly username: string | null;
  readonly suggestedUsername: string;
  readonly title: string;
  readonly bio: string;
  readonly profileImage: string | null;
  readonly theme: BioTheme;
  readonly isPublished: boolean;
  readonly socialLinks: ReadonlyArray<BioSocialLink>;
  /** In their order. */
  readonly links: ReadonlyArray<BioLink>;
  /** The public address (`{PUBLIC_URL}/bio/{username}`), null without a username. */
  readonly publicUrl: string | null;
}

/** GET /api/link-in-bio/analytics?period=: clicks and unique visitors (per day, cookie-free) of the period's days, UTC. */
export interface BioAnalytics {
  readonly period: BioPeriod;
  readonly totalClicks: number;
  /** Each day's distinct visitors, summed: a visitor is recognised within a day only (the salt changes daily). */
  readonly uniqueVisitors: number;
  /** Most clicked first, at most 10; links deleted since keep their clicks. */
  readonly topLinks: ReadonlyArray<{ readonly id: string; readonly name: string; readonly clicks: number }>;
  /** Every day of the period, oldest first, `date` as YYYY-MM-DD. */
  readonly clicksPerDay: ReadonlyArray<{ readonly date: string; readonly clicks: number; readonly uniqueVisitors: number }>;
}
