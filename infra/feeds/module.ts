import { Effect } from "effect";
import { feedEvents, feedsProjection } from "../../domain/feeds";
import type { Reaction } from "../eventstore/reactions";
import { addJob } from "../jobs/add-job";
import { defineModule, moduleApi } from "../module";
import { FeedsApi } from "./api";
import { feedsHandlers } from "./api-handlers";
import { Feeds } from "./Feeds";
import { pollFeeds } from "./poll";

/** A feed added, resumed or moved to a new address is read at once, not at the next round. */
const readFeedNow: Reaction = {
  name: "read-rss-feed-now",
  handles: ["RssFeedAdded", "RssFeedResumed", "RssFeedEdited"],
  react: () => Effect.asVoid(addJob("poll_rss_feeds", {}, { jobKey: "poll_rss_feeds-now" })),
};

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** RSS auto-posting: feeds read on a schedule, each new item a post (or a draft). */
export const feedsModule = defineModule({
  name: "feeds",
  events: feedEvents,
  auditKinds: [{ id: "feeds", label: "RSS feeds" }],
  layer: Feeds.layer,
  api: [moduleApi(FeedsApi, feedsHandlers)],
  projections: [feedsProjection],
  reactions: [readFeedNow],
  tasks: {
    poll_rss_feeds: (_payload, job) =>
      Effect.map(pollFeeds(job.now), (r) =>
        r.found + r.posted > 0 ? `RSS: ${plural(r.found, "new item")}, ${plural(r.posted, "post")} from ${plural(r.feeds, "feed")}` : undefined,
      ),
  },
  ioTasks: ["poll_rss_feeds"],
  cron: ["* * * * * poll_rss_feeds"],
  processes: ["rss"],
  auditSummaries: {
    RssFeedAdded: (d) => `Added the RSS feed ${d.name}`,
    RssFeedEdited: (d) => `Edited the RSS feed ${d.name}`,
    RssFeedPaused: () => "Paused an RSS feed",
    RssFeedResumed: () => "Resumed an RSS feed",
    RssFeedDeleted: () => "Deleted an RSS feed",
    RssItemsFound: (d) => `Read ${plural(d.items.length, "new item")} from an RSS feed`,
    RssItemPosted: () => "Made a post of an RSS item",
    RssItemsPassedOver: (d) => `Passed over ${plural(d.keys.length, "older RSS item")} for a newer one`,
  },
});
