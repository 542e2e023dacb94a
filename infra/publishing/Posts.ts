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
import {
  actorIdOf,
  type Caller,
  type ConcurrencyConflict,
  type Conflict,
  type EventMetadata,
  InvalidInput,
  NotFound,
  PlanLimitReached,
} from "../../domain/shared";
import { Database, type Sql, type SqlError } from "../db/Database";
import { encodeKeyset } from "../db/keyset";
import { EventStore } from "../eventstore/EventStore";
import { type DecideStep, handleCommand } from "../eventstore/handle";
import { PostQueries, type PostView } from "./PostQueries";
import { addPublishJob } from "./reactions";
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

type PostError = SqlError | ConcurrencyConflict | Conflict | InvalidInput | NotFound | PlanLimitReached;

const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** The commands on posts: create, edit, publish now, delete. Reads are PostQueries'. */
export class Posts extends Context.Service<
  Posts,
  {
    readonly create: (caller: Caller, input: PostInput) => Effect.Effect<PostView, PostError>;
    /** `expectedVersion`: the version the caller read; a different current one fails with ConcurrencyConflict (409). */
    readonly update: (caller: Caller, postId: string, input: PostInput, expectedVersion?: number) => Effect.Effect<PostView, PostError>;
    readonly publishNow: (caller: Caller, postId: string, expectedVersion?: number) => Effect.Effect<PostView, PostError>;
    readonly remove: (caller: Caller, postId: string, expectedVersion?: number) => Effect.Effect<void, PostError>;
  }
>()("app/Posts") {
  static layer = Layer.effect(
    Posts,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;
      const { get } = yield* PostQueries;
      const provide = <A, E>(effect: Effect.Effect<A, E, EventStore | Database>) =>
        effect.pipe(Effect.provideService(EventStore, store), Effect.provideService(Database, db));

      const onPost = <E>(
        postId: string,
        caller: Caller,
        steps: DecideStep<PostState, PostEvent, E> | ReadonlyArray<DecideStep<PostState, PostEvent, E>>,
        expectedVersion?: number,
      ) =>
        provide(
          handleCommand(postStreamId(postId), postDecider, steps, {
            ctx: caller,
            workspaceId: caller.workspaceId,
            expectedVersion,
          }),
        );

      /** The accounts a post goes to: those chosen (of this workspace, active), or every active one of its platforms. */
      const resolveTargets = (caller: Caller, input: PostInput) =>
        Effect.gen(function* () {
          const rows = yield* db.query(
            (sql) => sql<{ id: string; platform: PlatformId }[]>`
              select id, platform from social_accounts
              where workspace_id = ${caller.workspaceId} and disconnected_at is null and is_active and status <> 'reconnect_needed'
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
      const checkCategory = (caller: Caller, input: PostInput, kept: string | null = null) =>
        Effect.gen(function* () {
          if (!input.categoryId || input.categoryId === kept) return;
          const [found] = yield* db.query(
            (sql) => sql<{ id: string }[]>`select id from categories where id = ${input.categoryId} and workspace_id = ${caller.workspaceId}`,
          );
          if (!found) {
            const message = "This category does not exist (it may have been deleted): choose another, or none.";
            return yield* new InvalidInput({ message, fields: { categoryId: message } });
          }
        });

      const checkLimits = (caller: Caller, input: PostInput, isNew: boolean, now: Date) =>
        Effect.gen(function* () {
          const limits = limitsOf(caller.plan);
          const [counts] = yield* db.query(
            (sql) => sql<{ this_month: number; scheduled: number }[]>`
              select count(*) filter (where created_at >= ${monthStart(now)})::int as this_month,
                     count(*) filter (where status = 'scheduled')::int as scheduled
              from posts where workspace_id = ${caller.workspaceId} and deleted_at is null`,
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
      const timeslotFor = (
        caller: Caller,
        order: QueueOrder,
        input: PostInput,
        targets: ReadonlyArray<{ accountId: string }>,
        timeZone: string,
        now: Date,
        postId: string,
      ) =>
        Effect.gen(function* () {
          const horizon = new Date(now.getTime() + (TIMESLOT_HORIZON_DAYS + 2) * 86_400_000);
          const queued = yield* db.query(
            (sql) => sql<{ scheduled_at: Date }[]>`
              select p.scheduled_at from posts p
              where p.workspace_id = ${caller.workspaceId} and p.deleted_at is null and p.status = 'scheduled' and p.id <> ${postId}::uuid
                and p.scheduled_at >= ${now} and p.scheduled_at < ${horizon}
                and exists (select 1 from post_targets t where t.post_id = p.id and t.account_id = any(${targets.map((t) => t.accountId)}::uuid[]))`,
          );
          const at = nextTimeslot({ platforms: input.platforms, timeZone, now, taken: queued.map((r) => r.scheduled_at), order });
          if (!at) return yield* new InvalidInput({ message: NO_FREE_TIMESLOT_MESSAGE, fields: { scheduledAt: NO_FREE_TIMESLOT_MESSAGE } });
          return at;
        });

      const create = Effect.fn("Posts.create")(function* (caller: Caller, input: PostInput) {
        const postId = randomUUID();
        const timeZone = input.timeZone ?? caller.timeZone;
        const asked = input.timeslot ? null : yield* scheduledAtOf(input, timeZone);
        yield* db.withTransaction(
          Effect.gen(function* () {
            yield* lockWorkspace(caller.workspaceId);
            yield* checkLimits(caller, input, true, caller.now);
            yield* checkCategory(caller, input);
            const targets = yield* resolveTargets(caller, input);
            const scheduledAt = input.timeslot ? yield* timeslotFor(caller, input.timeslot, input, targets, timeZone, caller.now, postId) : asked;
            yield* onPost(
              postId,
              caller,
              createPost({
                postId,
                workspaceId: caller.workspaceId,
                authorId: actorIdOf(caller.actor) ?? "",
                content: contentOf(input, targets),
                timeZone,
                now: caller.now,
                scheduledAt,
                recurrence: input.recurrence ?? null,
                publishNow: input.status === "published",
              }),
            );
            // "Post now": the job runs at once, from this transaction.
            if (input.status === "published") yield* addPublishJob(postId).pipe(Effect.provideService(Database, db));
          }),
        );
        return yield* get(caller.workspaceId, postId);
      });

      const update = Effect.fn("Posts.update")(function* (caller: Caller, postId: string, input: PostInput, expectedVersion?: number) {
        const before = yield* get(caller.workspaceId, postId);
        const timeZone = input.timeZone ?? before.timeZone;
        const asked = input.timeslot ? null : yield* scheduledAtOf(input, timeZone);
        yield* db.withTransaction(
          Effect.gen(function* () {
            if (input.timeslot) yield* lockWorkspace(caller.workspaceId);
            yield* checkCategory(caller, input, before.categoryId);
            const targets = yield* resolveTargets(caller, input);
            const scheduledAt = input.timeslot ? yield* timeslotFor(caller, input.timeslot, input, targets, timeZone, caller.now, postId) : asked;
            const now = caller.now;
            const steps: Array<DecideStep<PostState, PostEvent, InvalidInput | Conflict | NotFound>> = [editPost({ content: contentOf(input, targets), now })];
            if (input.status === "scheduled" && scheduledAt) {
              if (before.status !== "scheduled") yield* checkLimits(caller, input, false, now);
              steps.push(schedulePost({ scheduledAt, timeZone, now }));
            } else if (input.status === "draft") {
              steps.push(unschedulePost({ now }));
            }
            if (input.recurrence !== undefined) steps.push(input.recurrence ? setRecurrence({ rule: input.recurrence, now }) : clearRecurrence({ now }));
            if (input.status === "published") steps.push(requestPublish({ now }));
            // One append for the whole edit: it all lands on the version the caller read, or none of it does.
            yield* onPost(postId, caller, steps, expectedVersion);
            if (input.status === "published") yield* addPublishJob(postId).pipe(Effect.provideService(Database, db));
          }),
        );
        return yield* get(caller.workspaceId, postId);
      });

      const publishNow = Effect.fn("Posts.publishNow")(function* (caller: Caller, postId: string, expectedVersion?: number) {
        yield* get(caller.workspaceId, postId);
        yield* db.withTransaction(
          Effect.gen(function* () {
            const result = yield* onPost(postId, caller, requestPublish({ now: caller.now }), expectedVersion);
            if (result.events.length > 0) yield* addPublishJob(postId).pipe(Effect.provideService(Database, db));
          }),
        );
        return yield* get(caller.workspaceId, postId);
      });
      return {
        create,
        update,
        publishNow,
        remove: (caller, postId, expectedVersion) =>
          Effect.gen(function* () {
            yield* get(caller.workspaceId, postId);
            yield* onPost(postId, caller, deletePost({ now: caller.now }), expectedVersion);
          }),
        get,
      };
    }),
  );
}
