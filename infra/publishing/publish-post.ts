import { Effect, Schema } from "effect";
import { platformById } from "../../domain/accounts/platforms";
import { mediaLimitsOf } from "../../domain/media/limits";
import { libraryIdOf } from "../../domain/media/urls";
import {
  completePublication,
  type PostDecision,
  type PostEvent,
  type PostState,
  postDecider,
  postStreamId,
  recordAttempt,
  recordDelay,
  recordFailureOnAccount,
  recordPublishedToAccount,
  requestPublish,
  type TargetState,
  targetsToPublish,
} from "../../domain/publishing";
import { foldEvents, type RecordedEvent, sameJson, systemContext } from "../../domain/shared";
import { type AccountView, SocialAccounts } from "../accounts/SocialAccounts";
import { config } from "../config";
import { EventStore } from "../eventstore/EventStore";
import { type DecideStep, handleCommandInBatch } from "../eventstore/handle";
import { timedStage } from "../jobs/stage-timings";
import { logger } from "../log";
import { MediaStorage } from "../media/MediaStorage";
import { storedLibraryFile } from "../media/queries";
import { fetchAddress } from "../outbound/outbound";
import type { Published, PublishMedia } from "../platforms/provider";
import { canFindPublished, findPublished, publisherFor } from "../platforms/providers";
import { PlatformError } from "../platforms/types";
import { PublishSlots, type PublishTarget, type Slot } from "./PublishSlots";
import { PUBLISH_LEAD_MS } from "./reactions";
import { findSandboxPost, publishToSandbox } from "./sandbox";

/**
 * The publication of one post by the worker (the `publish_post` job): every target account once,
 * never twice. The attempt is recorded (its own transaction) BEFORE the platform is called and the
 * result after; a target found "attempted" (a run died in between) is looked up on the platform
 * when it can tell (sandbox, Bluesky), else failed for good with a message asking the user to check.
 * Transient failures end the run with `PublishRetryLater` so graphile-worker retries with its
 * backoff; on the last attempt they are permanent and the post returns to drafts.
 */

/** The longest a job waits in place for a platform's limit; past it the post records the delay and gets a job for then. */
const MAX_HOLD_MS = 5 * 60_000;

/** A timer may fire this much before its time: a slot this close counts as now. */
const TIMER_SLACK_MS = 20;

/** A job may start this early (clock differences between the worker and the database) and still publish. */
const EARLY_TOLERANCE_MS = 2_000;

export interface PublishRun {
  readonly now: Date;
  readonly jobId: string;
  /** This run's attempt (graphile-worker's job.attempts, counting this one) and the job's max_attempts. */
  readonly attempt: number;
  readonly maxAttempts: number;
}

/** Some targets failed in a way worth retrying: the job fails so graphile-worker runs it again. */
export class PublishRetryLater extends Schema.TaggedError<PublishRetryLater>()("PublishRetryLater", {
  message: Schema.String,
  postId: Schema.String,
  retryAfterSeconds: Schema.optional(Schema.Number),
}) {}

export type PublishOutcome =
  | { readonly outcome: "skipped"; readonly reason: string }
  | { readonly outcome: "published" | "failed" | "in_progress"; readonly published: number; readonly failed: number };

/** What came of one target, recorded by `settle`. */
type Outcome =
  | { readonly kind: "published"; readonly accountId: string; readonly published: Published; readonly at: Date }
  | { readonly kind: "failed"; readonly accountId: string; readonly reason: string; readonly permanent: boolean; readonly retryAfterSeconds?: number }
  /** Another run holds it (it was attempted under us): left alone. */
  | { readonly kind: "skipped" };

type ErrorOf<T> = T extends Effect.Effect<any, infer E, any> ? E : never;

const REJECTING: ReadonlySet<string> = new Set(["rejected", "not_eligible", "invalid_response"]);
const RECONNECT: ReadonlySet<string> = new Set(["invalid_credentials", "refresh_failed"]);

export const idempotencyKeyOf = (postId: string, accountId: string, occurrence: number) => `${postId}:${accountId}:${occurrence}`;

const accountLabel = (platform: TargetState["platform"], account: AccountView | undefined) =>
  account ? `${platformById(platform).name} (${account.accountName})` : platformById(platform).name;

/** The largest file any plan may publish (Agency's video limit). */
const REMOTE_MEDIA_MAX_BYTES = mediaLimitsOf("agency").videoBytes;

class MediaUnreadable extends Schema.TaggedError<MediaUnreadable>()("MediaUnreadable", { message: Schema.String }) {}

/** The bytes of the post's media: library items from storage, other addresses downloaded. */
const loadMedia = (workspaceId: string, refs: ReadonlyArray<string>) =>
  Effect.forEach(refs, (ref) =>
    Effect.gen(function* () {
      // Our own files (by id or address) are read from the library, not over HTTP.
      const libraryId = libraryIdOf(ref);
      if (libraryId) {
        const row = yield* storedLibraryFile(workspaceId, libraryId);
        if (!row) return yield* new MediaUnreadable({ message: "A media file of this post was deleted from the media library." });
        const bytes = yield* (yield* MediaStorage)
          .get(row.storageKey)
          .pipe(Effect.mapError(() => new MediaUnreadable({ message: `The media file ${row.originalName} could not be read.` })));
        const fileName = row.storageKey.slice(row.storageKey.lastIndexOf("/") + 1);
        return {
          bytes,
          mimeType: row.fileType,
          fileName: row.originalName,
          url: new URL(`/media/${libraryId}/${fileName}`, config().publicUrl).href,
        } satisfies PublishMedia;
      }
      // Only files on the web by https: the API takes nothing else, and older posts get the same rule.
      if (!ref.startsWith("https://")) return yield* new MediaUnreadable({ message: `The media file ${ref} is not an https:// address.` });
      const answer = yield* fetchAddress(ref, { maxBytes: REMOTE_MEDIA_MAX_BYTES, timeoutMs: 120_000 }).pipe(
        Effect.mapError((error) => new MediaUnreadable({ message: `The media file ${ref} could not be downloaded: ${error.message}` })),
      );
      if (answer.status !== 200) return yield* new MediaUnreadable({ message: `The media file ${ref} could not be downloaded (HTTP ${answer.status}).` });
      return {
        bytes: answer.body,
        mimeType: answer.headers.get("content-type")?.split(";")[0]?.trim() || "application/octet-stream",
        fileName: new URL(answer.url).pathname.split("/").pop() || "media",
        url: ref,
      } satisfies PublishMedia;
    }),
  );

export const publishPost = Effect.fn("Publishing.publishPost")(function* (postId: string, run: PublishRun) {
  const store = yield* EventStore;
  const accounts = yield* SocialAccounts;
  const slots = yield* PublishSlots;
  const streamId = postStreamId(postId);
  // The job's clock: its `now` moving on with real time (a test runs a job "at" another time).
  const startedAt = Date.now();
  const clock = () => new Date(run.now.getTime() + Date.now() - startedAt);

  const first = yield* store.readStream(streamId);
  // Decoded by the store against the post schemas.
  const events = first.events as ReadonlyArray<RecordedEvent<PostEvent>>;
  let state: PostState = foldEvents(postDecider, events);
  let version = first.version;
  const drafted = events.find((e) => e.type === "PostDrafted");
  if (!state.exists || !drafted)
    return {
      outcome: "skipped",
      reason: "no such post",
    } satisfies PublishOutcome;
  if (state.deleted) return { outcome: "skipped", reason: "deleted" } satisfies PublishOutcome;
  if (state.status === "draft") return { outcome: "skipped", reason: "draft" } satisfies PublishOutcome;
  // Sent back for approval after its job was set (its author edited it): it waits for an approver.
  if (state.status === "awaiting_approval") return { outcome: "skipped", reason: "awaiting approval" } satisfies PublishOutcome;
  if (state.status === "published") return { outcome: "skipped", reason: "already published" } satisfies PublishOutcome;
  const dueAt = state.status === "scheduled" && state.scheduledAt ? new Date(state.scheduledAt) : null;
  if (dueAt && dueAt.getTime() - run.now.getTime() > PUBLISH_LEAD_MS + EARLY_TOLERANCE_MS) {
    return { outcome: "skipped", reason: "not due yet" } satisfies PublishOutcome;
  }
  const workspaceId = drafted.type === "PostDrafted" ? drafted.data.workspaceId : "";
  const context = (now: Date) => systemContext("scheduler", now, `job-${run.jobId}`);
  const isLastAttempt = run.attempt >= run.maxAttempts;

  /**
   * A command on the post, decided on the state this run knows and appended with the other posts'
   * commands of the moment; the scheduler is a system caller, so a concurrent edit makes it read
   * and decide again.
   */
  const onPost = (
    steps: DecideStep<PostState, PostEvent, ErrorOf<PostDecision>> | ReadonlyArray<DecideStep<PostState, PostEvent, ErrorOf<PostDecision>>>,
    now = clock(),
  ) =>
    handleCommandInBatch(streamId, postDecider, steps, {
      ctx: context(now),
      workspaceId,
      known: { state, version },
    }).pipe(
      Effect.tap((result) =>
        Effect.sync(() => {
          state = result.state;
          version = result.version;
          for (const event of result.events) {
            if (event.type === "PostPublished") ended = "published";
            if (event.type === "PostPublishFailed") ended = "failed";
          }
        }),
      ),
    );
  let ended: "published" | "failed" | null = null;

  // Ahead of the time: the accounts, their credentials, the media and each target's slot.
  const views = new Map<string, AccountView>();
  const credentials = new Map<string, Record<string, unknown> | null>();
  for (const target of state.targets) {
    const view = yield* accounts.get(workspaceId, target.accountId).pipe(Effect.catchTag("NotFound", () => Effect.succeed(null)));
    if (!view) continue;
    views.set(target.accountId, view);
    if (view.kind !== "sandbox") credentials.set(view.id, yield* accounts.credentials<Record<string, unknown>>(view.id));
  }
  const needsMedia = state.targets.some((t) => views.get(t.accountId)?.kind !== "sandbox") && (state.content?.media.length ?? 0) > 0;
  let mediaRefs = state.content?.media ?? [];
  let media = needsMedia ? yield* Effect.result(loadMedia(workspaceId, mediaRefs)) : null;
  const publishTargetOf = (t: TargetState): PublishTarget => ({
    platform: t.platform,
    accountId: t.accountId,
    sandbox: views.get(t.accountId)?.kind === "sandbox",
  });
  const from = new Date(Math.max(dueAt?.getTime() ?? 0, clock().getTime()));
  const slotOf = new Map<string, Slot>();
  for (const target of targetsToPublish(state)) {
    if (target.status !== "attempted" && views.has(target.accountId)) slotOf.set(target.accountId, yield* slots.take(publishTargetOf(target), from));
  }

  // A timer may fire a millisecond before the wall clock reaches the second: never publish before it.
  while (dueAt && clock().getTime() < dueAt.getTime()) yield* Effect.sleep(dueAt.getTime() - clock().getTime());

  const failure = (target: TargetState, reason: string, permanent: boolean, retryAfterSeconds?: number): Outcome => ({
    kind: "failed",
    accountId: target.accountId,
    reason,
    permanent,
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
  });
  /** A failure worth trying again, until the job's last attempt; the reason says which it was. */
  const failureForNow = (target: TargetState, reason: string, retryAfterSeconds?: number) =>
    failure(target, `${reason} ${isLastAttempt ? `Gave up after ${run.maxAttempts} attempts.` : "Retrying later."}`, isLastAttempt, retryAfterSeconds);

  /**
   * Why a target cannot be sent, known without asking anyone: it fails at once, recorded with the
   * others' results. An attempt that died where the platform can tell is looked up first.
   */
  function blocked(target: TargetState): Outcome | null {
    const account = views.get(target.accountId);
    const label = accountLabel(target.platform, account);
    if (!account) return failure(target, "The account is no longer connected.", true);
    const sandbox = account.kind === "sandbox";
    if (target.status === "attempted") {
      return sandbox || canFindPublished(target.platform)
        ? null
        : failure(target, `The publication was interrupted; check ${label} before publishing again.`, true);
    }
    if (!sandbox && !publisherFor(target.platform)) return failure(target, `SocialDesk cannot publish to ${platformById(target.platform).name} yet.`, true);
    if (account.status === "reconnect_needed") {
      return failure(target, `Reconnect ${label}: ${account.statusReason ?? "the platform no longer accepts SocialDesk's access"}.`, true);
    }
    if (!sandbox && !credentials.get(account.id)) return failure(target, `Reconnect ${label}: its credentials are missing.`, true);
    if (!sandbox && media?._tag === "Failure") {
      const error = media.failure;
      return error._tag === "MediaUnreadable" ? failure(target, error.message, true) : failureForNow(target, "A media file of this post could not be read.");
    }
    return null;
  }

  // The second: the publication starts, with the attempt of every target that can go now, in one transaction.
  const now = clock();
  const ready = (t: TargetState) =>
    t.status !== "attempted" && blocked(t) === null && (slotOf.get(t.accountId)?.at.getTime() ?? Infinity) <= now.getTime() + TIMER_SLACK_MS;
  const goingNow = new Set(
    targetsToPublish(state)
      .filter(ready)
      .map((t) => t.accountId),
  );
  const started = yield* timedStage(
    "start command",
    onPost(
      [
        // A post moved later while its job waited (its new job has the new time) is left alone.
        (s: PostState) =>
          s.status === "scheduled" && s.scheduledAt && new Date(s.scheduledAt).getTime() - now.getTime() > EARLY_TOLERANCE_MS
            ? Effect.succeed([] as ReadonlyArray<PostEvent>)
            : requestPublish({ now })(s),
        ...[...goingNow].map((accountId) => attemptIfFree(accountId, now)),
      ],
      now,
    ),
  );
  if (state.status !== "publishing") {
    for (const [accountId, slot] of slotOf) {
      const target = state.targets.find((t) => t.accountId === accountId);
      if (target) yield* slots.release(publishTargetOf(target), slot);
    }
    return { outcome: "skipped", reason: `status ${state.status}` } satisfies PublishOutcome;
  }
  const attemptedNow = new Set(started.events.flatMap((e) => (e.type === "PostPublishAttempted" ? [e.data.accountId] : [])));
  const content = state.content!;
  const occurrence = state.occurrence;
  if (needsMedia && !sameJson(content.media, mediaRefs)) {
    // Edited while the job waited: the attempts recorded above go with the media as they are now.
    mediaRefs = content.media;
    media = yield* Effect.result(loadMedia(workspaceId, mediaRefs));
  }

  const succeeded = (target: TargetState, account: AccountView, published: Published) =>
    Effect.gen(function* () {
      if (published.credentials !== undefined) yield* accounts.updateCredentials(account.id, published.credentials);
      if (published.warnings?.length) logger.warn({ postId, accountId: account.id, warnings: published.warnings }, "Published with warnings");
      return { kind: "published", accountId: target.accountId, published, at: clock() } satisfies Outcome;
    });

  /** The platform call of a target whose attempt is recorded, and what came of it. */
  const send = (target: TargetState, account: AccountView) =>
    Effect.gen(function* () {
      const label = accountLabel(target.platform, account);
      const sandbox = account.kind === "sandbox";
      const findable = sandbox || canFindPublished(target.platform);
      const options = ((content.options as Record<string, unknown>)[target.platform] ?? {}) as Record<string, unknown>;
      const key = idempotencyKeyOf(postId, target.accountId, occurrence);
      const call = sandbox
        ? publishToSandbox({
            workspaceId,
            accountId: account.id,
            postId,
            idempotencyKey: key,
            content: content.content,
            media: content.media,
            options,
            now: clock(),
          })
        : Effect.tryPromise({
            try: () =>
              publisherFor(target.platform)!(
                account.kind === "oauth"
                  ? { ...credentials.get(account.id), externalId: account.accountId, metadata: account.metadata }
                  : credentials.get(account.id),
                {
                  text: content.content,
                  media: media?._tag === "Success" ? media.success : [],
                  options,
                  idempotencyKey: key,
                  ...(target.platform === "google_business"
                    ? { business: { postType: content.postType, data: content.businessData as Record<string, string>, locationIds: content.locationIds } }
                    : {}),
                },
              ),
            catch: (e) => e,
          });
      const outcome = yield* Effect.result(timedStage("platform call", call));
      if (outcome._tag === "Success") return yield* succeeded(target, account, outcome.success);

      const error = outcome.failure;
      if (error instanceof PlatformError) {
        if (RECONNECT.has(error.kind)) {
          yield* accounts
            .requireReconnect({ accountId: account.id, workspaceId, platform: account.platform, kind: account.kind }, error.message, context(clock()))
            .pipe(Effect.catchTag("NotFound", () => Effect.succeed(false)));
          return failure(target, error.message, true);
        }
        if (REJECTING.has(error.kind)) return failure(target, error.message, true);
        // unavailable / rate_limited. Without an HTTP status the request may have reached the platform
        // (a timeout): where it cannot be looked up, sending it again could post twice.
        if (!findable && error.kind === "unavailable" && error.status === undefined) {
          return failure(target, `The publication was interrupted (${error.message}); check ${label} before publishing again.`, true);
        }
        return failureForNow(target, error.message, error.retryAfterSeconds);
      }
      logger.error({ err: error, postId, accountId: account.id }, "Publishing failed unexpectedly");
      if (!findable) return failure(target, `The publication was interrupted; check ${label} before publishing again.`, true);
      return failureForNow(target, "Publishing failed unexpectedly.");
    });

  /**
   * A target that did not go with the others: an attempt that died (looked up on the platform), or
   * one the platform's limits hold back (it waits for its slot, and its attempt records the delay
   * and the limit).
   */
  const publishAlone = (target: TargetState) =>
    Effect.gen(function* () {
      const account = views.get(target.accountId)!;
      if (target.status === "attempted") {
        const key = idempotencyKeyOf(postId, target.accountId, occurrence);
        const lookup =
          account.kind === "sandbox"
            ? findSandboxPost(key)
            : Effect.tryPromise({ try: () => findPublished(target.platform, credentials.get(account.id), key), catch: (e) => e });
        const found = yield* Effect.result(lookup);
        if (found._tag === "Success" && found.success) return yield* succeeded(target, account, found.success);
        if (found._tag === "Failure") {
          const error = found.failure;
          if (!(error instanceof PlatformError) || !RECONNECT.has(error.kind)) {
            // Cannot tell now: try again later (the key keeps a later publish from posting twice).
            return failureForNow(target, error instanceof PlatformError ? error.message : "The platform could not be reached.");
          }
        }
        // Not there (or the lookup needs a reconnect, reported below): publishing again is safe.
        const refused = blocked({ ...target, status: "pending" });
        if (refused) return refused;
      }

      const slot = slotOf.get(target.accountId) ?? (yield* slots.take(publishTargetOf(target), clock()));
      const wait = slot.at.getTime() - clock().getTime();
      if (wait > MAX_HOLD_MS && slot.heldBy) {
        // Too long to hold a job: the post says why it waits, and a job for the slot comes with that.
        yield* slots.release(publishTargetOf(target), slot);
        yield* onPost(recordDelay({ accountId: target.accountId, until: slot.at, reason: slot.heldBy.reason }));
        return { kind: "skipped" } satisfies Outcome;
      }
      if (wait > 0) yield* Effect.sleep(wait);
      const attemptAt = clock();
      // Late against the post's time (a scheduled post) or the publication's start (published now).
      const dueTime = state.scheduledAt ? Math.min(new Date(state.scheduledAt).getTime(), now.getTime()) : now.getTime();
      const delay = slot.heldBy ? { ms: Math.max(0, attemptAt.getTime() - dueTime), reason: slot.heldBy.reason } : undefined;
      // Recorded (and committed) before the call: a run that dies during it leaves the target "attempted".
      const attempted = yield* onPost(attemptIfFree(target.accountId, attemptAt, delay), attemptAt);
      // No event for a target already "attempted" (this run found its earlier attempt did not go out).
      if (attempted.events.length === 0 && target.status !== "attempted") return { kind: "skipped" } satisfies Outcome;
      return yield* send(target, account);
    });

  /** Records what came of the targets (and the publication's end, once every target has one), in one transaction. */
  const settle = (outcomes: ReadonlyArray<Outcome>) => {
    const recorded = outcomes.flatMap((o): ReadonlyArray<(state: PostState) => PostDecision> =>
      o.kind === "published"
        ? [
            recordPublishedToAccount({
              accountId: o.accountId,
              platformPostId: o.published.platformPostId,
              url: o.published.url,
              publishedAt: o.at,
              ...(o.published.warnings?.length ? { warnings: o.published.warnings } : {}),
            }),
          ]
        : o.kind === "failed"
          ? [recordFailureOnAccount({ accountId: o.accountId, reason: o.reason, permanent: o.permanent, now: clock() })]
          : [],
    );
    if (recorded.length === 0) return Effect.succeed(outcomes);
    const accountNames = Object.fromEntries([...views.values()].map((v) => [v.id, v.accountName]));
    return Effect.as(timedStage("settle command", onPost([...recorded, completePublication({ now: clock(), accountNames })])), outcomes);
  };

  const pending = targetsToPublish(state);
  const together = pending.filter((t) => attemptedNow.has(t.accountId));
  const refused = pending.flatMap((t) => (attemptedNow.has(t.accountId) ? [] : (blocked(t) ?? [])));
  const alone = pending.filter((t) => !attemptedNow.has(t.accountId) && !goingNow.has(t.accountId) && blocked(t) === null);
  const settled = yield* Effect.all(
    [
      Effect.flatMap(
        Effect.forEach(together, (t) => send(t, views.get(t.accountId)!), { concurrency: "unbounded" }),
        (sent) => settle([...sent, ...refused]),
      ),
      ...alone.map((t) => Effect.flatMap(publishAlone(t), (outcome) => settle([outcome]))),
    ],
    { concurrency: "unbounded" },
  );
  const results = settled.flat();

  if (state.status === "publishing" && targetsToPublish(state).length === 0) {
    yield* onPost(completePublication({ now: clock(), accountNames: Object.fromEntries([...views.values()].map((v) => [v.id, v.accountName])) }));
  }

  const published = state.targets.filter((t) => t.status === "published").length;
  const failed = state.targets.filter((t) => t.status === "failed").length;
  const retrying = results.filter((r) => r.kind === "failed" && !r.permanent);
  if (retrying.length > 0 && state.status === "publishing") {
    const waits = retrying.flatMap((r) => (r.kind === "failed" && r.retryAfterSeconds !== undefined ? [r.retryAfterSeconds] : []));
    return yield* new PublishRetryLater({
      message: `${retrying.length} account(s) failed for now; retrying`,
      postId,
      ...(waits.length ? { retryAfterSeconds: Math.max(...waits) } : {}),
    });
  }
  return {
    outcome: ended ?? "in_progress",
    published,
    failed,
  } satisfies PublishOutcome;
});

/** The attempt of one target, unless another run got there first (then no event: it is left to that run). */
const attemptIfFree =
  (accountId: string, now: Date, delay?: { readonly ms: number; readonly reason: string }) =>
  (state: PostState): PostDecision => {
    const current = state.targets.find((t) => t.accountId === accountId);
    if (state.status !== "publishing" || !current || current.status === "attempted" || current.status === "published") return Effect.succeed([]);
    return recordAttempt({ accountId, now, ...(delay ? { delay } : {}) })(state);
  };
