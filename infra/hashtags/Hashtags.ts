import { randomUUID } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import {
  changeHashtagGroup,
  deleteHashtagGroup,
  GROUPS_MAX,
  HASHTAG_MESSAGES,
  hashtagGroupDecider,
  type HashtagGroupEvent,
  type HashtagGroupInput,
  type HashtagGroupState,
  hashtagGroupStreamId,
  type HashtagResult,
  hashtagResultOf,
  type PublicCounts,
  type PublicTrend,
  recentOf,
  type RecentHashtag,
  RESEARCH_WINDOW_DAYS,
  type ResearchPlatform,
  type ResearchPost,
  saveHashtagGroup,
  searchKeysOf,
  searchTermOf,
  TREND_DAYS,
  trendingOf,
  type TrendingHashtag,
  tagUsesOf,
} from "../../domain/hashtags";
import { type Caller, type CommandContext, type ConcurrencyConflict, Conflict, InvalidInput, isUuid, NotFound } from "../../domain/shared";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";
import { appViewUrl, searchPublicPosts } from "../listening/search";
import { platformEngagement, postEngagement } from "../publishing/analytics";
import { notSetUp } from "../../domain/shared";

/** The newest published posts read at most: a year of daily posting and more. */
export const RESEARCH_POSTS_MAX = 5_000;
const DAY_MS = 86_400_000;

/** What every answer of the research is based on, said once for all its figures. */
export interface ResearchBasis {
  /** The workspace's published posts of the window on the platform (all platforms: "all"). */
  readonly posts: number;
  readonly windowDays: number;
  readonly platform: ResearchPlatform;
  readonly bluesky: PublicCounts["status"];
  /** Why Bluesky's counts are missing, when they are. */
  readonly blueskyNote: string | null;
}

export interface HashtagSearch {
  readonly hashtags: ReadonlyArray<HashtagResult>;
  readonly basedOn: ResearchBasis;
}

export interface HashtagGroup {
  readonly id: string;
  readonly name: string;
  readonly tags: ReadonlyArray<string>;
  readonly createdAt: string;
  readonly updatedAt: string;
}

interface GroupRow {
  id: string;
  name: string;
  tags: string[];
  created_at: Date;
  updated_at: Date;
}

const toGroup = (row: GroupRow): HashtagGroup => ({
  id: row.id,
  name: row.name,
  tags: row.tags,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

const NOT_CONFIGURED_NOTE = `Public volumes are not counted. ${notSetUp("Bluesky search")}`;

/** Public Bluesky posts with each hashtag in the last 7 days and the 7 before, or why they are not counted. */
const blueskyCounts = (keys: ReadonlyArray<string>, now: Date): Effect.Effect<PublicCounts> => {
  const appView = appViewUrl();
  if (!appView || keys.length === 0) return Effect.succeed({ status: "not_configured" });
  const weekAgo = new Date(now.getTime() - TREND_DAYS * DAY_MS);
  const twoWeeksAgo = new Date(now.getTime() - 2 * TREND_DAYS * DAY_MS);
  // One page each: the AppView's total when it gives one, else the page's posts (a floor when more follow).
  const count = async (key: string, since: Date, until: Date) => {
    const found = await searchPublicPosts(appView, `#${key}`, { since, until });
    return { posts: found.hitsTotal ?? found.posts.length, atLeast: found.hitsTotal === null && found.cursor !== null };
  };
  return Effect.tryPromise({
    try: async () => {
      const counted = await Promise.all(
        keys.map(async (key): Promise<[string, PublicTrend]> => {
          const [last7, previous7] = await Promise.all([count(key, weekAgo, now), count(key, twoWeeksAgo, weekAgo)]);
          return [key, { last7: last7.posts, previous7: previous7.posts, atLeast: last7.atLeast }];
        }),
      );
      return { status: "counted", counts: new Map(counted) } satisfies PublicCounts;
    },
    catch: (error) => error,
  }).pipe(
    Effect.catch((error) =>
      Effect.succeed<PublicCounts>({
        status: "unreachable",
        reason: error instanceof Error && error.message ? error.message : "The Bluesky AppView answered something unreadable.",
      }),
    ),
  );
};

type GroupError = SqlError | ConcurrencyConflict;

/**
 * Hashtag research (issue 13): figures from the workspace's published posts and their engagement,
 * public Bluesky counts where an AppView is set up, and the saved hashtag groups compose inserts.
 */
export class Hashtags extends Context.Service<
  Hashtags,
  {
    readonly search: (
      workspaceId: string,
      query: { readonly query: string; readonly platform: ResearchPlatform },
      now: Date,
    ) => Effect.Effect<HashtagSearch, InvalidInput | SqlError>;
    readonly trending: (
      workspaceId: string,
      platform: ResearchPlatform,
      now: Date,
    ) => Effect.Effect<{ readonly trending: ReadonlyArray<TrendingHashtag>; readonly basedOn: ResearchBasis }, SqlError>;
    readonly recent: (
      workspaceId: string,
      now: Date,
    ) => Effect.Effect<{ readonly recent: ReadonlyArray<RecentHashtag>; readonly basedOn: ResearchBasis }, SqlError>;
    readonly groups: (workspaceId: string) => Effect.Effect<ReadonlyArray<HashtagGroup>, SqlError>;
    readonly saveGroup: (caller: Caller, input: HashtagGroupInput) => Effect.Effect<HashtagGroup, InvalidInput | Conflict | NotFound | GroupError>;
    readonly changeGroup: (
      caller: Caller,
      groupId: string,
      input: Partial<HashtagGroupInput>,
    ) => Effect.Effect<HashtagGroup, InvalidInput | NotFound | GroupError>;
    readonly removeGroup: (caller: Caller, groupId: string) => Effect.Effect<void, NotFound | GroupError>;
  }
>()("app/Hashtags") {
  static layer = Layer.effect(
    Hashtags,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;

      /** The workspace's posts published in the window (on the platform), newest first, with their engagement there. */
      const postsOf = (workspaceId: string, platform: ResearchPlatform, now: Date) =>
        Effect.gen(function* () {
          const since = new Date(now.getTime() - RESEARCH_WINDOW_DAYS * DAY_MS);
          const rows = yield* db.query(
            (sql) => sql<{ content: string; published_at: Date; engagement: number; published: number }[]>`
              select p.content, p.published_at, count(*) over ()::int as published,
                ${platform === "all" ? postEngagement(sql) : platformEngagement(sql, sql`${platform}::text`)}::float8 as engagement
              from posts p
              where p.workspace_id = ${workspaceId} and p.deleted_at is null and p.status = 'published'
                and p.published_at >= ${since} and p.published_at <= ${now}
                ${platform === "all" ? sql`` : sql`and ${platform}::text = any(p.platforms)`}
              order by p.published_at desc
              limit ${RESEARCH_POSTS_MAX}`,
          );
          const posts: ResearchPost[] = rows.map((r) => ({ content: r.content, publishedAt: r.published_at, engagement: r.engagement }));
          return { posts, published: rows[0]?.published ?? 0 };
        });

      const basisOf = (published: number, platform: ResearchPlatform, bluesky: PublicCounts): ResearchBasis => ({
        posts: published,
        windowDays: RESEARCH_WINDOW_DAYS,
        platform,
        bluesky: bluesky.status,
        blueskyNote: bluesky.status === "counted" ? null : bluesky.status === "unreachable" ? bluesky.reason : NOT_CONFIGURED_NOTE,
      });

      const search = Effect.fn("Hashtags.search")(function* (
        workspaceId: string,
        query: { readonly query: string; readonly platform: ResearchPlatform },
        now: Date,
      ) {
        if (query.query.trim() === "") return yield* new InvalidInput({ message: HASHTAG_MESSAGES.blankQuery, fields: { query: HASHTAG_MESSAGES.blankQuery } });
        const term = searchTermOf(query.query);
        if (term === null) return yield* new InvalidInput({ message: HASHTAG_MESSAGES.unusableQuery, fields: { query: HASHTAG_MESSAGES.unusableQuery } });
        const { posts, published } = yield* postsOf(workspaceId, query.platform, now);
        const uses = tagUsesOf(posts, now);
        const keys = searchKeysOf(term, uses);
        const bluesky = yield* blueskyCounts(keys, now);
        return { hashtags: keys.map((key) => hashtagResultOf(key, uses, bluesky)), basedOn: basisOf(published, query.platform, bluesky) };
      });

      const trending = Effect.fn("Hashtags.trending")(function* (workspaceId: string, platform: ResearchPlatform, now: Date) {
        const { posts, published } = yield* postsOf(workspaceId, platform, now);
        return { trending: trendingOf(tagUsesOf(posts, now)), basedOn: basisOf(published, platform, { status: "not_configured" }) };
      });

      const recent = Effect.fn("Hashtags.recent")(function* (workspaceId: string, now: Date) {
        const { posts, published } = yield* postsOf(workspaceId, "all", now);
        return { recent: recentOf(tagUsesOf(posts, now)), basedOn: basisOf(published, "all", { status: "not_configured" }) };
      });

      const onGroup = <E>(
        groupId: string,
        workspaceId: string,
        decide: (state: HashtagGroupState) => Effect.Effect<ReadonlyArray<HashtagGroupEvent>, E>,
        ctx: CommandContext,
      ) => handleCommand(hashtagGroupStreamId(groupId), hashtagGroupDecider, decide, { ctx, workspaceId }).pipe(Effect.provideService(EventStore, store));

      const groupRows = (workspaceId: string, groupId?: string) =>
        db.query(
          (sql) => sql<GroupRow[]>`
            select id, name, tags, created_at, updated_at from hashtag_groups
            where workspace_id = ${workspaceId} ${groupId ? sql`and id = ${groupId}` : sql``}
            order by lower(name), created_at`,
        );

      const groupOf = (workspaceId: string, groupId: string) =>
        Effect.gen(function* () {
          if (!isUuid(groupId)) return yield* new NotFound({ what: "hashtag group" });
          const [row] = yield* groupRows(workspaceId, groupId);
          return row ? toGroup(row) : yield* new NotFound({ what: "hashtag group" });
        });

      const groups = Effect.fn("Hashtags.groups")(function* (workspaceId: string) {
        return (yield* groupRows(workspaceId)).map(toGroup);
      });

      const saveGroup = Effect.fn("Hashtags.saveGroup")(function* (caller: Caller, input: HashtagGroupInput) {
        const [kept] = yield* db.query(
          (sql) => sql<{ count: number }[]>`select count(*)::int as count from hashtag_groups where workspace_id = ${caller.workspaceId}`,
        );
        if ((kept?.count ?? 0) >= GROUPS_MAX) return yield* new Conflict({ message: HASHTAG_MESSAGES.tooManyGroups });
        const groupId = randomUUID();
        yield* onGroup(groupId, caller.workspaceId, saveHashtagGroup({ ...input, groupId, workspaceId: caller.workspaceId }), caller);
        return yield* groupOf(caller.workspaceId, groupId);
      });

      const changeGroup = Effect.fn("Hashtags.changeGroup")(function* (caller: Caller, groupId: string, input: Partial<HashtagGroupInput>) {
        yield* groupOf(caller.workspaceId, groupId);
        yield* onGroup(groupId, caller.workspaceId, changeHashtagGroup(input), caller);
        return yield* groupOf(caller.workspaceId, groupId);
      });

      const removeGroup = Effect.fn("Hashtags.removeGroup")(function* (caller: Caller, groupId: string) {
        yield* groupOf(caller.workspaceId, groupId);
        yield* onGroup(groupId, caller.workspaceId, deleteHashtagGroup(), caller);
      });

      return { search, trending, recent, groups, saveGroup, changeGroup, removeGroup };
    }),
  );
}
