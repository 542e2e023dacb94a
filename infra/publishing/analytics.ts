import { Effect } from "effect";
import type { PlatformId } from "../../domain/accounts/platforms";
import { accountNamesOf } from "../accounts/queries";
import { Database, type Sql } from "../db/Database";
import { userNamesOf } from "../identity/queries";
import { publishedPosts } from "./publications";

/** The start of a post's text the top posts show. */
const ANALYTICS_EXCERPT = 300;

/** Likes + shares + comments of a post (`p`) over its platforms, and on one platform. */
export const postEngagement = (sql: Sql) => sql`
  (select coalesce(sum(coalesce((e.value->>'likes')::numeric, 0) + coalesce((e.value->>'shares')::numeric, 0) + coalesce((e.value->>'comments')::numeric, 0)), 0)
   from jsonb_each(p.engagement) e where jsonb_typeof(e.value) = 'object')`;
export const platformEngagement = (sql: Sql, platform: ReturnType<Sql>) => sql`
  (coalesce((p.engagement->${platform}->>'likes')::numeric, 0) + coalesce((p.engagement->${platform}->>'shares')::numeric, 0)
   + coalesce((p.engagement->${platform}->>'comments')::numeric, 0))`;

/** A top post of the period with its engagement per platform. */
export interface TopPost {
  readonly id: string;
  /** At most ANALYTICS_EXCERPT characters, ending in "…" when cut. */
  readonly content: string;
  readonly platforms: ReadonlyArray<PlatformId>;
  readonly publishedAt: string;
  readonly engagements: number;
}

export interface PlatformRow {
  readonly platform: string;
  readonly posts: number;
  readonly engagements: number;
}

export interface AnalyticsSums {
  /** Local days with published posts, in the user's time zone. */
  readonly days: ReadonlyArray<{ readonly day: string; readonly posts: number; readonly engagements: number }>;
  /** Per platform (those each post went out on, else those it listed): posts and engagement there; most engaging first. */
  readonly platforms: ReadonlyArray<PlatformRow>;
  /** At most 5, most engagement first (ties: most recent first). */
  readonly top: ReadonlyArray<TopPost>;
}

export const TOP_POSTS = 5;

/** The days of the Analytics screen and of a report: from local day `first` (in `timeZone`) up to `now`, or through local day `last`. */
export interface AnalyticsRange {
  readonly first: string;
  readonly last?: string;
  readonly timeZone: string;
  readonly now: Date;
}

/**
 * Of the workspace's publications (`p`, from `publishedPosts`: each occurrence of a repeating post
 * counts on its day and platforms), those in the range.
 */
const publishedIn = (sql: Sql, range: AnalyticsRange) => sql`
    p.published_at >= (${range.first}::date)::timestamp at time zone ${range.timeZone} and p.published_at <= ${range.now}
    ${range.last ? sql`and p.published_at < (${range.last}::date + 1)::timestamp at time zone ${range.timeZone}` : sql``}`;

/** A row per platform of the post (`listed.platform`): those it went out on, else those it listed. */
const onItsPlatforms = (sql: Sql) => sql`
          cross join lateral unnest(coalesce(
            (select array_agg(distinct t.platform) from post_targets t where t.post_id = p.id and t.status = 'published'),
            p.platforms)) as listed(platform)`;

/**
 * The Analytics screen's sums for the workspace's posts published from local day `first` (in
 * `timeZone`) up to `now`, or through local day `last` (a client's report), computed by the database: a year of tens of thousands of posts is not read
 * row by row. The figures are those the fetch_engagement job recorded on the posts.
 */
export const analyticsSums = Effect.fn("Analytics.sums")(function* (
  workspaceId: string,
  range: AnalyticsRange,
) {
  const db = yield* Database;
  const published = (sql: Sql) => publishedIn(sql, range);
  const [days, platforms, top] = yield* Effect.all(
    [
      db.query(
        (sql) => sql<{ day: string; posts: number; engagements: number }[]>`
          select to_char(p.published_at at time zone ${range.timeZone}, 'YYYY-MM-DD') as day, count(*)::int as posts,
                 coalesce(sum(${postEngagement(sql)}), 0)::float8 as engagements
          from ${publishedPosts(sql, workspaceId)} p where ${published(sql)} group by 1 order by 1`,
      ),
      db.query(
        (sql) => sql<PlatformRow[]>`
          select listed.platform, count(*)::int as posts, coalesce(sum(${platformEngagement(sql, sql`listed.platform`)}), 0)::float8 as engagements
          from ${publishedPosts(sql, workspaceId)} p ${onItsPlatforms(sql)}
          where ${published(sql)}
          group by listed.platform
          order by engagements desc, posts desc, listed.platform`,
      ),
      db.query(
        (sql) => sql<{ id: string; content: string; platforms: PlatformId[]; published_at: Date; engagements: number }[]>`
          select * from (
            -- A repeating post is one top post: its most engaging (then latest) publication of the period.
            select distinct on (p.id) p.id, p.platforms, p.published_at, ${postEngagement(sql)}::float8 as engagements,
                   case when length(p.content) > ${ANALYTICS_EXCERPT} then left(p.content, ${ANALYTICS_EXCERPT - 1}) || '…' else p.content end as content
            from ${publishedPosts(sql, workspaceId)} p where ${published(sql)}
            order by p.id, engagements desc, p.published_at desc
          ) top
          order by engagements desc, published_at desc, id limit ${TOP_POSTS}`,
      ),
    ],
    { concurrency: "unbounded" },
  );
  return {
    days,
    platforms,
    top: top.map((r): TopPost => ({
      id: r.id,
      content: r.content,
      platforms: r.platforms,
      publishedAt: r.published_at.toISOString(),
      engagements: r.engagements,
    })),
  } satisfies AnalyticsSums;
});

/** Posts published on one platform on one local day, and their engagement there. */
export interface PlatformDay {
  readonly day: string;
  readonly platform: string;
  readonly posts: number;
  readonly engagements: number;
}

/**
 * The Analytics screen's platform figures split by local day (the export's rows): the same posts and
 * the same platforms as `analyticsSums`, so each platform's days add up to its row on the screen.
 * Only days with a post on the platform have a row. Oldest day first, then by platform.
 */
export const analyticsPlatformDays = Effect.fn("Analytics.platformDays")(function* (workspaceId: string, range: AnalyticsRange) {
  const db = yield* Database;
  return yield* db.query(
    (sql) => sql<PlatformDay[]>`
      select to_char(p.published_at at time zone ${range.timeZone}, 'YYYY-MM-DD') as day, listed.platform, count(*)::int as posts,
             coalesce(sum(${platformEngagement(sql, sql`listed.platform`)}), 0)::float8 as engagements
      from ${publishedPosts(sql, workspaceId)} p ${onItsPlatforms(sql)}
      where ${publishedIn(sql, range)}
      group by 1, listed.platform
      order by 1, listed.platform`,
  );
});

/** Display names of the workspace's users (the post history's "who"). */
export const userNames = Effect.fn("Analytics.userNames")(function* (workspaceId: string, ids: ReadonlyArray<string>) {
  return Object.fromEntries(yield* userNamesOf(ids, { workspaceId })) as Record<string, string>;
});

/** Names of the workspace's accounts, disconnected ones included (the post history's "which account"). */
export const accountNames = Effect.fn("Analytics.accountNames")(function* (workspaceId: string) {
  return Object.fromEntries(yield* accountNamesOf(workspaceId)) as Record<string, { name: string; platform: PlatformId }>;
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
        from ${publishedPosts(sql, workspaceId)} p
        where p.published_at >= ${now}::timestamptz - make_interval(days => ${longest}) and p.published_at <= ${now}
      ), periods as (
        select id, ${now}::timestamptz - make_interval(days => days) as since
        from unnest(${periods.map((p) => p.id)}::text[], ${periods.map((p) => p.days)}::int[]) as d(id, days)
      ), per_post as (
        select p.published_at,
               ${postEngagement(sql)} as engagement
        from published p
      ), per_platform as (
        select p.published_at, listed.platform, ${platformEngagement(sql, sql`listed.platform`)} as engagement
        from published p cross join unnest(p.platforms) as listed(platform)
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
