import { randomUUID } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import { platformById, type PlatformId } from "../../domain/accounts";
import { isLimitReached, limitReachedMessage, limitsOf } from "../../domain/plans";
import {
  clearRecurrence,
  createPost,
  deletePost,
  editPost,
  type PostContent,
  type PostEvent,
  type PostState,
  NO_FREE_TIMESLOT_MESSAGE,
  nextTimeslot,
  postDecider,
  type QueueOrder,
  postStreamId,
  type RecurrenceRule,
  readScheduledAt,
  requestPublish,
  schedulePost,
  setRecurrence,
  TIMESLOT_HORIZON_DAYS,
  unschedulePost,
} from "../../domain/publishing";
import { type ConcurrencyConflict, type Conflict, type EventMetadata, InvalidInput, NotFound, PlanLimitReached } from "../../domain/shared";
import type { CurrentUser } from "../../src/lib/current-user";
import { Database, type Sql, type SqlError } from "../db/Database";
import { encodeKeyset } from "../db/keyset";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";
import type { CommandContext } from "../identity/Accounts";
import { addPublishJob } from "./reactions";

export interface PostTargetView {
  readonly accountId: string;
  readonly platform: PlatformId;
  readonly status: string;
  readonly platformPostId: string | null;
  readonly url: string | null;
  readonly error: string | null;
  /** Published, but something after it went wrong (a refused first comment, a thread cut short). */
  readonly warning: string | null;
  readonly publishedAt: string | null;
}

/** A post as the API answers it (spec core §3 fields, plus its targets and their results). */
export interface PostView {
  readonly id: string;
  readonly userId: string;
  readonly content: string;
  readonly media: ReadonlyArray<string>;
  readonly platforms: ReadonlyArray<PlatformId>;
  readonly status: string;
  readonly scheduledAt: string | null;
  readonly publishedAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly postType: string;
  readonly businessData: Record<string, unknown>;
  readonly locationIds: ReadonlyArray<string>;
  readonly categoryId: string | null;
  readonly options: Record<string, unknown>;
  readonly timeZone: string;
  readonly recurrence: RecurrenceRule | null;
  readonly isRecurring: boolean;
  readonly lastError: string | null;
  readonly engagement: Record<string, unknown>;
  readonly targets: ReadonlyArray<PostTargetView>;
}

/** What a person asks for: the spec's payloads, already validated at the edge. */
export interface PostInput {
  readonly content: string;
  readonly platforms: ReadonlyArray<PlatformId>;
  readonly media: ReadonlyArray<string>;
  /** draft, scheduled, or published ("Post now"). */
  readonly status: "draft" | "scheduled" | "published";
  readonly scheduledAt: string | null;
  readonly timeZone: string | null;
  readonly accountIds: ReadonlyArray<string> | null;
  readonly postType: PostContent["postType"];
  readonly businessData: PostContent["businessData"];
  readonly locationIds: ReadonlyArray<string>;
  readonly categoryId: string | null;
  readonly options: PostContent["options"];
  /** The repeats; undefined on an edit leaves them as they are. */
  readonly recurrence: RecurrenceRule | null | undefined;
  /** Add to Timeslot: schedule at the next free slot picked in this order (status is then "scheduled"). */
  readonly timeslot?: QueueOrder | null;
}

/** The order of a list: newest first (created), soonest due first (scheduled), newest published first (published). */
export type PostSort = "created" | "scheduled" | "published";

export interface PostQuery {
  readonly statuses?: ReadonlyArray<string>;
  readonly sort?: PostSort;
  readonly accountId?: string;
  readonly categoryId?: string;
  readonly from?: Date;
  readonly to?: Date;
  readonly q?: string;
  readonly limit: number;
  readonly cursor?: { readonly at: string; readonly id: string };
}

/** A post as a calendar day shows it: enough to place, label and drag it. */
export interface CalendarPost {
  readonly id: string;
  /** The first CALENDAR_EXCERPT characters. */
  readonly content: string;
  readonly status: string;
  readonly scheduledAt: string | null;
  readonly publishedAt: string | null;
  readonly createdAt: string;
  readonly platforms: ReadonlyArray<PlatformId>;
  readonly isRecurring: boolean;
}

/** One day of the calendar in the user's time zone: how many posts of each kind, and the first few of each. */
export interface CalendarDay {
  readonly day: string;
  readonly scheduled: number;
  readonly published: number;
  readonly drafts: number;
  readonly posts: ReadonlyArray<CalendarPost>;
}

export interface CalendarQuery {
  /** YYYY-MM-DD, both inclusive, read in `timeZone`. */
  readonly from: string;
  readonly to: string;
  readonly timeZone: string;
  /** How many posts of each kind (scheduled, published, draft) a day carries; the counts cover all. */
  readonly perDay: number;
}

const CALENDAR_EXCERPT = 120;

type PostError = SqlError | ConcurrencyConflict | Conflict | InvalidInput | NotFound | PlanLimitReached;

interface PostRow {
  id: string;
  author_id: string;
  content: string;
  media: string[];
  platforms: PlatformId[];
  status: string;
  scheduled_at: Date | null;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
  post_type: string;
  business_data: Record<string, unknown>;
  location_ids: string[];
  category_id: string | null;
  options: Record<string, unknown>;
  time_zone: string;
  recurrence: RecurrenceRule | null;
  last_error: string | null;
  engagement: Record<string, unknown>;
  targets: Array<{ account_id: string; platform: PlatformId; status: string; platform_post_id: string | null; url: string | null; error: string | null; warning: string | null; published_at: string | null }>;
}

const toView = (row: PostRow): PostView => ({
  id: row.id,
  userId: row.author_id,
  content: row.content,
  media: row.media,
  platforms: row.platforms,
  status: row.status,
  scheduledAt: row.scheduled_at?.toISOString() ?? null,
  publishedAt: row.published_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  postType: row.post_type,
  businessData: row.business_data,
  locationIds: row.location_ids,
  categoryId: row.category_id,
  options: row.options,
  timeZone: row.time_zone,
  recurrence: row.recurrence,
  isRecurring: row.recurrence !== null,
  lastError: row.last_error,
  engagement: row.engagement,
  targets: (row.targets ?? []).map((t) => ({
    accountId: t.account_id,
    platform: t.platform,
    status: t.status,
    platformPostId: t.platform_post_id,
    url: t.url,
    error: t.error,
    warning: t.warning ?? null,
    publishedAt: t.published_at ? new Date(t.published_at).toISOString() : null,
  })),
});

const SORT_ASCENDING: Readonly<Record<PostSort, boolean>> = { created: false, scheduled: true, published: false };

/** The instant a list is ordered by; a post being published now has no scheduledAt, so it sorts by its creation. */
const sortKey = (sql: Sql, sort: PostSort) =>
  sort === "scheduled" ? sql`coalesce(p.scheduled_at, p.created_at)` : sort === "published" ? sql`coalesce(p.published_at, p.created_at)` : sql`p.created_at`;

const sortValue = (post: PostView, sort: PostSort) =>
  sort === "scheduled" ? (post.scheduledAt ?? post.createdAt) : sort === "published" ? (post.publishedAt ?? post.createdAt) : post.createdAt;

/** A workspace's live posts narrowed by account, category and a search in their text. */
const filtersOf = (sql: Sql, workspaceId: string, query: Pick<PostQuery, "accountId" | "categoryId" | "q">) => sql`
  p.workspace_id = ${workspaceId} and p.deleted_at is null
  ${query.categoryId ? sql`and p.category_id = ${query.categoryId}::uuid` : sql``}
  ${query.accountId ? sql`and exists (select 1 from post_targets t where t.post_id = p.id and t.account_id = ${query.accountId}::uuid)` : sql``}
  ${query.q ? sql`and p.content ilike ${`%${query.q.replace(/[%_\\]/g, "\\$&")}%`}` : sql``}`;

const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

export class Posts extends Context.Service<
  Posts,
  {
    readonly create: (user: CurrentUser, input: PostInput, ctx: CommandContext) => Effect.Effect<PostView, PostError>;
    readonly update: (user: CurrentUser, postId: string, input: PostInput, ctx: CommandContext) => Effect.Effect<PostView, PostError>;
    readonly publishNow: (user: CurrentUser, postId: string, ctx: CommandContext) => Effect.Effect<PostView, PostError>;
    readonly remove: (user: CurrentUser, postId: string, ctx: CommandContext) => Effect.Effect<void, PostError>;
    readonly get: (workspaceId: string, postId: string) => Effect.Effect<PostView, NotFound | SqlError>;
    readonly history: (workspaceId: string, postId: string) => Effect.Effect<ReadonlyArray<{ type: string; at: string; actorId: string | null; data: unknown }>, SqlError>;
    readonly list: (workspaceId: string, query: PostQuery) => Effect.Effect<{ readonly items: ReadonlyArray<PostView>; readonly nextCursor: string | null }, SqlError>;
    readonly calendar: (workspaceId: string, query: CalendarQuery) => Effect.Effect<ReadonlyArray<CalendarDay>, SqlError>;
    /** How many posts of each status match the filters (the Queue's tab counts). */
    readonly counts: (workspaceId: string, query: Pick<PostQuery, "accountId" | "categoryId" | "q">) => Effect.Effect<Record<"draft" | "scheduled" | "publishing" | "published", number>, SqlError>;
  }
>()("app/Posts") {
  static layer = Layer.effect(
    Posts,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;
      const provide = <A, E>(effect: Effect.Effect<A, E, EventStore | Database>) =>
        effect.pipe(Effect.provideService(EventStore, store), Effect.provideService(Database, db));

      const selectPosts = (where: (sql: Sql) => ReturnType<Sql>, tail: (sql: Sql) => ReturnType<Sql>) =>
        db.query(
          (sql) => sql<PostRow[]>`
            select p.*, coalesce((select json_agg(t order by t.platform, t.account_id) from post_targets t where t.post_id = p.id), '[]') as targets
            from posts p where p.deleted_at is null and ${where(sql)} ${tail(sql)}`,
        );

      const get = (workspaceId: string, postId: string) =>
        Effect.flatMap(
          selectPosts((sql) => sql`p.workspace_id = ${workspaceId} and p.id = ${postId}::uuid`, (sql) => sql``),
          ([row]) => (row ? Effect.succeed(toView(row)) : Effect.fail(new NotFound({ what: "post" }))),
        );

      const onPost = <E>(
        postId: string,
        workspaceId: string,
        decide: (state: PostState) => Effect.Effect<ReadonlyArray<PostEvent>, E>,
        ctx: CommandContext,
      ) => {
        const metadata: EventMetadata = { actorId: ctx.actorId, workspaceId, correlationId: ctx.correlationId, causationId: null };
        return provide(handleCommand(postStreamId(postId), postDecider, decide, { metadata, now: ctx.now }));
      };

      /** The accounts a post goes to: those chosen (of this workspace, active), or every active one of its platforms. */
      const resolveTargets = (user: CurrentUser, input: PostInput) =>
        Effect.gen(function* () {
          const rows = yield* db.query(
            (sql) => sql<{ id: string; platform: PlatformId }[]>`
              select id, platform from social_accounts
              where workspace_id = ${user.workspaceId} and disconnected_at is null and is_active and status <> 'reconnect_needed'
              ${input.accountIds ? sql`and id = any(${input.accountIds as string[]}::uuid[])` : sql`and platform = any(${input.platforms as string[]})`}`,
          );
          if (input.accountIds && rows.length !== input.accountIds.length) {
            return yield* new InvalidInput({ message: "Choose accounts that are connected and active.", fields: { accountIds: "Choose accounts that are connected and active." } });
          }
          const targets = rows.map((r) => ({ accountId: r.id, platform: r.platform }));
          if (input.status !== "draft") {
            const missing = input.platforms.filter((p) => !targets.some((t) => t.platform === p));
            if (missing.length > 0) {
              const names = missing.map((p) => platformById(p).name).join(", ");
              return yield* new InvalidInput({ message: `Connect an account of ${names} first, or unselect it.`, fields: { platforms: `Connect an account of ${names} first, or unselect it.` } });
            }
          }
          return targets;
        });

      /** A chosen category is one of the workspace's (a post kept from before may keep one deleted since). */
      const checkCategory = (user: CurrentUser, input: PostInput, kept: string | null = null) =>
        Effect.gen(function* () {
          if (!input.categoryId || input.categoryId === kept) return;
          const [found] = yield* db.query(
            (sql) => sql<{ id: string }[]>`select id from categories where id = ${input.categoryId} and workspace_id = ${user.workspaceId}`,
          );
          if (!found) {
            const message = "This category does not exist (it may have been deleted): choose another, or none.";
            return yield* new InvalidInput({ message, fields: { categoryId: message } });
          }
        });

      const checkLimits = (user: CurrentUser, input: PostInput, isNew: boolean, now: Date) =>
        Effect.gen(function* () {
          const limits = limitsOf(user.subscriptionTier);
          const [counts] = yield* db.query(
            (sql) => sql<{ this_month: number; scheduled: number }[]>`
              select count(*) filter (where created_at >= ${monthStart(now)})::int as this_month,
                     count(*) filter (where status = 'scheduled')::int as scheduled
              from posts where workspace_id = ${user.workspaceId} and deleted_at is null`,
          );
          if (isNew && isLimitReached(counts.this_month, limits.postsPerMonth)) {
            return yield* new PlanLimitReached({ message: limitReachedMessage("postsPerMonth", limits.postsPerMonth) });
          }
          if (input.status === "scheduled" && isNew && isLimitReached(counts.scheduled, limits.scheduledPosts)) {
            return yield* new PlanLimitReached({ message: limitReachedMessage("scheduledPosts", limits.scheduledPosts) });
          }
        });

      const contentOf = (input: PostInput, targets: ReadonlyArray<{ accountId: string; platform: PlatformId }>): PostContent => ({
        content: input.content,
        media: input.media,
        platforms: input.platforms,
        targets,
        postType: input.postType,
        businessData: input.businessData,
        locationIds: input.locationIds,
        categoryId: input.categoryId,
        options: input.options,
      });

      const scheduledAtOf = (input: PostInput, timeZone: string) =>
        input.status === "scheduled"
          ? input.scheduledAt
            ? Effect.map(readScheduledAt(input.scheduledAt, timeZone), (at): Date | null => at)
            : Effect.fail(new InvalidInput({ message: "Choose a date and time to schedule the post.", fields: { scheduledAt: "Choose a date and time to schedule the post." } }))
          : Effect.succeed<Date | null>(null);

      /** Serialises a workspace's plan-limit counts and timeslot picks until the transaction ends. */
      const lockWorkspace = (workspaceId: string) => db.query((sql) => sql`select id from workspaces where id = ${workspaceId} for update`);

      /**
       * Add to Timeslot: the next free slot of the post's accounts (spec core §2). The caller holds
       * the workspace's lock, so two posts added at once do not take the same slot.
       */
      const timeslotFor = (user: CurrentUser, order: QueueOrder, input: PostInput, targets: ReadonlyArray<{ accountId: string }>, timeZone: string, now: Date, postId: string) =>
        Effect.gen(function* () {
          const horizon = new Date(now.getTime() + (TIMESLOT_HORIZON_DAYS + 2) * 86_400_000);
          const queued = yield* db.query(
            (sql) => sql<{ scheduled_at: Date }[]>`
              select p.scheduled_at from posts p
              where p.workspace_id = ${user.workspaceId} and p.deleted_at is null and p.status = 'scheduled' and p.id <> ${postId}::uuid
                and p.scheduled_at >= ${now} and p.scheduled_at < ${horizon}
                and exists (select 1 from post_targets t where t.post_id = p.id and t.account_id = any(${targets.map((t) => t.accountId)}::uuid[]))`,
          );
          const at = nextTimeslot({ platforms: input.platforms, timeZone, now, taken: queued.map((r) => r.scheduled_at), order });
          if (!at) return yield* new InvalidInput({ message: NO_FREE_TIMESLOT_MESSAGE, fields: { scheduledAt: NO_FREE_TIMESLOT_MESSAGE } });
          return at;
        });

      const create = Effect.fn("Posts.create")(function* (user: CurrentUser, input: PostInput, ctx: CommandContext) {
        const postId = randomUUID();
        const timeZone = input.timeZone ?? user.timeZone;
        const asked = input.timeslot ? null : yield* scheduledAtOf(input, timeZone);
        yield* db.withTransaction(
          Effect.gen(function* () {
            yield* lockWorkspace(user.workspaceId);
            yield* checkLimits(user, input, true, ctx.now);
            yield* checkCategory(user, input);
            const targets = yield* resolveTargets(user, input);
            const scheduledAt = input.timeslot ? yield* timeslotFor(user, input.timeslot, input, targets, timeZone, ctx.now, postId) : asked;
            yield* onPost(
              postId,
              user.workspaceId,
              createPost({
                postId,
                workspaceId: user.workspaceId,
                authorId: user.id,
                content: contentOf(input, targets),
                timeZone,
                now: ctx.now,
                scheduledAt,
                recurrence: input.recurrence ?? null,
                publishNow: input.status === "published",
              }),
              ctx,
            );
            // "Post now": the job runs at once, from this transaction.
            if (input.status === "published") yield* addPublishJob(postId).pipe(Effect.provideService(Database, db));
          }),
        );
        return yield* get(user.workspaceId, postId);
      });

      const update = Effect.fn("Posts.update")(function* (user: CurrentUser, postId: string, input: PostInput, ctx: CommandContext) {
        const before = yield* get(user.workspaceId, postId);
        const timeZone = input.timeZone ?? before.timeZone;
        const asked = input.timeslot ? null : yield* scheduledAtOf(input, timeZone);
        yield* db.withTransaction(
          Effect.gen(function* () {
            if (input.timeslot) yield* lockWorkspace(user.workspaceId);
            yield* checkCategory(user, input, before.categoryId);
            const targets = yield* resolveTargets(user, input);
            const scheduledAt = input.timeslot ? yield* timeslotFor(user, input.timeslot, input, targets, timeZone, ctx.now, postId) : asked;
            yield* onPost(postId, user.workspaceId, editPost({ content: contentOf(input, targets), now: ctx.now }), ctx);
            if (input.status === "scheduled" && scheduledAt) {
              if (before.status !== "scheduled") yield* checkLimits(user, input, false, ctx.now);
              yield* onPost(postId, user.workspaceId, schedulePost({ scheduledAt, timeZone, now: ctx.now }), ctx);
            } else if (input.status === "draft") {
              yield* onPost(postId, user.workspaceId, unschedulePost({ now: ctx.now }), ctx);
            }
            if (input.recurrence !== undefined) {
              const repeats = input.recurrence ? setRecurrence({ rule: input.recurrence, now: ctx.now }) : clearRecurrence({ now: ctx.now });
              yield* onPost(postId, user.workspaceId, repeats, ctx);
            }
            if (input.status === "published") {
              yield* onPost(postId, user.workspaceId, requestPublish({ now: ctx.now }), ctx);
              yield* addPublishJob(postId).pipe(Effect.provideService(Database, db));
            }
          }),
        );
        return yield* get(user.workspaceId, postId);
      });

      const publishNow = Effect.fn("Posts.publishNow")(function* (user: CurrentUser, postId: string, ctx: CommandContext) {
        yield* get(user.workspaceId, postId);
        yield* db.withTransaction(
          Effect.gen(function* () {
            const result = yield* onPost(postId, user.workspaceId, requestPublish({ now: ctx.now }), ctx);
            if (result.events.length > 0) yield* addPublishJob(postId).pipe(Effect.provideService(Database, db));
          }),
        );
        return yield* get(user.workspaceId, postId);
      });

      return {
        create,
        update,
        publishNow,
        remove: (user, postId, ctx) =>
          Effect.gen(function* () {
            yield* get(user.workspaceId, postId);
            yield* onPost(postId, user.workspaceId, deletePost({ now: ctx.now }), ctx);
          }),
        get,
        history: (workspaceId, postId) =>
          Effect.map(
            db.query(
              (sql) => sql<{ type: string; created_at: Date; metadata: EventMetadata; data: unknown }[]>`
                select type, created_at, metadata, data from events
                where stream_id = ${postStreamId(postId)} and metadata->>'workspaceId' = ${workspaceId}
                order by stream_version`,
            ),
            (rows) => rows.map((r) => ({ type: r.type, at: r.created_at.toISOString(), actorId: r.metadata.actorId, data: r.data })),
          ),
        list: (workspaceId, query) => {
          const sort = query.sort ?? "created";
          return Effect.map(
            selectPosts(
              (sql) => {
                const key = sortKey(sql, sort);
                const after = SORT_ASCENDING[sort] ? sql`>` : sql`<`;
                return sql`${filtersOf(sql, workspaceId, query)}
                  ${query.statuses?.length ? sql`and p.status = any(${query.statuses as string[]})` : sql``}
                  ${query.from ? sql`and coalesce(p.scheduled_at, p.published_at, p.created_at) >= ${query.from}` : sql``}
                  ${query.to ? sql`and coalesce(p.scheduled_at, p.published_at, p.created_at) < ${query.to}` : sql``}
                  ${query.cursor ? sql`and (${key}, p.id) ${after} (${query.cursor.at}::timestamptz, ${query.cursor.id}::uuid)` : sql``}`;
              },
              (sql) => {
                const direction = SORT_ASCENDING[sort] ? sql`asc` : sql`desc`;
                return sql`order by ${sortKey(sql, sort)} ${direction}, p.id ${direction} limit ${query.limit + 1}`;
              },
            ),
            (rows) => {
              const items = rows.slice(0, query.limit).map(toView);
              const last = items.at(-1);
              return {
                items,
                nextCursor: rows.length > query.limit && last ? encodeKeyset({ at: sortValue(last, sort), id: last.id }) : null,
              };
            },
          );
        },
        counts: (workspaceId, query) =>
          Effect.map(
            db.query((sql) => sql<{ status: string; count: number }[]>`select p.status, count(*)::int as count from posts p where ${filtersOf(sql, workspaceId, query)} group by p.status`),
            (rows) => ({
              draft: 0,
              scheduled: 0,
              publishing: 0,
              published: 0,
              ...Object.fromEntries(rows.map((r) => [r.status, r.count])),
            }),
          ),
        calendar: Effect.fn("Posts.calendar")(function* (workspaceId: string, query: CalendarQuery) {
          // A post sits on the day of scheduledAt, else publishedAt, else createdAt (spec core §4), and
          // counts as the calendar's kindOf says: published, scheduled (also while publishing) or draft.
          const rows = yield* db.query(
            (sql) => sql<{ day: string; scheduled: number; published: number; drafts: number; posts: Array<Record<string, unknown>> }[]>`
              with placed as (
                select p.id, left(p.content, ${CALENDAR_EXCERPT}) as content, p.status, p.scheduled_at, p.published_at, p.created_at,
                       p.platforms, p.recurrence is not null as recurring,
                       coalesce(p.scheduled_at, p.published_at, p.created_at) as at,
                       case when p.status = 'published' then 'published'
                            when p.status in ('scheduled', 'publishing') then 'scheduled' else 'draft' end as kind
                from posts p
                where p.workspace_id = ${workspaceId} and p.deleted_at is null
                  and coalesce(p.scheduled_at, p.published_at, p.created_at) >= (${query.from}::date)::timestamp at time zone ${query.timeZone}
                  and coalesce(p.scheduled_at, p.published_at, p.created_at) < (${query.to}::date + 1)::timestamp at time zone ${query.timeZone}
              ), ranked as (
                select *, to_char(at at time zone ${query.timeZone}, 'YYYY-MM-DD') as day from placed
              ), numbered as (
                select *, row_number() over (partition by day, kind order by at, id) as rank from ranked
              )
              select day,
                     count(*) filter (where kind = 'scheduled')::int as scheduled,
                     count(*) filter (where kind = 'published')::int as published,
                     count(*) filter (where kind = 'draft')::int as drafts,
                     coalesce(json_agg(json_build_object(
                       'id', id, 'content', content, 'status', status, 'scheduledAt', scheduled_at, 'publishedAt', published_at,
                       'createdAt', created_at, 'platforms', platforms, 'isRecurring', recurring
                     ) order by at, id) filter (where rank <= ${query.perDay}), '[]') as posts
              from numbered group by day order by day`,
          );
          const iso = (value: unknown) => (typeof value === "string" ? new Date(value).toISOString() : null);
          return rows.map((row): CalendarDay => ({
            day: row.day,
            scheduled: row.scheduled,
            published: row.published,
            drafts: row.drafts,
            posts: row.posts.map((p) => ({
              id: p.id as string,
              content: p.content as string,
              status: p.status as string,
              scheduledAt: iso(p.scheduledAt),
              publishedAt: iso(p.publishedAt),
              createdAt: iso(p.createdAt)!,
              platforms: p.platforms as PlatformId[],
              isRecurring: p.isRecurring as boolean,
            })),
          }));
        }),
      };
    }),
  );
}
