import { randomUUID } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import {
  addCompetitor,
  COMPETITOR_MESSAGES,
    type CompetitorEvent,
  competitorDecider,
  type CompetitorState,
  competitorStreamId,
  type CompetitorPlatform,
  COMPETITORS_MAX,
  removeCompetitor,
} from "../../domain/competitors";
import { type Caller, type CommandContext, type ConcurrencyConflict, Conflict, ConnectionFailed, InvalidInput, isUuid, NotFound } from "../../domain/shared";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";
import { logger } from "../log";
import { blueskyReader } from "./bluesky";
import { mastodonReader } from "./mastodon";
import { youtubeReader } from "./youtube";
import { AppViewRefused, type CompetitorReader, type FeedPost, type PublicFigures } from "./reader";

const READERS: Record<CompetitorPlatform, CompetitorReader> = { bluesky: blueskyReader, mastodon: mastodonReader, youtube: youtubeReader };
const readerOf = (platform: string): CompetitorReader | undefined => READERS[platform as CompetitorPlatform];

export interface Competitor {
  readonly id: string;
  readonly platform: string;
  readonly handle: string;
  readonly name: string;
  readonly avatar: string | null;
  readonly url: string;
  readonly followers: number | null;
  readonly lastSnapshotAt: string | null;
  readonly addedAt: string;
}

export type TopPost = FeedPost;

export interface HistoryDay {
  readonly day: string;
  readonly followers: number;
  readonly postsPerWeek: number;
  readonly engagementPerPost: number;
}

export interface CompetitorHistory {
  readonly competitor: Competitor;
  readonly days: number;
  readonly snapshots: ReadonlyArray<HistoryDay>;
  readonly summary: {
    readonly followers: number | null;
    /** Followers gained (or lost) since the period's first snapshot; null with fewer than two. */
    readonly followersChange: number | null;
    readonly postsPerWeek: number | null;
    readonly engagementPerPost: number | null;
    readonly topPosts: ReadonlyArray<TopPost>;
  };
}

interface CompetitorRow {
  id: string;
  workspace_id: string;
  platform: string;
  handle: string;
  external_id: string;
  name: string;
  avatar: string | null;
  url: string;
  created_at: Date;
  followers: number | null;
  taken_at: Date | null;
}

interface SnapshotRow {
  day: string;
  followers: number;
  posts_last_week: number;
  engagement_avg: number;
  top_posts: TopPost[];
}

const DAY_MS = 86_400_000;
const TOP_POSTS = 3;
const engagementOf = (p: FeedPost) => p.likes + p.reposts + p.replies;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** A day's figures from the profile and the newest posts: posts of the last 7 days, engagement per post of the last 30, its best posts. */
export const figuresOf = ({ followers, posts, feed }: PublicFigures, now: Date) => {
  const recent = feed.filter((p) => now.getTime() - Date.parse(p.postedAt) <= 30 * DAY_MS);
  return {
    followers,
    posts,
    posts_last_week: feed.filter((p) => now.getTime() - Date.parse(p.postedAt) <= 7 * DAY_MS).length,
    engagement_avg: recent.length === 0 ? 0 : recent.reduce((n, p) => n + engagementOf(p), 0) / recent.length,
    top_posts: [...recent].sort((a, b) => engagementOf(b) - engagementOf(a)).slice(0, TOP_POSTS),
  };
};

const toCompetitor = (row: CompetitorRow): Competitor => ({
  id: row.id,
  platform: row.platform,
  handle: row.handle,
  name: row.name,
  avatar: row.avatar,
  url: row.url,
  followers: row.followers,
  lastSnapshotAt: row.taken_at ? row.taken_at.toISOString() : null,
  addedAt: row.created_at.toISOString(),
});

type CompetitorsError = SqlError | ConcurrencyConflict;

/** Competitor tracking (issue 33): public accounts of other businesses, and their daily figures next to the workspace's own. */
export class Competitors extends Context.Service<
  Competitors,
  {
    readonly list: (workspaceId: string) => Effect.Effect<ReadonlyArray<Competitor>, SqlError>;
    readonly add: (caller: Caller, input: { readonly platform: string; readonly handle: string }) => Effect.Effect<Competitor, InvalidInput | Conflict | ConnectionFailed | NotFound | CompetitorsError>;
    readonly remove: (caller: Caller, competitorId: string) => Effect.Effect<void, NotFound | CompetitorsError>;
    readonly history: (workspaceId: string, competitorId: string, days: number, now: Date) => Effect.Effect<CompetitorHistory, NotFound | SqlError>;
    /** Today's snapshot of every competitor of these workspaces that has none yet: how many were taken, and the refusals. */
    readonly snapshotDue: (workspaceIds: ReadonlyArray<string>, now: Date) => Effect.Effect<{ taken: number; failed: number }, SqlError>;
  }
>()("app/Competitors") {
  static layer = Layer.effect(
    Competitors,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;

      const onCompetitor = <E>(competitorId: string, workspaceId: string, decide: (state: CompetitorState) => Effect.Effect<ReadonlyArray<CompetitorEvent>, E>, ctx: CommandContext) =>
        handleCommand(competitorStreamId(competitorId), competitorDecider, decide, { ctx, workspaceId }).pipe(Effect.provideService(EventStore, store));

      const rows = (workspaceId: string, competitorId?: string) =>
        db.query(
          (sql) => sql<CompetitorRow[]>`
            select c.*, s.followers, s.taken_at
            from competitors c
            left join lateral (select followers, taken_at from competitor_snapshots where competitor_id = c.id order by day desc limit 1) s on true
            where c.workspace_id = ${workspaceId} ${competitorId ? sql`and c.id = ${competitorId}` : sql``}
            order by c.created_at`,
        );

      const competitorOf = (workspaceId: string, competitorId: string) =>
        Effect.gen(function* () {
          if (!isUuid(competitorId)) return yield* new NotFound({ what: "competitor" });
          const [row] = yield* rows(workspaceId, competitorId);
          return row ? toCompetitor(row) : yield* new NotFound({ what: "competitor" });
        });

      const saveSnapshot = (competitorId: string, workspaceId: string, figures: ReturnType<typeof figuresOf>, now: Date) =>
        db.query(
          (sql) => sql`
            insert into competitor_snapshots ${sql({ competitor_id: competitorId, workspace_id: workspaceId, day: now.toISOString().slice(0, 10), ...figures, top_posts: sql.json(figures.top_posts as never), taken_at: now })}
            on conflict (competitor_id, day) do update set followers = excluded.followers, posts = excluded.posts, posts_last_week = excluded.posts_last_week,
              engagement_avg = excluded.engagement_avg, top_posts = excluded.top_posts, taken_at = excluded.taken_at`,
        );

      const read = <A>(call: () => Promise<A>) =>
        Effect.tryPromise({ try: call, catch: (error) => (error instanceof AppViewRefused ? error : new AppViewRefused("The Bluesky AppView answered something unreadable.")) });

      const list = Effect.fn("Competitors.list")(function* (workspaceId: string) {
        return (yield* rows(workspaceId)).map(toCompetitor);
      });

      const add = Effect.fn("Competitors.add")(function* (caller: Caller, input: { readonly platform: string; readonly handle: string }) {
        const reader = readerOf(input.platform);
        if (!reader) return yield* new InvalidInput({ message: COMPETITOR_MESSAGES.platform, fields: { platform: COMPETITOR_MESSAGES.platform } });
        const [kept] = yield* db.query(
          (sql) => sql<{ count: number }[]>`select count(*)::int as count from competitors where workspace_id = ${caller.workspaceId}`,
        );
        if ((kept?.count ?? 0) >= COMPETITORS_MAX) return yield* new Conflict({ message: COMPETITOR_MESSAGES.tooMany });
        const account = yield* read(() => reader.resolve(input.handle)).pipe(
          Effect.mapError((refused): InvalidInput | ConnectionFailed =>
            refused.kind === "unavailable"
              ? new ConnectionFailed({ message: refused.message })
              : new InvalidInput({ message: refused.message, fields: { [refused.kind === "platform" ? "platform" : "handle"]: refused.message } }),
          ),
        );
        const [same] = yield* db.query(
          (sql) => sql<{ id: string }[]>`select id from competitors where workspace_id = ${caller.workspaceId} and platform = ${input.platform} and external_id = ${account.externalId}`,
        );
        if (same) return yield* new Conflict({ message: COMPETITOR_MESSAGES.already(account.handle) });
        const figures = yield* read(() => reader.read(account.externalId)).pipe(Effect.mapError((refused) => new ConnectionFailed({ message: refused.message })));
        const competitorId = randomUUID();
        yield* onCompetitor(
          competitorId,
          caller.workspaceId,
          addCompetitor({
            competitorId,
            workspaceId: caller.workspaceId,
            platform: input.platform,
            handle: account.handle,
            externalId: account.externalId,
            name: account.name,
            avatar: account.avatar,
            url: account.url,
          }),
          caller,
        );
        yield* saveSnapshot(competitorId, caller.workspaceId, figuresOf(figures, caller.now), caller.now);
        return yield* competitorOf(caller.workspaceId, competitorId);
      });

      const remove = Effect.fn("Competitors.remove")(function* (caller: Caller, competitorId: string) {
        yield* competitorOf(caller.workspaceId, competitorId);
        yield* onCompetitor(competitorId, caller.workspaceId, removeCompetitor(), caller);
        yield* db.query((sql) => sql`delete from competitor_snapshots where competitor_id = ${competitorId}`);
      });

      const history = Effect.fn("Competitors.history")(function* (workspaceId: string, competitorId: string, days: number, now: Date) {
        const competitor = yield* competitorOf(workspaceId, competitorId);
        const from = new Date(now.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
        const snapshots = yield* db.query(
          (sql) => sql<SnapshotRow[]>`
            select to_char(day, 'YYYY-MM-DD') as day, followers, posts_last_week, engagement_avg, top_posts
            from competitor_snapshots where competitor_id = ${competitorId} and workspace_id = ${workspaceId} and day >= ${from}::date
            order by day`,
        );
        const first = snapshots[0];
        const last = snapshots.at(-1);
        const since = now.getTime() - days * DAY_MS;
        const top = [...new Map(snapshots.flatMap((s) => s.top_posts).map((p) => [p.uri, p])).values()]
          .filter((p) => Date.parse(p.postedAt) >= since)
          .sort((a, b) => engagementOf(b) - engagementOf(a))
          .slice(0, TOP_POSTS);
        return {
          competitor,
          days,
          snapshots: snapshots.map((s) => ({ day: s.day, followers: s.followers, postsPerWeek: s.posts_last_week, engagementPerPost: round1(s.engagement_avg) })),
          summary: {
            followers: last?.followers ?? null,
            followersChange: first && last && first !== last ? last.followers - first.followers : null,
            postsPerWeek: snapshots.length === 0 ? null : round1(snapshots.reduce((n, s) => n + s.posts_last_week, 0) / snapshots.length),
            engagementPerPost: last ? round1(last.engagement_avg) : null,
            topPosts: top,
          },
        } satisfies CompetitorHistory;
      });

      const snapshotDue = Effect.fn("Competitors.snapshotDue")(function* (workspaceIds: ReadonlyArray<string>, now: Date) {
        const today = now.toISOString().slice(0, 10);
        const due = yield* db.query(
          (sql) => sql<{ id: string; workspace_id: string; platform: string; external_id: string }[]>`
            select c.id, c.workspace_id, c.platform, c.external_id from competitors c
            where c.workspace_id = any(${workspaceIds}::uuid[])
              and not exists (select 1 from competitor_snapshots s where s.competitor_id = c.id and s.day = ${today}::date)
            order by c.created_at limit 200`,
        );
        let taken = 0;
        let failed = 0;
        for (const competitor of due) {
          const reader = readerOf(competitor.platform);
          if (!reader) continue;
          const got = yield* Effect.result(read(async () => figuresOf(await reader.read(competitor.external_id), now)));
          if (got._tag === "Failure") {
            failed += 1;
            logger.warn({ competitorId: competitor.id, reason: got.failure.message }, "Competitors: the snapshot failed");
            continue;
          }
          yield* saveSnapshot(competitor.id, competitor.workspace_id, got.success, now);
          taken += 1;
        }
        return { taken, failed };
      });

      return { list, add, remove, history, snapshotDue };
    }),
  );
}
