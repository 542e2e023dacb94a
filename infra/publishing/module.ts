import { Effect, Layer } from "effect";
import { PLATFORMS } from "../../domain/accounts";
import { recycledLine } from "../../domain/categories";
import { postEvents, postsProjection } from "../../domain/publishing";
import { defineModule, moduleApi } from "../module";
import { CalendarApi, DashboardApi, PostsApi } from "./api";
import { calendarHandlers, dashboardHandlers, postsHandlers } from "./api-handlers";
import { fetchEngagement } from "./engagement";
import { CalendarPosts } from "./CalendarPosts";
import { PostQueries } from "./PostQueries";
import { Posts } from "./Posts";
import { publishPost } from "./publish-post";
import { PublishSlots } from "./PublishSlots";
import { schedulePublicationReaction } from "./reactions";
import { postReviewedMail } from "./review-mails";
import { publicationFailedMail } from "./failure-mail";
import { sweepDuePosts } from "./sweep";
import { recordStage } from "../jobs/stage-timings";
import { ensureDemoPosts } from "./demo";

const platformName = (id: string) => PLATFORMS.find((p) => p.id === id)?.name ?? id;
const count = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** Posts: composing, scheduling, publishing at the second, engagement. */
export const publishingModule = defineModule({
  name: "publishing",
  events: postEvents,
  auditKinds: [{ id: "posts", label: "Posts" }],
  layer: Posts.layer.pipe(Layer.provideMerge(Layer.mergeAll(PostQueries.layer, CalendarPosts.layer, PublishSlots.layer))),
  api: [moduleApi(PostsApi, postsHandlers), moduleApi(CalendarApi, calendarHandlers), moduleApi(DashboardApi, dashboardHandlers)],
  projections: [postsProjection],
  reactions: [schedulePublicationReaction, postReviewedMail, publicationFailedMail],
  tasks: {
    publish_post: (payload, job) => {
      recordStage("job fetch", job.now.getTime() - job.runAt.getTime());
      return Effect.map(
        publishPost((payload as { postId: string }).postId, {
          now: job.now,
          jobId: job.id,
          attempt: job.attempt,
          maxAttempts: job.maxAttempts,
        }),
        (result) =>
          result.outcome === "skipped"
            ? undefined
            : `Post ${(payload as { postId: string }).postId}: ${result.outcome} (${result.published} published, ${result.failed} failed)`,
      );
    },
    /** Overdue posts whose job was lost go out late rather than never (every minute, and at worker start). */
    sweep_due_posts: (_payload, job) =>
      Effect.map(sweepDuePosts(job.now), ({ added }) => (added > 0 ? `Sweep: ${added} overdue post(s) had no job; added` : undefined)),
    /** Engagement of recent posts (the FAQ's "analytics refresh within about 15 minutes"). */
    fetch_engagement: (_payload, job) =>
      Effect.map(fetchEngagement(job.now), (result) =>
        result.recorded > 0 ? `Engagement: ${result.recorded} update(s) of ${result.targets} published target(s)` : undefined,
      ),
  },
  ioTasks: ["publish_post"],
  cron: ["* * * * * sweep_due_posts", "*/15 * * * * fetch_engagement"],
  processes: ["scheduler", "engagement"],
  demo: (seed) => ensureDemoPosts(seed.userId, seed.now, seed.made.categories ?? new Map()),
  auditSummaries: {
    PostDrafted: (d) => `Post drafted for ${d.platforms.map(platformName).join(", ") || "no platform yet"}`,
    PostScheduled: (d) => `Post scheduled for ${d.scheduledAt} (${d.timeZone})`,
    PostRescheduled: (d) => `Post rescheduled to ${d.scheduledAt}${d.previousScheduledAt ? ` (was ${d.previousScheduledAt})` : ""}`,
    PostEdited: (d) =>
      `Post edited${d.addedAccountIds.length ? `, ${count(d.addedAccountIds.length, "account")} added` : ""}${d.removedAccountIds.length ? `, ${count(d.removedAccountIds.length, "account")} removed` : ""}`,
    PostMovedToNow: (d) => `Post moved to now to be published at once (was ${d.previousScheduledAt})`,
    PostPublishRequested: (d) =>
      d.dueAt === null
        ? `Publishing now to ${count(d.accountIds.length, "account")}`
        : `Publishing to ${count(d.accountIds.length, "account")}, ${d.lateByMs} ms after its time`,
    PostPublishAttempted: (d) =>
      `Sending to ${platformName(d.platform)} (attempt ${d.attempt})${d.delayReason ? `, held ${Math.round(d.delayedByMs / 1000)} s by ${d.delayReason}` : ""}`,
    PostPublishedToAccount: (d) => `Published on ${platformName(d.platform)}${d.warnings?.length ? ` with a warning: ${d.warnings.join("; ")}` : ""}`,
    PostPublishDelayed: (d) => `Waiting for ${platformName(d.platform)} until ${d.until}: ${d.reason}`,
    PostPublishFailedOnAccount: (d) => `Failed on ${platformName(d.platform)}${d.permanent ? "" : " (will retry)"}: ${d.reason}`,
    PostPublished: () => "Post published on every account",
    PostPublishFailed: (d) => `Publication failed on ${count(d.failedAccountIds.length, "account")}: ${d.reason}`,
    PostSubmittedForApproval: (d) => (d.scheduledAt ? `Submitted for approval, to go out ${d.scheduledAt}` : "Submitted for approval, to go out once approved"),
    PostApproved: (d) => (d.reviewer ? `${d.reviewer} (client) approved the post` : "Approved the post"),
    PostChangesRequested: (d) => `${d.reviewer ? `${d.reviewer} (client) asked` : "Asked"} for changes: ${d.comment}`,
    PostReturnedToDrafts: (d) => `Post returned to drafts: ${d.reason}`,
    PostDeleted: () => "Post deleted",
    RecurrenceSet: (d) => `Repeats set (${d.rule.frequency})`,
    RecurrenceCleared: () => "Repeats removed",
    PostEngagementRecorded: (d) => `${platformName(d.platform)} engagement: ${d.likes} likes, ${d.shares} shares, ${d.comments} comments`,
    OccurrenceScheduled: (d) => `Next repeat (number ${d.occurrence}) scheduled for ${d.scheduledAt}`,
    PostRecycled: (d) => `${recycledLine(d)}, to go out ${d.scheduledAt}`,
  },
});
