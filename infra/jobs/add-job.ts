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

/** Adds many jobs of one task with `graphile_worker.add_jobs`, in one statement: what `addJob` does for each. */
export const addJobs = (task: string, jobs: ReadonlyArray<{ readonly payload: unknown; readonly options: AddJobOptions }>) =>
  Database.use((db) => {
    const specs = jobs.map(({ payload, options }) => ({
      payload,
      run_at: options.runAt ?? null,
      job_key: options.jobKey ?? null,
      max_attempts: options.maxAttempts ?? 25,
    }));
    return db.query(
      (sql) => sql`select count(*) from graphile_worker.add_jobs(array(
        select (${task}::text, s.payload, null, s.run_at, s.max_attempts, s.job_key, null, null)::graphile_worker.job_spec
        from jsonb_to_recordset(${sql.json(specs as never)}::jsonb) as s(payload json, run_at timestamptz, job_key text, max_attempts int)
      ))`,
    );
  });

/** Removes a pending job by its key (a deleted post's publication, say). */
export const removeJob = (jobKey: string) => Database.use((db) => db.query((sql) => sql`select graphile_worker.remove_job(${jobKey})`));
