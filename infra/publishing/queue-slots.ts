import { Effect } from "effect";
import { nextTimeslot, type QueueOrder, TIMESLOT_HORIZON_DAYS } from "../../domain/publishing";
import { DAY_MS } from "../../domain/shared";
import { Database } from "../db/Database";

export interface FreeSlotRequest {
  readonly workspaceId: string;
  /** The post being queued: its own current time does not count as taken. */
  readonly postId: string;
  readonly platforms: ReadonlyArray<string>;
  readonly accountIds: ReadonlyArray<string>;
  readonly timeZone: string;
  readonly now: Date;
  readonly order: QueueOrder;
}

/**
 * The next free time slot of the post's accounts (spec core §2, Add to Timeslot), or null when every
 * slot of the horizon is taken. Call it holding the workspace's lock (`lockWorkspace`, infra/identity/queries.ts),
 * so two posts queued at once (by people or by the evergreen job) do not take the same slot.
 */
export const nextFreeTimeslot = (request: FreeSlotRequest) =>
  Effect.gen(function* () {
    const db = yield* Database;
    const horizon = new Date(request.now.getTime() + (TIMESLOT_HORIZON_DAYS + 2) * DAY_MS);
    const queued = yield* db.query(
      (sql) => sql<{ scheduled_at: Date }[]>`
        select p.scheduled_at from posts p
        where p.workspace_id = ${request.workspaceId} and p.deleted_at is null and p.status = 'scheduled' and p.id <> ${request.postId}::uuid
          and p.scheduled_at >= ${request.now} and p.scheduled_at < ${horizon}
          and exists (select 1 from post_targets t where t.post_id = p.id and t.account_id = any(${request.accountIds as string[]}::uuid[]))`,
    );
    return nextTimeslot({
      platforms: request.platforms,
      timeZone: request.timeZone,
      now: request.now,
      taken: queued.map((r) => r.scheduled_at),
      order: request.order,
    });
  });
