import { Effect } from "effect";
import { Database } from "../db/Database";

/**
 * What other modules read of the workspaces and their people, as the identity module answers it:
 * they call these instead of selecting from its tables. Each needs only the database, so a module's
 * own service layer (or a job, or a reaction) can use them.
 */

// Read by publishing, categories, content-templates, team's approval mails

/** The plan (subscription tier) of each of these workspaces, by id; an unknown id is left out. */
export const plansOf = (workspaceIds: ReadonlyArray<string>) =>
  workspaceIds.length === 0
    ? Effect.succeed(new Map<string, string>())
    : Database.use((db) =>
        db.query(
          (sql) => sql<{ id: string; subscription_tier: string }[]>`
            select id, subscription_tier from workspaces where id = any(${workspaceIds as string[]}::uuid[])`,
        ),
      ).pipe(Effect.map((rows) => new Map(rows.map((row) => [row.id, row.subscription_tier]))));

/**
 * Locks the workspace's row until the transaction ends (`for update`): what serialises a workspace's
 * plan-limit counts and time slot picks. Call it inside a transaction.
 */
export const lockWorkspace = (workspaceId: string) =>
  Database.use((db) => db.query((sql) => sql`select id from workspaces where id = ${workspaceId} for update`)).pipe(Effect.asVoid);

/** The e-mail address of the workspace's owner, or null for an unknown workspace. */
export const workspaceOwnerEmail = (workspaceId: string) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ email: string }[]>`
        select u.email from workspaces w join users u on u.id = w.owner_id where w.id = ${workspaceId}`,
    ),
  ).pipe(Effect.map(([row]) => row?.email ?? null));

/**
 * Each person's name as shown beside what they did ("first last", trimmed: "" when they gave none),
 * by id; with `workspaceId`, only that workspace's people. An unknown id is left out.
 */
export const userNamesOf = (userIds: ReadonlyArray<string>, options: { readonly workspaceId?: string } = {}) =>
  userIds.length === 0
    ? Effect.succeed(new Map<string, string>())
    : Database.use((db) =>
        db.query(
          (sql) => sql<{ id: string; name: string }[]>`
            select id, trim(first_name || ' ' || last_name) as name from users
            where id = any(${userIds as string[]}::uuid[]) ${options.workspaceId ? sql`and workspace_id = ${options.workspaceId}` : sql``}`,
        ),
      ).pipe(Effect.map((rows) => new Map(rows.map((row) => [row.id, row.name]))));

/** Each person's e-mail address, by id; an unknown id is left out. */
export const userEmailsOf = (userIds: ReadonlyArray<string>) =>
  userIds.length === 0
    ? Effect.succeed(new Map<string, string>())
    : Database.use((db) =>
        db.query((sql) => sql<{ id: string; email: string }[]>`select id, email from users where id = any(${userIds as string[]}::uuid[])`),
      ).pipe(Effect.map((rows) => new Map(rows.map((row) => [row.id, row.email]))));
