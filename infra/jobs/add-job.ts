import { Database } from "../db/Database";

export interface AddJobOptions {
  readonly runAt?: Date;
  /** A job with the same key replaces the pending one (reschedule) instead of adding a second. */
  readonly jobKey?: string;
  readonly maxAttempts?: number;
}

/**
 * Adds a graphile-worker job with `graphile_worker.add_job`, on the current transaction when there
 * is one: the job exists exactly when the events that caused it were committed.
 */
export const addJob = (task: string, payload: unknown, options: AddJobOptions = {}) =>
  Database.use((db) =>
    db.query(
      (sql) => sql`select graphile_worker.add_job(
        ${task}::text,
        ${sql.json(payload as never)}::json,
        run_at => ${options.runAt ?? null}::timestamptz,
        job_key => ${options.jobKey ?? null}::text,
        max_attempts => ${options.maxAttempts ?? 25}::int
      )`,
    ),
  );

/** Removes a pending job by its key (a deleted post's publication, say). */
export const removeJob = (jobKey: string) =>
  Database.use((db) =>
    db.query((sql) => sql`select graphile_worker.remove_job(${jobKey})`),
  );
