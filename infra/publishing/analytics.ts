import { Effect } from "effect";
import type { PlatformId } from "../../domain/accounts/platforms";
import { Database } from "../db/Database";

/** One published post of the analytics period, with its engagement per platform. */
export interface AnalyticsPost {
  readonly id: string;
  readonly content: string;
  readonly platforms: ReadonlyArray<PlatformId>;
  readonly publishedAt: string;
  /** Per platform: likes, shares, comments (spec core §3). */
  readonly engagement: Readonly<Record<string, { readonly likes?: number; readonly shares?: number; readonly comments?: number }>>;
  /** The platforms it went out on (published targets), one entry per account. */
  readonly publishedPlatforms: ReadonlyArray<PlatformId>;
}

/**
 * The workspace's posts published in [from, to) with their engagement (the Analytics screen). The
 * figures are those the fetch_engagement job recorded on the posts.
 */
export const analyticsPosts = Effect.fn("Analytics.posts")(function* (workspaceId: string, from: Date, to: Date) {
  const db = yield* Database;
  const rows = yield* db.query(
    (sql) => sql<{ id: string; content: string; platforms: PlatformId[]; published_at: Date; engagement: AnalyticsPost["engagement"]; published_platforms: PlatformId[] | null }[]>`
      select p.id, p.content, p.platforms, p.published_at, p.engagement,
             (select array_agg(t.platform order by t.platform) from post_targets t where t.post_id = p.id and t.status = 'published') as published_platforms
      from posts p
      where p.workspace_id = ${workspaceId} and p.deleted_at is null and p.status = 'published'
        and p.published_at >= ${from} and p.published_at < ${to}
      order by p.published_at desc
      limit 5000`,
  );
  return rows.map(
    (r): AnalyticsPost => ({
      id: r.id,
      content: r.content,
      platforms: r.platforms,
      publishedAt: r.published_at.toISOString(),
      engagement: r.engagement ?? {},
      publishedPlatforms: r.published_platforms ?? [],
    }),
  );
});

/** Display names of the workspace's users (the post history's "who"). */
export const userNames = Effect.fn("Analytics.userNames")(function* (workspaceId: string, ids: ReadonlyArray<string>) {
  if (ids.length === 0) return {} as Record<string, string>;
  const db = yield* Database;
  const rows = yield* db.query(
    (sql) => sql<{ id: string; first_name: string; last_name: string }[]>`
      select id, first_name, last_name from users where workspace_id = ${workspaceId} and id = any(${ids as string[]}::uuid[])`,
  );
  return Object.fromEntries(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`.trim()])) as Record<string, string>;
});

/** Names of the workspace's accounts, disconnected ones included (the post history's "which account"). */
export const accountNames = Effect.fn("Analytics.accountNames")(function* (workspaceId: string) {
  const db = yield* Database;
  const rows = yield* db.query(
    (sql) => sql<{ id: string; account_name: string; platform: PlatformId }[]>`
      select id, account_name, platform from social_accounts where workspace_id = ${workspaceId}`,
  );
  return Object.fromEntries(rows.map((r) => [r.id, { name: r.account_name, platform: r.platform }])) as Record<string, { name: string; platform: PlatformId }>;
});
