import { Effect } from "effect";
import type { PostEvent } from "../../domain/publishing";
import type { RecordedEvent } from "../../domain/shared";
import type { Reaction } from "../eventstore/reactions";
import { addJob, addJobs, removeJob } from "../jobs/add-job";

/**
 * Attempts graphile-worker gives a publication before its last failures count as permanent: with
 * its backoff (about e^n seconds) 8 attempts spread over about half an hour.
 */
export const PUBLISH_MAX_ATTEMPTS = 8;
export const publishJobKey = (postId: string) => `post:${postId}`;

/**
 * How long before its time a scheduled post's job starts: it reads the post, its accounts and
 * credentials while there is time, then waits for the second. At 9:00:00 only the attempts and
 * the platform calls are left to do.
 */
export const PUBLISH_LEAD_MS = 5_000;

const publishJobOptions = (postId: string, dueAt?: Date) => ({
  runAt: dueAt ? new Date(dueAt.getTime() - PUBLISH_LEAD_MS) : undefined,
  jobKey: publishJobKey(postId),
  maxAttempts: PUBLISH_MAX_ATTEMPTS,
});

/** Adds the post's publication job, for `dueAt` or at once; one per post (the key replaces an earlier one). */
export const addPublishJob = (postId: string, dueAt?: Date) => addJob("publish_post", { postId }, publishJobOptions(postId, dueAt));

const postIdOf = (event: RecordedEvent) => event.streamId.slice("post-".length);

/** When an event's post is to be published (its job added for then), or null when its job goes. */
const dueAtOf = (event: RecordedEvent<PostEvent>): Date | null => {
  switch (event.type) {
    case "PostScheduled":
    case "PostRescheduled":
    case "OccurrenceScheduled":
    case "PostRecycled":
      return new Date(event.data.scheduledAt);
    case "PostPublishDelayed":
      return new Date(event.data.until);
    default:
      return null;
  }
};

/**
 * A scheduled (or rescheduled, or next, or re-queued by an evergreen category, or delayed by a platform's limit) publication gets its job
 * in the same transaction as the event; a deleted, unscheduled or resubmitted post loses it.
 */
export const schedulePublicationReaction: Reaction = {
  name: "schedule-publication",
  handles: [
    "PostScheduled",
    "PostRescheduled",
    "OccurrenceScheduled",
    "PostRecycled",
    "PostPublishDelayed",
    "PostDeleted",
    "PostReturnedToDrafts",
    "PostSubmittedForApproval",
  ],
  react: (recorded) => {
    const event = recorded as RecordedEvent<PostEvent>;
    const dueAt = dueAtOf(event);
    // A deleted, unscheduled or resubmitted post (back to the approvers: no publication until approved again) loses its job.
    return dueAt ? Effect.asVoid(addPublishJob(postIdOf(event), dueAt)) : Effect.asVoid(removeJob(publishJobKey(postIdOf(event))));
  },
  // A run of jobs to add goes in one add_jobs; a removal between them keeps its place in the order.
  reactMany: (events) =>
    Effect.gen(function* () {
      let adds: Array<{ payload: { postId: string }; options: ReturnType<typeof publishJobOptions> }> = [];
      const flush = Effect.suspend(() => {
        const batch = adds;
        adds = [];
        return batch.length > 0 ? Effect.asVoid(addJobs("publish_post", batch)) : Effect.void;
      });
      for (const recorded of events) {
        const event = recorded as RecordedEvent<PostEvent>;
        const postId = postIdOf(event);
        const dueAt = dueAtOf(event);
        if (dueAt) {
          adds.push({ payload: { postId }, options: publishJobOptions(postId, dueAt) });
          continue;
        }
        yield* flush;
        yield* removeJob(publishJobKey(postId));
      }
      yield* flush;
    }),
};
