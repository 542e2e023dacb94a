import { randomUUID } from "node:crypto";
import { Cause, Effect } from "effect";
import { categoryDecider, categoryStreamId, recycleEvergreenPost } from "../../domain/categories";
import { hasFeature, TIERS } from "../../domain/plans";
import { postDecider, postStreamId, recyclePost } from "../../domain/publishing";
import { DAY_MS, systemContext } from "../../domain/shared";
import { Database } from "../db/Database";
import { handleCommand } from "../eventstore/handle";
import { logger } from "../log";
import { lockWorkspace, workspacesOf } from "../identity/queries";
import { nextPostToRepeat } from "../publishing/queries";
import { nextFreeTimeslot } from "../publishing/queue-slots";

/**
 * The `recycle_evergreen` job (every minute): each evergreen category whose repeat is due (of a
 * workspace whose plan has content_recycling) re-queues one published post, the one that waited
 * longest since it last went out, of those past the minimum gap with repeats left, into the next free
 * time slot of its accounts. The category's CategoryPostRecycled and the post's PostRecycled are
 * appended in one transaction with the post's publication job; the category's decider refuses a
 * second repeat in the same period, so a job run twice (or two workers) never re-queues twice.
 */

interface DueCategory {
  id: string;
  workspace_id: string;
  name: string;
  evergreen_min_gap_days: number;
  evergreen_max_repeats: number;
}

const RECYCLING_TIERS = TIERS.filter((tier) => hasFeature(tier, "content_recycling"));

export type RecycleOutcome = "recycled" | "no post" | "no slot" | "not due";

/** One category's repeat, in one transaction. */
const recycleCategory = (category: DueCategory, now: Date, correlationId: string) =>
  Effect.gen(function* () {
    const db = yield* Database;
    return yield* db.withTransaction(
      Effect.gen(function* () {
        yield* lockWorkspace(category.workspace_id);
        const post = yield* nextPostToRepeat({
          workspaceId: category.workspace_id,
          categoryId: category.id,
          maxRepeats: category.evergreen_max_repeats,
          publishedBefore: new Date(now.getTime() - category.evergreen_min_gap_days * DAY_MS),
        });
        if (!post) return "no post" satisfies RecycleOutcome;
        const slot = yield* nextFreeTimeslot({
          workspaceId: category.workspace_id,
          postId: post.id,
          platforms: post.platforms,
          accountIds: post.accountIds,
          timeZone: post.timeZone,
          now,
          order: "priority",
        });
        if (!slot) return "no slot" satisfies RecycleOutcome;
        const options = { ctx: systemContext("evergreen", now, correlationId), workspaceId: category.workspace_id };
        const recorded = yield* handleCommand(
          categoryStreamId(category.id),
          categoryDecider,
          recycleEvergreenPost({ workspaceId: category.workspace_id, postId: post.id, repeat: post.evergreenRepeats + 1, now }),
          options,
        );
        if (recorded.events.length === 0) return "not due" satisfies RecycleOutcome;
        yield* handleCommand(
          postStreamId(post.id),
          postDecider,
          recyclePost({
            categoryId: category.id,
            categoryName: category.name,
            maxRepeats: category.evergreen_max_repeats,
            minGapDays: category.evergreen_min_gap_days,
            scheduledAt: slot,
            now,
          }),
          options,
        );
        return "recycled" satisfies RecycleOutcome;
      }),
    );
  });

export const recycleEvergreen = Effect.fn("Categories.recycleEvergreen")(function* (now: Date) {
  const db = yield* Database;
  const dueAnyPlan = yield* db.query(
    (sql) => sql<DueCategory[]>`
      select c.id, c.workspace_id, c.name, c.evergreen_min_gap_days, c.evergreen_max_repeats
      from categories c
      where c.evergreen and c.evergreen_next_at <= ${now}
      order by c.evergreen_next_at`,
  );
  // Only workspaces whose plan has content_recycling (the workspace's plan is identity's answer).
  const workspaces = yield* workspacesOf([...new Set(dueAnyPlan.map((c) => c.workspace_id))]);
  const plans = new Map(workspaces.map((workspace) => [workspace.id, workspace.tier]));
  const due = dueAnyPlan.filter((c) => RECYCLING_TIERS.includes(plans.get(c.workspace_id) as (typeof RECYCLING_TIERS)[number]));
  const outcomes: Record<RecycleOutcome, number> = { recycled: 0, "no post": 0, "no slot": 0, "not due": 0 };
  for (const category of due) {
    // One category's trouble (a post changed under the job, say) leaves the others to go on; it is due again next minute.
    const outcome = yield* recycleCategory(category, now, `evergreen-${randomUUID()}`).pipe(
      Effect.catchCause((cause) =>
        Effect.sync(() => {
          logger.warn({ categoryId: category.id, cause: Cause.pretty(cause) }, "Evergreen repeat failed");
          return null;
        }),
      ),
    );
    if (outcome) outcomes[outcome]++;
  }
  return outcomes;
});
