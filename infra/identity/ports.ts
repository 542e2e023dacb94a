import { Context, type Effect } from "effect";
import type { Role } from "../../domain/shared";
import type { Sql, SqlError } from "../db/Database";

/**
 * What identity asks of the team, which sits above it (the team imports identity): who is in which
 * workspace's team, with which role. The team module answers it (infra/team/memberships.ts) and the
 * composition root (infra/modules.ts) hands that answer to the identity module. Each runs its
 * statement on the `sql` it is given, so the fast lane of GET /api/auth/user (plain postgres) and
 * the services (Database.query, in the caller's transaction when there is one) ask alike.
 */
export interface TeamMembershipsShape {
  /** The person's role in the workspace's team, or null when they are not in it (its owner is not). */
  readonly roleIn: (sql: Sql, workspaceId: string, userId: string) => Promise<Role | null>;
  /** Every team the person is in (not the workspaces they own), with their role in each. */
  readonly teamsOf: (sql: Sql, userId: string) => Promise<ReadonlyArray<{ readonly workspaceId: string; readonly role: Role }>>;
}

/** The team's answers, as identity's services take them (provided by the identity module from what the composition root gives it). */
export class TeamMemberships extends Context.Service<TeamMemberships, TeamMembershipsShape>()("app/identity/TeamMemberships") {}

/**
 * What identity asks of the inbox (above it) for the switcher: the unread messages waiting in each
 * workspace. The inbox module answers it; without that module every workspace has none.
 */
export class UnreadMessages extends Context.Service<
  UnreadMessages,
  { readonly unreadIn: (workspaceIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyMap<string, number>, SqlError> }
>()("app/identity/UnreadMessages") {}
