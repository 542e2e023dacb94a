import { Effect } from "effect";
import type { PlatformId } from "../../domain/accounts/platforms";
import { Database } from "../db/Database";

/** The start of a post's text the screen shows (the top posts): every post of a year is read, not their whole texts. */
const ANALYTICS_EXCERPT = 300;

/** One published post of the analytics period, with its engagement per platform. */
export interface AnalyticsPost {
  readonly id: string;
  /** At most ANALYTICS_EXCERPT characters, ending in "…" when cut. */
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
      select p.id, case when length(p.content) > ${ANALYTICS_EXCERPT} then left(p.content, ${ANALYTICS_EXCERPT - 1}) || '…' else p.content end as content, p.platforms, p.published_at, p.engagement,
             (select array_agg(t.platform order by t.platform) from post_targets t where t.post_id = p.id and t.status = 'published') as published_platforms
      from posts p
      where p.workspace_id = ${workspaceId} and p.deleted_at is null and p.status = 'published'
        and p.published_at >= ${from} and p.published_at < ${to}
      order by p.published_at desc`,
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

/** Posts published in a period and their engagement, overall and per platform (the dashboard's Analytics Overview). */
export interface PeriodFigures {
  readonly posts: number;
  readonly engagement: number;
  readonly averageEngagement: number;
  readonly byPlatform: ReadonlyArray<{ readonly platform: string; readonly posts: number; readonly engagement: number }>;
}

/**
 * The figures of each period (the last `days` days up to now), summed by the database: a workspace
 * publishing thousands of posts a month gets them without reading its posts. Engagement is likes +
 * shares + comments, of the whole post and of each platform it lists.
 */
export const periodFigures = Effect.fn("Analytics.periodFigures")(function* <Id extends string>(
  workspaceId: string,
  now: Date,
  periods: ReadonlyArray<{ readonly id: Id; readonly days: number }>,
) {
  const db = yield* Database;
  const longest = Math.max(...periods.map((p) => p.days));
  const rows = yield* db.query(
    (sql) => sql<{ period: Id; platform: string | null; posts: number; engagement: number }[]>`
      with published as (
        select p.id, p.published_at, p.platforms, p.engagement
        from posts p
        where p.workspace_id = ${workspaceId} and p.deleted_at is null and p.status = 'published'
          and p.published_at >= ${now}::timestamptz - make_interval(days => ${longest}) and p.published_at <= ${now}
      ), periods as (
        select id, ${now}::timestamptz - make_interval(days => days) as since
        from unnest(${periods.map((p) => p.id)}::text[], ${periods.map((p) => p.days)}::int[]) as d(id, days)
      ), per_post as (
        select pub.published_at,
               (select coalesce(sum(coalesce((e.value->>'likes')::numeric, 0) + coalesce((e.value->>'shares')::numeric, 0) + coalesce((e.value->>'comments')::numeric, 0)), 0)
                from jsonb_each(pub.engagement) e where jsonb_typeof(e.value) = 'object') as engagement
        from published pub
      ), per_platform as (
        select pub.published_at, listed.platform,
               coalesce((pub.engagement->listed.platform->>'likes')::numeric, 0) + coalesce((pub.engagement->listed.platform->>'shares')::numeric, 0)
                 + coalesce((pub.engagement->listed.platform->>'comments')::numeric, 0) as engagement
        from published pub cross join unnest(pub.platforms) as listed(platform)
      )
      select periods.id as period, null::text as platform, count(per_post.published_at)::int as posts, coalesce(sum(per_post.engagement), 0)::float8 as engagement
      from periods left join per_post on per_post.published_at >= periods.since
      group by periods.id
      union all
      select periods.id, per_platform.platform, count(*)::int, coalesce(sum(per_platform.engagement), 0)::float8
      from periods join per_platform on per_platform.published_at >= periods.since
      group by periods.id, per_platform.platform`,
  );
  const figures = {} as Record<Id, PeriodFigures>;
  for (const { id } of periods) {
    const total = rows.find((r) => r.period === id && r.platform === null);
    const posts = total?.posts ?? 0;
    const engagement = total?.engagement ?? 0;
    figures[id] = {
      posts,
      engagement,
      averageEngagement: posts === 0 ? 0 : Math.round((engagement / posts) * 10) / 10,
      byPlatform: rows
        .filter((r) => r.period === id && r.platform !== null)
        .map((r) => ({ platform: r.platform!, posts: r.posts, engagement: r.engagement }))
        .sort((a, b) => b.posts - a.posts || a.platform.localeCompare(b.platform)),
    };
  }
  return figures;
});
