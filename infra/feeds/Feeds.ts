import { randomUUID } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import { normalizePlatformId, type PlatformId } from "../../domain/accounts/platforms";
import {
  addFeed,
  checkFeedSettings,
  DEFAULT_POST_TEMPLATE,
  deleteFeed,
  editFeed,
  type FeedDelivery,
  feedDecider,
  type FeedEvent,
  FEED_MESSAGES,
  type FeedSettings,
  type FeedState,
  feedStreamId,
  type PostingSchedule,
} from "../../domain/feeds";
import {
  AddressRefused,
  AddressUnreadable,
  type Caller,
  type CommandContext,
  type ConcurrencyConflict,
  Conflict,
  InvalidInput,
  isUuid,
  NotFound,
} from "../../domain/shared";
import { accountsOf } from "../accounts/queries";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";
import { readFeed } from "./read-feed";

export interface RssFeed {
  readonly id: string;
  readonly name: string;
  readonly url: string;
  readonly platforms: ReadonlyArray<string>;
  readonly accountIds: ReadonlyArray<string>;
  readonly postTemplate: string;
  readonly postingSchedule: PostingSchedule;
  readonly delivery: FeedDelivery;
  readonly isActive: boolean;
  readonly createdAt: string;
  /** The last read, its error (null when it worked) and the next one. */
  readonly lastChecked: string | null;
  readonly lastError: string | null;
  readonly nextCheck: string | null;
  readonly itemsSeen: number;
  readonly postsMade: number;
  readonly waiting: number;
  readonly lastPostedAt: string | null;
}

export interface RssItem {
  readonly key: string;
  readonly title: string;
  readonly link: string | null;
  readonly publishedAt: string | null;
  readonly foundAt: string;
  readonly status: "waiting" | "posted" | "passed_over";
  readonly postId: string | null;
  readonly postedAt: string | null;
}

/** What a person gives to add a feed (POST /api/rss-feeds); absent fields take the spec's defaults. */
export interface FeedInput {
  readonly name: string;
  readonly url: string;
  readonly platforms: ReadonlyArray<string>;
  readonly accountIds: ReadonlyArray<string>;
  readonly postTemplate?: string | null;
  readonly postingSchedule: PostingSchedule;
  readonly delivery: FeedDelivery;
  readonly isActive: boolean;
}

interface FeedRow {
  id: string;
  name: string;
  url: string;
  platforms: string[];
  account_ids: string[];
  post_template: string;
  posting_schedule: PostingSchedule;
  delivery: FeedDelivery;
  is_active: boolean;
  created_at: Date;
  polled_at: Date | null;
  last_error: string | null;
  next_poll_at: Date | null;
  items_seen: number;
  posts_made: number;
  waiting: number;
  last_posted_at: Date | null;
}

const SELECT_FEED = `
  f.id, f.name, f.url, f.platforms, f.account_ids, f.post_template, f.posting_schedule, f.delivery, f.is_active, f.created_at,
  p.polled_at, p.last_error, p.next_poll_at,
  (select count(*)::int from rss_items i where i.feed_id = f.id) as items_seen,
  (select count(*)::int from rss_items i where i.feed_id = f.id and i.status = 'posted') as posts_made,
  (select count(*)::int from rss_items i where i.feed_id = f.id and i.status = 'waiting') as waiting,
  (select max(i.posted_at) from rss_items i where i.feed_id = f.id) as last_posted_at`;

const settingsOf = (feed: RssFeed): FeedSettings => ({
  name: feed.name,
  url: feed.url,
  platforms: feed.platforms,
  accountIds: feed.accountIds,
  postTemplate: feed.postTemplate,
  postingSchedule: feed.postingSchedule,
  delivery: feed.delivery,
});

const toFeed = (row: FeedRow): RssFeed => ({
  id: row.id,
  name: row.name,
  url: row.url,
  platforms: row.platforms,
  accountIds: row.account_ids,
  postTemplate: row.post_template,
  postingSchedule: row.posting_schedule,
  delivery: row.delivery,
  isActive: row.is_active,
  createdAt: row.created_at.toISOString(),
  lastChecked: row.polled_at?.toISOString() ?? null,
  lastError: row.last_error,
  nextCheck: row.is_active ? (row.next_poll_at?.toISOString() ?? null) : null,
  itemsSeen: row.items_seen,
  postsMade: row.posts_made,
  waiting: row.waiting,
  lastPostedAt: row.last_posted_at?.toISOString() ?? null,
});

type FeedsError = SqlError | ConcurrencyConflict;

/**
 * RSS feeds (issue 13): a workspace's feeds, their settings and what was read from them. Reading
 * and posting on a schedule is poll.ts's; adding or moving a feed checks first that it can be read.
 */
export class Feeds extends Context.Service<
  Feeds,
  {
    readonly list: (workspaceId: string) => Effect.Effect<ReadonlyArray<RssFeed>, SqlError>;
    readonly get: (workspaceId: string, feedId: string) => Effect.Effect<RssFeed, NotFound | SqlError>;
    /** The items read from the feed, newest first, with the posts made of them. */
    readonly items: (workspaceId: string, feedId: string) => Effect.Effect<ReadonlyArray<RssItem>, NotFound | SqlError>;
    readonly add: (caller: Caller, input: FeedInput) => Effect.Effect<RssFeed, InvalidInput | Conflict | NotFound | FeedsError>;
    readonly edit: (caller: Caller, feedId: string, changes: Partial<FeedInput>) => Effect.Effect<RssFeed, InvalidInput | Conflict | NotFound | FeedsError>;
    readonly remove: (caller: Caller, feedId: string) => Effect.Effect<void, NotFound | FeedsError>;
    /** Runs a decision on a feed's stream (the poller's items and posts), answering the state after it. */
    readonly decide: <E>(
      ctx: CommandContext,
      workspaceId: string,
      feedId: string,
      decide: (state: FeedState) => Effect.Effect<ReadonlyArray<FeedEvent>, E>,
    ) => Effect.Effect<FeedState, E | FeedsError>;
  }
>()("app/Feeds") {
  static layer = Layer.effect(
    Feeds,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;

      const decide = <E>(ctx: CommandContext, workspaceId: string, feedId: string, step: (state: FeedState) => Effect.Effect<ReadonlyArray<FeedEvent>, E>) =>
        handleCommand(feedStreamId(feedId), feedDecider, step, { ctx, workspaceId }).pipe(
          Effect.map((result) => result.state),
          Effect.provideService(EventStore, store),
        );

      const get = Effect.fn("Feeds.get")(function* (workspaceId: string, feedId: string) {
        if (!isUuid(feedId)) return yield* new NotFound({ what: "RSS feed" });
        const [row] = yield* db.query(
          (sql) => sql<FeedRow[]>`
            select ${sql.unsafe(SELECT_FEED)} from rss_feeds f left join rss_feed_polls p on p.feed_id = f.id
            where f.id = ${feedId} and f.workspace_id = ${workspaceId} and f.deleted_at is null`,
        );
        return row ? toFeed(row) : yield* new NotFound({ what: "RSS feed" });
      });

      const list = Effect.fn("Feeds.list")(function* (workspaceId: string) {
        const rows = yield* db.query(
          (sql) => sql<FeedRow[]>`
            select ${sql.unsafe(SELECT_FEED)} from rss_feeds f left join rss_feed_polls p on p.feed_id = f.id
            where f.workspace_id = ${workspaceId} and f.deleted_at is null
            order by f.created_at desc, f.id`,
        );
        return rows.map(toFeed);
      });

      const items = Effect.fn("Feeds.items")(function* (workspaceId: string, feedId: string) {
        yield* get(workspaceId, feedId);
        const rows = yield* db.query(
          (sql) => sql<
            {
              key: string;
              title: string;
              link: string | null;
              published_at: Date | null;
              found_at: Date;
              status: RssItem["status"];
              post_id: string | null;
              posted_at: Date | null;
            }[]
          >`
            select key, title, link, published_at, found_at, status, post_id, posted_at from rss_items
            where feed_id = ${feedId} order by found_at desc, published_at desc nulls last limit 100`,
        );
        return rows.map((r): RssItem => ({
          key: r.key,
          title: r.title,
          link: r.link,
          publishedAt: r.published_at?.toISOString() ?? null,
          foundAt: r.found_at.toISOString(),
          status: r.status,
          postId: r.post_id,
          postedAt: r.posted_at?.toISOString() ?? null,
        }));
      });

      /** The accounts chosen are the workspace's, connected and active; platforms are known ones. */
      const checkTargets = (caller: Caller, platforms: ReadonlyArray<string>, accountIds: ReadonlyArray<string>) =>
        Effect.gen(function* () {
          const ids = platforms.map((p) => normalizePlatformId(p.trim().toLowerCase()));
          if (ids.includes(null))
            return yield* new InvalidInput({ message: "Choose platforms from the list.", fields: { platforms: "Choose platforms from the list." } });
          if (accountIds.length > 0) {
            const message = "Choose accounts that are connected and active.";
            if (!accountIds.every(isUuid)) return yield* new InvalidInput({ message, fields: { accountIds: message } });
            const accounts = yield* accountsOf(accountIds).pipe(Effect.provideService(Database, db));
            const usable = [...accounts.values()].filter((a) => a.workspaceId === caller.workspaceId && a.connected && a.isActive);
            if (usable.length !== new Set(accountIds).size) return yield* new InvalidInput({ message, fields: { accountIds: message } });
          }
          return [...new Set(ids as PlatformId[])];
        });

      /** A feed is added (or moved to a new address) only once it has been read: otherwise the person hears why at once. */
      const checkReadable = (url: string) =>
        readFeed(url).pipe(
          Effect.asVoid,
          Effect.catchTags({
            AddressRefused: (error: AddressRefused) => Effect.fail(refusal(error.message)),
            AddressUnreadable: (error: AddressUnreadable) => Effect.fail(refusal(error.message)),
          }),
        );
      const refusal = (reason: string) => new InvalidInput({ message: `${FEED_MESSAGES.addFailed} ${reason}`, fields: { url: reason } });

      const checkNotAdded = (workspaceId: string, url: string, feedId: string | null) =>
        Effect.gen(function* () {
          const [row] = yield* db.query(
            (sql) => sql`
              select 1 from rss_feeds where workspace_id = ${workspaceId} and deleted_at is null and url = ${url}
              ${feedId ? sql`and id <> ${feedId}` : sql``}`,
          );
          if (row) return yield* new Conflict({ message: FEED_MESSAGES.duplicate });
        });

      const add = Effect.fn("Feeds.add")(function* (caller: Caller, input: FeedInput) {
        const feedId = randomUUID();
        const settings: FeedSettings = {
          name: input.name,
          url: input.url.trim(),
          platforms: yield* checkTargets(caller, input.platforms, input.accountIds),
          accountIds: [...new Set(input.accountIds)],
          postTemplate: input.postTemplate?.trim() ? input.postTemplate : DEFAULT_POST_TEMPLATE,
          postingSchedule: input.postingSchedule,
          delivery: input.delivery,
        };
        // The form's own rules first: a blank name is said before the address is tried.
        yield* checkFeedSettings(settings);
        yield* checkNotAdded(caller.workspaceId, settings.url, null);
        yield* checkReadable(settings.url);
        yield* decide(caller, caller.workspaceId, feedId, addFeed({ feedId, workspaceId: caller.workspaceId, ...settings, isActive: input.isActive }));
        return yield* get(caller.workspaceId, feedId);
      });

      const edit = Effect.fn("Feeds.edit")(function* (caller: Caller, feedId: string, changes: Partial<FeedInput>) {
        const before = yield* get(caller.workspaceId, feedId);
        const platforms =
          changes.platforms || changes.accountIds
            ? yield* checkTargets(caller, changes.platforms ?? before.platforms, changes.accountIds ?? before.accountIds)
            : undefined;
        const url = changes.url?.trim();
        const moved = url !== undefined && url !== before.url;
        const given: Partial<FeedSettings> & { isActive?: boolean } = Object.fromEntries(
          Object.entries({
            ...changes,
            url,
            platforms,
            accountIds: changes.accountIds ? [...new Set(changes.accountIds)] : undefined,
            postTemplate: changes.postTemplate === null ? DEFAULT_POST_TEMPLATE : (changes.postTemplate ?? undefined),
          }).filter(([, value]) => value !== undefined),
        );
        if (moved) {
          yield* checkFeedSettings({ ...settingsOf(before), ...given });
          yield* checkNotAdded(caller.workspaceId, url, feedId);
          yield* checkReadable(url);
        }
        const step = editFeed(given);
        yield* db.withTransaction(
          Effect.gen(function* () {
            yield* decide(caller, caller.workspaceId, feedId, step);
            // A new address is read afresh, at once.
            if (moved) yield* db.query((sql) => sql`delete from rss_feed_polls where feed_id = ${feedId}`);
          }),
        );
        return yield* get(caller.workspaceId, feedId);
      });

      const remove = Effect.fn("Feeds.remove")(function* (caller: Caller, feedId: string) {
        yield* get(caller.workspaceId, feedId);
        yield* decide(caller, caller.workspaceId, feedId, deleteFeed());
      });

      return { list, get, items, add, edit, remove, decide };
    }),
  );
}
