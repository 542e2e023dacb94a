import { randomUUID } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import { limitsOf } from "../../domain/plans";
import {
  actorIdOf,
  type Caller,
  type CommandContext,
  type ConcurrencyConflict,
  type Conflict,
  type Forbidden,
  type InvalidInput,
  isUuid,
  NotFound,
  type PlanLimitReached,
} from "../../domain/shared";
import {
  acceptInvite,
  changeRole,
  INVITE_TTL_MS,
  inviteMember,
  removeMember,
  resendInvite,
  revokeInvite,
  transferOwnership,
} from "../../domain/team";
import { hashToken } from "../auth/tokens";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { clientWorkspacesOf } from "../identity/queries";
import { Team, type TeamInvite, type TeamMember } from "./Team";
import { invitationToken } from "./link-mails";
import { teamStream } from "./team-stream";

type TeamError = SqlError | ConcurrencyConflict;

/**
 * The team's members and invitations (spec engagement §2): invitations e-mailed with a link to
 * `/invite/{token}` that is good once, for 7 days; roles changed, people removed, the workspace
 * handed over. Reads go through Team.
 */
export class Members extends Context.Service<
  Members,
  {
    readonly invite: (
      caller: Caller,
      input: { readonly email: string; readonly role: string },
    ) => Effect.Effect<TeamInvite, InvalidInput | Conflict | PlanLimitReached | TeamError>;
    readonly resend: (caller: Caller, inviteId: string) => Effect.Effect<TeamInvite, NotFound | TeamError>;
    readonly revoke: (caller: Caller, inviteId: string) => Effect.Effect<void, NotFound | TeamError>;
    readonly changeRole: (caller: Caller, userId: string, role: string) => Effect.Effect<TeamMember, InvalidInput | Forbidden | NotFound | TeamError>;
    readonly remove: (caller: Caller, userId: string) => Effect.Effect<void, Forbidden | NotFound | TeamError>;
    /** The team's side of handing the workspace to a member (see transfer-ownership.ts): they leave the team, the owner joins it as admin. */
    readonly handOver: (caller: Caller, userId: string) => Effect.Effect<void, Forbidden | NotFound | TeamError>;
    /** Records that `userId` joined through the link (in the caller's transaction, with their account's creation). */
    readonly join: (token: string, userId: string, ctx: CommandContext) => Effect.Effect<void, NotFound | Conflict | TeamError>;
  }
>()("app/Members") {
  static layer = Layer.effect(
    Members,
    Effect.gen(function* () {
      const db = yield* Database;
      const team = yield* Team;
      const { onTeam, workspaceOf, workspaceOfToken } = teamStream(db, yield* EventStore);
      const inviteOf = team.inviteOf;

      const memberOf = (workspaceId: string, userId: string) =>
        Effect.flatMap(team.members(workspaceId), (list) => {
          const found = list.find((m) => m.id === userId);
          return found ? Effect.succeed(found) : Effect.fail(new NotFound({ what: "team member" }));
        });

      // The e-mail with the link goes from the event (link-mails.ts), its token derived from the invitation's id.
      const invite = Effect.fn("Team.invite")(function* (caller: Caller, input: { readonly email: string; readonly role: string }) {
        const workspace = yield* workspaceOf(caller.workspaceId);
        const inviteId = randomUUID();
        const expiresAt = new Date(caller.now.getTime() + INVITE_TTL_MS);
        yield* onTeam(
          caller.workspaceId,
          inviteMember({
            inviteId,
            workspaceId: caller.workspaceId,
            email: input.email,
            role: input.role,
            tokenHash: hashToken(invitationToken({ inviteId })),
            invitedBy: actorIdOf(caller.actor) ?? workspace.owner_id,
            memberLimit: limitsOf(caller.plan).teamMembers,
            ownerEmail: workspace.owner_email,
            expiresAt,
            now: caller.now,
          }),
          caller,
        );
        return yield* inviteOf(caller.workspaceId, inviteId, caller.now).pipe(Effect.orDie);
      });

      const resend = Effect.fn("Team.resend")(function* (caller: Caller, inviteId: string) {
        if (!isUuid(inviteId)) return yield* new NotFound({ what: "invitation" });
        yield* inviteOf(caller.workspaceId, inviteId, caller.now);
        // A new link: its own id, so its token is a new one and the old link stops working.
        const resendId = randomUUID();
        const expiresAt = new Date(caller.now.getTime() + INVITE_TTL_MS);
        yield* onTeam(caller.workspaceId, resendInvite({ inviteId, resendId, tokenHash: hashToken(invitationToken({ inviteId, resendId })), expiresAt }), caller);
        return yield* inviteOf(caller.workspaceId, inviteId, caller.now).pipe(Effect.orDie);
      });

      const revoke = Effect.fn("Team.revoke")(function* (caller: Caller, inviteId: string) {
        if (!isUuid(inviteId)) return yield* new NotFound({ what: "invitation" });
        yield* onTeam(caller.workspaceId, revokeInvite({ inviteId }), caller);
      });

      const changeRoleOf = Effect.fn("Team.changeRole")(function* (caller: Caller, userId: string, role: string) {
        if (!isUuid(userId)) return yield* new NotFound({ what: "team member" });
        const { owner_id: ownerId } = yield* workspaceOf(caller.workspaceId);
        yield* onTeam(caller.workspaceId, changeRole({ userId, role, actorId: actorIdOf(caller.actor), ownerId }), caller);
        return yield* memberOf(caller.workspaceId, userId).pipe(Effect.orDie);
      });

      const remove = Effect.fn("Team.remove")(function* (caller: Caller, userId: string) {
        if (!isUuid(userId)) return yield* new NotFound({ what: "team member" });
        const { owner_id: ownerId } = yield* workspaceOf(caller.workspaceId);
        // Out of an agency's team is out of its clients' too, in the same transaction.
        const agencyClients = yield* clientWorkspacesOf(caller.workspaceId).pipe(Effect.provideService(Database, db));
        const theirs = yield* db.query(
          (sql) => sql<{ workspace_id: string }[]>`
            select workspace_id from team_members where user_id = ${userId} and workspace_id = any(${agencyClients.map((c) => c.id)}::uuid[])`,
        );
        const clients = agencyClients.filter((c) => theirs.some((m) => m.workspace_id === c.id)).map((c) => ({ workspace_id: c.id, owner_id: c.ownerId }));
        yield* db.withTransaction(
          Effect.gen(function* () {
            yield* onTeam(caller.workspaceId, removeMember({ userId, actorId: actorIdOf(caller.actor), ownerId }), caller);
            for (const client of clients)
              yield* onTeam(client.workspace_id, removeMember({ userId, actorId: actorIdOf(caller.actor), ownerId: client.owner_id }), caller);
          }),
        );
      });

      const join = Effect.fn("Team.join")(function* (token: string, userId: string, ctx: CommandContext) {
        const workspaceId = yield* workspaceOfToken(token);
        yield* onTeam(workspaceId, acceptInvite({ workspaceId, tokenHash: hashToken(token), userId, now: ctx.now }), ctx);
      });

      const handOver = Effect.fn("Team.handOver")(function* (caller: Caller, userId: string) {
        if (!isUuid(userId)) return yield* new NotFound({ what: "team member" });
        const workspace = yield* workspaceOf(caller.workspaceId);
        yield* onTeam(
          caller.workspaceId,
          transferOwnership({ userId, actorId: actorIdOf(caller.actor), ownerId: workspace.owner_id, ownerEmail: workspace.owner_email }),
          caller,
        );
      });

      return { invite, resend, revoke, changeRole: changeRoleOf, remove, handOver, join };
    }),
  );
}
