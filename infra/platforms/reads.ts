import type { EngagementCounts } from "../../domain/publishing/events";
import type { OurPost } from "./provider";
import { PlatformError } from "./types";

/** What the reads of several providers share: engagement per post or in batches, and the inbox's cursors. */

/**
 * A refusal about one post (deleted: 404, or Meta's 400 "object does not exist"; an answer that
 * cannot be read) leaves that post out; anything about the account (token, limit, outage) ends
 * the read, as every other post would fail the same way.
 */
const ABOUT_THE_POST: ReadonlySet<string> = new Set(["rejected", "invalid_response"]);
export const isAboutThePost = (error: unknown) => error instanceof PlatformError && ABOUT_THE_POST.has(error.kind);

/** For platforms that answer one post per call. */
export const perPost = async (
  ids: ReadonlyArray<string>,
  read: (id: string) => Promise<EngagementCounts | null>,
): Promise<Map<string, EngagementCounts>> => {
  const figures = new Map<string, EngagementCounts>();
  for (const id of new Set(ids)) {
    try {
      const counts = await read(id);
      if (counts) figures.set(id, counts);
    } catch (error) {
      if (isAboutThePost(error)) continue;
      throw error;
    }
  }
  return figures;
};

/** For platforms that take several ids in one call, at most `size` at a time. */
export const inBatches = async (
  ids: ReadonlyArray<string>,
  size: number,
  read: (batch: ReadonlyArray<string>) => Promise<Iterable<readonly [string, EngagementCounts]>>,
): Promise<Map<string, EngagementCounts>> => {
  const unique = [...new Set(ids)];
  const figures = new Map<string, EngagementCounts>();
  for (let i = 0; i < unique.length; i += size) {
    for (const [id, counts] of await read(unique.slice(i, i + size))) figures.set(id, counts);
  }
  return figures;
};

/** The post a platform id belongs to, when it is one of ours. */
export const ourPost = (posts: ReadonlyArray<OurPost>, platformPostId: string | null) =>
  platformPostId ? (posts.find((p) => p.platformPostId === platformPostId) ?? null) : null;

/** The later of two times as a cursor (ISO 8601 strings compare in time order when both are UTC). */
export const laterOf = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/** One post's read: a post the platform no longer has (deleted) reads as nothing; anything about the account (token, limit, outage) ends the poll. */
export const unlessGone = async <T>(read: () => Promise<ReadonlyArray<T>>): Promise<ReadonlyArray<T>> => {
  try {
    return await read();
  } catch (error) {
    if (isAboutThePost(error)) return [];
    throw error;
  }
};

/** An instant a platform sent (ISO text or epoch milliseconds) as ISO 8601, or null. */
export const isoOf = (v: unknown): string | null => {
  const parsed = typeof v === "string" ? Date.parse(v) : typeof v === "number" ? v : NaN;
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
};
