import type { Role } from "../../domain/shared";
import { Layer } from "effect";
import { TeamMemberships, type TeamMembershipsShape } from "../identity/ports";

/** The team's answers to what identity asks of it (infra/identity/ports.ts). */
const teamMemberships: TeamMembershipsShape = {
  roleIn: async (sql, workspaceId, userId) =>
    (await sql<{ role: Role }[]>`select role from team_members where workspace_id = ${workspaceId} and user_id = ${userId}`)[0]?.role ?? null,
  teamsOf: async (sql, userId) =>
    (await sql<{ workspace_id: string; role: Role }[]>`select workspace_id, role from team_members where user_id = ${userId}`).map((row) => ({
      workspaceId: row.workspace_id,
      role: row.role,
    })),
};

/** Its port, as the team module offers it (`ports`). */
export const teamMembershipsLayer = Layer.succeed(TeamMemberships, teamMemberships);
