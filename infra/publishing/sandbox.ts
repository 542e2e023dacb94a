import { randomUUID } from "node:crypto";
import { Effect } from "effect";
import { Database } from "../db/Database";
import type { Published } from "../platforms/publish/types";

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
