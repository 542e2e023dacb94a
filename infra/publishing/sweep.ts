import { Effect } from "effect";
import { Database } from "../db/Database";
import { addPublishJob, publishJobKey } from "./reactions";

/** A post's publication job key. */

/** A scheduled post this late with no job is picked up by the sweep (its own job runs within about a second). */
export const SWEEP_GRACE_MS = 10_000;
/** A publication in flight whose job is gone (or used up its attempts) this long is finished by the sweep. */
export const STALLED_PUBLISHING_MS = 60_000;
const BATCH = 1_000;

/**
 * Every minute and at worker start: due posts with no live `publish_post` job get one now, so a
 * post whose job was lost (a crash before the job existed, a job removed by hand, attempts used up
 * while the worker died) still goes out, late, with its lateness recorded by PostPublishRequested.
 * Scheduled posts past their time by SWEEP_GRACE_MS, and posts stuck "publishing" (not updated for
 * STALLED_PUBLISHING_MS) whose job is missing, failed for good, or locked by a worker that no longer
 * exists (infra/jobs/liveness.ts releases the jobs of the dead ones it finds). Reads the posts read model.
 */
export const sweepDuePosts = Effect.fn("Publishing.sweepDuePosts")(function* (now: Date) {
  const db = yield* Database;
  const due = yield* db.query(
    (sql) => sql<{ id: string }[]>`
      select p.id from posts p
      where p.deleted_at is null
        and ((p.status = 'scheduled' and p.scheduled_at <= ${new Date(now.getTime() - SWEEP_GRACE_MS)})
          or (p.status = 'publishing' and p.updated_at <= ${new Date(now.getTime() - STALLED_PUBLISHING_MS)}))
        and not exists (
          select 1 from graphile_worker.jobs j
          where j.key = 'post:' || p.id::text
            and case when j.locked_at is null then j.attempts < j.max_attempts
                     -- Locked by a worker that is not registered (it died and was reaped): not a live job.
                     else exists (select 1 from worker_heartbeats w where j.locked_by = any(w.graphile_worker_ids)) end)
      order by p.scheduled_at nulls first
      limit ${BATCH}`,
  );
  for (const post of due) {
    yield* addPublishJob(post.id);
  }
  return { added: due.length, postIds: due.map((p) => p.id) };
});
