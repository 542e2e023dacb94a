import { Effect } from "effect";
import { Database } from "../db/Database";

/**
 * What other modules read of the posts and their publications, as the publishing module answers
 * it: they call these instead of selecting from its tables. Each needs only the database, so a
 * module's own service layer (or job) can use them.
 */

// Read by inbox, reviews, feeds, listening, reports, billing, audit

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
