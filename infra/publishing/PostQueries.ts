import { Context, Effect, Layer } from "effect";
import type { PlatformId } from "../../domain/accounts";
import { type PostType, postStreamId, type RecurrenceRule } from "../../domain/publishing";
import { type EventMetadata, isUuid, NotFound } from "../../domain/shared";
import { Database, type Sql, type SqlError } from "../db/Database";
import { encodeKeyset } from "../db/keyset";
import { isCurrentPublication, publishedPosts } from "./publications";

export interface PostTargetView {
  readonly accountId: string;
  readonly platform: PlatformId;
  readonly status: string;
  readonly platformPostId: string | null;
  readonly url: string | null;
  readonly error: string | null;
  /** Published, but something after it went wrong (a refused first comment, a thread cut short). */
  readonly warning: string | null;
  readonly publishedAt: string | null;
}

/** A post as the API answers it (spec core §3 fields, plus its targets and their results). */
export interface PostView {
  readonly id: string;
  /** The workspace it belongs to: what tells a client's post from another's in the approvals across clients. */
  readonly workspaceId: string;
  readonly userId: string;
  readonly content: string;
  readonly media: ReadonlyArray<string>;
  readonly platforms: ReadonlyArray<PlatformId>;
  readonly status: string;
  readonly scheduledAt: string | null;
  readonly publishedAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly postType: PostType;
  readonly businessData: Readonly<Record<string, string | number>>;
  readonly locationIds: ReadonlyArray<string>;
  readonly categoryId: string | null;
  readonly options: Record<string, unknown>;
  readonly timeZone: string;
  readonly recurrence: RecurrenceRule | null;
  readonly isRecurring: boolean;
  readonly lastError: string | null;
  /** What an approver asked to change, on a post sent back as a draft. */
  readonly reviewComment: string | null;
  readonly engagement: Record<string, unknown>;
  readonly targets: ReadonlyArray<PostTargetView>;
  /** The version of the post's stream: a write states it to be refused when someone changed the post since. */
  readonly version: number;
}

/** The order of a list: newest first (created), soonest due first (scheduled), newest published first (published). */
export type PostSort = "created" | "scheduled" | "published";

export interface PostQuery {
  readonly statuses?: ReadonlyArray<string>;
  readonly sort?: PostSort;
  readonly accountId?: string;
  readonly categoryId?: string;
  readonly from?: Date;
  readonly to?: Date;
  readonly q?: string;
  readonly limit: number;
  readonly cursor?: { readonly at: string; readonly id: string };
}

interface PostRow {
  id: string;
  workspace_id: string;
  author_id: string;
  content: string;
  media: string[];
  platforms: PlatformId[];
  status: string;
  scheduled_at: Date | null;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
  post_type: string;
  business_data: Record<string, unknown>;
  location_ids: string[];
  category_id: string | null;
  options: Record<string, unknown>;
  time_zone: string;
  recurrence: RecurrenceRule | null;
  last_error: string | null;
  review_comment: string | null;
  engagement: Record<string, unknown>;
  version: number;
  targets: Array<{
    account_id: string;
    platform: PlatformId;
    status: string;
    platform_post_id: string | null;
    url: string | null;
    error: string | null;
    warning: string | null;
    published_at: string | null;
  }>;
}

const toView = (row: PostRow): PostView => ({
  id: row.id,
  workspaceId: row.workspace_id,
  userId: row.author_id,
  content: row.content,
  media: row.media,
  platforms: row.platforms,
  status: row.status,
  scheduledAt: row.scheduled_at?.toISOString() ?? null,
  publishedAt: row.published_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  postType: row.post_type as PostType,
  businessData: row.business_data as Readonly<Record<string, string | number>>,
  locationIds: row.location_ids,
  categoryId: row.category_id,
  options: row.options,
  timeZone: row.time_zone,
  recurrence: row.recurrence,
  isRecurring: row.recurrence !== null,
  lastError: row.last_error,
  reviewComment: row.review_comment,
  engagement: row.engagement,
  version: row.version,
  targets: (row.targets ?? []).map((t) => ({
    accountId: t.account_id,
    platform: t.platform,
    status: t.status,
    platformPostId: t.platform_post_id,
    url: t.url,
    error: t.error,
    warning: t.warning ?? null,
    publishedAt: t.published_at ? new Date(t.published_at).toISOString() : null,
  })),
});

const SORT_ASCENDING: Readonly<Record<PostSort, boolean>> = { created: false, scheduled: true, published: false };

/** The instant a list is ordered by; a post being published now has no scheduledAt, so it sorts by its creation. */
const sortKey = (sql: Sql, sort: PostSort) =>
  sort === "scheduled" ? sql`coalesce(p.scheduled_at, p.created_at)` : sort === "published" ? sql`coalesce(p.published_at, p.created_at)` : sql`p.created_at`;

const sortValue = (post: PostView, sort: PostSort) =>
  sort === "scheduled" ? (post.scheduledAt ?? post.createdAt) : sort === "published" ? (post.publishedAt ?? post.createdAt) : post.createdAt;

/** A workspace's live posts narrowed by account, category and a search in their text. */
const filtersOf = (sql: Sql, workspaceIds: string | ReadonlyArray<string>, query: Pick<PostQuery, "accountId" | "categoryId" | "q">) => sql`
  ${typeof workspaceIds === "string" ? sql`p.workspace_id = ${workspaceIds}` : sql`p.workspace_id = any(${workspaceIds as string[]}::uuid[])`} and p.deleted_at is null
  ${query.categoryId ? sql`and p.category_id = ${query.categoryId}::uuid` : sql``}
  ${query.accountId ? sql`and exists (select 1 from post_targets t where t.post_id = p.id and t.account_id = ${query.accountId}::uuid)` : sql``}
  ${query.q ? sql`and p.content ilike ${`%${query.q.replace(/[%_\\]/g, "\\$&")}%`}` : sql``}`;

/** The posts read model, as the queue, the post page, the dashboard and the API read it. */
export class PostQueries extends Context.Service<
  PostQueries,
  {
    readonly get: (workspaceId: string, postId: string) => Effect.Effect<PostView, NotFound | SqlError>;
    /** The workspace a post belongs to, or null for none (whoever asks: the caller's reach is checked after). */
    readonly workspaceOfPost: (postId: string) => Effect.Effect<string | null, SqlError>;
    readonly history: (
      workspaceId: string,
      postId: string,
    ) => Effect.Effect<ReadonlyArray<{ type: string; at: string; actorId: string | null; data: unknown }>, SqlError>;
    /** Of one workspace, or of several (posts awaiting approval across an agency's clients: no published ones). */
    readonly list: (
      workspaceId: string | ReadonlyArray<string>,
      query: PostQuery,
    ) => Effect.Effect<{ readonly items: ReadonlyArray<PostView>; readonly nextCursor: string | null }, SqlError>;
    /** How many posts of each status match the filters (the Queue's tab counts). */
    readonly counts: (
      workspaceId: string,
      query: Pick<PostQuery, "accountId" | "categoryId" | "q">,
    ) => Effect.Effect<Record<"draft" | "awaiting_approval" | "scheduled" | "publishing" | "published", number>, SqlError>;
  }
>()("app/PostQueries") {
  static layer = Layer.effect(
    PostQueries,
    Effect.gen(function* () {
      const db = yield* Database;

      /**
       * `publications`: the published posts are each publication (`publishedPosts`), a repeating post's
       * earlier ones included; those show no targets (the post's targets are its current publication's).
       */
      const selectPosts = (where: (sql: Sql) => ReturnType<Sql>, tail: (sql: Sql) => ReturnType<Sql>, publications?: string) =>
        db.query(
          (sql) => sql<PostRow[]>`
            select p.*, coalesce((select json_agg(t order by t.platform, t.account_id) from post_targets t
                                  where t.post_id = p.id ${publications ? sql`and ${isCurrentPublication(sql)}` : sql``}), '[]') as targets
            from ${
              publications
                ? sql`(select * from posts where workspace_id = ${publications} and status <> 'published' union all select * from ${publishedPosts(sql, publications)} pub)`
                : sql`posts`
            } p where p.deleted_at is null and ${where(sql)} ${tail(sql)}`,
        );

      const get = (workspaceId: string, postId: string) =>
        Effect.flatMap(
          selectPosts(
            (sql) => sql`p.workspace_id = ${workspaceId} and p.id = ${postId}::uuid`,
            (sql) => sql``,
          ),
          ([row]) => (row ? Effect.succeed(toView(row)) : Effect.fail(new NotFound({ what: "post" }))),
        );

      return {
        get,
        workspaceOfPost: (postId) =>
          isUuid(postId)
            ? Effect.map(
                db.query((sql) => sql<{ workspace_id: string }[]>`select workspace_id from posts where id = ${postId} and deleted_at is null`),
                ([row]) => row?.workspace_id ?? null,
              )
            : Effect.succeed(null),
        history: (workspaceId, postId) =>
          Effect.map(
            db.query(
              (sql) => sql<{ type: string; created_at: Date; metadata: EventMetadata; data: unknown }[]>`
                select type, created_at, metadata, data from events
                where stream_id = ${postStreamId(postId)} and metadata->>'workspaceId' = ${workspaceId}
                order by stream_version`,
            ),
            (rows) => rows.map((r) => ({ type: r.type, at: r.created_at.toISOString(), actorId: r.metadata.actorId, data: r.data })),
          ),
        list: (workspaceId, query) => {
          const sort = query.sort ?? "created";
          return Effect.map(
            selectPosts(
              (sql) => {
                const key = sortKey(sql, sort);
                const after = SORT_ASCENDING[sort] ? sql`>` : sql`<`;
                return sql`${filtersOf(sql, workspaceId, query)}
                  ${query.statuses?.length ? sql`and p.status = any(${query.statuses as string[]})` : sql``}
                  ${query.from ? sql`and coalesce(p.scheduled_at, p.published_at, p.created_at) >= ${query.from}` : sql``}
                  ${query.to ? sql`and coalesce(p.scheduled_at, p.published_at, p.created_at) < ${query.to}` : sql``}
                  ${query.cursor ? sql`and (${key}, p.id) ${after} (${query.cursor.at}::timestamptz, ${query.cursor.id}::uuid)` : sql``}`;
              },
              (sql) => {
                const direction = SORT_ASCENDING[sort] ? sql`asc` : sql`desc`;
                return sql`order by ${sortKey(sql, sort)} ${direction}, p.id ${direction} limit ${query.limit + 1}`;
              },
              query.statuses?.includes("published") && typeof workspaceId === "string" ? workspaceId : undefined,
            ),
            (rows) => {
              const items = rows.slice(0, query.limit).map(toView);
              const last = items.at(-1);
              return {
                items,
                nextCursor: rows.length > query.limit && last ? encodeKeyset({ at: sortValue(last, sort), id: last.id }) : null,
              };
            },
          );
        },
        counts: (workspaceId, query) =>
          Effect.map(
            db.query(
              (sql) =>
                sql<
                  { status: string; count: number }[]
                >`select p.status, count(*)::int as count from posts p where ${filtersOf(sql, workspaceId, query)} and p.status <> 'published' group by p.status
                  union all
                  select 'published', count(*)::int from ${publishedPosts(sql, workspaceId)} p where ${filtersOf(sql, workspaceId, query)}`,
            ),
            (rows) => ({
              draft: 0,
              awaiting_approval: 0,
              scheduled: 0,
              publishing: 0,
              published: 0,
              ...Object.fromEntries(rows.map((r) => [r.status, r.count])),
            }),
          ),
      };
    }),
  );
}
