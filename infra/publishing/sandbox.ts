import { randomUUID } from "node:crypto";
import { Effect } from "effect";
import { sandboxAccountsOf } from "../accounts/queries";
import { Database } from "../db/Database";
import { encodeKeyset, type Keyset } from "../db/keyset";
import type { Published } from "../platforms/provider";

/**
 * The sandbox "platform": a sandbox account's posts go to the `sandbox_posts` table (the in-app
 * sandbox timeline). Idempotent like Bluesky: one row per idempotency key, so a retried
 * publication answers the first post instead of writing a second, and `findSandboxPost` can tell
 * whether an interrupted attempt went out.
 */

export interface SandboxPublishRequest {
  readonly workspaceId: string;
  readonly accountId: string;
  readonly postId: string;
  /** `<postId>:<accountId>:<occurrence>`. */
  readonly idempotencyKey: string;
  readonly content: string;
  /** The post's media URLs or media-library ids (no bytes: the timeline shows the library's files). */
  readonly media: ReadonlyArray<string>;
  readonly options: Record<string, unknown>;
  readonly now: Date;
}

interface SandboxRow {
  id: string;
}

export const sandboxPostUrl = (id: string) => `/app/sandbox/${id}`;

const toPublished = (row: SandboxRow): Published => ({ platformPostId: row.id, url: sandboxPostUrl(row.id) });

/** The sandbox post written under this key, or null. */
export const findSandboxPost = (idempotencyKey: string) =>
  Database.use((db) =>
    Effect.map(
      db.query((sql) => sql<SandboxRow[]>`select id from sandbox_posts where idempotency_key = ${idempotencyKey}`),
      ([row]) => (row ? toPublished(row) : null),
    ),
  );

/** Writes the post to the sandbox timeline, or answers the one already written under its key. */
export const publishToSandbox = (request: SandboxPublishRequest) =>
  Effect.gen(function* () {
    const db = yield* Database;
    const [inserted] = yield* db.query(
      (sql) => sql<SandboxRow[]>`
        insert into sandbox_posts (id, workspace_id, account_id, post_id, idempotency_key, content, media, options, published_at)
        values (${randomUUID()}, ${request.workspaceId}, ${request.accountId}, ${request.postId}, ${request.idempotencyKey},
                ${request.content}, ${sql.json(request.media as never)}, ${sql.json(request.options as never)}, ${request.now})
        on conflict (idempotency_key) do nothing
        returning id`,
    );
    if (inserted) return toPublished(inserted);
    const existing = yield* findSandboxPost(request.idempotencyKey);
    if (!existing) return yield* Effect.die(new Error(`sandbox post ${request.idempotencyKey} vanished`));
    return existing;
  });

/** A post on the sandbox timeline, as the timeline shows it. */
export interface SandboxPost {
  readonly id: string;
  readonly accountId: string;
  readonly postId: string;
  readonly content: string;
  readonly media: ReadonlyArray<string>;
  readonly options: Record<string, unknown>;
  readonly publishedAt: string;
}

interface SandboxPostRow {
  id: string;
  account_id: string;
  post_id: string;
  content: string;
  media: string[];
  options: Record<string, unknown>;
  published_at: Date;
}

const toSandboxPost = (row: SandboxPostRow): SandboxPost => ({
  id: row.id,
  accountId: row.account_id,
  postId: row.post_id,
  content: row.content,
  media: row.media,
  options: row.options,
  publishedAt: row.published_at.toISOString(),
});

export const SANDBOX_TIMELINE_PAGE = 50;

/** A workspace's sandbox timeline (or one account's), newest first, a page at a time. */
export const sandboxTimeline = Effect.fn("Sandbox.timeline")(function* (
  workspaceId: string,
  query: { readonly accountId?: string; readonly before?: Keyset; readonly limit?: number } = {},
) {
  const db = yield* Database;
  const limit = query.limit ?? SANDBOX_TIMELINE_PAGE;
  const rows = yield* db.query(
    (sql) => sql<SandboxPostRow[]>`
      select id, account_id, post_id, content, media, options, published_at from sandbox_posts
      where workspace_id = ${workspaceId}
        ${query.accountId ? sql`and account_id = ${query.accountId}` : sql``}
        ${query.before ? sql`and (published_at, id) < (${query.before.at}::timestamptz, ${query.before.id}::uuid)` : sql``}
      order by published_at desc, id desc
      limit ${limit + 1}`,
  );
  const items = rows.slice(0, limit).map(toSandboxPost);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeKeyset({ at: last.publishedAt, id: last.id }) : null };
});

/** One sandbox post of the workspace, or null (another workspace's is not found either). */
export const sandboxPost = Effect.fn("Sandbox.post")(function* (workspaceId: string, id: string) {
  const db = yield* Database;
  const [row] = yield* db.query(
    (sql) => sql<SandboxPostRow[]>`
      select id, account_id, post_id, content, media, options, published_at from sandbox_posts
      where workspace_id = ${workspaceId} and id = ${id}`,
  );
  return row ? toSandboxPost(row) : null;
});

/** The workspace's sandbox accounts, connected or not (their posts stay on the timeline). */
export const sandboxAccounts = Effect.fn("Sandbox.accounts")(function* (workspaceId: string) {
  return yield* sandboxAccountsOf(workspaceId);
});
