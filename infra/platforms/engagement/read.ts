import type { EngagementCounts } from "../../../domain/publishing/events";
import type { PlatformId } from "../../../domain/accounts/platforms";
import { PlatformError } from "../types";

/**
 * Reads the likes, shares and comments of an account's published posts, by the platform's post id
 * (`Published.platformPostId`). Posts the platform no longer has are left out of the answer.
 * `credentials` as for publishing: the stored TokenSet plus the account's `externalId` and `metadata`.
 * Throws PlatformError when the account cannot be read now (token refused, rate limit, outage).
 */
export type EngagementReader = (credentials: unknown, platformPostIds: ReadonlyArray<string>) => Promise<ReadonlyMap<string, EngagementCounts>>;

export interface PlatformEngagementReader {
  readonly platform: PlatformId;
  readonly read: EngagementReader;
}

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
