/*
 * Hashtag research's figures, computed from the workspace's published posts (and, where Bluesky search
 * is set up, public Bluesky counts). Pure: the service reads the posts and the counts and hands them here.
 */
import { notSetUp } from "../shared/not-set-up";
import {
  type CompetitionLabel,
  competitionLabel,
  type DifficultyLabel,
  difficultyLabel,
  difficultyOf,
  formatVolume,
  hashtagsIn,
  isRising,
  RECENT_MAX,
  RELATED_MAX,
  RESEARCH_WINDOW_DAYS,
  risePercent,
  SEARCH_RESULTS_MAX,
  tagKey,
  TREND_DAYS,
  type Trend,
  TRENDING_MAX,
} from "./rules";

/** A published post of the workspace: its text, when it went out, and its likes + shares + comments (on the chosen platform). */
export interface ResearchPost {
  readonly content: string;
  readonly publishedAt: Date;
  readonly engagement: number;
}

/** One hashtag across the workspace's posts. */
export interface TagUse {
  /** As written in the most recent post using it. */
  readonly tag: string;
  readonly uses: number;
  readonly engagementTotal: number;
  readonly trend: Trend;
  readonly lastUsedAt: Date;
  /** The other hashtags of the same posts, by key: how often, as written. */
  readonly together: ReadonlyMap<string, { readonly tag: string; readonly count: number }>;
}

const DAY_MS = 86_400_000;

/** Every hashtag of the posts (newest first) with its uses, engagement, 7-day trend and companions. */
export const tagUsesOf = (posts: ReadonlyArray<ResearchPost>, now: Date): ReadonlyMap<string, TagUse> => {
  const recentFrom = now.getTime() - TREND_DAYS * DAY_MS;
  const previousFrom = now.getTime() - 2 * TREND_DAYS * DAY_MS;
  const uses = new Map<string, { -readonly [K in keyof TagUse]: TagUse[K] } & { trend: { last7: number; previous7: number } }>();
  for (const post of [...posts].sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())) {
    const tags = [...new Map(hashtagsIn(post.content).map((tag) => [tagKey(tag), tag])).entries()];
    const at = post.publishedAt.getTime();
    for (const [key, tag] of tags) {
      const use = uses.get(key) ?? { tag, uses: 0, engagementTotal: 0, trend: { last7: 0, previous7: 0 }, lastUsedAt: post.publishedAt, together: new Map() };
      use.uses += 1;
      use.engagementTotal += post.engagement;
      if (at >= recentFrom) use.trend.last7 += 1;
      else if (at >= previousFrom) use.trend.previous7 += 1;
      const together = use.together as Map<string, { tag: string; count: number }>;
      for (const [otherKey, other] of tags) {
        if (otherKey === key) continue;
        const seen = together.get(otherKey);
        together.set(otherKey, { tag: seen?.tag ?? other, count: (seen?.count ?? 0) + 1 });
      }
      uses.set(key, use);
    }
  }
  return uses;
};

/** The related hashtags of one: those of the same posts, most often first (ties: by name). */
export const relatedOf = (use: TagUse | undefined): ReadonlyArray<string> =>
  use
    ? [...use.together.values()]
        .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag))
        .slice(0, RELATED_MAX)
        .map((t) => t.tag)
    : [];

/** The hashtags a search finds: the one typed first (used or not), then the workspace's containing it, most used first. */
export const searchKeysOf = (term: string, uses: ReadonlyMap<string, TagUse>): ReadonlyArray<string> => {
  const containing = [...uses.entries()]
    .filter(([key]) => key !== term && key.includes(term))
    .sort(([, a], [, b]) => b.uses - a.uses || b.lastUsedAt.getTime() - a.lastUsedAt.getTime())
    .map(([key]) => key);
  return [term, ...containing].slice(0, SEARCH_RESULTS_MAX);
};

/**
 * Public Bluesky posts with a hashtag in the last 7 days and the 7 before. `atLeast`: the AppView
 * gave no total and more posts than its one page, so `last7` is a floor, not a count.
 */
export interface PublicTrend extends Trend {
  readonly atLeast: boolean;
}

/** What Bluesky search gave for the hashtags: counts by key, or why there are none. */
export type PublicCounts =
  | { readonly status: "counted"; readonly counts: ReadonlyMap<string, PublicTrend> }
  | { readonly status: "not_configured" }
  | { readonly status: "unreachable"; readonly reason: string };

/** A search result (spec engagement §3: tag, difficulty 0-100, volume, engagement, trending, related), each figure with what it is based on. */
export interface HashtagResult {
  readonly tag: string;
  /** Null when there is no public volume to measure it by. */
  readonly difficulty: number | null;
  readonly difficultyLabel: DifficultyLabel | null;
  readonly competition: CompetitionLabel | null;
  /** Public Bluesky posts with it in the last 7 days; null when not counted. */
  readonly volume: number | null;
  /** The volume as the spec shows it (K, M), with "+" when it is a floor. */
  readonly volumeLabel: string | null;
  /** Likes + shares + comments per post of the workspace with it; null when no post uses it. */
  readonly engagement: number | null;
  /** The workspace's published posts with it (last 90 days). */
  readonly uses: number;
  readonly trending: boolean;
  readonly trend: { readonly yours: Trend; readonly bluesky: PublicTrend | null };
  readonly related: ReadonlyArray<string>;
  /** Per figure, what it is based on, in a sentence. */
  readonly basedOn: {
    readonly volume: string;
    readonly difficulty: string;
    readonly engagement: string;
    readonly trending: string;
    readonly related: string;
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

export const NOT_COUNTED = {
  not_configured: `Not counted: ${notSetUp("Bluesky search")}`,
  unreachable: (reason: string) => `Not counted: ${reason}`,
} as const;

/** One search result for the hashtag of `key`. */
export const hashtagResultOf = (key: string, uses: ReadonlyMap<string, TagUse>, bluesky: PublicCounts): HashtagResult => {
  const use = uses.get(key);
  const yours: Trend = use?.trend ?? { last7: 0, previous7: 0 };
  const counted = bluesky.status === "counted" ? bluesky.counts.get(key) : undefined;
  const volume = counted ? counted.last7 : null;
  const difficulty = volume === null ? null : difficultyOf(volume);
  const count = use?.uses ?? 0;
  const trendText = `Your posts: ${yours.last7} in the last ${TREND_DAYS} days, ${yours.previous7} in the ${TREND_DAYS} before${
    counted ? `. Bluesky: ${counted.last7} public posts, ${counted.previous7} before` : ""
  }.`;
  return {
    tag: use?.tag ?? `#${key}`,
    difficulty,
    difficultyLabel: difficulty === null ? null : difficultyLabel(difficulty),
    competition: difficulty === null ? null : competitionLabel(difficulty),
    volume,
    volumeLabel: volume === null ? null : `${formatVolume(volume)}${counted?.atLeast ? "+" : ""}`,
    engagement: use ? oneDecimal(use.engagementTotal / use.uses) : null,
    uses: count,
    trending: isRising(yours) || (counted !== undefined && isRising(counted)),
    trend: { yours, bluesky: counted ?? null },
    related: relatedOf(use),
    basedOn: {
      volume: counted
        ? `${counted.atLeast ? "At least " : ""}${plural(counted.last7, "public Bluesky post")} in the last ${TREND_DAYS} days${
            counted.atLeast ? " (the AppView counts no further)" : ""
          }.`
        : bluesky.status === "unreachable"
          ? NOT_COUNTED.unreachable(bluesky.reason)
          : NOT_COUNTED.not_configured,
      difficulty:
        volume === null
          ? "Not measured: it needs the public volume."
          : counted?.atLeast
            ? `From the volume (${formatVolume(volume)}+): at least this hard.`
            : `From the volume (${formatVolume(volume)}).`,
      engagement: use
        ? `${plural(use.uses, "post")} of yours with it received ${use.engagementTotal} likes, shares and comments in all.`
        : `None of your posts published in the last ${RESEARCH_WINDOW_DAYS} days uses it.`,
      trending: trendText,
      related: use ? `From the ${plural(use.uses, "post")} of yours that use it.` : "None yet: none of your posts uses it.",
    },
  };
};

/** A hashtag whose use rose: the trending list (spec engagement §7 GET /api/hashtags/trending). */
export interface TrendingHashtag {
  readonly tag: string;
  readonly last7: number;
  readonly previous7: number;
  /** Percent more than the 7 days before; null when it was not used then (new). */
  readonly rise: number | null;
  readonly engagement: number;
  readonly basedOn: string;
}

/** The workspace's hashtags used more in the last 7 days than the 7 before, biggest rise first. */
export const trendingOf = (uses: ReadonlyMap<string, TagUse>): ReadonlyArray<TrendingHashtag> =>
  [...uses.values()]
    .filter((use) => isRising(use.trend))
    .sort((a, b) => b.trend.last7 - b.trend.previous7 - (a.trend.last7 - a.trend.previous7) || b.trend.last7 - a.trend.last7 || a.tag.localeCompare(b.tag))
    .slice(0, TRENDING_MAX)
    .map((use) => ({
      tag: use.tag,
      last7: use.trend.last7,
      previous7: use.trend.previous7,
      rise: risePercent(use.trend),
      engagement: oneDecimal(use.engagementTotal / use.uses),
      basedOn: `${plural(use.trend.last7, "post")} of yours in the last ${TREND_DAYS} days, ${use.trend.previous7} in the ${TREND_DAYS} before.`,
    }));

export interface RecentHashtag {
  readonly tag: string;
  readonly lastUsedAt: string;
  readonly uses: number;
}

/** The hashtags of the workspace's latest published posts, most recently used first. */
export const recentOf = (uses: ReadonlyMap<string, TagUse>): ReadonlyArray<RecentHashtag> =>
  [...uses.values()]
    .sort((a, b) => b.lastUsedAt.getTime() - a.lastUsedAt.getTime() || b.uses - a.uses)
    .slice(0, RECENT_MAX)
    .map((use) => ({ tag: use.tag, lastUsedAt: use.lastUsedAt.toISOString(), uses: use.uses }));
