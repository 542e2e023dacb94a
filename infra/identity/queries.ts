import { Effect } from "effect";
import type { Tier } from "../../domain/plans";
import { isUuid } from "../../domain/shared";
import { Database } from "../db/Database";

/**
 * What other modules read of the workspaces, the people and their notification preferences, as the
 * identity module answers it: they call these instead of selecting from its tables. Each needs only
 * the database, so a module's own service layer (or job) can use them.
 */

// Read by inbox, reviews, feeds, listening, reports, billing, audit (and accounts: the agency's lock and count)

/** The workspaces the workspace's agency counts for its plan: the agency's own and its clients' (a workspace with no agency: itself). */
export const agencyWorkspaceIds = (workspaceId: string) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ id: string }[]>`
        select id from workspaces
        where coalesce(parent_workspace_id, id) = (select coalesce(parent_workspace_id, id) from workspaces where id = ${workspaceId})`,
    ),
  ).pipe(Effect.map((rows) => rows.map((row) => row.id)));

/**
 * Locks the row of the workspace's agency (itself when it has none) until the transaction ends: what
 * a change counted against the agency's plan holds so that two at once cannot both pass the limit.
 */
export const lockAgency = (workspaceId: string) =>
  Database.use((db) =>
    db.query(
      (sql) => sql`select id from workspaces where id = (select coalesce(parent_workspace_id, id) from workspaces where id = ${workspaceId}) for update`,
    ),
  ).pipe(Effect.asVoid);

/** The workspace's own plan, or null for an unknown workspace. */
export const planOf = (workspaceId: string) =>
  Database.use((db) => db.query((sql) => sql<{ subscription_tier: Tier }[]>`select subscription_tier from workspaces where id = ${workspaceId}`)).pipe(
    Effect.map(([row]) => row?.subscription_tier ?? null),
  );

/** A workspace as a job that works for many of them needs it. */
export interface WorkspaceOnPlan {
  readonly id: string;
  readonly name: string;
  readonly ownerId: string;
}

/** The workspaces whose own plan is one of `tiers` (what a job reads for a feature of the plan). */
export const workspacesOnPlans = (tiers: ReadonlyArray<Tier>) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ id: string; name: string; owner_id: string }[]>`
        select id, name, owner_id from workspaces where subscription_tier = any(${tiers as string[]})`,
    ),
  ).pipe(Effect.map((rows) => rows.map((row): WorkspaceOnPlan => ({ id: row.id, name: row.name, ownerId: row.owner_id }))));

/** The workspaces whose agency's plan (their own when they have no agency) is one of `tiers`. */
export const workspacesOfAgenciesOnPlans = (tiers: ReadonlyArray<Tier>) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ id: string; name: string; owner_id: string }[]>`
        select w.id, w.name, w.owner_id from workspaces w join workspaces s on s.id = coalesce(w.parent_workspace_id, w.id)
        where s.subscription_tier = any(${tiers as string[]})`,
    ),
  ).pipe(Effect.map((rows) => rows.map((row): WorkspaceOnPlan => ({ id: row.id, name: row.name, ownerId: row.owner_id }))));

/** Each workspace's name, by id (unknown ids are left out). */
export const workspaceNamesOf = (ids: ReadonlyArray<string>) =>
  Database.use((db) =>
    db.query((sql) => sql<{ id: string; name: string }[]>`select id, name from workspaces where id = any(${ids.filter(isUuid)}::uuid[])`),
  ).pipe(Effect.map((rows) => new Map(rows.map((row) => [row.id, row.name]))));

/** A client workspace with its agency, as its reports and audit trail need it. */
export interface ClientWorkspace {
  readonly id: string;
  readonly name: string;
  readonly logoUrl: string | null;
  readonly agencyId: string;
  readonly agencyPlan: Tier;
}

/** The client workspaces among `ids` (an agency or a workspace with no agency is left out), by id. */
export const clientWorkspacesOf = (ids: ReadonlyArray<string>) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ id: string; name: string; logo_url: string | null; agency_id: string; agency_tier: Tier }[]>`
        select c.id, c.name, c.logo_url, a.id as agency_id, a.subscription_tier as agency_tier
        from workspaces c join workspaces a on a.id = c.parent_workspace_id
        where c.id = any(${ids.filter(isUuid)}::uuid[])`,
    ),
  ).pipe(
    Effect.map(
      (rows) =>
        new Map(
          rows.map((row): [string, ClientWorkspace] => [
            row.id,
            { id: row.id, name: row.name, logoUrl: row.logo_url, agencyId: row.agency_id, agencyPlan: row.agency_tier },
          ]),
        ),
    ),
  );

/** A client of the agency, or null (another agency's, the agency itself, not an id). */
export const clientOfAgency = (agencyId: string, clientId: string) =>
  Effect.map(clientWorkspacesOf([clientId]), (clients) => {
    const client = clients.get(clientId);
    return client?.agencyId === agencyId ? client : null;
  });

/** The ids of the agency's client workspaces. */
export const clientIdsOf = (agencyId: string) =>
  Database.use((db) => db.query((sql) => sql<{ id: string }[]>`select id from workspaces where parent_workspace_id = ${agencyId}`)).pipe(
    Effect.map((rows) => rows.map((row) => row.id)),
  );

/** How a person is named on a line of history. */
export interface PersonName {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
}

/** How a line of history names a person: their name, else their e-mail; someone removed since is "A former member". */
export const historyNameOf = (person: PersonName | undefined) => (person ? `${person.firstName} ${person.lastName}`.trim() || person.email : "") || "A former member";

/** Each person's name and e-mail, by id (a removed person, or an id that is not one, is left out). */
export const peopleNamesOf = (ids: ReadonlyArray<string>) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ id: string; first_name: string; last_name: string; email: string }[]>`
        select id, first_name, last_name, email from users where id = any(${[...new Set(ids.filter(isUuid))]}::uuid[])`,
    ),
  ).pipe(Effect.map((rows) => new Map(rows.map((row): [string, PersonName] => [row.id, { firstName: row.first_name, lastName: row.last_name, email: row.email }]))));

/** The workspace's owner and which e-mail alerts they want (defaults when they never chose), or null for an unknown workspace. */
export const ownerAlertsOf = (workspaceId: string) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ email: string; first_name: string; failure_alerts: boolean; review_alerts: boolean; sandbox_review_alerts: boolean }[]>`
        select u.email, u.first_name, coalesce(n.failure_alerts, true) as failure_alerts, coalesce(n.review_alerts, true) as review_alerts,
               coalesce(n.sandbox_review_alerts, false) as sandbox_review_alerts
        from workspaces w join users u on u.id = w.owner_id left join notification_preferences n on n.user_id = u.id
        where w.id = ${workspaceId}`,
    ),
  ).pipe(
    Effect.map(([row]) =>
      row
        ? {
            email: row.email,
            firstName: row.first_name,
            failureAlerts: row.failure_alerts,
            reviewAlerts: row.review_alerts,
            sandboxReviewAlerts: row.sandbox_review_alerts,
          }
        : null,
    ),
  );
