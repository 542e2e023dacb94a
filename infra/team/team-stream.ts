import { Effect } from "effect";
import { foldEvents, type CommandContext } from "../../domain/shared";
import { type TeamEvent, type TeamState, teamDecider, teamStreamId } from "../../domain/team";
import { hashToken } from "../auth/tokens";
import { NotFound } from "../../domain/shared";
import { Database } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";
import { workspaceWithOwner } from "../identity/queries";

export const personName = (first: string, last: string, email: string) => `${first} ${last}`.trim() || email;

/**
 * The team's one stream per workspace, shared by the services of its aggregates (members and
 * invitations, settings, approval links, client access, white label): a command on it, its state
 * for a link followed, and what a command reads of the workspace (its name and owner).
 */
export const teamStream = (db: Database["Service"], store: EventStore["Service"]) => {
  const onTeam = <E>(workspaceId: string, decide: (state: TeamState) => Effect.Effect<ReadonlyArray<TeamEvent>, E>, ctx: CommandContext) =>
    handleCommand(teamStreamId(workspaceId), teamDecider, decide, { ctx, workspaceId }).pipe(Effect.provideService(EventStore, store));

  /** The team as its stream has it, for a decision read outside a command (a link followed). */
  const teamStateOf = (workspaceId: string) =>
    Effect.map(store.readStream(teamStreamId(workspaceId)), ({ events }) => foldEvents(teamDecider, events as ReadonlyArray<TeamEvent>));

  const workspaceOf = (workspaceId: string) =>
    workspaceWithOwner(workspaceId).pipe(
      Effect.provideService(Database, db),
      Effect.flatMap((workspace) =>
        workspace
          ? Effect.succeed({ name: workspace.name, owner_id: workspace.ownerId, owner_email: workspace.ownerEmail, plan: workspace.ownerPlan })
          : Effect.die(new Error(`workspace ${workspaceId} has no owner`)),
      ),
    );

  /** The workspace whose invitation the token is (withdrawn ones are gone from the table: not found). */
  const workspaceOfToken = (token: string) =>
    db
      .query((sql) => sql<{ workspace_id: string }[]>`select workspace_id from team_invites where token_hash = ${hashToken(token)}`)
      .pipe(Effect.flatMap(([row]) => (row ? Effect.succeed(row.workspace_id) : Effect.fail(new NotFound({ what: "invitation" })))));

  return { onTeam, teamStateOf, workspaceOf, workspaceOfToken };
};
