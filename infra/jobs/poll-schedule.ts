import { Effect } from "effect";
import { Database } from "../db/Database";

/**
 * When a polled thing (an account's inbox, a listening monitor, an account's reviews) is read next,
 * kept in its `*_polls` table: one row per thing, named by its primary key, with `next_poll_at`,
 * `failures`, `last_error`, `polled_at` and the column(s) saying where its last read stopped.
 * A read that works is due again after the poller's interval; a failure backs off (`backoffMs`).
 */

const MAX_BACKOFF_MS = 60 * 60_000;

/** After `failures` failures in a row: 1, 2, 4, … minutes, at most an hour; never sooner than the platform asked. */
export const backoffMs = (failures: number, retryAfterSeconds?: number) =>
  Math.max(Math.min(MAX_BACKOFF_MS, 60_000 * 2 ** Math.max(0, failures - 1)), (retryAfterSeconds ?? 0) * 1000);

type PollValue = string | Date | null;

/** A `*_polls` row: its table and its primary key's columns with their values, e.g. `{ table: "inbox_polls", key: { account_id: id } }`. */
export interface PollRow {
  readonly table: string;
  readonly key: Readonly<Record<string, string>>;
}

const upsert = (row: PollRow, now: Date, set: Record<string, PollValue | number>) =>
  Database.use((db) =>
    db.query(
      (sql) => sql`
        insert into ${sql(row.table)} ${sql({ ...row.key, ...set, polled_at: now })}
        on conflict (${sql(Object.keys(row.key))}) do update set ${sql({ ...set, polled_at: now })}`,
    ),
  );

/**
 * `recordPollSuccess(row, now, { nextInMs, stoppedAt })`: a read that worked. The row is due again
 * `nextInMs` after `now`, its failures and last_error are cleared, and `stoppedAt`'s columns (where
 * the read stopped, e.g. `{ cursor }` or `{ newest }`) are kept.
 */
export const recordPollSuccess = (row: PollRow, now: Date, success: { readonly nextInMs: number; readonly stoppedAt?: Readonly<Record<string, PollValue>> }) =>
  upsert(row, now, { ...success.stoppedAt, next_poll_at: new Date(now.getTime() + success.nextInMs), failures: 0, last_error: null });

/**
 * `recordPollFailure(row, now, { failuresSoFar, retryAfterSeconds, reason })`: a read that failed.
 * `failuresSoFar` is the row's `failures` as the due query read it (0 without a row); the row then
 * has one more, is due again after `backoffMs` of them (never sooner than the platform's
 * `retryAfterSeconds`), and keeps `reason` as last_error (a function of the wait, in ms, to say it).
 * Where the last read stopped is left as it was. Answers what it wrote, for the log.
 */
export const recordPollFailure = (
  row: PollRow,
  now: Date,
  failure: { readonly failuresSoFar: number; readonly retryAfterSeconds?: number; readonly reason: string | ((waitMs: number) => string) },
) => {
  const failures = failure.failuresSoFar + 1;
  const waitMs = backoffMs(failures, failure.retryAfterSeconds);
  const reason = typeof failure.reason === "string" ? failure.reason : failure.reason(waitMs);
  return upsert(row, now, { next_poll_at: new Date(now.getTime() + waitMs), failures, last_error: reason }).pipe(Effect.as({ failures, waitMs, reason }));
};
