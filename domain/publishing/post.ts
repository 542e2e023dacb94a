import { Effect } from "effect";
import { type AccountLimitsSource, platformById, platformFor } from "../accounts/platforms";
import { Conflict, DAY_MS, type Decider, InvalidInput, NotFound, sameJson } from "../shared";
import type { EngagementCounts, PostContent, PostEvent, PostStatus, PostTarget } from "./events";
import { checkRecurrenceRule, nextOccurrenceAfter, type RecurrenceRule } from "./recurrence";
import { isTimeZone } from "../identity/timezones";
import { isInPast, SCHEDULED_IN_PAST_MESSAGE } from "./scheduled-at";
import { checkContent, checkContentWarning, checkPlatformOptions, SELECT_PLATFORM } from "./validation";
import { type MediaFact, mediaFactsOf, postingProblems } from "./platform-rules";

export type TargetStatus = "pending" | "attempted" | "published" | "failed";

export interface TargetState extends PostTarget {
  readonly status: TargetStatus;
  /** Attempts in the current publication. */
  readonly attempts: number;
  readonly permanent: boolean;
  readonly error: string | null;
  readonly platformPostId: string | null;
  readonly url: string | null;
}

export interface PostState {
  readonly exists: boolean;
  readonly deleted: boolean;
  readonly status: PostStatus;
  readonly content: PostContent | null;
  readonly timeZone: string;
  readonly scheduledAt: string | null;
  /** The time the user last chose: recurring occurrences keep its wall-clock time of day. */
  readonly anchorAt: string | null;
  readonly recurrence: RecurrenceRule | null;
  /** The number of the current (or next) publication, from 1. */
  readonly occurrence: number;
  readonly targets: ReadonlyArray<TargetState>;
  readonly lastError: string | null;
  /** What an approver asked to change (PostChangesRequested), until the post is submitted again. */
  readonly reviewComment: string | null;
  readonly publishedAt: string | null;
  /** The last engagement figures fetched, per account (PostEngagementRecorded). */
  readonly engagementByAccount: Readonly<Record<string, EngagementCounts & { readonly platform: PostTarget["platform"] }>>;
  /** How many times an evergreen category re-queued it (PostRecycled). */
  readonly evergreenRepeats: number;
}

const pendingTarget = (t: PostTarget): TargetState => ({
  accountId: t.accountId,
  platform: t.platform,
  status: "pending",
  attempts: 0,
  permanent: false,
  error: null,
  platformPostId: null,
  url: null,
});

const updateTarget = (state: PostState, accountId: string, change: (t: TargetState) => TargetState): PostState => ({
  ...state,
  targets: state.targets.map((t) => (t.accountId === accountId ? change(t) : t)),
});

export const postDecider: Decider<PostState, PostEvent> = {
  initialState: () => ({
    exists: false,
    deleted: false,
    status: "draft",
    content: null,
    timeZone: "America/New_York",
    scheduledAt: null,
    anchorAt: null,
    recurrence: null,
    occurrence: 1,
    targets: [],
    lastError: null,
    reviewComment: null,
    publishedAt: null,
    engagementByAccount: {},
    evergreenRepeats: 0,
  }),
  evolve: (state, event) => {
    switch (event.type) {
      case "PostDrafted": {
        const { postId: _p, workspaceId: _w, authorId: _a, timeZone, ...content } = event.data;
        return { ...state, exists: true, status: "draft", content, timeZone, targets: content.targets.map(pendingTarget) };
      }
      case "PostScheduled":
      case "PostRescheduled":
        return { ...state, status: "scheduled", scheduledAt: event.data.scheduledAt, anchorAt: event.data.scheduledAt, timeZone: event.data.timeZone };
      case "PostEdited": {
        const { addedAccountIds: _a, removedAccountIds: _r, ...content } = event.data;
        const kept = new Map(state.targets.map((t) => [t.accountId, t]));
        return { ...state, content, targets: content.targets.map((t) => ({ ...(kept.get(t.accountId) ?? pendingTarget(t)), platform: t.platform })) };
      }
      case "PostMovedToNow":
        return { ...state, scheduledAt: event.data.scheduledAt };
      case "PostPublishRequested": {
        const again = new Set(event.data.accountIds);
        return {
          ...state,
          status: "publishing",
          occurrence: event.data.occurrence,
          targets: state.targets.map((t) => (again.has(t.accountId) ? { ...pendingTarget(t), platformPostId: t.platformPostId, url: t.url } : t)),
        };
      }
      case "PostPublishAttempted":
        return updateTarget(state, event.data.accountId, (t) => ({ ...t, status: "attempted", attempts: event.data.attempt }));
      case "PostPublishedToAccount":
        return updateTarget(state, event.data.accountId, (t) => ({
          ...t,
          status: "published",
          permanent: false,
          error: null,
          platformPostId: event.data.platformPostId,
          url: event.data.url,
        }));
      case "PostPublishDelayed":
        return state;
      case "PostPublishFailedOnAccount":
        return updateTarget(state, event.data.accountId, (t) => ({ ...t, status: "failed", permanent: event.data.permanent, error: event.data.reason }));
      case "PostPublished":
        return { ...state, status: "published", publishedAt: event.data.publishedAt, lastError: null };
      case "PostPublishFailed":
        return { ...state, lastError: event.data.reason };
      case "PostReturnedToDrafts":
        return { ...state, status: "draft", scheduledAt: null, lastError: event.data.reason };
      case "PostDeleted":
        return { ...state, deleted: true };
      case "PostSubmittedForApproval":
        return {
          ...state,
          status: "awaiting_approval",
          scheduledAt: event.data.scheduledAt,
          anchorAt: event.data.scheduledAt,
          timeZone: event.data.timeZone,
          reviewComment: null,
        };
      // Approved: a draft with its time for the moment, scheduled or published by the next event of the same append.
      case "PostApproved":
        return { ...state, status: "draft" };
      case "PostChangesRequested":
        return { ...state, status: "draft", scheduledAt: null, reviewComment: event.data.comment };
      case "RecurrenceSet":
        return { ...state, recurrence: event.data.rule };
      case "RecurrenceCleared":
        return { ...state, recurrence: null };
      case "PostEngagementRecorded": {
        const { accountId, platform, likes, shares, comments } = event.data;
        return { ...state, engagementByAccount: { ...state.engagementByAccount, [accountId]: { platform, likes, shares, comments } } };
      }
      case "OccurrenceScheduled":
      case "PostRecycled":
        return {
          ...state,
          status: "scheduled",
          scheduledAt: event.data.scheduledAt,
          occurrence: event.data.occurrence,
          targets: state.targets.map(pendingTarget),
          evergreenRepeats: event.type === "PostRecycled" ? event.data.repeat : state.evergreenRepeats,
        };
    }
  },
};

export type PostDecision = Effect.Effect<ReadonlyArray<PostEvent>, Conflict | InvalidInput | NotFound>;
const decided = (events: ReadonlyArray<PostEvent>): PostDecision => Effect.succeed(events);
const conflict = (message: string): PostDecision => Effect.fail(new Conflict({ message }));
const invalid = (message: string, field?: string): PostDecision =>
  Effect.fail(new InvalidInput({ message, ...(field ? { fields: { [field]: message } } : {}) }));

const existing = (state: PostState, decide: () => PostDecision): PostDecision =>
  state.exists && !state.deleted ? decide() : Effect.fail(new NotFound({ what: "post" }));

/** Drafts and scheduled posts only: the messages of the states that forbid a change. */
const changeable = (state: PostState, what: "edited" | "deleted" | "rescheduled", decide: () => PostDecision): PostDecision =>
  existing(state, () =>
    state.status === "published"
      ? conflict(`A published post cannot be ${what}.`)
      : state.status === "publishing"
        ? conflict(`This post is being published and cannot be ${what}.`)
        : decide(),
  );

/**
 * The first problem with what a post says and carries, with the field to fix. `media`: what is
 * known of its files (kind, size: the library's); by default what their addresses tell.
 */
const validateContent = (
  content: PostContent,
  media?: ReadonlyArray<MediaFact>,
  accounts: ReadonlyArray<AccountLimitsSource> = [],
): { readonly message: string; readonly field: string } | null => {
  if (content.platforms.length === 0) return { message: SELECT_PLATFORM, field: "platforms" };
  const [refused] = postingProblems(media ?? mediaFactsOf(content.media), content.platforms.map((p) => platformFor(p, accounts)));
  if (refused) return refused;
  const problem =
    checkContent(content.content, content.platforms, content.media.length, accounts) ??
    checkContentWarning(content.content, content.options, content.platforms, accounts) ??
    checkPlatformOptions(content.options, content.platforms);
  if (problem) return { message: problem, field: "content" };
  const outside = content.targets.find((t) => !content.platforms.includes(t.platform));
  return outside
    ? { message: `An account of ${platformById(outside.platform).name} was chosen but ${platformById(outside.platform).name} is not selected.`, field: "content" }
    : null;
};

const checkTime = (at: Date, timeZone: string, now: Date): string | null =>
  !isTimeZone(timeZone) ? `Unknown time zone "${timeZone}".` : isInPast(at, now) ? SCHEDULED_IN_PAST_MESSAGE : null;

export interface DraftPostCommand {
  readonly postId: string;
  readonly workspaceId: string;
  readonly authorId: string;
  readonly content: PostContent;
  /** What is known of the post's files (the library's kinds and sizes); by default what their addresses tell. */
  readonly media?: ReadonlyArray<MediaFact>;
  /** The accounts it goes to, where their servers set their own limits (Mastodon instances); the catalogue's otherwise. */
  readonly accounts?: ReadonlyArray<AccountLimitsSource>;
  readonly timeZone: string;
  readonly now: Date;
}

export const draftPost =
  (command: DraftPostCommand) =>
  (state: PostState): PostDecision => {
    if (state.exists) return conflict("This post already exists.");
    const problem =
      validateContent(command.content, command.media, command.accounts) ?? (isTimeZone(command.timeZone) ? null : { message: `Unknown time zone "${command.timeZone}".`, field: "content" });
    if (problem) return invalid(problem.message, problem.field);
    return decided([
      {
        type: "PostDrafted",
        data: { postId: command.postId, workspaceId: command.workspaceId, authorId: command.authorId, ...command.content, timeZone: command.timeZone },
      },
    ]);
  };

/** Schedules a draft (a scheduled post is rescheduled). */
export const schedulePost =
  (command: { readonly scheduledAt: Date; readonly timeZone: string; readonly now: Date }) =>
  (state: PostState): PostDecision =>
    state.status === "scheduled"
      ? reschedule(command)(state)
      : changeable(state, "rescheduled", () => {
          const problem = checkTime(command.scheduledAt, command.timeZone, command.now);
          return problem
            ? invalid(problem, "scheduledAt")
            : decided([{ type: "PostScheduled", data: { scheduledAt: command.scheduledAt.toISOString(), timeZone: command.timeZone } }]);
        });

/** A scheduled post to another time (nothing when it is the same). */
export const reschedule =
  (command: { readonly scheduledAt: Date; readonly timeZone: string; readonly now: Date }) =>
  (state: PostState): PostDecision =>
    changeable(state, "rescheduled", () => {
      if (state.status !== "scheduled") return conflict("Only a scheduled post can be rescheduled.");
      const at = command.scheduledAt.toISOString();
      if (at === state.scheduledAt && command.timeZone === state.timeZone) return decided([]);
      const problem = checkTime(command.scheduledAt, command.timeZone, command.now);
      return problem
        ? invalid(problem, "scheduledAt")
        : decided([{ type: "PostRescheduled", data: { scheduledAt: at, timeZone: command.timeZone, previousScheduledAt: state.scheduledAt } }]);
    });

/** Takes a scheduled post off the schedule, or one awaiting approval off the approvers' list: a draft again. */
export const unschedulePost =
  (_command: { readonly now: Date }) =>
  (state: PostState): PostDecision =>
    changeable(state, "rescheduled", () =>
      state.status === "scheduled"
        ? decided([{ type: "PostReturnedToDrafts", data: { reason: "Unscheduled" } }])
        : state.status === "awaiting_approval"
          ? decided([{ type: "PostReturnedToDrafts", data: { reason: "Withdrawn from approval" } }])
          : decided([]),
    );

export const AWAITING_APPROVAL_MESSAGE = "This post is awaiting approval by an owner or admin.";
export const NOT_AWAITING_MESSAGE = "This post is not awaiting approval.";
export const COMMENT_REQUIRED_MESSAGE = "Say what to change, in up to 1,000 characters.";
export const APPROVAL_TIME_PASSED_MESSAGE = "The time chosen for this post has passed. Approve it to publish now, or choose a new time.";

/**
 * A post of someone whose posts need approval goes to the approvers instead of the schedule: at the
 * time they chose, or as soon as it is approved (null). A scheduled post edited by them goes back.
 */
export const submitForApproval =
  (command: { readonly scheduledAt: Date | null; readonly timeZone: string; readonly now: Date }) =>
  (state: PostState): PostDecision =>
    changeable(state, "rescheduled", () => {
      const problem = command.scheduledAt ? checkTime(command.scheduledAt, command.timeZone, command.now) : null;
      if (problem) return invalid(problem, "scheduledAt");
      const at = command.scheduledAt?.toISOString() ?? null;
      if (state.status === "awaiting_approval" && state.scheduledAt === at && state.timeZone === command.timeZone) return decided([]);
      return decided([{ type: "PostSubmittedForApproval", data: { scheduledAt: at, timeZone: command.timeZone } }]);
    });

/** An approver's yes: the post is then scheduled at its time, or published (the service appends that step). */
export const approvePost =
  (command: { readonly now: Date; readonly reviewer?: string }) =>
  (state: PostState): PostDecision =>
    existing(state, () =>
      state.status === "awaiting_approval"
        ? decided([{ type: "PostApproved", data: { approvedAt: command.now.toISOString(), ...(command.reviewer ? { reviewer: command.reviewer } : {}) } }])
        : conflict(NOT_AWAITING_MESSAGE),
    );

/** An approver's "not yet": back to its author as a draft with the comment. */
export const requestChanges =
  (command: { readonly comment: string; readonly reviewer?: string }) =>
  (state: PostState): PostDecision =>
    existing(state, () => {
      if (state.status !== "awaiting_approval") return conflict(NOT_AWAITING_MESSAGE);
      const comment = command.comment.trim();
      if (comment === "" || comment.length > 1000) return invalid(COMMENT_REQUIRED_MESSAGE, "comment");
      return decided([{ type: "PostChangesRequested", data: { comment, ...(command.reviewer ? { reviewer: command.reviewer } : {}) } }]);
    });

export const editPost =
  (command: { readonly content: PostContent; readonly media?: ReadonlyArray<MediaFact>; readonly accounts?: ReadonlyArray<AccountLimitsSource>; readonly now: Date }) =>
  (state: PostState): PostDecision =>
    changeable(state, "edited", () => {
      const problem = validateContent(command.content, command.media, command.accounts);
      if (problem) return invalid(problem.message, problem.field);
      if (sameJson(command.content, state.content)) return decided([]);
      const before = new Set(state.targets.map((t) => t.accountId));
      const after = new Set(command.content.targets.map((t) => t.accountId));
      return decided([
        {
          type: "PostEdited",
          data: {
            ...command.content,
            addedAccountIds: [...after].filter((id) => !before.has(id)),
            removedAccountIds: [...before].filter((id) => !after.has(id)),
          },
        },
      ]);
    });

/** The targets a publication still has to publish to: not published, not failed for good. */
export const targetsToPublish = (state: PostState): ReadonlyArray<TargetState> =>
  state.targets.filter((t) => t.status !== "published" && !(t.status === "failed" && t.permanent));

/**
 * Starts a publication: "publish now", or the scheduler at the due time. Idempotent while one is in
 * flight (a retried job gets no event). Accounts already published (a partly published post sent
 * again) are left out: never published twice.
 */
export const requestPublish =
  (command: { readonly now: Date }) =>
  (state: PostState): PostDecision =>
    existing(state, () => {
      if (state.status === "publishing") return decided([]);
      if (state.status === "published") return conflict("This post is already published.");
      if (state.status === "awaiting_approval") return conflict(AWAITING_APPROVAL_MESSAGE);
      const accountIds = state.targets.filter((t) => t.status !== "published").map((t) => t.accountId);
      if (accountIds.length === 0) return invalid("Choose at least one connected account to publish to.", "accountIds");
      const dueAt = state.status === "scheduled" ? state.scheduledAt : null;
      return decided([
        {
          type: "PostPublishRequested",
          data: {
            requestedAt: command.now.toISOString(),
            dueAt,
            lateByMs: dueAt ? Math.max(0, command.now.getTime() - new Date(dueAt).getTime()) : 0,
            occurrence: state.occurrence,
            accountIds,
          },
        },
      ]);
    });

/**
 * "Publish now" by a person: a post that had a time (scheduled, or approved after it) is first moved
 * to now (PostMovedToNow), then its publication starts with no due time. A post without a time, or
 * one already being published, is as `requestPublish` decides.
 */
export const publishPostNow =
  (command: { readonly now: Date }) =>
  (state: PostState): PostDecision =>
    Effect.flatMap(requestPublish(command)(state), (events) => {
      const at = command.now.toISOString();
      if (events.length === 0 || state.scheduledAt === null || state.scheduledAt === at) return decided(events);
      const moved: PostEvent = { type: "PostMovedToNow", data: { scheduledAt: at, previousScheduledAt: state.scheduledAt } };
      return decided([moved, ...events.map((e) => (e.type === "PostPublishRequested" ? { ...e, data: { ...e.data, dueAt: null, lateByMs: 0 } } : e))]);
    });

const inFlightTarget = (state: PostState, accountId: string, decide: (t: TargetState) => PostDecision): PostDecision =>
  existing(state, () => {
    const target = state.targets.find((t) => t.accountId === accountId);
    if (!target) return Effect.fail(new NotFound({ what: "post target" }));
    if (target.status === "published") return decided([]);
    return decide(target);
  });

/**
 * Recorded before the platform is called. No event for a target already published; an error for
 * one that failed for good or when no publication is in flight. A target whose status is
 * "attempted" when the worker starts again may exist on the platform: look it up or use the
 * platform's idempotency key before posting again.
 */
export const recordAttempt =
  (command: { readonly accountId: string; readonly now: Date; readonly delay?: { readonly ms: number; readonly reason: string } }) =>
  (state: PostState): PostDecision =>
    inFlightTarget(state, command.accountId, (t) =>
      state.status !== "publishing"
        ? conflict("This post is not being published.")
        : t.status === "failed" && t.permanent
          ? conflict("Publishing to this account failed for good.")
          : decided([
              {
                type: "PostPublishAttempted",
                data: {
                  accountId: t.accountId,
                  platform: t.platform,
                  attempt: t.attempts + 1,
                  attemptedAt: command.now.toISOString(),
                  ...(command.delay ? { delayedByMs: command.delay.ms, delayReason: command.delay.reason } : {}),
                },
              },
            ]),
    );

/** The platform's answer: recorded whatever the post's status (it is the truth), once per account. */
export const recordPublishedToAccount =
  (command: {
    readonly accountId: string;
    readonly platformPostId: string;
    readonly url: string | null;
    readonly publishedAt: Date;
    readonly warnings?: ReadonlyArray<string>;
  }) =>
  (state: PostState): PostDecision =>
    inFlightTarget(state, command.accountId, (t) =>
      decided([
        {
          type: "PostPublishedToAccount",
          data: {
            accountId: t.accountId,
            platform: t.platform,
            platformPostId: command.platformPostId,
            url: command.url,
            publishedAt: command.publishedAt.toISOString(),
            ...(command.warnings?.length ? { warnings: command.warnings } : {}),
          },
        },
      ]),
    );

/** A target a platform's limit holds back until `until`: it stays pending, its publication resumes then. */
export const recordDelay =
  (command: { readonly accountId: string; readonly until: Date; readonly reason: string }) =>
  (state: PostState): PostDecision =>
    inFlightTarget(state, command.accountId, (t) =>
      state.status !== "publishing" || t.status === "attempted"
        ? conflict("This post is not waiting to be published.")
        : decided([
            { type: "PostPublishDelayed", data: { accountId: t.accountId, platform: t.platform, until: command.until.toISOString(), reason: command.reason } },
          ]),
    );

/** `permanent`: the platform refused for good, or the retries are used up. */
export const recordFailureOnAccount =
  (command: { readonly accountId: string; readonly reason: string; readonly permanent: boolean; readonly now: Date }) =>
  (state: PostState): PostDecision =>
    inFlightTarget(state, command.accountId, (t) =>
      state.status !== "publishing"
        ? conflict("This post is not being published.")
        : decided([
            {
              type: "PostPublishFailedOnAccount",
              data: { accountId: t.accountId, platform: t.platform, reason: command.reason, permanent: command.permanent, failedAt: command.now.toISOString() },
            },
          ]),
    );

const accountLabel = (t: TargetState, names: Readonly<Record<string, string>>) =>
  names[t.accountId] ? `${platformById(t.platform).name} (${names[t.accountId]})` : platformById(t.platform).name;

/**
 * Ends a publication once no target is pending. All published: PostPublished, and for a recurring
 * post the next occurrence. Some failed for good: PostPublishFailed and PostReturnedToDrafts with a
 * reason naming the failed accounts (those published stay published and are not sent again).
 * Nothing while targets are still pending. `accountNames` (account id to display name) for the reason.
 */
export const completePublication =
  (command: { readonly now: Date; readonly accountNames?: Readonly<Record<string, string>> }) =>
  (state: PostState): PostDecision =>
    existing(state, () => {
      if (state.status !== "publishing") return decided([]);
      if (targetsToPublish(state).length > 0) return decided([]);
      const failed = state.targets.filter((t) => t.status !== "published");
      const published = state.targets.filter((t) => t.status === "published");
      if (failed.length === 0) {
        const events: Array<PostEvent> = [{ type: "PostPublished", data: { publishedAt: command.now.toISOString(), occurrence: state.occurrence } }];
        const next = nextOccurrenceOf(state, command.now);
        if (next) events.push(next);
        return decided(events);
      }
      const names = command.accountNames ?? {};
      const reason =
        // Each reason ends its own sentence; the list gets one full stop.
        `Publishing failed on ${failed.map((t) => `${accountLabel(t, names)}: ${(t.error ?? "unknown error").replace(/\.+$/, "")}`).join("; ")}.` +
        (published.length > 0 ? ` Published on ${published.map((t) => accountLabel(t, names)).join(", ")}.` : "");
      return decided([
        {
          type: "PostPublishFailed",
          data: {
            reason,
            failedAccountIds: failed.map((t) => t.accountId),
            publishedAccountIds: published.map((t) => t.accountId),
            occurrence: state.occurrence,
          },
        },
        { type: "PostReturnedToDrafts", data: { reason } },
      ]);
    });

const nextOccurrenceOf = (state: PostState, now: Date): PostEvent | null => {
  if (!state.recurrence || !state.anchorAt) return null;
  const last = state.scheduledAt ? new Date(state.scheduledAt) : now;
  const at = nextOccurrenceAfter(state.recurrence, {
    anchor: new Date(state.anchorAt),
    after: last.getTime() > now.getTime() ? last : now,
    occurrence: state.occurrence,
    timeZone: state.timeZone,
  });
  return at
    ? {
        type: "OccurrenceScheduled",
        data: { scheduledAt: at.toISOString(), occurrence: state.occurrence + 1, accountIds: state.targets.map((t) => t.accountId) },
      }
    : null;
};

/** A published recurring post's next occurrence (completePublication already gives it; for repairs). */
export const nextOccurrence =
  (command: { readonly now: Date }) =>
  (state: PostState): PostDecision =>
    existing(state, () => {
      if (state.status !== "published") return decided([]);
      const next = nextOccurrenceOf(state, command.now);
      return decided(next ? [next] : []);
    });

export interface RecyclePost {
  readonly categoryId: string;
  readonly categoryName: string;
  readonly maxRepeats: number;
  readonly minGapDays: number;
  /** The time slot it goes out in. */
  readonly scheduledAt: Date;
  readonly now: Date;
}

/**
 * An evergreen category re-queues its published post: once more than `minGapDays` after its last
 * publication, at most `maxRepeats` times. It then goes out like any scheduled post, as a new
 * occurrence (new idempotency keys, so platforms take it as a new post).
 */
export const recyclePost =
  (command: RecyclePost) =>
  (state: PostState): PostDecision =>
    existing(state, () => {
      if (state.status !== "published") return conflict("Only a published post can be re-queued.");
      if (state.content?.categoryId !== command.categoryId) return conflict("This post is no longer in the evergreen category.");
      if (state.evergreenRepeats >= command.maxRepeats) return conflict(`This post was already repeated ${command.maxRepeats} times, the category's most.`);
      const lastOut = state.publishedAt ? new Date(state.publishedAt).getTime() : 0;
      if (command.now.getTime() - lastOut < command.minGapDays * DAY_MS) {
        return conflict(`This post went out less than ${command.minGapDays} days ago.`);
      }
      if (command.scheduledAt.getTime() <= command.now.getTime()) return invalid(SCHEDULED_IN_PAST_MESSAGE, "scheduledAt");
      return decided([
        {
          type: "PostRecycled",
          data: {
            categoryId: command.categoryId,
            categoryName: command.categoryName,
            repeat: state.evergreenRepeats + 1,
            maxRepeats: command.maxRepeats,
            scheduledAt: command.scheduledAt.toISOString(),
            occurrence: state.occurrence + 1,
            accountIds: state.targets.map((t) => t.accountId),
          },
        },
      ]);
    });

/** The occurrence times follow the post's scheduled time; the first publication is occurrence 1. */
export const setRecurrence =
  (command: { readonly rule: RecurrenceRule; readonly now: Date }) =>
  (state: PostState): PostDecision =>
    changeable(state, "edited", () => {
      const problem = checkRecurrenceRule(command.rule, state.scheduledAt ? { at: new Date(state.scheduledAt), timeZone: state.timeZone } : undefined);
      if (problem) return invalid(problem, "recurrence");
      return sameJson(state.recurrence, command.rule) ? decided([]) : decided([{ type: "RecurrenceSet", data: { rule: command.rule } }]);
    });

/** Stops the repeats; allowed on a published recurring post too (no next occurrence then). */
export const clearRecurrence =
  (_command: { readonly now: Date }) =>
  (state: PostState): PostDecision =>
    existing(state, () => (state.recurrence ? decided([{ type: "RecurrenceCleared", data: {} }]) : decided([])));

export const deletePost =
  (command: { readonly now: Date }) =>
  (state: PostState): PostDecision =>
    changeable(state, "deleted", () => decided([{ type: "PostDeleted", data: { deletedAt: command.now.toISOString() } }]));

/**
 * A new post as the API creates it: drafted, then scheduled (`scheduledAt`), made recurring
 * (`recurrence`, needs `scheduledAt`), or published now (`publishNow`), as one list of events.
 */
export const createPost =
  (command: DraftPostCommand & { readonly scheduledAt?: Date | null; readonly recurrence?: RecurrenceRule | null; readonly publishNow?: boolean }) =>
  (state: PostState): PostDecision => {
    if (command.recurrence && !command.scheduledAt) return invalid("Choose a date and time for a recurring post.", "scheduledAt");
    const steps: Array<(s: PostState) => PostDecision> = [draftPost(command)];
    if (command.scheduledAt) steps.push(schedulePost({ scheduledAt: command.scheduledAt, timeZone: command.timeZone, now: command.now }));
    if (command.recurrence) steps.push(setRecurrence({ rule: command.recurrence, now: command.now }));
    if (command.publishNow) steps.push(publishPostNow({ now: command.now }));
    return Effect.gen(function* () {
      let current = state;
      const events: Array<PostEvent> = [];
      for (const step of steps) {
        const decidedEvents = yield* step(current);
        current = decidedEvents.reduce(postDecider.evolve, current);
        events.push(...decidedEvents);
      }
      return events as ReadonlyArray<PostEvent>;
    });
  };

const count = (n: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/** The per-platform map (spec core §3) from the figures of each account: accounts of one platform summed. */
export const engagementByPlatform = (byAccount: PostState["engagementByAccount"]): Record<string, EngagementCounts> => {
  const map: Record<string, { likes: number; shares: number; comments: number }> = {};
  for (const key of Object.keys(byAccount).sort()) {
    const e = byAccount[key]!;
    const entry = (map[e.platform] ??= { likes: 0, shares: 0, comments: 0 });
    entry.likes += e.likes;
    entry.shares += e.shares;
    entry.comments += e.comments;
  }
  return map;
};

/**
 * Engagement fetched from a published target's platform post (the fetch_engagement job). Nothing
 * when the figures are those already recorded; refused for an account the post was not published on.
 */
export const recordEngagement =
  (command: { readonly accountId: string; readonly likes: number; readonly shares: number; readonly comments: number; readonly now: Date }) =>
  (state: PostState): PostDecision =>
    existing(state, () => {
      const target = state.targets.find((t) => t.accountId === command.accountId);
      if (!target) return Effect.fail(new NotFound({ what: "post target" }));
      if (target.status !== "published") return conflict("This post is not published on this account.");
      const figures = { likes: count(command.likes), shares: count(command.shares), comments: count(command.comments) };
      const before = state.engagementByAccount[command.accountId];
      if (
        before &&
        before.platform === target.platform &&
        before.likes === figures.likes &&
        before.shares === figures.shares &&
        before.comments === figures.comments
      ) {
        return decided([]);
      }
      const engagement = engagementByPlatform({ ...state.engagementByAccount, [command.accountId]: { platform: target.platform, ...figures } });
      return decided([
        {
          type: "PostEngagementRecorded",
          data: { accountId: command.accountId, platform: target.platform, ...figures, engagement, fetchedAt: command.now.toISOString() },
        },
      ]);
    });
