import { randomUUID } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import { platformById, type PlatformId } from "../../domain/accounts";
import { isLimitReached, limitReachedMessage, limitsOf } from "../../domain/plans";
import {
  APPROVAL_TIME_PASSED_MESSAGE,
  BULK_ALREADY_SCHEDULED_MESSAGE,
  bulkDuplicateInFileMessage,
  samePostKey,
  approvePost,
  clearRecurrence,
  createPost,
  deletePost,
  editPost,
  type PostContent,
  type PostEvent,
  type PostState,
  type MediaFact,
  NO_FREE_TIMESLOT_MESSAGE,
  postDecider,
  type QueueOrder,
  postStreamId,
  type RecurrenceRule,
  readScheduledAt,
  NOT_AWAITING_MESSAGE,
  requestChanges,
  publishPostNow,
  schedulePost,
  setRecurrence,
  submitForApproval,
  unschedulePost,
} from "../../domain/publishing";
import { googleLocationName } from "../../domain/reviews/rules";
import { needsApproval } from "../../domain/team/team";
import { actorIdOf, type Caller, type ConcurrencyConflict, Conflict, InvalidInput, NotFound, PlanLimitReached } from "../../domain/shared";
import { postableAccounts } from "../accounts/queries";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { appendNewStreams, type DecideStep, decideSteps, handleCommand } from "../eventstore/handle";
import { isForeignLibraryRef, type LibraryFile, mediaFactsWith, ownLibraryFiles } from "../media/references";
import { PostQueries, type PostView } from "./PostQueries";
import { PostApprovalRule, PostCategories } from "./ports";
import { nextFreeTimeslot } from "./queue-slots";
import { lockWorkspace as lockWorkspaceRow } from "../identity/queries";
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
  /** The person a system process posts for (an RSS feed's author): the post's author when no person calls. */
  readonly authorId?: string;
}

/** A row of a bulk upload: its number (as the person knows it: a line of their file) and its post. */
export interface BulkRow {
  readonly row: number;
  readonly input: PostInput;
}

export type BulkOutcome = { readonly row: number } & (
  { readonly ok: true; readonly postId: string; readonly scheduledAt: string | null } | { readonly ok: false; readonly message: string }
);

type PostError = SqlError | ConcurrencyConflict | Conflict | InvalidInput | NotFound | PlanLimitReached;

const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** The commands on posts: create, edit, publish now, delete. Reads are PostQueries'. */
export class Posts extends Context.Service<
  Posts,
  {
    readonly create: (caller: Caller, input: PostInput) => Effect.Effect<PostView, PostError>;
    /** A bulk upload: each row scheduled or refused with its sentence, never one row's refusal failing the others. */
    readonly createMany: (caller: Caller, rows: ReadonlyArray<BulkRow>) => Effect.Effect<ReadonlyArray<BulkOutcome>, SqlError | ConcurrencyConflict>;
    /** `expectedVersion`: the version the caller read; a different current one fails with ConcurrencyConflict (409). */
    readonly update: (caller: Caller, postId: string, input: PostInput, expectedVersion?: number) => Effect.Effect<PostView, PostError>;
    readonly publishNow: (caller: Caller, postId: string, expectedVersion?: number) => Effect.Effect<PostView, PostError>;
    readonly remove: (caller: Caller, postId: string, expectedVersion?: number) => Effect.Effect<void, PostError>;
    /**
     * An approver's yes: scheduled at its time, or, when that has passed (or it was to go out at once),
     * published now if `publishNow` confirms it; without it such a post answers 409 with the reason.
     */
    readonly approve: (
      caller: Caller,
      postId: string,
      options: { readonly publishNow: boolean; readonly expectedVersion?: number },
    ) => Effect.Effect<PostView, PostError>;
    /** An approver's "not yet": a draft again for its author, with the comment. */
    readonly requestChanges: (caller: Caller, postId: string, comment: string, expectedVersion?: number) => Effect.Effect<PostView, PostError>;
  }
>()("app/Posts") {
  static layer = Layer.effect(
    Posts,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;
      const approvalRule = yield* PostApprovalRule;
      const categories = yield* PostCategories;
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

      /** The workspace's accounts a post may go to: connected and active. */
      const activeAccounts = (caller: Caller) => postableAccounts(caller.workspaceId).pipe(Effect.provideService(Database, db));

      /** The accounts a post goes to among the active ones: those chosen, or every one of its platforms. */
      const targetsAmong = (accounts: ReadonlyArray<{ id: string; platform: PlatformId; metadata?: Record<string, unknown> }>, input: PostInput) =>
        Effect.gen(function* () {
          const chosen = input.accountIds ? new Set(input.accountIds) : null;
          const rows = accounts.filter((a) => (chosen ? chosen.has(a.id) : input.platforms.includes(a.platform)));
          if (chosen && rows.length !== chosen.size) {
            return yield* new InvalidInput({
              message: "Choose accounts that are connected and active.",
              fields: { accountIds: "Choose accounts that are connected and active." },
            });
          }
          // Each account's metadata goes with it to the post's rules (a Mastodon instance's own limits), not into the post.
          const targets = rows.map((r) => ({ accountId: r.id, platform: r.platform, metadata: r.metadata }));
          if (input.status !== "draft") {
            // A site that takes no posts is refused with its own reason by the post's rules, not asked to be connected.
            const missing = input.platforms.filter((p) => platformById(p).posting.accepts && !targets.some((t) => t.platform === p));
            if (missing.length > 0) {
              const names = missing.map((p) => platformById(p).name).join(", ");
              return yield* new InvalidInput({
                message: `Connect an account of ${names} first, or unselect it.`,
                fields: { platforms: `Connect an account of ${names} first, or unselect it.` },
              });
            }
          }
          return targets;
        });

      const resolveTargets = (caller: Caller, input: PostInput) => Effect.flatMap(activeAccounts(caller), (accounts) => targetsAmong(accounts, input));

      /** A chosen category is one of the workspace's (a post kept from before may keep one deleted since). */
      const checkCategory = (caller: Caller, input: PostInput, kept: string | null = null) =>
        Effect.gen(function* () {
          if (!input.categoryId || input.categoryId === kept) return;
          if (!(yield* categories.isWorkspaceCategory(caller.workspaceId, input.categoryId))) {
            const message = "This category does not exist (it may have been deleted): choose another, or none.";
            return yield* new InvalidInput({ message, fields: { categoryId: message } });
          }
        });

      /** What of a post's references is the workspace's own: its library files, and its Business Profile locations by Google's name. */
      const ownedBy = (caller: Caller, inputs: ReadonlyArray<PostInput>) =>
        Effect.all({
          media: provide(
            ownLibraryFiles(
              caller.workspaceId,
              inputs.flatMap((i) => i.media),
            ),
          ),
          locations: inputs.some((i) => i.locationIds.length > 0)
            ? Effect.map(
                db.query((sql) => sql<{ external_id: string }[]>`select external_id from business_locations where workspace_id = ${caller.workspaceId}`),
                (rows) => new Set(rows.map((r) => googleLocationName(r.external_id))),
              )
            : Effect.succeed(new Set<string>()),
        });

      /**
       * A post names only its workspace's media files and Business Profile locations: another's (or
       * one deleted) answers 404 naming the field, as another workspace's id does everywhere. What the
       * post already had (`kept`, an edit) stays, as a category deleted since does.
       */
      const referenceRefusal = (
        input: PostInput,
        owned: { readonly media: ReadonlyMap<string, LibraryFile>; readonly locations: ReadonlySet<string> },
        kept: Pick<PostInput, "media" | "locationIds"> = { media: [], locationIds: [] },
      ) => {
        if (input.media.some((ref) => !kept.media.includes(ref) && isForeignLibraryRef(ref, owned.media))) return NotFound.inField("media file", "media");
        const foreignLocation = (id: string) => id.trim() !== "" && !kept.locationIds.includes(id) && !owned.locations.has(googleLocationName(id));
        if (input.locationIds.some(foreignLocation)) return NotFound.inField("Business Profile location", "locationIds");
        return null;
      };

      /** Refuses another workspace's files and locations; answers what is known of the post's files, for the platforms' rules. */
      const checkReferences = (caller: Caller, input: PostInput, kept?: Pick<PostInput, "media" | "locationIds">) =>
        Effect.gen(function* () {
          const owned = yield* ownedBy(caller, [input]);
          const refusal = referenceRefusal(input, owned, kept);
          if (refusal) return yield* refusal;
          return mediaFactsWith(input.media, owned.media);
        });

      /** The workspace's posts created this month and scheduled now, for the plan's limits. */
      const postCounts = (caller: Caller, now: Date) =>
        Effect.map(
          db.query(
            (sql) => sql<{ this_month: number; scheduled: number }[]>`
              select count(*) filter (where created_at >= ${monthStart(now)})::int as this_month,
                     count(*) filter (where status = 'scheduled')::int as scheduled
              from posts where workspace_id = ${caller.workspaceId} and deleted_at is null`,
          ),
          ([counts]) => counts ?? { this_month: 0, scheduled: 0 },
        );

      /** The plan's refusal of one more post (new, or a draft being scheduled) given the counts, or nothing. */
      const limitRefusal = (caller: Caller, counts: { this_month: number; scheduled: number }, input: PostInput, isNew: boolean) => {
        const limits = limitsOf(caller.plan);
        if (isNew && isLimitReached(counts.this_month, limits.postsPerMonth)) {
          return new PlanLimitReached({ message: limitReachedMessage("postsPerMonth", limits.postsPerMonth) });
        }
        if (input.status === "scheduled" && isNew && isLimitReached(counts.scheduled, limits.scheduledPosts)) {
          return new PlanLimitReached({ message: limitReachedMessage("scheduledPosts", limits.scheduledPosts) });
        }
        return null;
      };

      const checkLimits = (caller: Caller, input: PostInput, isNew: boolean, now: Date) =>
        Effect.gen(function* () {
          const refusal = limitRefusal(caller, yield* postCounts(caller, now), input, isNew);
          if (refusal) return yield* refusal;
        });

      const contentOf = (input: PostInput, targets: ReadonlyArray<{ accountId: string; platform: PlatformId }>): PostContent => ({
        content: input.content,
        media: input.media,
        platforms: input.platforms,
        targets: targets.map(({ accountId, platform }) => ({ accountId, platform })),
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
            : Effect.fail(
                new InvalidInput({
                  message: "Choose a date and time to schedule the post.",
                  fields: { scheduledAt: "Choose a date and time to schedule the post." },
                }),
              )
          : Effect.succeed<Date | null>(null);

      const lockWorkspace = (workspaceId: string) => lockWorkspaceRow(workspaceId).pipe(Effect.provideService(Database, db));

      /** Add to Timeslot: the next free slot of the post's accounts (spec core §2); the caller holds the workspace's lock. */
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
          const at = yield* nextFreeTimeslot({
            workspaceId: caller.workspaceId,
            postId,
            platforms: input.platforms,
            accountIds: targets.map((t) => t.accountId),
            timeZone,
            now,
            order,
          }).pipe(Effect.provideService(Database, db));
          if (!at) return yield* new InvalidInput({ message: NO_FREE_TIMESLOT_MESSAGE, fields: { scheduledAt: NO_FREE_TIMESLOT_MESSAGE } });
          return at;
        });

      /** A client deciding through a share link gives their name; a person of the team is in the event's metadata. */
      const reviewerOf = (caller: Caller) => (caller.actor.kind === "share_link" ? caller.actor.name : undefined);

      /**
       * Whether the caller's posts go to the approvers first: always for an agent key (it proposes,
       * a person decides, whatever the team's setting), else the team's setting, for members.
       */
      const approvalFor = (caller: Caller) =>
        caller.actor.kind === "api_key" && caller.actor.requireApproval
          ? Effect.succeed(true)
          : // Only members' posts ever need approval: the setting is read for them alone.
            !needsApproval(true, caller.role)
            ? Effect.succeed(false)
            : approvalRule.approvalRequired(caller.workspaceId);

      /**
       * A new post's decision: drafted, then scheduled at its time (or published now); a member whose
       * posts need approval sends it to the approvers instead, at the time they chose (none: "Post now" once approved).
       */
      const newPostSteps = (
        caller: Caller,
        postId: string,
        input: PostInput,
        targets: ReadonlyArray<{ accountId: string; platform: PlatformId; metadata?: Record<string, unknown> }>,
        scheduledAt: Date | null,
        timeZone: string,
        approval: boolean,
        media: ReadonlyArray<MediaFact>,
      ) => {
        const created = createPost({
          postId,
          workspaceId: caller.workspaceId,
          authorId: actorIdOf(caller.actor) ?? input.authorId ?? "",
          content: contentOf(input, targets),
          media,
          accounts: targets,
          timeZone,
          now: caller.now,
          scheduledAt: approval ? null : scheduledAt,
          recurrence: input.recurrence ?? null,
          publishNow: !approval && input.status === "published",
        });
        return approval
          ? [created, submitForApproval({ scheduledAt: input.status === "published" ? null : scheduledAt, timeZone, now: caller.now })]
          : [created];
      };

      const create = Effect.fn("Posts.create")(function* (caller: Caller, input: PostInput) {
        const postId = randomUUID();
        const timeZone = input.timeZone ?? caller.timeZone;
        const asked = input.timeslot ? null : yield* scheduledAtOf(input, timeZone);
        const approval = input.status !== "draft" && (yield* approvalFor(caller));
        yield* db.withTransaction(
          Effect.gen(function* () {
            yield* lockWorkspace(caller.workspaceId);
            yield* checkLimits(caller, input, true, caller.now);
            yield* checkCategory(caller, input);
            const media = yield* checkReferences(caller, input);
            const targets = yield* resolveTargets(caller, input);
            const scheduledAt = input.timeslot ? yield* timeslotFor(caller, input.timeslot, input, targets, timeZone, caller.now, postId) : asked;
            yield* onPost(postId, caller, newPostSteps(caller, postId, input, targets, scheduledAt, timeZone, approval, media));
            // Submitted for approval: the approvers' mail is the team's reaction to it (infra/team/approval-mails.ts).
            if (approval) return;
            // "Post now": the job runs at once, from this transaction.
            if (input.status === "published") yield* addPublishJob(postId).pipe(Effect.provideService(Database, db));
          }),
        );
        return yield* get(caller.workspaceId, postId);
      });

      /** The keys (samePostKey) of the workspace's posts scheduled, or awaiting approval, at these instants. */
      const scheduledKeysAt = (caller: Caller, instants: ReadonlyArray<Date>) =>
        Effect.map(
          db.query(
            (sql) => sql<{ content: string; scheduled_at: Date; accounts: string[] }[]>`
              select p.content, p.scheduled_at, array_agg(t.account_id::text) as accounts
              from posts p join post_targets t on t.post_id = p.id
              where p.workspace_id = ${caller.workspaceId} and p.deleted_at is null and p.status in ('scheduled', 'awaiting_approval')
                and p.scheduled_at = any(${instants.map((at) => at.toISOString())}::timestamptz[])
              group by p.id`,
          ),
          (rows) => new Set(rows.map((r) => samePostKey(r.content, r.accounts, r.scheduled_at))),
        );

      /**
       * A bulk upload's posts, each decided alone by the same rules as `create` (its time, its
       * accounts, the post's rules, the plan's limits counted row by row) and all appended together:
       * a refused row never blocks the others, and the same post twice (in the list, or already
       * scheduled) is scheduled once. Answers each input's outcome, in order.
       */
      const createMany = Effect.fn("Posts.createMany")(function* (caller: Caller, rows: ReadonlyArray<BulkRow>) {
        const approval = yield* approvalFor(caller);
        return yield* db.withTransaction(
          Effect.gen(function* () {
            yield* lockWorkspace(caller.workspaceId);
            const counts = yield* postCounts(caller, caller.now);
            const accounts = yield* activeAccounts(caller);
            const owned = yield* ownedBy(
              caller,
              rows.map((r) => r.input),
            );
            const decided = yield* Effect.forEach(rows, ({ input }) =>
              Effect.result(
                Effect.gen(function* () {
                  const refusal = referenceRefusal(input, owned);
                  if (refusal) return yield* refusal;
                  const postId = randomUUID();
                  const timeZone = input.timeZone ?? caller.timeZone;
                  const scheduledAt = yield* scheduledAtOf(input, timeZone);
                  const targets = yield* targetsAmong(accounts, input);
                  const media = mediaFactsWith(input.media, owned.media);
                  const steps = newPostSteps(caller, postId, input, targets, scheduledAt, timeZone, input.status !== "draft" && approval, media);
                  const { events } = yield* decideSteps(postDecider, { state: postDecider.initialState(), version: 0 }, steps);
                  const key = scheduledAt
                    ? samePostKey(
                        input.content,
                        targets.map((t) => t.accountId),
                        scheduledAt,
                      )
                    : null;
                  return { postId, input, scheduledAt, key, events };
                }),
              ),
            );
            const instants = decided.flatMap((d) => (d._tag === "Success" && d.success.scheduledAt ? [d.success.scheduledAt] : []));
            const taken = yield* scheduledKeysAt(caller, instants);
            const firstRowOf = new Map<string, number>();
            const accepted: Array<{ streamId: string; events: ReadonlyArray<PostEvent>; postId: string; content: string }> = [];
            const outcomes = decided.map((d, index): BulkOutcome => {
              const { row } = rows[index]!;
              if (d._tag === "Failure") return { row, ok: false, message: d.failure.message };
              const { postId, input, scheduledAt, key, events } = d.success;
              if (key !== null) {
                const first = firstRowOf.get(key);
                if (first !== undefined) return { row, ok: false, message: bulkDuplicateInFileMessage(first) };
                if (taken.has(key)) return { row, ok: false, message: BULK_ALREADY_SCHEDULED_MESSAGE };
              }
              const refusal = limitRefusal(
                caller,
                { this_month: counts.this_month + accepted.length, scheduled: counts.scheduled + accepted.length },
                input,
                true,
              );
              if (refusal) return { row, ok: false, message: refusal.message };
              if (key !== null) firstRowOf.set(key, row);
              accepted.push({ streamId: postStreamId(postId), events, postId, content: input.content });
              return { row, ok: true, postId, scheduledAt: scheduledAt?.toISOString() ?? null };
            });
            yield* provide(appendNewStreams(accepted, { ctx: caller, workspaceId: caller.workspaceId }));
            return outcomes;
          }),
        );
      });

      const update = Effect.fn("Posts.update")(function* (caller: Caller, postId: string, input: PostInput, expectedVersion?: number) {
        const before = yield* get(caller.workspaceId, postId);
        const timeZone = input.timeZone ?? before.timeZone;
        const asked = input.timeslot ? null : yield* scheduledAtOf(input, timeZone);
        const approval = input.status !== "draft" && (yield* approvalFor(caller));
        yield* db.withTransaction(
          Effect.gen(function* () {
            if (input.timeslot) yield* lockWorkspace(caller.workspaceId);
            yield* checkCategory(caller, input, before.categoryId);
            const media = yield* checkReferences(caller, input, before);
            const targets = yield* resolveTargets(caller, input);
            const scheduledAt = input.timeslot ? yield* timeslotFor(caller, input.timeslot, input, targets, timeZone, caller.now, postId) : asked;
            const now = caller.now;
            const steps: Array<DecideStep<PostState, PostEvent, InvalidInput | Conflict | NotFound>> = [editPost({ content: contentOf(input, targets), media, accounts: targets, now })];
            if (approval) {
              // A member's change to a post that would go out: back to (or still with) the approvers.
              steps.push(submitForApproval({ scheduledAt: input.status === "published" ? null : scheduledAt, timeZone, now }));
              if (input.recurrence !== undefined) steps.push(input.recurrence ? setRecurrence({ rule: input.recurrence, now }) : clearRecurrence({ now }));
              yield* onPost(postId, caller, steps, expectedVersion);
              return;
            }
            // An approver scheduling or publishing a post that awaits approval approves it.
            if (before.status === "awaiting_approval" && input.status !== "draft") steps.push(approvePost({ now }));
            if (input.status === "scheduled" && scheduledAt) {
              if (before.status !== "scheduled") yield* checkLimits(caller, input, false, now);
              steps.push(schedulePost({ scheduledAt, timeZone, now }));
            } else if (input.status === "draft") {
              steps.push(unschedulePost({ now }));
            }
            if (input.recurrence !== undefined) steps.push(input.recurrence ? setRecurrence({ rule: input.recurrence, now }) : clearRecurrence({ now }));
            if (input.status === "published") steps.push(publishPostNow({ now }));
            // One append for the whole edit: it all lands on the version the caller read, or none of it does.
            yield* onPost(postId, caller, steps, expectedVersion);
            if (input.status === "published") yield* addPublishJob(postId).pipe(Effect.provideService(Database, db));
          }),
        );
        return yield* get(caller.workspaceId, postId);
      });

      const publishNow = Effect.fn("Posts.publishNow")(function* (caller: Caller, postId: string, expectedVersion?: number) {
        const before = yield* get(caller.workspaceId, postId);
        if (yield* approvalFor(caller)) {
          yield* onPost(postId, caller, submitForApproval({ scheduledAt: null, timeZone: before.timeZone, now: caller.now }), expectedVersion);
          return yield* get(caller.workspaceId, postId);
        }
        yield* db.withTransaction(
          Effect.gen(function* () {
            const result = yield* onPost(postId, caller, publishPostNow({ now: caller.now }), expectedVersion);
            if (result.events.length > 0) yield* addPublishJob(postId).pipe(Effect.provideService(Database, db));
          }),
        );
        return yield* get(caller.workspaceId, postId);
      });
      const approve = Effect.fn("Posts.approve")(function* (
        caller: Caller,
        postId: string,
        options: { readonly publishNow: boolean; readonly expectedVersion?: number },
      ) {
        const before = yield* get(caller.workspaceId, postId);
        if (before.status !== "awaiting_approval") return yield* new Conflict({ message: NOT_AWAITING_MESSAGE });
        const now = caller.now;
        const at = before.scheduledAt ? new Date(before.scheduledAt) : null;
        const toSchedule = at !== null && at.getTime() > now.getTime();
        if (!toSchedule && !options.publishNow) return yield* new Conflict({ message: APPROVAL_TIME_PASSED_MESSAGE });
        yield* db.withTransaction(
          Effect.gen(function* () {
            yield* onPost(
              postId,
              caller,
              [
                approvePost({ now, reviewer: reviewerOf(caller) }),
                toSchedule ? schedulePost({ scheduledAt: at, timeZone: before.timeZone, now }) : publishPostNow({ now }),
              ],
              options.expectedVersion,
            );
            if (!toSchedule) yield* addPublishJob(postId).pipe(Effect.provideService(Database, db));
          }),
        );
        return yield* get(caller.workspaceId, postId);
      });

      const requestChangesOf = Effect.fn("Posts.requestChanges")(function* (caller: Caller, postId: string, comment: string, expectedVersion?: number) {
        yield* get(caller.workspaceId, postId);
        yield* onPost(postId, caller, requestChanges({ comment, reviewer: reviewerOf(caller) }), expectedVersion);
        return yield* get(caller.workspaceId, postId);
      });

      return {
        approve,
        requestChanges: requestChangesOf,
        create,
        createMany,
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
