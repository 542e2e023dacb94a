import type { Sql } from "../db/Database";

/**
 * The workspace's publications, as rows of `posts`: each published post, and each earlier publication
 * (post_publications) of a post that went out again (repeating, or re-queued by an evergreen
 * category), as that post published then. A repeating post published 3 times is 3 published posts to
 * the Published tab, the dashboard and analytics, as Buffer and Later count its sent posts.
 *
 * An earlier publication carries the post's engagement only when it is the post's last one and the
 * post is not published now (the figures were fetched for it); the others carry none, so no
 * engagement is counted twice.
 */
export const publishedPosts = (sql: Sql, workspaceId: string) => sql`(
  select p.* from posts p where p.workspace_id = ${workspaceId} and p.deleted_at is null and p.status = 'published'
  union all
  select (jsonb_populate_record(null::posts, to_jsonb(p) || jsonb_build_object(
    'status', 'published',
    'published_at', pub.published_at,
    'occurrence', pub.occurrence,
    'engagement', case when p.status <> 'published'
                        and pub.occurrence = (select max(x.occurrence) from post_publications x where x.post_id = p.id)
                       then p.engagement else '{}'::jsonb end))).*
  from post_publications pub join posts p on p.id = pub.post_id
  where pub.workspace_id = ${workspaceId} and p.deleted_at is null
    and not (p.status = 'published' and p.occurrence = pub.occurrence)
)`;

/** Whether a row of `publishedPosts` (`p`) is the post as it is now (its targets are this publication's). */
export const isCurrentPublication = (sql: Sql) => sql`exists (select 1 from posts r where r.id = p.id and r.status = p.status and r.occurrence = p.occurrence)`;
