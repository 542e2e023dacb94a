import { Cause, Effect } from "effect";
import { platformById } from "../../domain/accounts/platforms";
import { hasFeature, TIERS } from "../../domain/plans";
import { systemContext } from "../../domain/shared";
import { type AccountOfWorkspace, accountsToRead } from "../accounts/queries";
import { SocialAccounts } from "../accounts/SocialAccounts";
import { workspacesOfAgenciesOnPlans } from "../identity/queries";
import { Database } from "../db/Database";
import { recordPollFailure, recordPollSuccess } from "../jobs/poll-schedule";
import { logger } from "../log";
import { publishedOnAccountsSince } from "../publishing/queries";
import type { OurPost } from "../platforms/provider";
import { inboxPolledPlatforms, inboxPollerFor } from "../platforms/providers";
import { PlatformError } from "../platforms/types";
import { Inbox } from "./Inbox";

/**
 * The `poll_inbox` job (every minute): X, YouTube, LinkedIn and Threads tell nobody when someone
 * writes (and Bluesky's notifications catch up on what its event stream missed while the worker was
 * down), so each connected account of a workspace with the inbox is read every POLL_INTERVAL from
 * where its last read stopped. A rate limit waits what the platform asks (at least the back-off);
 * any failure backs off, doubling up to an hour, and is kept for the account (last_error).
 */
export const POLL_INTERVAL_MS = 2 * 60_000;
/** Comments are read on the posts of the last 30 days, as engagement is. */
const POSTS_WINDOW_DAYS = 30;
const ACCOUNTS_AT_ONCE = 4;
const TITLE_LENGTH = 80;

interface DueAccount extends AccountOfWorkspace {
  readonly cursor: string | null;
  readonly failures: number;
}

const titleOf = (content: string) => {
  const line = content.trim().split("\n")[0] ?? "";
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line || null;
};

export const pollInbox = Effect.fn("Inbox.poll")(function* (now: Date) {
  const db = yield* Database;
  const accounts = yield* SocialAccounts;
  const inbox = yield* Inbox;
  const tiers = TIERS.filter((tier) => hasFeature(tier, "social_inbox"));
  // Identity answers the workspaces with the inbox, accounts their accounts to read; this module when each is due.
  const workspaceIds = (yield* workspacesOfAgenciesOnPlans(tiers)).map((w) => w.id);
  const readable = new Map(
    (yield* accountsToRead(workspaceIds, inboxPolledPlatforms()))
      .filter((a) => a.kind === "oauth" || a.kind === "bluesky")
      .map((a) => [a.id, a]),
  );
  const polls = yield* db.query(
    (sql) => sql<{ account_id: string; cursor: string | null; failures: number }[]>`
      select a.id as account_id, p.cursor, coalesce(p.failures, 0) as failures
      from unnest(${[...readable.keys()]}::uuid[]) as a (id)
      left join inbox_polls p on p.account_id = a.id
      where p.next_poll_at is null or p.next_poll_at <= ${now}
      order by p.next_poll_at nulls first
      limit 200`,
  );
  const due = polls.map((poll): DueAccount => {
    const account = readable.get(poll.account_id)!;
    return { ...account, cursor: poll.cursor, failures: poll.failures };
  });
  const since = new Date(now.getTime() - POSTS_WINDOW_DAYS * 86_400_000);
  const published = Map.groupBy(yield* publishedOnAccountsSince(due.map((a) => a.id), since), (p) => p.accountId);
  const ctx = systemContext("ingestion", now, `inbox-poll-${now.getTime()}`);

  const pollOne = (account: DueAccount) =>
    Effect.gen(function* () {
      const poll = inboxPollerFor(account.platform)!;
      const credentials = yield* accounts.credentials<unknown>(account.id);
      const posts = published.get(account.id) ?? [];
      const ours: OurPost[] = posts.map((p) => ({ platformPostId: p.platformPostId, postId: p.postId, title: titleOf(p.content) }));
      const read = yield* Effect.result(
        Effect.tryPromise({
          try: () =>
            poll(
              { ...(credentials as Record<string, unknown>), externalId: account.externalId, metadata: account.metadata },
              { cursor: account.cursor, posts: ours },
            ),
          catch: (error) => error,
        }),
      );
      const row = { table: "inbox_polls", key: { account_id: account.id } };
      if (read._tag === "Failure") {
        const error = read.failure;
        const name = platformById(account.platform).name;
        const { failures, waitMs, reason } = yield* recordPollFailure(row, now, {
          failuresSoFar: account.failures,
          retryAfterSeconds: error instanceof PlatformError ? error.retryAfterSeconds : undefined,
          reason: (wait) =>
            !(error instanceof PlatformError)
              ? `${name} could not be read.`
              : error.kind === "rate_limited"
                ? `${name} is limiting how often this account is read; reading again in ${Math.ceil(wait / 60_000)} min.`
                : error.message,
        });
        logger.warn(
          { accountId: account.id, platform: account.platform, failures, waitSeconds: waitMs / 1000, reason },
          "Inbox: the platform could not be read",
        );
        return 0;
      }
      if (read.success.credentials !== undefined) yield* accounts.updateCredentials(account.id, read.success.credentials);
      // Kept before the cursor moves: a crash in between reads the same messages again, and they are kept once.
      const created = yield* inbox.receive(ctx, { id: account.id, workspaceId: account.workspaceId, platform: account.platform }, read.success.messages);
      yield* recordPollSuccess(row, now, { nextInMs: POLL_INTERVAL_MS, stoppedAt: { cursor: read.success.cursor } });
      return created;
    }).pipe(
      // Stored credentials that cannot be read (a changed encryption key) concern this account only.
      Effect.catchCause((cause) =>
        Effect.sync(() => {
          logger.warn({ accountId: account.id, cause: Cause.pretty(cause) }, "Inbox: the account could not be polled");
          return 0;
        }),
      ),
    );

  const created = yield* Effect.forEach(due, pollOne, { concurrency: ACCOUNTS_AT_ONCE });
  return { accounts: due.length, received: created.reduce((sum, n) => sum + n, 0) };
});
