import { insertRow, type Projection, type RowChange, updateRow } from "../shared";
import type { FeedEvent } from "./events";

/** The feeds' read model: `rss_feeds` (settings) and `rss_items` (every item read, and the post made of it). */
export const feedsProjection: Projection<FeedEvent> = {
  name: "rss-feeds",
  kind: "inline",
  tables: [
    { name: "rss_feeds", key: ["id"] },
    { name: "rss_items", key: ["feed_id", "key"] },
  ],
  handles: ["RssFeedAdded", "RssFeedEdited", "RssFeedPaused", "RssFeedResumed", "RssFeedDeleted", "RssItemsFound", "RssItemPosted", "RssItemsPassedOver"],
  project: (event): ReadonlyArray<RowChange> => {
    const id = event.streamId.slice("rss-feed-".length);
    const at = event.createdAt;
    const settingsRow = (d: Extract<FeedEvent, { type: "RssFeedEdited" }>["data"]) => ({
      name: d.name,
      url: d.url,
      platforms: [...d.platforms],
      account_ids: [...d.accountIds],
      post_template: d.postTemplate,
      posting_schedule: d.postingSchedule,
      delivery: d.delivery,
    });
    switch (event.type) {
      case "RssFeedAdded":
        return [
          insertRow("rss_feeds", {
            id,
            workspace_id: event.data.workspaceId,
            ...settingsRow(event.data),
            is_active: event.data.isActive,
            created_by: event.metadata.actorId ?? null,
            created_at: at,
            updated_at: at,
            deleted_at: null,
          }),
        ];
      case "RssFeedEdited":
        return [updateRow("rss_feeds", { id }, { ...settingsRow(event.data), updated_at: at })];
      case "RssFeedPaused":
        return [updateRow("rss_feeds", { id }, { is_active: false, updated_at: at })];
      case "RssFeedResumed":
        return [updateRow("rss_feeds", { id }, { is_active: true, updated_at: at })];
      case "RssFeedDeleted":
        return [updateRow("rss_feeds", { id }, { is_active: false, deleted_at: at, updated_at: at })];
      case "RssItemsFound": {
        const passed = new Set(event.data.passedOver);
        return event.data.items.map((item) =>
          insertRow("rss_items", {
            feed_id: id,
            key: item.key,
            workspace_id: event.metadata.workspaceId,
            title: item.title,
            link: item.link,
            description: item.description,
            published_at: item.publishedAt ? new Date(item.publishedAt) : null,
            found_at: at,
            status: passed.has(item.key) ? "passed_over" : "waiting",
            post_id: null,
            posted_at: null,
          }),
        );
      }
      case "RssItemPosted":
        return [updateRow("rss_items", { feed_id: id, key: event.data.key }, { status: "posted", post_id: event.data.postId, posted_at: at })];
      case "RssItemsPassedOver":
        return event.data.keys.map((key) => updateRow("rss_items", { feed_id: id, key }, { status: "passed_over" }));
    }
  },
};
