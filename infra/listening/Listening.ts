import { randomUUID } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import {
  changeMonitor,
  createMonitor,
  deleteMonitor,
  LISTENING_MESSAGES,
  type ListeningEvent,
  listeningMonitorStreamId,
  monitorDecider,
  type MonitorInput,
  MONITORS_MAX,
  type MonitorState,
} from "../../domain/listening";
import { type Caller, type CommandContext, type ConcurrencyConflict, Conflict, InvalidInput, isUuid, NotFound } from "../../domain/shared";
import { Database, type SqlError } from "../db/Database";
import { encodeKeyset, type PageRequest, pageCursor } from "../db/keyset";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";

export interface Monitor {
  readonly id: string;
  readonly name: string;
  readonly terms: ReadonlyArray<string>;
  readonly isActive: boolean;
  /** Posts found in the last 7 days. */
  readonly recentPosts: number;
  readonly lastCheckedAt: string | null;
  readonly lastError: string | null;
}

/** A public post a monitor found. */
export interface ListenedPost {
  readonly id: string;
  readonly monitorId: string;
  readonly uri: string;
  readonly url: string;
  readonly author: { readonly handle: string; readonly name: string; readonly avatar: string | null };
  readonly text: string;
  readonly sentiment: "positive" | "neutral" | "negative";
  readonly likes: number;
  readonly reposts: number;
  readonly replies: number;
  readonly postedAt: string;
}

/** Posts per day of a period, by sentiment. */
export interface VolumeDay {
  readonly day: string;
  readonly positive: number;
  readonly neutral: number;
  readonly negative: number;
}

export const LISTENING_PAGE_SIZE = 50;
export const LISTENING_PAGE_MAX = 200;

interface PostRow {
  id: string;
  monitor_id: string;
  uri: string;
  cid: string;
  author_handle: string;
  author_name: string;
  author_avatar: string | null;
  text: string;
  reply_root: { uri: string; cid: string } | null;
  sentiment: ListenedPost["sentiment"];
  likes: number;
  reposts: number;
  replies: number;
  posted_at: Date;
}

export const postUrlOf = (uri: string, handle: string) => `https://bsky.app/profile/${handle}/post/${uri.split("/").pop()}`;

const toPost = (row: PostRow): ListenedPost => ({
  id: row.id,
  monitorId: row.monitor_id,
  uri: row.uri,
  url: postUrlOf(row.uri, row.author_handle),
  author: { handle: row.author_handle, name: row.author_name, avatar: row.author_avatar },
  text: row.text,
  sentiment: row.sentiment,
  likes: row.likes,
  reposts: row.reposts,
  replies: row.replies,
  postedAt: row.posted_at.toISOString(),
});

interface MonitorRow {
  id: string;
  name: string;
  terms: string[];
  active: boolean;
  recent: number;
  polled_at: Date | null;
  last_error: string | null;
}

type ListeningError = SqlError | ConcurrencyConflict;

/** Social listening (issue 11): keyword and hashtag monitors over public Bluesky posts, and what they found. */
export class Listening extends Context.Service<
  Listening,
  {
    readonly monitors: (workspaceId: string, now: Date) => Effect.Effect<ReadonlyArray<Monitor>, SqlError>;
    readonly create: (caller: Caller, input: MonitorInput) => Effect.Effect<Monitor, InvalidInput | Conflict | NotFound | ListeningError>;
    readonly change: (
      caller: Caller,
      monitorId: string,
      input: Partial<MonitorInput> & { readonly active?: boolean },
    ) => Effect.Effect<Monitor, InvalidInput | NotFound | ListeningError>;
    readonly remove: (caller: Caller, monitorId: string) => Effect.Effect<void, NotFound | ListeningError>;
    readonly posts: (
      workspaceId: string,
      monitorId: string,
      filter: { readonly sentiment?: string | undefined },
      page?: PageRequest,
    ) => Effect.Effect<{ items: ReadonlyArray<ListenedPost>; next: string | null }, InvalidInput | NotFound | SqlError>;
    readonly volume: (workspaceId: string, monitorId: string, days: number, now: Date) => Effect.Effect<ReadonlyArray<VolumeDay>, NotFound | SqlError>;
    /** A found post with what an answer needs of it (its cid, its thread's root). */
    readonly post: (
      workspaceId: string,
      postId: string,
    ) => Effect.Effect<ListenedPost & { readonly cid: string; readonly root: { readonly uri: string; readonly cid: string } }, NotFound | SqlError>;
  }
>()("app/Listening") {
  static layer = Layer.effect(
    Listening,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;

      const onMonitor = <E>(
        monitorId: string,
        workspaceId: string,
        decide: (state: MonitorState) => Effect.Effect<ReadonlyArray<ListeningEvent>, E>,
        ctx: CommandContext,
      ) => handleCommand(listeningMonitorStreamId(monitorId), monitorDecider, decide, { ctx, workspaceId }).pipe(Effect.provideService(EventStore, store));

      const monitorRows = (workspaceId: string, now: Date, monitorId?: string) =>
        db.query(
          (sql) => sql<MonitorRow[]>`
            select m.id, m.name, m.terms, m.active, p.polled_at, p.last_error,
              (select count(*)::int from listening_posts lp where lp.monitor_id = m.id and lp.posted_at >= ${new Date(now.getTime() - 7 * 86_400_000)}) as recent
            from listening_monitors m left join listening_polls p on p.monitor_id = m.id
            where m.workspace_id = ${workspaceId} ${monitorId ? sql`and m.id = ${monitorId}` : sql``}
            order by m.created_at`,
        );
      const toMonitor = (row: MonitorRow): Monitor => ({
        id: row.id,
        name: row.name,
        terms: row.terms,
        isActive: row.active,
        recentPosts: row.recent,
        lastCheckedAt: row.polled_at ? row.polled_at.toISOString() : null,
        lastError: row.last_error,
      });
      const monitorOf = (workspaceId: string, monitorId: string, now: Date) =>
        Effect.gen(function* () {
          if (!isUuid(monitorId)) return yield* new NotFound({ what: "monitor" });
          const [row] = yield* monitorRows(workspaceId, now, monitorId);
          return row ? toMonitor(row) : yield* new NotFound({ what: "monitor" });
        });

      const monitors = Effect.fn("Listening.monitors")(function* (workspaceId: string, now: Date) {
        return (yield* monitorRows(workspaceId, now)).map(toMonitor);
      });

      const create = Effect.fn("Listening.create")(function* (caller: Caller, input: MonitorInput) {
        const [kept] = yield* db.query(
          (sql) => sql<{ count: number }[]>`select count(*)::int as count from listening_monitors where workspace_id = ${caller.workspaceId}`,
        );
        if ((kept?.count ?? 0) >= MONITORS_MAX) return yield* new Conflict({ message: LISTENING_MESSAGES.tooMany });
        const monitorId = randomUUID();
        yield* onMonitor(monitorId, caller.workspaceId, createMonitor({ ...input, monitorId, workspaceId: caller.workspaceId }), caller);
        return yield* monitorOf(caller.workspaceId, monitorId, caller.now);
      });

      const change = Effect.fn("Listening.change")(function* (caller: Caller, monitorId: string, input: Partial<MonitorInput> & { readonly active?: boolean }) {
        yield* monitorOf(caller.workspaceId, monitorId, caller.now);
        yield* onMonitor(monitorId, caller.workspaceId, changeMonitor(input), caller);
        return yield* monitorOf(caller.workspaceId, monitorId, caller.now);
      });

      const remove = Effect.fn("Listening.remove")(function* (caller: Caller, monitorId: string) {
        yield* monitorOf(caller.workspaceId, monitorId, caller.now);
        yield* onMonitor(monitorId, caller.workspaceId, deleteMonitor(), caller);
        yield* db.query((sql) => sql`delete from listening_posts where monitor_id = ${monitorId}`);
      });

      const POST_COLUMNS =
        "id, monitor_id, uri, cid, author_handle, author_name, author_avatar, text, reply_root, sentiment, likes, reposts, replies, posted_at";

      const posts = Effect.fn("Listening.posts")(function* (
        workspaceId: string,
        monitorId: string,
        filter: { readonly sentiment?: string | undefined },
        page: PageRequest = {},
      ) {
        const cursor = yield* pageCursor(page.cursor);
        const size = page.limit ?? LISTENING_PAGE_SIZE;
        yield* monitorOf(workspaceId, monitorId, new Date());
        const rows = yield* db.query(
          (sql) => sql<PostRow[]>`
            select ${sql.unsafe(POST_COLUMNS)} from listening_posts
            where monitor_id = ${monitorId} and workspace_id = ${workspaceId}
              ${filter.sentiment ? sql`and sentiment = ${filter.sentiment}` : sql``}
              ${cursor ? sql`and (posted_at, id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
            order by posted_at desc, id desc
            limit ${size + 1}`,
        );
        const shown = rows.slice(0, size);
        const last = shown.at(-1);
        return {
          items: shown.map(toPost),
          next: rows.length > size && last ? encodeKeyset({ at: last.posted_at.toISOString(), id: last.id }) : null,
        };
      });

      const volume = Effect.fn("Listening.volume")(function* (workspaceId: string, monitorId: string, days: number, now: Date) {
        yield* monitorOf(workspaceId, monitorId, now);
        const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
        const rows = yield* db.query(
          (sql) => sql<{ day: string; sentiment: string; count: number }[]>`
            select to_char(posted_at at time zone 'UTC', 'YYYY-MM-DD') as day, sentiment, count(*)::int as count
            from listening_posts where monitor_id = ${monitorId} and workspace_id = ${workspaceId} and posted_at >= ${from}
            group by 1, 2`,
        );
        return Array.from({ length: days }, (_, i): VolumeDay => {
          const day = new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10);
          const of = (sentiment: string) => rows.find((r) => r.day === day && r.sentiment === sentiment)?.count ?? 0;
          return { day, positive: of("positive"), neutral: of("neutral"), negative: of("negative") };
        });
      });

      const post = Effect.fn("Listening.post")(function* (workspaceId: string, postId: string) {
        if (!isUuid(postId)) return yield* new NotFound({ what: "post" });
        const [row] = yield* db.query(
          (sql) => sql<PostRow[]>`select ${sql.unsafe(POST_COLUMNS)} from listening_posts where id = ${postId} and workspace_id = ${workspaceId}`,
        );
        if (!row) return yield* new NotFound({ what: "post" });
        return { ...toPost(row), cid: row.cid, root: row.reply_root ?? { uri: row.uri, cid: row.cid } };
      });

      return { monitors, create, change, remove, posts, volume, post };
    }),
  );
}
