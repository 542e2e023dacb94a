import { Effect } from "effect";
import type { PlanId, Tier } from "../../domain/plans";
import { isUuid } from "../../domain/shared";
import { Database } from "../db/Database";

/**
 * What other modules read of the workspaces and the people who sign in, as the identity module
 * answers it: they call these instead of selecting from its tables. Each needs only the database,
 * so a module's own service layer, a reaction or a job can use them.
 */

/** A workspace as other modules know it: its name, owner, agency (for a client workspace) and plan. */
export interface WorkspaceFacts {
  readonly id: string;
  readonly name: string;
  readonly ownerId: string;
  /** The agency whose client it is, or null for an agency's (or anyone's) own workspace. */
  readonly parentWorkspaceId: string | null;
  /** Its own plan (a client workspace works on its agency's: see `subscriberOf`). */
  readonly tier: Tier;
  readonly logoUrl: string | null;
  readonly createdAt: Date;
}

interface WorkspaceRow {
  id: string;
  name: string;
  owner_id: string;
  parent_workspace_id: string | null;
  subscription_tier: Tier;
  logo_url: string | null;
  created_at: Date;
}

const toWorkspace = (row: WorkspaceRow): WorkspaceFacts => ({
  id: row.id,
  name: row.name,
  ownerId: row.owner_id,
  parentWorkspaceId: row.parent_workspace_id,
  tier: row.subscription_tier,
  logoUrl: row.logo_url,
  createdAt: row.created_at,
});

/** The workspaces of these ids (unknown ones left out), in no order. */
export const workspacesOf = (ids: ReadonlyArray<string>) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<WorkspaceRow[]>`
        select id, name, owner_id, parent_workspace_id, subscription_tier, logo_url, created_at
        from workspaces where id = any(${ids.filter(isUuid)}::uuid[])`,
    ),
  ).pipe(Effect.map((rows) => rows.map(toWorkspace)));

/** One workspace, or null for an unknown id. */
export const workspaceOf = (workspaceId: string) => Effect.map(workspacesOf([workspaceId]), ([workspace]) => workspace ?? null);

/** An agency's client workspaces, by name. */
export const clientWorkspacesOf = (agencyId: string) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<WorkspaceRow[]>`
        select id, name, owner_id, parent_workspace_id, subscription_tier, logo_url, created_at
        from workspaces where parent_workspace_id = ${agencyId} order by name, id`,
    ),
  ).pipe(Effect.map((rows) => rows.map(toWorkspace)));

/** A workspace with what commands and mails say of its owner (e-mail, chosen plan, time zone), or null. */
export const workspaceWithOwner = (workspaceId: string) =>
  isUuid(workspaceId)
    ? Database.use((db) =>
        db.query(
          (sql) => sql<(WorkspaceRow & { owner_email: string; owner_plan: PlanId; owner_time_zone: string })[]>`
            select w.id, w.name, w.owner_id, w.parent_workspace_id, w.subscription_tier, w.logo_url, w.created_at,
                   u.email as owner_email, u.selected_plan as owner_plan, u.time_zone as owner_time_zone
            from workspaces w join users u on u.id = w.owner_id where w.id = ${workspaceId}`,
        ),
      ).pipe(
        Effect.map(([row]) =>
          row ? { ...toWorkspace(row), ownerEmail: row.owner_email, ownerPlan: row.owner_plan, ownerTimeZone: row.owner_time_zone } : null,
        ),
      )
    : Effect.succeed(null);

/** The workspace whose subscription a workspace works on (its agency's for a client, else its own), with that plan; null for an unknown id. */
export const subscriberOf = (workspaceId: string) =>
  isUuid(workspaceId)
    ? Database.use((db) =>
        db.query(
          (sql) => sql<{ id: string; tier: Tier }[]>`
            select s.id, s.subscription_tier as tier
            from workspaces w join workspaces s on s.id = coalesce(w.parent_workspace_id, w.id) where w.id = ${workspaceId}`,
        ),
      ).pipe(Effect.map(([row]) => row ?? null))
    : Effect.succeed(null);

/** A person as other modules show them. */
export interface Person {
  readonly id: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly timeZone: string;
}

/** The people of these ids (unknown ones, and removed people, left out), in no order. */
export const peopleOf = (ids: ReadonlyArray<string>) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ id: string; email: string; first_name: string; last_name: string; time_zone: string }[]>`
        select id, email, first_name, last_name, time_zone from users where id = any(${ids.filter(isUuid)}::uuid[])`,
    ),
  ).pipe(
    Effect.map((rows) =>
      rows.map((row): Person => ({ id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, timeZone: row.time_zone })),
    ),
  );

/** The people of these ids, by id (what a page of history names its actors with). */
export const peopleByIdOf = (ids: ReadonlyArray<string>) =>
  Effect.map(peopleOf([...new Set(ids)]), (people) => new Map(people.map((person) => [person.id, person])));

/** When each of these people last used the app (their latest session), by id; absent for none. */
export const lastActiveOf = (ids: ReadonlyArray<string>) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ user_id: string; last_active: Date }[]>`
        select user_id, max(last_used_at) as last_active from sessions where user_id = any(${ids.filter(isUuid)}::uuid[]) group by user_id`,
    ),
  ).pipe(Effect.map((rows) => new Map(rows.map((row) => [row.user_id, row.last_active]))));
/**
 * Locks the workspace's row until the transaction ends (`for update`): what serialises a workspace's
 * plan-limit counts and time slot picks. Call it inside a transaction.
 */
export const lockWorkspace = (workspaceId: string) =>
  Database.use((db) => db.query((sql) => sql`select id from workspaces where id = ${workspaceId} for update`)).pipe(Effect.asVoid);

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

/** A workspace as a job that works for many of them needs it. */
export interface WorkspaceOnPlan {
  readonly id: string;
  readonly name: string;
  readonly ownerId: string;
}

/**
 * The workspaces whose agency's plan (their own when they have no agency) is one of `tiers`: what a
 * job reads for a feature of the plan (an agency's clients work on its plan, not on one of their own).
 */
export const workspacesOfAgenciesOnPlans = (tiers: ReadonlyArray<Tier>) =>
  Database.use((db) =>
    db.query(
      (sql) => sql<{ id: string; name: string; owner_id: string }[]>`
        select w.id, w.name, w.owner_id from workspaces w join workspaces s on s.id = coalesce(w.parent_workspace_id, w.id)
        where s.subscription_tier = any(${tiers as string[]})`,
    ),
  ).pipe(Effect.map((rows) => rows.map((row): WorkspaceOnPlan => ({ id: row.id, name: row.name, ownerId: row.owner_id }))));

/** A client workspace with its agency, as its reports and audit trail need it. */
export interface ClientWorkspace {
  readonly id: string;
  readonly name: string;
  readonly logoUrl: string | null;
  readonly agencyId: string;
  readonly agencyPlan: Tier;
}

/** The client workspaces among `ids` with their agency (an agency or a workspace with no agency is left out), by id. */
export const clientsWithAgencyOf = (ids: ReadonlyArray<string>) =>
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
  Effect.map(clientsWithAgencyOf([clientId]), (clients) => {
    const client = clients.get(clientId);
    return client?.agencyId === agencyId ? client : null;
  });

/** How a line of history names a person: their name, else their e-mail; someone removed since is "A former member". */
export const historyNameOf = (person: Pick<Person, "firstName" | "lastName" | "email"> | undefined) => (person ? `${person.firstName} ${person.lastName}`.trim() || person.email : "") || "A former member";

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

/** Whether this server has an operator (`npm run admin:grant`): someone who answers its support chat. */
export const operatorsExist = () =>
  Database.use((db) => db.query((sql) => sql<{ found: boolean }[]>`select exists(select 1 from users where is_operator) as found`)).pipe(
    Effect.map(([row]) => row?.found === true),
  );
