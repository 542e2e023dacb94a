/*
 * Hashtag research's rules (spec engagement §2, §5, §9): what a hashtag is, the formulas behind each
 * figure (written on the screen as FORMULAS says them), the spec's labels, and saved groups' limits.
 */

/** The platforms the research screen offers (spec engagement §9), and "all" of the workspace's. */
export const HASHTAG_PLATFORMS = ["instagram", "twitter", "linkedin", "tiktok", "facebook"] as const;
export type HashtagPlatform = (typeof HASHTAG_PLATFORMS)[number];
export const RESEARCH_PLATFORMS = ["all", ...HASHTAG_PLATFORMS] as const;
export type ResearchPlatform = (typeof RESEARCH_PLATFORMS)[number];

/** The workspace's published posts read for the figures: those of the last 90 days. */
export const RESEARCH_WINDOW_DAYS = 90;
/** Trending compares the last 7 days with the 7 before. */
export const TREND_DAYS = 7;
export const RELATED_MAX = 5;
export const SEARCH_RESULTS_MAX = 8;
export const TRENDING_MAX = 10;
export const RECENT_MAX = 12;

export const GROUP_NAME_MAX = 60;
export const GROUP_TAGS_MAX = 30;
export const TAG_MAX = 100;
/** Groups a workspace keeps at most: enough for any menu. */
export const GROUPS_MAX = 100;

export const HASHTAG_MESSAGES = {
  blankQuery: "Type a keyword or #hashtag to search for.",
  unusableQuery: "Search with letters, numbers or _, and at least one letter: a hashtag holds no spaces or punctuation.",
  platform: `Choose a platform: ${RESEARCH_PLATFORMS.join(", ")}.`,
  groupName: `Give the group a name of 1 to ${GROUP_NAME_MAX} characters.`,
  groupTags: `Add 1 to ${GROUP_TAGS_MAX} hashtags to the group.`,
  notATag: (text: string) => `"${text}" is not a hashtag: use letters, numbers and _ after the #, at least one letter, at most ${TAG_MAX} characters.`,
  tooManyGroups: `A workspace keeps at most ${GROUPS_MAX} hashtag groups. Delete one you no longer need.`,
} as const;

/** How each figure is computed, as the screen writes it. */
export const FORMULAS = {
  volume: `Volume: public Bluesky posts with the hashtag in the last ${TREND_DAYS} days (counted where Bluesky search is set up).`,
  difficulty:
    "Difficulty = 25 × log10(1 + volume), at most 100: Easy up to 30, Medium up to 60, Hard above. Competition: High above 70, Medium above 40, else Low.",
  engagement: `Engagement: likes + shares + comments your published posts with the hashtag received, on average per post (last ${RESEARCH_WINDOW_DAYS} days).`,
  trending: `Trending: in more of your posts (or more public Bluesky posts) in the last ${TREND_DAYS} days than in the ${TREND_DAYS} days before.`,
  related: "Related: hashtags that appear in the same posts of yours, most often first.",
} as const;

// Letters with their combining marks (#नमस्ते, #cafe\u0301), digits and _.
const TAG_BODY = /^[\p{L}\p{M}\p{N}_]+$/u;
// A hashtag starts a word: "x#1" and "&#39;" are not hashtags.
const TAGS_IN_TEXT = /(?:^|[^\p{L}\p{M}\p{N}_&])#([\p{L}\p{M}\p{N}_]+)/gu;

/**
 * What may follow the # of a hashtag: letters, digits and _, with at least one letter, as Instagram,
 * X and Bluesky read them: "#5" in "Dental tip #5" and "#2024" are numbers, "#café", "#東京" and
 * "#2024goals" are hashtags.
 */
export const isHashtagBody = (body: string): boolean => TAG_BODY.test(body) && /\p{L}/u.test(body);

/** A text's distinct hashtags, in order of appearance, as written. */
export const hashtagsIn = (text: string): ReadonlyArray<string> => [
  ...new Set([...text.matchAll(TAGS_IN_TEXT)].filter((m) => isHashtagBody(m[1]!)).map((m) => `#${m[1]}`)),
];

/** The key two spellings of one hashtag share (#Dental and #dental are one). */
export const tagKey = (tag: string) => tag.replace(/^#/, "").toLowerCase();

/** What a person typed as a hashtag, with its # (prepended when missing), or null when it is not one. */
export const asHashtag = (text: string): string | null => {
  const body = text.trim().replace(/^#/, "");
  return body.length <= TAG_MAX && isHashtagBody(body) ? `#${body}` : null;
};

/** A search's text as the hashtag body it looks for: # and spaces dropped ("dental care" → "dentalcare"); null when no hashtag is left ("!!!", "5"). */
export const searchTermOf = (query: string): string | null => {
  const body = query.trim().replace(/^#+/, "").replace(/\s+/g, "");
  return asHashtag(body) === null ? null : body.toLowerCase();
};

/** Difficulty 0-100 from the volume (FORMULAS.difficulty). */
export const difficultyOf = (volume: number): number => Math.min(100, Math.round(25 * Math.log10(1 + Math.max(0, volume))));

export type DifficultyLabel = "Easy" | "Medium" | "Hard";
/** Spec engagement §9: Easy at 30 or less, Medium up to 60, Hard above. */
export const difficultyLabel = (difficulty: number): DifficultyLabel => (difficulty <= 30 ? "Easy" : difficulty <= 60 ? "Medium" : "Hard");

export type CompetitionLabel = "High" | "Medium" | "Low";
/** Spec engagement §9: competition High above 70, Medium above 40, else Low. */
export const competitionLabel = (difficulty: number): CompetitionLabel => (difficulty > 70 ? "High" : difficulty > 40 ? "Medium" : "Low");

const compact = (n: number) => (Math.round(n * 10) / 10).toString();
/** Spec engagement §9: volume shown as K or M (1.2K, 3.4M). */
export const formatVolume = (volume: number): string =>
  // 999,999 reads 1M, not 1000K.
  volume >= 999_950 ? `${compact(volume / 1_000_000)}M` : volume >= 1_000 ? `${compact(volume / 1_000)}K` : String(volume);

export interface Trend {
  readonly last7: number;
  readonly previous7: number;
}

/** Rising: more in the last 7 days than in the 7 before. */
export const isRising = (trend: Trend) => trend.last7 > trend.previous7;

/** The rise in percent, or null when it was not used before (new). */
export const risePercent = (trend: Trend): number | null =>
  trend.previous7 === 0 ? null : Math.round(((trend.last7 - trend.previous7) / trend.previous7) * 100);
