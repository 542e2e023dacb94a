import { deleteRow, insertRow, type Projection, type RecordedEvent, type RowChange, updateRow } from "../shared";
import type { PostContent, PostEvent } from "./events";

const contentColumns = (c: PostContent) => ({
  content: c.content,
  media: c.media,
  platforms: c.platforms,
  post_type: c.postType,
  business_data: c.businessData,
  location_ids: c.locationIds,
  category_id: c.categoryId,
  options: c.options,
});

const resetTarget = { status: "pending", error: null, warning: null, attempted_at: null } as const;

/**
 * The posts and post_targets read models (calendar, queue, dashboard, the scheduler's sweep), and
 * post_publications: every publication of a post, so a repeating post's earlier occurrences still
 * count as published once its row is scheduled again.
 */
export const postsProjection: Projection<PostEvent> = {
  name: "posts",
  kind: "inline",
  tables: [
    { name: "posts", key: ["id"] },
    { name: "post_targets", key: ["post_id", "account_id"] },
    { name: "post_publications", key: ["post_id", "occurrence"] },
  ],
  handles: [
    "PostDrafted",
    "PostSubmittedForApproval",
    "PostApproved",
    "PostChangesRequested",
    "PostScheduled",
    "PostRescheduled",
    "PostEdited",
    "PostMovedToNow",
    "PostPublishRequested",
    "PostPublishAttempted",
    "PostPublishedToAccount",
    "PostPublishDelayed",
    "PostPublishFailedOnAccount",
    "PostPublished",
    "PostPublishFailed",
    "PostReturnedToDrafts",
    "PostDeleted",
    "RecurrenceSet",
    "RecurrenceCleared",
    "OccurrenceScheduled",
    "PostRecycled",
    "PostEngagementRecorded",
  ],
  // Every event moves the row's version with the stream's: the version a write must state.
  project: (event): ReadonlyArray<RowChange> => {
    const version = { version: event.streamVersion };
    const changes = changesOf(event);
    const withVersion = changes.map((change) =>
      change.table !== "posts"
        ? change
        : "insert" in change
          ? { ...change, insert: { ...change.insert, ...version } }
          : "update" in change
            ? { ...change, set: { ...change.set, ...version } }
            : change,
    );
    return changes.some((change) => change.table === "posts" && !("delete" in change))
      ? withVersion
      : [...changes, updateRow("posts", { id: event.streamId.slice("post-".length) }, version)];
  },
};

const changesOf = (event: RecordedEvent<PostEvent>): ReadonlyArray<RowChange> => {
  const at = event.createdAt;
  const id = event.streamId.slice("post-".length);
  const post = (set: Record<string, unknown>) => updateRow("posts", { id }, { ...set, updated_at: at });
  const target = (accountId: string, set: Record<string, unknown>) => updateRow("post_targets", { post_id: id, account_id: accountId }, set);
  switch (event.type) {
    case "PostDrafted": {
      const d = event.data;
      return [
        insertRow("posts", {
          id: d.postId,
          workspace_id: d.workspaceId,
          author_id: d.authorId,
          ...contentColumns(d),
          status: "draft",
          scheduled_at: null,
          published_at: null,
          time_zone: d.timeZone,
          recurrence: null,
          occurrence: 1,
          last_error: null,
          created_at: at,
          updated_at: at,
          deleted_at: null,
        }),
        ...d.targets.map((t) =>
          insertRow("post_targets", {
            post_id: d.postId,
            account_id: t.accountId,
            platform: t.platform,
            status: "pending",
          }),
        ),
      ];
    }
    case "PostScheduled":
    case "PostRescheduled":
      return [
        post({
          status: "scheduled",
          scheduled_at: new Date(event.data.scheduledAt),
          time_zone: event.data.timeZone,
        }),
      ];
    case "PostEdited": {
      const d = event.data;
      const added = new Set(d.addedAccountIds);
      return [
        post(contentColumns(d)),
        ...d.removedAccountIds.map((accountId) => deleteRow("post_targets", { post_id: id, account_id: accountId })),
        ...d.targets.map((t) =>
          added.has(t.accountId)
            ? insertRow("post_targets", {
                post_id: id,
                account_id: t.accountId,
                platform: t.platform,
                status: "pending",
              })
            : target(t.accountId, { platform: t.platform }),
        ),
      ];
    }
    case "PostMovedToNow":
      return [post({ scheduled_at: new Date(event.data.scheduledAt) })];
    case "PostPublishRequested":
      return [
        post({
          status: "publishing",
          occurrence: event.data.occurrence,
          last_error: null,
        }),
        ...event.data.accountIds.map((accountId) => target(accountId, resetTarget)),
      ];
    case "PostPublishAttempted":
      return [
        target(event.data.accountId, {
          status: "attempted",
          attempts: event.data.attempt,
          attempted_at: new Date(event.data.attemptedAt),
          warning: null,
        }),
      ];
    case "PostPublishedToAccount":
      return [
        target(event.data.accountId, {
          status: "published",
          platform_post_id: event.data.platformPostId,
          url: event.data.url,
          error: null,
          warning: event.data.warnings?.length ? event.data.warnings.join(" ") : null,
          published_at: new Date(event.data.publishedAt),
        }),
      ];
    case "PostPublishDelayed":
      return [target(event.data.accountId, { warning: `Waiting until ${event.data.until}: ${event.data.reason}.` })];
    case "PostPublishFailedOnAccount":
      return [
        target(event.data.accountId, {
          status: "failed",
          error: event.data.reason,
        }),
      ];
    case "PostPublished":
      return [
        post({
          status: "published",
          published_at: new Date(event.data.publishedAt),
          last_error: null,
        }),
        insertRow("post_publications", {
          post_id: id,
          occurrence: event.data.occurrence,
          workspace_id: event.metadata.workspaceId,
          published_at: new Date(event.data.publishedAt),
        }),
      ];
    case "PostPublishFailed":
      return [post({ last_error: event.data.reason })];
    case "PostReturnedToDrafts":
      return [
        post({
          status: "draft",
          scheduled_at: null,
          last_error: event.data.reason,
        }),
      ];
    case "PostSubmittedForApproval":
      return [
        post({
          status: "awaiting_approval",
          scheduled_at: event.data.scheduledAt ? new Date(event.data.scheduledAt) : null,
          time_zone: event.data.timeZone,
          review_comment: null,
          last_error: null,
        }),
      ];
    case "PostApproved":
      return [post({ review_comment: null })];
    case "PostChangesRequested":
      return [post({ status: "draft", scheduled_at: null, review_comment: event.data.comment })];
    case "PostDeleted":
      return [post({ deleted_at: new Date(event.data.deletedAt) })];
    case "RecurrenceSet":
      return [post({ recurrence: event.data.rule })];
    case "RecurrenceCleared":
      return [post({ recurrence: null })];
    case "PostEngagementRecorded":
      // Not an edit: updated_at stays.
      return [updateRow("posts", { id }, { engagement: event.data.engagement })];
    case "OccurrenceScheduled":
    case "PostRecycled":
      return [
        post({
          status: "scheduled",
          scheduled_at: new Date(event.data.scheduledAt),
          occurrence: event.data.occurrence,
          ...(event.type === "PostRecycled" ? { evergreen_repeats: event.data.repeat } : {}),
        }),
        ...event.data.accountIds.map((accountId) =>
          target(accountId, {
            ...resetTarget,
            attempts: 0,
            platform_post_id: null,
            url: null,
            published_at: null,
          }),
        ),
      ];
  }
};
