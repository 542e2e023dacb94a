import { Cause, Effect } from "effect";
import { platformById, type PlatformId } from "../../domain/accounts/platforms";
import { itemKeyOf, mayPostNow, pollIntervalMs, postTextOf, type PostingSchedule, recordItems, recordPost, type FeedDelivery } from "../../domain/feeds";
import { hasFeature, TIERS } from "../../domain/plans";
import { type Caller, systemContext } from "../../domain/shared";
import { accountsOf } from "../accounts/queries";
import { Database } from "../db/Database";
import { workspacesOfAgenciesOnPlans } from "../identity/queries";
import { Users } from "../identity/Users";
import { recordPollFailure, recordPollSuccess } from "../jobs/poll-schedule";
import { logger } from "../log";
import { Posts } from "../publishing/Posts";
import { Feeds } from "./Feeds";
import { readFeed } from "./read-feed";

/**
 * The `poll_rss_feeds` job (every minute, and at once when a feed is added): each active feed of a
 * workspace with RSS auto-posting is read when due, conditionally (ETag, Last-Modified), again
 * after its Cache-Control max-age or `ttl` (5 minutes to a day). New items are kept once (by guid,
 * link or content); the first read of a feed posts only its newest. Then the feed posts what waits:
 * every item at once (immediate), or one item a day or a week at the workspace's best time.
 */
const FEEDS_AT_ONCE = 4;
/** A burst of new items on an immediate feed goes out a few minutes apart, not all in one second. */
const IMMEDIATE_SPACING_MS = 5 * 60_000;
const MOST_POSTS_PER_READ = 10;
/** No platform takes more than a few thousand characters of a feed's text in a post. */
const DESCRIPTION_KEPT = 5_000;

interface DueFeed {
  id: string;
  workspace_id: string;
  url: string;
  platforms: string[];
  account_ids: string[];
  post_template: string;
  posting_schedule: PostingSchedule;
  delivery: FeedDelivery;
  created_by: string | null;
  owner_id: string;
  etag: string | null;
  last_modified: string | null;
  failures: number;
  first_read: boolean;
}

interface WaitingItem {
  key: string;
  title: string;
  link: string | null;
  description: string;
}

/** The person the feed posts for: who added it, or the owner once they left; with their role (a member's posts may need approval). */
const authorOf = (feed: DueFeed, now: Date) =>
  Effect.gen(function* () {
    const users = yield* Users;
    const user = (feed.created_by ? yield* users.findById(feed.created_by) : null) ?? (yield* users.getById(feed.owner_id));
    const caller: Caller = {
      ...systemContext("rss", now, `rss-${feed.id}-${now.getTime()}`),
      workspaceId: feed.workspace_id,
      role: user.teamRole,
      plan: user.subscriptionTier,
      timeZone: user.timeZone,
    };
    return { caller, authorId: user.id };
  });

/** The platforms a feed posts to: its chosen accounts' platforms, else its platforms (every active account of each). */
const platformsOf = (feed: DueFeed) =>
  Effect.gen(function* () {
    if (feed.account_ids.length === 0) return feed.platforms as PlatformId[];
    const accounts = yield* accountsOf(feed.account_ids);
    return [...new Set([...accounts.values()].map((account) => account.platform))];
  });

/** Posts the items that wait, as the feed's schedule allows; each post and its record on the feed in one transaction (never twice). */
const postWaiting = (feed: DueFeed, now: Date) =>
  Effect.gen(function* () {
    const db = yield* Database;
    const feeds = yield* Feeds;
    const posts = yield* Posts;
    const waiting = yield* db.query(
      (sql) => sql<(WaitingItem & { last_posted_at: Date | null })[]>`
        select i.key, i.title, i.link, i.description, (select max(posted_at) from rss_items where feed_id = ${feed.id}) as last_posted_at
        from rss_items i where i.feed_id = ${feed.id} and i.status = 'waiting'
        order by i.published_at desc nulls last, i.found_at desc
        limit ${MOST_POSTS_PER_READ}`,
    );
    if (waiting.length === 0) return 0;
    const lastPostedAt = waiting[0]!.last_posted_at;
    if (!mayPostNow(feed.posting_schedule, lastPostedAt, now)) return 0;
    const { caller, authorId } = yield* authorOf(feed, now);
    const platforms = yield* platformsOf(feed);
    if (platforms.length === 0) return 0;
    const limit = Math.min(...platforms.map((p) => platformById(p).maxCharacters));
    // A daily or weekly feed posts the newest item of its turn; the older ones are passed over.
    const turn = feed.posting_schedule === "immediate" ? waiting : waiting.slice(0, 1);
    const passOver = feed.posting_schedule === "immediate" ? [] : waiting.slice(1).map((w) => w.key);
    let made = 0;
    for (const [index, item] of turn.entries()) {
      const content = postTextOf(feed.post_template, item, limit);
      const at =
        feed.delivery === "draft" || feed.posting_schedule !== "immediate" || index === 0 ? null : new Date(now.getTime() + index * IMMEDIATE_SPACING_MS);
      const recorded = yield* db
        .withTransaction(
          Effect.gen(function* () {
            const post = yield* posts.create(caller, {
              content,
              platforms,
              media: [],
              status: feed.delivery === "draft" ? "draft" : feed.posting_schedule === "immediate" && at === null ? "published" : "scheduled",
              scheduledAt: at?.toISOString() ?? null,
              timeZone: caller.timeZone,
              accountIds: feed.account_ids.length > 0 ? feed.account_ids : null,
              postType: "standard",
              businessData: {},
              locationIds: [],
              categoryId: null,
              options: {},
              recurrence: null,
              timeslot: feed.delivery === "schedule" && feed.posting_schedule !== "immediate" ? "optimal" : null,
              authorId,
            });
            yield* feeds.decide(caller, feed.workspace_id, feed.id, recordPost(item.key, post.id, passOver));
            return true;
          }),
        )
        .pipe(
          // Posted by another round meanwhile: this post was undone with its transaction.
          Effect.catchTag("Conflict", () => Effect.succeed(false)),
        );
      if (recorded) made += 1;
    }
    return made;
  });

/** How long a worker holds a feed it reads: another round (or worker) leaves it alone meanwhile. */
const CLAIM_MS = 5 * 60_000;

/** Takes the feed for this read when it is still due: two rounds at once never read (and post) the same feed. */
const claim = (feed: DueFeed, now: Date) =>
  Database.use((db) =>
    db.query(
      (sql) => sql`
        insert into rss_feed_polls (feed_id, next_poll_at) values (${feed.id}, ${new Date(now.getTime() + CLAIM_MS)})
        on conflict (feed_id) do update set next_poll_at = excluded.next_poll_at where rss_feed_polls.next_poll_at <= ${now}
        returning feed_id`,
    ),
  ).pipe(Effect.map((rows) => rows.length === 1));

/** One read of a feed: new items kept, then what waits posted; a failure is kept on the feed (last_error) and backs off. */
const pollFeed = (feed: DueFeed, now: Date) =>
  Effect.gen(function* () {
    const feeds = yield* Feeds;
    const row = { table: "rss_feed_polls", key: { feed_id: feed.id } };
    if (!(yield* claim(feed, now))) return { found: 0, posted: 0 };
    const read = yield* Effect.result(readFeed(feed.url, { etag: feed.etag, lastModified: feed.last_modified }));
    if (read._tag === "Failure") {
      const { failures, reason } = yield* recordPollFailure(row, now, { failuresSoFar: feed.failures, reason: read.failure.message });
      logger.warn({ feedId: feed.id, failures, reason }, "RSS: the feed could not be read");
      return { found: 0, posted: 0 };
    }
    let found = 0;
    if (!read.success.notModified) {
      const fresh = read.success;
      const keyed = fresh.items.map((item) => ({ ...item, key: itemKeyOf(item) }));
      const known = yield* Database.use((db) =>
        db.query((sql) => sql<{ key: string }[]>`select key from rss_items where feed_id = ${feed.id} and key = any(${keyed.map((i) => i.key)})`),
      );
      const seen = new Set(known.map((k) => k.key));
      // One key once, even when a feed lists an item twice.
      const unseen = keyed.filter((item, index) => !seen.has(item.key) && keyed.findIndex((other) => other.key === item.key) === index);
      const ctx = systemContext("rss", now, `rss-${feed.id}-${now.getTime()}`);
      yield* feeds.decide(
        ctx,
        feed.workspace_id,
        feed.id,
        recordItems(
          unseen.map((i) => ({ key: i.key, title: i.title, link: i.link, description: i.description.slice(0, DESCRIPTION_KEPT), publishedAt: i.publishedAt })),
          feed.first_read,
        ),
      );
      found = unseen.length;
    }
    const posted = yield* postWaiting(feed, now).pipe(
      Effect.catchCause((cause) =>
        Effect.gen(function* () {
          const reason = Cause.squash(cause);
          const message = reason instanceof Error ? reason.message : "A post could not be made of the feed's newest item.";
          yield* recordPollFailure(row, now, { failuresSoFar: feed.failures, reason: `Could not post: ${message}` });
          logger.warn({ feedId: feed.id, cause: Cause.pretty(cause) }, "RSS: an item could not be posted");
          return -1;
        }),
      ),
    );
    if (posted >= 0) {
      const interval = read.success.notModified ? null : pollIntervalMs({ maxAgeSeconds: read.success.maxAgeSeconds, ttlMinutes: read.success.ttlMinutes });
      yield* recordPollSuccess(row, now, {
        nextInMs: interval ?? pollIntervalMs({}),
        stoppedAt: read.success.notModified ? {} : { etag: read.success.validators.etag, last_modified: read.success.validators.lastModified },
      });
    }
    return { found, posted: Math.max(0, posted) };
  });

export const pollFeeds = Effect.fn("Feeds.poll")(function* (now: Date) {
  const db = yield* Database;
  const tiers = TIERS.filter((tier) => hasFeature(tier, "rss_feeds"));
  // Identity answers which workspaces' plans (their agency's) include RSS auto-posting, and their owners.
  const owners = new Map((yield* workspacesOfAgenciesOnPlans(tiers)).map((w) => [w.id, w.ownerId]));
  const rows = yield* db.query(
    (sql) => sql<Omit<DueFeed, "owner_id">[]>`
      select f.id, f.workspace_id, f.url, f.platforms, f.account_ids, f.post_template, f.posting_schedule, f.delivery, f.created_by,
             p.etag, p.last_modified, coalesce(p.failures, 0) as failures,
             not exists (select 1 from rss_items i where i.feed_id = f.id) as first_read
      from rss_feeds f
      left join rss_feed_polls p on p.feed_id = f.id
      where f.deleted_at is null and f.is_active
        and f.workspace_id = any(${[...owners.keys()]}::uuid[])
        and (p.next_poll_at is null or p.next_poll_at <= ${now})
      order by p.next_poll_at nulls first
      limit 200`,
  );
  const due: DueFeed[] = rows.map((feed) => ({ ...feed, owner_id: owners.get(feed.workspace_id)! }));
  const results = yield* Effect.forEach(
    due,
    (feed) =>
      pollFeed(feed, now).pipe(
        Effect.catchCause((cause) =>
          Effect.sync(() => {
            logger.warn({ feedId: feed.id, cause: Cause.pretty(cause) }, "RSS: the feed could not be polled");
            return { found: 0, posted: 0 };
          }),
        ),
      ),
    { concurrency: FEEDS_AT_ONCE },
  );
  return {
    feeds: due.length,
    found: results.reduce((sum, r) => sum + r.found, 0),
    posted: results.reduce((sum, r) => sum + r.posted, 0),
  };
});
