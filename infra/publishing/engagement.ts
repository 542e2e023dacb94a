import { createHash, randomUUID } from "node:crypto";
import { Cause, Effect } from "effect";
import type { PlatformId } from "../../domain/accounts/platforms";
import { type EngagementCounts, postDecider, postStreamId, recordEngagement } from "../../domain/publishing";
import { systemContext } from "../../domain/shared";
import { connectedAccountsAmong } from "../accounts/queries";
import { SocialAccounts } from "../accounts/SocialAccounts";
import { Database } from "../db/Database";
import { handleCommand } from "../eventstore/handle";
import { logger } from "../log";
import { engagementReadablePlatforms, engagementReaderFor } from "../platforms/providers";
import { signIn } from "../platforms/bluesky/publish";
import { PlatformError } from "../platforms/types";

/**
 * The `fetch_engagement` job (cron every 15 minutes: the FAQ's "Analytics refresh within about 15
 * minutes"): for every target published in the last 30 days it reads the post's likes, shares and
 * comments and records them on the post (PostEngagementRecorded; nothing when unchanged).
 *
 * - Bluesky: `app.bsky.feed.getPosts` for the published record URIs (likeCount, repostCount,
 *   replyCount), signed in with the account's stored session as publishing does.
 * - OAuth platforms with an engagement reader (`infra/platforms/engagement`: Facebook, Instagram,
 *   Threads, X, LinkedIn, YouTube, Pinterest, Reddit, TikTok), with the stored token as publishing
 *   uses it; accounts waiting for a reconnect are left out. Business Profile posts have no figures.
 * - Sandbox accounts: generated figures, deterministic per post and account, growing with the time
 *   since publishing (see `sandboxEngagement`).
 *
 * An account that cannot be read (token refused, rate limit, outage) is logged and tried again on
 * the next run; marking it "Reconnect needed" is left to the token refresh and the next publication.
 * A post the platform no longer has keeps the figures last recorded.
 */

export const ENGAGEMENT_WINDOW_DAYS = 30;
/** getPosts takes at most 25 URIs per call. */
const BLUESKY_BATCH = 25;
/** Accounts read at once: each waits on its platform, and one slow platform should not hold up the rest. */
const ACCOUNTS_AT_ONCE = 4;

interface DueTarget {
  post_id: string;
  account_id: string;
  workspace_id: string;
  platform: PlatformId;
  kind: string;
  platform_post_id: string | null;
  published_at: Date;
  /** The platform's id of the account and its metadata: OAuth readers take them with the token, as publishers do. */
  external_id: string;
  metadata: Record<string, unknown>;
}

/**
 * A sandbox post's figures at `now`: a seed from a hash of the post and account ids gives its
 * "reach" (likes 5 to 64, shares and comments fractions of it), and the figures grow from a fifth
 * of it at publishing to all of it after three days. Never decreasing over time.
 */
export const sandboxEngagement = (postId: string, accountId: string, publishedAt: Date, now: Date): EngagementCounts => {
  const digest = createHash("sha256").update(`${postId}:${accountId}`).digest();
  const likes = 5 + (digest[0]! % 60);
  const shares = Math.floor(likes * (0.1 + (digest[1]! % 30) / 100));
  const comments = Math.floor(likes * (0.05 + (digest[2]! % 20) / 100));
  const hours = Math.max(0, (now.getTime() - publishedAt.getTime()) / 3_600_000);
  const growth = 0.2 + 0.8 * Math.min(1, hours / 72);
  return { likes: Math.max(1, Math.floor(likes * growth)), shares: Math.floor(shares * growth), comments: Math.floor(comments * growth) };
};

interface AccountFigures {
  readonly figures: ReadonlyMap<string, EngagementCounts>;
  /** Credentials to store instead, when reading renewed them (Bluesky's rotating refresh JWT). */
  readonly credentials?: unknown;
}

/** The Bluesky figures of the given record URIs (missing URIs: deleted on Bluesky, left out). */
const blueskyFigures = async (credentials: unknown, uris: ReadonlyArray<string>): Promise<AccountFigures> => {
  const signed = await signIn(credentials);
  const figures = new Map<string, EngagementCounts>();
  for (let i = 0; i < uris.length; i += BLUESKY_BATCH) {
    const { data } = await signed.agent.app.bsky.feed.getPosts({ uris: uris.slice(i, i + BLUESKY_BATCH) as string[] });
    for (const post of data.posts) {
      figures.set(post.uri, { likes: post.likeCount ?? 0, shares: (post.repostCount ?? 0) + (post.quoteCount ?? 0), comments: post.replyCount ?? 0 });
    }
  }
  return { figures, credentials: signed.changed() ? signed.credentials() : undefined };
};

/** How one account's figures are read, by platform post id; null when it has nothing readable. */
const readerOf = (first: DueTarget, platformPostIds: ReadonlyArray<string>): ((credentials: unknown) => Promise<AccountFigures>) | null => {
  if (first.platform === "bluesky") {
    const uris = platformPostIds.filter((id) => id.startsWith("at://"));
    return uris.length > 0 ? (credentials) => blueskyFigures(credentials, uris) : null;
  }
  const read = engagementReaderFor(first.platform);
  if (!read || platformPostIds.length === 0) return null;
  return async (credentials) => ({
    figures: await read({ ...(credentials as Record<string, unknown>), externalId: first.external_id, metadata: first.metadata }, platformPostIds),
  });
};

/** What a log needs of a failure: never the token (PlatformError messages carry none, nor URLs). */
const failureFields = (error: unknown) =>
  error instanceof PlatformError
    ? { kind: error.kind, status: error.status, code: error.code, reason: error.message }
    : { reason: error instanceof Error ? error.message : String(error) };

export const fetchEngagement = Effect.fn("Publishing.fetchEngagement")(function* (now: Date) {
  const db = yield* Database;
  const accounts = yield* SocialAccounts;
  const since = new Date(now.getTime() - ENGAGEMENT_WINDOW_DAYS * 86_400_000);
  const readablePlatforms = engagementReadablePlatforms() as string[];
  const published = yield* db.query(
    (sql) => sql<Omit<DueTarget, "kind" | "external_id" | "metadata">[]>`
      select t.post_id, t.account_id, p.workspace_id, t.platform, t.platform_post_id, t.published_at
      from post_targets t
      join posts p on p.id = t.post_id
      where t.status = 'published' and t.published_at >= ${since} and p.deleted_at is null
      order by t.account_id, t.published_at`,
  );
  // Which accounts can be read is the accounts module's answer: connected ones, sandbox or Bluesky or OAuth not waiting to be reconnected.
  const connected = yield* connectedAccountsAmong([...new Set(published.map((t) => t.account_id))]);
  const due: DueTarget[] = published.flatMap((t) => {
    const account = connected.get(t.account_id);
    if (!account) return [];
    const readable =
      account.kind === "sandbox" ||
      t.platform === "bluesky" ||
      (account.kind === "oauth" && account.status !== "reconnect_needed" && readablePlatforms.includes(t.platform));
    return readable ? [{ ...t, kind: account.kind, external_id: account.externalId!, metadata: account.metadata! }] : [];
  });

  const found: Array<{ target: DueTarget; figures: EngagementCounts }> = [];
  let skipped = 0;
  const byAccount = new Map<string, DueTarget[]>();
  for (const t of due) {
    if (t.kind === "sandbox") found.push({ target: t, figures: sandboxEngagement(t.post_id, t.account_id, t.published_at, now) });
    else byAccount.set(t.account_id, [...(byAccount.get(t.account_id) ?? []), t]);
  }
  const perAccount = yield* Effect.forEach(
    byAccount,
    ([accountId, targets]) =>
      Effect.gen(function* () {
        const first = targets[0]!;
        const read = readerOf(first, targets.flatMap((t) => (t.platform_post_id ? [t.platform_post_id] : [])));
        const credentials = read ? yield* accounts.credentials<unknown>(accountId) : null;
        if (!read || !credentials) return { targets, figures: null };
        const result = yield* Effect.result(Effect.tryPromise({ try: () => read(credentials), catch: (e) => e }));
        if (result._tag === "Failure") {
          // Tried again on the next run; a refused token is reported by the token refresh or the next publication.
          logger.warn({ accountId, platform: first.platform, ...failureFields(result.failure) }, "Engagement: the platform could not be read");
          return { targets, figures: null };
        }
        if (result.success.credentials !== undefined) yield* accounts.updateCredentials(accountId, result.success.credentials);
        return { targets, figures: result.success.figures };
      }).pipe(
        // Stored credentials that cannot be read (a changed encryption key) concern this account only.
        Effect.catchCause((cause) =>
          Effect.sync(() => {
            logger.warn({ accountId, cause: Cause.pretty(cause) }, "Engagement: the account could not be read");
            return { targets, figures: null };
          }),
        ),
      ),
    { concurrency: ACCOUNTS_AT_ONCE },
  );
  for (const { targets, figures } of perAccount) {
    for (const t of targets) {
      const counts = figures && t.platform_post_id ? figures.get(t.platform_post_id) : undefined;
      if (counts) found.push({ target: t, figures: counts });
      else skipped++;
    }
  }

  let recorded = 0;
  const correlationId = `engagement-${randomUUID()}`;
  for (const { target, figures } of found) {
    // A system caller: the handler reads and decides again when a concurrent write came first.
    const outcome = yield* Effect.result(
      handleCommand(postStreamId(target.post_id), postDecider, recordEngagement({ accountId: target.account_id, ...figures, now }), {
        ctx: systemContext("engagement", now, correlationId),
        workspaceId: target.workspace_id,
      }),
    );
    if (outcome._tag === "Success") recorded += outcome.success.events.length;
    else logger.warn({ postId: target.post_id, accountId: target.account_id, error: String(outcome.failure) }, "Engagement not recorded");
  }
  return { targets: due.length, recorded, skipped };
});
