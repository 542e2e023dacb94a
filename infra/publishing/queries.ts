import { Effect } from "effect";
import { isUuid } from "../../domain/shared";
import { Database } from "../db/Database";

/**
 * What other modules read of the posts, as the publishing module answers it: they call these instead
 * of selecting from its tables. Each needs only the database, so a module's own service layer (or a
 * job, or a reaction) can use them.
 */

/** The status of each of these posts of the workspace that is not deleted, by id (others' and deleted ones left out). */
export const postStatusesOf = (workspaceId: string, postIds: ReadonlyArray<string>) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ id: string; status: string }[]>`
        select id, status from posts where workspace_id = ${workspaceId} and id = any(${postIds.filter(isUuid)}::uuid[]) and deleted_at is null`,
    ),
  ).pipe(Effect.map((rows) => new Map(rows.map((row) => [row.id, row.status]))));

/** The text of each of these posts, by id (deleted ones too). */
export const postContentsOf = (postIds: ReadonlyArray<string>) =>
  postIds.length === 0
    ? Effect.succeed(new Map<string, string>())
    : Database.use((db) =>
        db.query((sql) => sql<{ id: string; content: string }[]>`select id, content from posts where id = any(${postIds as string[]}::uuid[])`),
      ).pipe(Effect.map((rows) => new Map(rows.map((row) => [row.id, row.content]))));

/**
 * For each category (with the most repeats its posts may have), its published posts that have repeats
 * left: how many, and when the one that waited longest was last published (null with none).
 */
export const postsToRepeatOf = (categories: ReadonlyArray<{ readonly id: string; readonly maxRepeats: number }>) =>
  categories.length === 0
    ? Effect.succeed(new Map<string, { postsToRepeat: number; longestWaiting: Date | null }>())
    : Database.use((db) =>
        db.query(
          (sql) => sql<{ id: string; posts_to_repeat: number; longest_waiting: Date | null }[]>`
            select c.id, count(p.id)::int as posts_to_repeat, min(p.published_at) as longest_waiting
            from unnest(${categories.map((c) => c.id)}::uuid[], ${categories.map((c) => c.maxRepeats)}::int[]) as c(id, max_repeats)
            left join posts p on p.category_id = c.id and p.status = 'published' and p.deleted_at is null and p.evergreen_repeats < c.max_repeats
            group by c.id`,
        ),
      ).pipe(Effect.map((rows) => new Map(rows.map((row) => [row.id, { postsToRepeat: row.posts_to_repeat, longestWaiting: row.longest_waiting }]))));

/**
 * The category's published post to repeat next, if any: of those with repeats left (fewer than
 * `maxRepeats`) last published at or before `publishedBefore`, the one that waited longest; with
 * the accounts it goes to.
 */
export const nextPostToRepeat = (request: {
  readonly workspaceId: string;
  readonly categoryId: string;
  readonly maxRepeats: number;
  readonly publishedBefore: Date;
}) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ id: string; platforms: string[]; time_zone: string; evergreen_repeats: number; account_ids: string[] }[]>`
        select p.id, p.platforms, p.time_zone, p.evergreen_repeats,
          array(select t.account_id::text from post_targets t where t.post_id = p.id order by t.account_id) as account_ids
        from posts p
        where p.workspace_id = ${request.workspaceId} and p.category_id = ${request.categoryId}
          and p.status = 'published' and p.deleted_at is null
          and p.evergreen_repeats < ${request.maxRepeats}
          and p.published_at <= ${request.publishedBefore}
        order by p.published_at, p.created_at
        limit 1`,
    ),
  ).pipe(
    Effect.map(([row]) =>
      row ? { id: row.id, platforms: row.platforms, timeZone: row.time_zone, evergreenRepeats: row.evergreen_repeats, accountIds: row.account_ids } : null,
    ),
  );

/** A post published on an account: the platform's id of it, the post and its text. */
export interface PublishedOnAccount {
  readonly accountId: string;
  readonly platformPostId: string;
  readonly postId: string;
  readonly content: string;
}

/** What was published on each of these accounts since then (posts not deleted), the newest first. */
export const publishedOnAccountsSince = (accountIds: ReadonlyArray<string>, since: Date) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ account_id: string; platform_post_id: string; post_id: string; content: string }[]>`
        select t.account_id, t.platform_post_id, t.post_id, p.content
        from post_targets t join posts p on p.id = t.post_id
        where t.account_id = any(${accountIds as string[]}::uuid[]) and t.status = 'published' and t.platform_post_id is not null
          and t.published_at >= ${since} and p.deleted_at is null
        order by t.published_at desc`,
    ),
  ).pipe(
    Effect.map((rows) =>
      rows.map((row): PublishedOnAccount => ({ accountId: row.account_id, platformPostId: row.platform_post_id, postId: row.post_id, content: row.content })),
    ),
  );
