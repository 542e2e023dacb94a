import { Cause, Effect, Schema } from "effect";
import { platformById } from "../../domain/accounts/platforms";
import {
  completePublication,
  type PostEvent,
  type PostState,
  postDecider,
  postStreamId,
  recordAttempt,
  recordFailureOnAccount,
  recordPublishedToAccount,
  requestPublish,
  type TargetState,
  targetsToPublish,
} from "../../domain/publishing";
import { foldEvents, systemContext, type RecordedEvent } from "../../domain/shared";
import { type AccountView, SocialAccounts } from "../accounts/SocialAccounts";
import { config } from "../config";
import { Database } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";
import { logger } from "../log";
import { Mailer } from "../mail/Mailer";
import { ownerToAlert } from "../mail/owner-alerts";
import { MediaStorage } from "../media/MediaStorage";
import { canFindPublished, findPublished, type Published, type PublishMedia, publisherFor } from "../platforms/publish";
import { PlatformError } from "../platforms/types";
import { findSandboxPost, publishToSandbox } from "./sandbox";

/**
 * The publication of one post by the worker (the `publish_post` job): every target account once,
 * never twice. The attempt is recorded (its own transaction) BEFORE the platform is called and the
 * result after; a target found "attempted" (a run died in between) is looked up on the platform
 * when it can tell (sandbox, Bluesky), else failed for good with a message asking the user to check.
 * Transient failures end the run with `PublishRetryLater` so graphile-worker retries with its
 * backoff; on the last attempt they are permanent and the post returns to drafts.
 */

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

type TargetResult =
  | { readonly kind: "published" }
  | { readonly kind: "failed"; readonly permanent: boolean; readonly retryAfterSeconds?: number }
  /** Another run holds it (it was attempted under us): left alone. */
  | { readonly kind: "skipped" };

const REJECTING: ReadonlySet<string> = new Set(["rejected", "not_eligible", "invalid_response"]);
const RECONNECT: ReadonlySet<string> = new Set(["invalid_credentials", "refresh_failed"]);

export const idempotencyKeyOf = (postId: string, accountId: string, occurrence: number) => `${postId}:${accountId}:${occurrence}`;

const accountLabel = (platform: TargetState["platform"], account: AccountView | undefined) =>
  account ? `${platformById(platform).name} (${account.accountName})` : platformById(platform).name;

const isMediaId = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
/** Our own media file address (`/media/<id>/<file>`, possibly absolute): read from the library, not over HTTP. */
const OWN_MEDIA_URL = /^(?:https?:\/\/[^/]+)?\/media\/([0-9a-f-]{36})\//i;

class MediaUnreadable extends Schema.TaggedError<MediaUnreadable>()("MediaUnreadable", { message: Schema.String }) {}

/** The bytes of the post's media: library items from storage, other addresses downloaded. */
const loadMedia = (workspaceId: string, refs: ReadonlyArray<string>) =>
  Effect.forEach(refs, (ref) =>
    Effect.gen(function* () {
      const libraryId = isMediaId(ref) ? ref : (OWN_MEDIA_URL.exec(ref)?.[1] ?? null);
      if (libraryId) {
        const db = yield* Database;
        const [row] = yield* db.query(
          (sql) => sql<{ storage_key: string; file_type: string; original_name: string }[]>`
            select storage_key, file_type, original_name from media_items where id = ${libraryId} and workspace_id = ${workspaceId}`,
        );
        if (!row) return yield* new MediaUnreadable({ message: "A media file of this post was deleted from the media library." });
        const bytes = yield* (yield* MediaStorage).get(row.storage_key).pipe(
          Effect.mapError(() => new MediaUnreadable({ message: `The media file ${row.original_name} could not be read.` })),
        );
        const fileName = row.storage_key.slice(row.storage_key.lastIndexOf("/") + 1);
        return {
          bytes,
          mimeType: row.file_type,
          fileName: row.original_name,
          url: new URL(`/media/${libraryId}/${fileName}`, config().publicUrl).href,
        } satisfies PublishMedia;
      }
      return yield* Effect.tryPromise({
        try: async () => {
          // Only files on the web by https: the API takes nothing else, and older posts get the same rule.
          if (new URL(ref).protocol !== "https:") throw new Error("not https");
          const response = await fetch(ref, { signal: AbortSignal.timeout(30_000) });
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          const url = new URL(ref);
          return {
            bytes: new Uint8Array(await response.arrayBuffer()),
            mimeType: response.headers.get("content-type")?.split(";")[0]?.trim() || "application/octet-stream",
            fileName: url.pathname.split("/").pop() || "media",
            url: ref,
          } satisfies PublishMedia;
        },
        catch: () => new MediaUnreadable({ message: `The media file ${ref} could not be downloaded.` }),
      });
    }),
  );

export const publishPost = Effect.fn("Publishing.publishPost")(function* (postId: string, run: PublishRun) {
  const store = yield* EventStore;
  const accounts = yield* SocialAccounts;
  const streamId = postStreamId(postId);

  const first = yield* store.readStream(streamId);
  // Decoded by the store against the post schemas.
  const events = first.events as ReadonlyArray<RecordedEvent<PostEvent>>;
  let state: PostState = foldEvents(postDecider, events);
  const drafted = events.find((e) => e.type === "PostDrafted");
  if (!state.exists || !drafted)
    return {
      outcome: "skipped",
      reason: "no such post",
    } satisfies PublishOutcome;
  if (state.deleted) return { outcome: "skipped", reason: "deleted" } satisfies PublishOutcome;
  if (state.status === "draft") return { outcome: "skipped", reason: "draft" } satisfies PublishOutcome;
  if (state.status === "published") return { outcome: "skipped", reason: "already published" } satisfies PublishOutcome;
  if (state.status === "scheduled" && state.scheduledAt && new Date(state.scheduledAt).getTime() - run.now.getTime() > EARLY_TOLERANCE_MS) {
    return { outcome: "skipped", reason: "not due yet" } satisfies PublishOutcome;
  }
  const workspaceId = drafted.type === "PostDrafted" ? drafted.data.workspaceId : "";
  const context = (now: Date) => systemContext("scheduler", now, `job-${run.jobId}`);
  const isLastAttempt = run.attempt >= run.maxAttempts;

  /** A command on the post; the scheduler is a system caller, so a concurrent edit makes it read and decide again. */
  const onPost = <E>(decide: (state: PostState) => Effect.Effect<ReadonlyArray<PostEvent>, E>, now = new Date()) =>
    handleCommand(streamId, postDecider, decide, {
      ctx: context(now),
      workspaceId,
    }).pipe(Effect.tap((result) => Effect.sync(() => (state = result.state))));

  yield* onPost(requestPublish({ now: run.now }), run.now);
  if (state.status !== "publishing") return { outcome: "skipped", reason: `status ${state.status}` } satisfies PublishOutcome;

  const views = new Map<string, AccountView>();
  for (const target of state.targets) {
    const view = yield* accounts.get(workspaceId, target.accountId).pipe(Effect.catchTag("NotFound", () => Effect.succeed(null)));
    if (view) views.set(target.accountId, view);
  }
  const content = state.content!;
  const occurrence = state.occurrence;

  const fail = (target: TargetState, reason: string, permanent: boolean, retryAfterSeconds?: number) =>
    Effect.as(onPost(recordFailureOnAccount({ accountId: target.accountId, reason, permanent, now: new Date() })), {
      kind: "failed",
      permanent,
      ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    } as TargetResult);

  /** A failure worth trying again, until the job's last attempt; the reason says which it was. */
  const failForNow = (target: TargetState, reason: string, retryAfterSeconds?: number) =>
    fail(
      target,
      `${reason} ${isLastAttempt ? `Gave up after ${run.maxAttempts} attempts.` : "Retrying later."}`,
      isLastAttempt,
      retryAfterSeconds,
    );

  const succeed = (target: TargetState, account: AccountView, published: Published) =>
    Effect.gen(function* () {
      if (published.credentials !== undefined) yield* accounts.updateCredentials(account.id, published.credentials);
      if (published.warnings?.length) logger.warn({ postId, accountId: account.id, warnings: published.warnings }, "Published with warnings");
      yield* onPost(
        recordPublishedToAccount({
          accountId: target.accountId,
          platformPostId: published.platformPostId,
          url: published.url,
          publishedAt: new Date(),
          ...(published.warnings?.length ? { warnings: published.warnings } : {}),
        }),
      );
      return { kind: "published" } as TargetResult;
    });

  const publishTo = (target: TargetState) =>
    Effect.gen(function* () {
      const account = views.get(target.accountId);
      const label = accountLabel(target.platform, account);
      const key = idempotencyKeyOf(postId, target.accountId, occurrence);
      if (!account) return yield* fail(target, "The account is no longer connected.", true);
      const sandbox = account.kind === "sandbox";
      const publisher = sandbox ? null : publisherFor(target.platform);
      /** Whether the platform lets us ask if an attempt went out (and so a second call cannot post twice). */
      const findable = sandbox || canFindPublished(target.platform);

      if (target.status === "attempted") {
        if (!findable) return yield* fail(target, `The publication was interrupted; check ${label} before publishing again.`, true);
        const lookup = sandbox
          ? findSandboxPost(key)
          : Effect.flatMap(accounts.credentials<unknown>(account.id), (credentials) =>
              Effect.tryPromise({ try: () => findPublished(target.platform, credentials, key), catch: (e) => e }),
            );
        const found = yield* Effect.result(lookup);
        if (found._tag === "Success" && found.success) return yield* succeed(target, account, found.success);
        if (found._tag === "Failure") {
          const error = found.failure;
          if (!(error instanceof PlatformError) || !RECONNECT.has(error.kind)) {
            // Cannot tell now: try again later (the key keeps a later publish from posting twice).
            return yield* failForNow(target, error instanceof PlatformError ? error.message : "The platform could not be reached.");
          }
        }
        // Not there (or the lookup needs a reconnect, reported by the publish below): publishing again is safe.
      }

      if (!sandbox && !publisher) return yield* fail(target, `SocialDesk cannot publish to ${platformById(target.platform).name} yet.`, true);
      if (account.status === "reconnect_needed") {
        return yield* fail(target, `Reconnect ${label}: ${account.statusReason ?? "the platform no longer accepts SocialDesk's access"}.`, true);
      }
      const credentials = sandbox ? null : yield* accounts.credentials<Record<string, unknown>>(account.id);
      if (!sandbox && !credentials) return yield* fail(target, `Reconnect ${label}: its credentials are missing.`, true);
      let media: ReadonlyArray<PublishMedia> = [];
      if (!sandbox) {
        const loaded = yield* Effect.result(loadMedia(workspaceId, content.media));
        if (loaded._tag === "Failure") {
          const error = loaded.failure;
          const unreadable = error._tag === "MediaUnreadable";
          return yield* unreadable ? fail(target, error.message, true) : failForNow(target, "A media file of this post could not be read.");
        }
        media = loaded.success;
      }
      const options = ((content.options as Record<string, unknown>)[target.platform] ?? {}) as Record<string, unknown>;

      // Recorded (and committed) before the call: a run that dies during it leaves the target "attempted".
      const attempted = yield* onPost((s) => {
        const current = s.targets.find((t) => t.accountId === target.accountId);
        // Another run got here first: leave the target to it.
        if (!current || current.status === "attempted" || current.status === "published") return Effect.succeed([] as ReadonlyArray<PostEvent>);
        return recordAttempt({ accountId: target.accountId, now: new Date() })(s);
      });
      if (attempted.events.length === 0 && target.status !== "attempted") return { kind: "skipped" } as TargetResult;

      const call = sandbox
        ? publishToSandbox({
            workspaceId,
            accountId: account.id,
            postId,
            idempotencyKey: key,
            content: content.content,
            media: content.media,
            options,
            now: new Date(),
          })
        : Effect.tryPromise({
            try: () =>
              publisher!(
                account.kind === "oauth" ? { ...credentials, externalId: account.accountId, metadata: account.metadata } : credentials,
                { text: content.content, media, options, idempotencyKey: key },
              ),
            catch: (e) => e,
          });
      const outcome = yield* Effect.result(call);
      if (outcome._tag === "Success") return yield* succeed(target, account, outcome.success);

      const error = outcome.failure;
      if (error instanceof PlatformError) {
        if (RECONNECT.has(error.kind)) {
          yield* accounts
            .requireReconnect(
              {
                accountId: account.id,
                workspaceId,
                platform: account.platform,
                kind: account.kind,
              },
              error.message,
              context(new Date()),
            )
            .pipe(Effect.catchTag("NotFound", () => Effect.succeed(false)));
          return yield* fail(target, error.message, true);
        }
        if (REJECTING.has(error.kind)) return yield* fail(target, error.message, true);
        // unavailable / rate_limited. Without an HTTP status the request may have reached the platform
        // (a timeout): where it cannot be looked up, sending it again could post twice.
        if (!findable && error.kind === "unavailable" && error.status === undefined) {
          return yield* fail(target, `The publication was interrupted (${error.message}); check ${label} before publishing again.`, true);
        }
        return yield* failForNow(target, error.message, error.retryAfterSeconds);
      }
      logger.error({ err: error, postId, accountId: account.id }, "Publishing failed unexpectedly");
      if (!findable) return yield* fail(target, `The publication was interrupted; check ${label} before publishing again.`, true);
      return yield* failForNow(target, "Publishing failed unexpectedly.");
    });

  const results: TargetResult[] = [];
  for (const target of targetsToPublish(state)) results.push(yield* publishTo(target));

  const accountNames = Object.fromEntries([...views.values()].map((v) => [v.id, v.accountName]));
  const completed = yield* onPost(completePublication({ now: new Date(), accountNames }));
  const failedEvent = completed.events.find((e) => e.type === "PostPublishFailed");
  if (failedEvent && failedEvent.type === "PostPublishFailed") {
    yield* tellOwnerOfFailure(workspaceId, postId, failedEvent.data.reason).pipe(
      Effect.catchCause((cause) => Effect.sync(() => logger.warn({ postId, cause: Cause.pretty(cause) }, "Could not queue the failure alert"))),
    );
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
    outcome: state.status === "publishing" ? "in_progress" : completed.events.some((e) => e.type === "PostPublished") ? "published" : failedEvent ? "failed" : "in_progress",
    published,
    failed,
  } satisfies PublishOutcome;
});

const tellOwnerOfFailure = (workspaceId: string, postId: string, reason: string) =>
  Effect.gen(function* () {
    const owner = yield* ownerToAlert(workspaceId);
    if (!owner) return;
    yield* (yield* Mailer).queue({
      to: owner.email,
      subject: "A post could not be published",
      text: [
        `Hello ${owner.firstName},`,
        "",
        "SocialDesk could not publish one of your posts. It is back in your drafts:",
        "",
        reason,
        "",
        new URL(`/app/compose?post=${postId}`, config().publicUrl).href,
      ].join("\n"),
    });
  });
