import { Effect } from "effect";
import type { PostEvent } from "../../domain/publishing";
import type { RecordedEvent } from "../../domain/shared";
import type { Reaction } from "../eventstore/reactions";
import { addJob, removeJob } from "../jobs/add-job";

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

/** Adds the post's publication job, for `dueAt` or at once; one per post (the key replaces an earlier one). */
export const addPublishJob = (postId: string, dueAt?: Date) =>
  addJob("publish_post", { postId }, {
    runAt: dueAt ? new Date(dueAt.getTime() - PUBLISH_LEAD_MS) : undefined,
    jobKey: publishJobKey(postId),
    maxAttempts: PUBLISH_MAX_ATTEMPTS,
  });

const postIdOf = (event: RecordedEvent) => event.streamId.slice("post-".length);

/**
 * A scheduled (or rescheduled, or next, or delayed by a platform's limit) publication gets its job
 * in the same transaction as the event; a deleted, unscheduled or resubmitted post loses it.
 */
export const schedulePublicationReaction: Reaction = {
  name: "schedule-publication",
  handles: ["PostScheduled", "PostRescheduled", "OccurrenceScheduled", "PostPublishDelayed", "PostDeleted", "PostReturnedToDrafts", "PostSubmittedForApproval"],
  react: (recorded) =>
    Effect.gen(function* () {
      const event = recorded as RecordedEvent<PostEvent>;
      const postId = postIdOf(event);
      switch (event.type) {
        case "PostScheduled":
        case "PostRescheduled":
        case "OccurrenceScheduled":
          yield* addPublishJob(postId, new Date(event.data.scheduledAt));
          return;
        case "PostPublishDelayed":
          yield* addPublishJob(postId, new Date(event.data.until));
          return;
        case "PostDeleted":
        case "PostReturnedToDrafts":
        // A scheduled post its author changed goes back to the approvers: no publication until it is approved again.
        case "PostSubmittedForApproval":
          yield* removeJob(publishJobKey(postId));
          return;
      }
    }),
};
