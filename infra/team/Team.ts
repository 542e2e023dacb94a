import { Context, Effect, Layer } from "effect";
import { type Permission, ROLE_PERMISSIONS } from "../../domain/access";
import {
  APPROVAL_LINK_DAYS,
  approvalLinkByToken,
  approvalLinkOutcome,
  type ApprovalLinkOutcome,
  type ApprovalLinkPosts,
  type InvitableRole,
  invitationByToken,
} from "../../domain/team";
import { type Conflict, NotFound, type Role } from "../../domain/shared";
import { hashToken } from "../auth/tokens";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { lastActiveOf, peopleOf, workspaceOf as workspaceOfId } from "../identity/queries";
import { postStatusesOf } from "../publishing/queries";
import { approvalRequiredIn, brandOf as brandOfWorkspace } from "./queries";
import { personName, teamStream } from "./team-stream";

/** A person of the workspace as Team Management lists them (spec engagement §3 "Team member"). */
export interface TeamMember {
  readonly id: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly role: Role;
  /** Inactive: not seen for INACTIVE_AFTER_DAYS days, or never since they joined. */
  readonly status: "active" | "inactive";
  readonly joinedAt: string;
  /** When they last used the app (their latest session), or null. */
  readonly lastActive: string | null;
  readonly permissions: ReadonlyArray<Permission>;
  /** In an agency: they see every client, those added later too (the owner does always). */
  readonly allClients: boolean;
}

/** An invitation not yet used (spec engagement §3 "Invite"); an expired one says so until it is resent or withdrawn. */
export interface TeamInvite {
  readonly id: string;
  readonly email: string;
  readonly role: InvitableRole;
  readonly status: "pending" | "expired";
  /** The name of who sent it. */
  readonly invitedBy: string;
  readonly createdAt: string;
  readonly expiresAt: string;
}

/** What the invitation page shows before someone joins. */
export interface Invitation {
  readonly workspaceId: string;
  readonly workspaceName: string;
  readonly invitedBy: string;
  readonly email: string;
  readonly role: InvitableRole;
  readonly expiresAt: string;
  /** The workspace's plan, which the joining person's account records as chosen. */
  readonly selectedPlan: string;
}

/** A client's approval link as the team sees it (the URL only when it is created: the token is not kept). */
export interface ApprovalLink {
  readonly id: string;
  readonly postIds: ReadonlyArray<string>;
  readonly createdAt: string;
  readonly expiresAt: string;
  /** What became of it (an expired link stays listed for as long again as it was open). */
  readonly outcome: ApprovalLinkOutcome;
  /** Its posts by state: approved (or published since), sent back for changes, still waiting. */
  readonly posts: ApprovalLinkPosts;
  readonly url?: string;
}

/** What a client's approval page knows of its link. */
export interface OpenedApprovalLink {
  readonly linkId: string;
  readonly workspaceId: string;
  readonly workspaceName: string;
  readonly postIds: ReadonlyArray<string>;
  readonly expiresAt: string;
}

/** An agency's white label (GET /api/brand). */
export interface Brand {
  readonly name: string;
  readonly logoUrl: string | null;
  readonly color: string;
}

/** The team's settings (GET /api/team-settings). */
export interface TeamSettings {
  /** Members' posts go to the owners and admins for approval before they are scheduled or published. */
  readonly approvalRequired: boolean;
}

interface MemberRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  joined_at: Date;
  last_active: Date | null;
  all_clients: boolean;
}

interface InviteRow {
  id: string;
  email: string;
  role: InvitableRole;
  invited_by: string;
  created_at: Date;
  expires_at: Date;
}

/** Someone not seen for this many days shows as inactive. */
export const INACTIVE_AFTER_DAYS = 30;

const toMember = (row: MemberRow): TeamMember => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  role: row.role,
  status: row.last_active && row.last_active.getTime() > Date.now() - INACTIVE_AFTER_DAYS * 86_400_000 ? "active" : "inactive",
  joinedAt: row.joined_at.toISOString(),
  lastActive: row.last_active?.toISOString() ?? null,
  permissions: ROLE_PERMISSIONS[row.role],
  allClients: row.all_clients,
});

const toInvite =
  (now: Date) =>
  (row: InviteRow): TeamInvite => ({
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.expires_at.getTime() > now.getTime() ? "pending" : "expired",
    invitedBy: row.invited_by,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
  });


/**
 * The workspace's team as it reads (spec engagement §2 Team Management): its members with their
 * roles, the invitations not yet used, its settings, the clients' approval links and the white
 * label. The team's commands are the services of its aggregates: Members (members and invitations),
 * ApprovalSettings, ApprovalLinks, ClientAccess and WhiteLabel.
 */
export class Team extends Context.Service<
  Team,
  {
    readonly members: (workspaceId: string) => Effect.Effect<ReadonlyArray<TeamMember>, SqlError>;
    readonly invites: (workspaceId: string, now: Date) => Effect.Effect<ReadonlyArray<TeamInvite>, SqlError>;
    /** One invitation not yet used, or 404. */
    readonly inviteOf: (workspaceId: string, inviteId: string, now: Date) => Effect.Effect<TeamInvite, NotFound | SqlError>;
    /** The team's settings: whether members' posts need approval. */
    readonly settings: (workspaceId: string) => Effect.Effect<TeamSettings, SqlError>;
    readonly links: (workspaceId: string, now: Date) => Effect.Effect<ReadonlyArray<ApprovalLink>, SqlError>;
    /** The link a client's token opens, or why not (404 unknown or withdrawn, 409 expired). */
    readonly openLink: (token: string, now: Date) => Effect.Effect<OpenedApprovalLink, NotFound | Conflict | SqlError>;
    /** The white label a workspace shows its clients: its own, or its agency's for a client workspace; null for none. */
    readonly brandOf: (workspaceId: string) => Effect.Effect<Brand | null, SqlError>;
    /** The invitation a link opens, or why it no longer does (404 unknown or withdrawn, 409 used or expired). */
    readonly invitation: (token: string, now: Date) => Effect.Effect<Invitation, NotFound | Conflict | SqlError>;
  }
>()("app/Team") {
  static layer = Layer.effect(
    Team,
    Effect.gen(function* () {
      const db = yield* Database;
      const { teamStateOf, workspaceOf, workspaceOfToken } = teamStream(db, yield* EventStore);
      // The other modules' query functions read through the team's database.
      const read = <A, E>(effect: Effect.Effect<A, E, Database>) => Effect.provideService(effect, Database, db);

      const members = Effect.fn("Team.members")(function* (workspaceId: string) {
        const workspace = yield* read(workspaceOfId(workspaceId));
        const rows = yield* db.query(
          (sql) => sql<{ user_id: string; role: Role; joined_at: Date; all_clients: boolean }[]>`
            select user_id, role, joined_at, all_clients from team_members where workspace_id = ${workspaceId}`,
        );
        const owner = workspace ? [{ user_id: workspace.ownerId, role: "owner" as Role, joined_at: workspace.createdAt, all_clients: true }] : [];
        const everyone = [...owner, ...rows];
        const ids = everyone.map((row) => row.user_id);
        const [people, lastActive] = yield* read(Effect.all([peopleOf(ids), lastActiveOf(ids)]));
        const byId = new Map(people.map((person) => [person.id, person]));
        return everyone
          .flatMap((row): MemberRow[] => {
            const person = byId.get(row.user_id);
            return person
              ? [{ ...row, id: person.id, email: person.email, first_name: person.firstName, last_name: person.lastName, last_active: lastActive.get(person.id) ?? null }]
              : [];
          })
          .sort((a, b) => a.joined_at.getTime() - b.joined_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
          .map(toMember);
      });

      const selectInvites = (workspaceId: string, id?: string) =>
        Effect.gen(function* () {
          const rows = yield* db.query(
            (sql) => sql<(Omit<InviteRow, "invited_by"> & { invited_by: string })[]>`
              select i.id, i.email, i.role, i.invited_by, i.created_at, i.expires_at from team_invites i
              where i.workspace_id = ${workspaceId} and i.accepted_at is null ${id ? sql`and i.id = ${id}` : sql``}
              order by i.created_at desc, i.id`,
          );
          const inviters = new Map((yield* read(peopleOf([...new Set(rows.map((row) => row.invited_by))]))).map((person) => [person.id, person]));
          return rows.map((row): InviteRow => {
            const inviter = inviters.get(row.invited_by);
            return { ...row, invited_by: inviter ? personName(inviter.firstName, inviter.lastName, inviter.email) : "" };
          });
        });

      const invites = Effect.fn("Team.invites")(function* (workspaceId: string, now: Date) {
        return (yield* selectInvites(workspaceId)).map(toInvite(now));
      });

      const inviteOf = (workspaceId: string, id: string, now: Date) =>
        Effect.flatMap(selectInvites(workspaceId, id), ([row]) =>
          row ? Effect.succeed(toInvite(now)(row)) : Effect.fail(new NotFound({ what: "invitation" })),
        );

      const invitation = Effect.fn("Team.invitation")(function* (token: string, now: Date) {
        const workspaceId = yield* workspaceOfToken(token);
        const [inviteId, invite] = yield* invitationByToken(yield* teamStateOf(workspaceId), hashToken(token), now);
        const workspace = yield* workspaceOf(workspaceId);
        const [row] = yield* selectInvites(workspaceId, inviteId);
        return {
          workspaceId,
          workspaceName: workspace.name,
          invitedBy: row?.invited_by || "Someone",
          email: invite.email,
          role: invite.role,
          expiresAt: new Date(invite.expiresAt).toISOString(),
          selectedPlan: workspace.plan,
        } satisfies Invitation;
      });

      const settings = Effect.fn("Team.settings")(function* (workspaceId: string) {
        return { approvalRequired: yield* approvalRequiredIn(workspaceId).pipe(Effect.provideService(Database, db)) } satisfies TeamSettings;
      });

      const links = Effect.fn("Team.links")(function* (workspaceId: string, now: Date) {
        const rows = yield* db.query(
          (sql) => sql<{ id: string; post_ids: string[]; created_at: Date; expires_at: Date }[]>`
            select id, post_ids, created_at, expires_at from approval_links
            where workspace_id = ${workspaceId} and expires_at > ${new Date(now.getTime() - APPROVAL_LINK_DAYS * 86_400_000)}
            order by created_at desc`,
        );
        const statuses = yield* read(postStatusesOf(workspaceId, [...new Set(rows.flatMap((row) => row.post_ids))]));
        return rows.map((row): ApprovalLink => {
          // A post sent back is a draft again; one approved is scheduled or published; a deleted one no longer counts.
          const of = row.post_ids.flatMap((id) => statuses.get(id) ?? []);
          const posts = {
            approved: of.filter((status) => status !== "awaiting_approval" && status !== "draft").length,
            sentBack: of.filter((status) => status === "draft").length,
            waiting: of.filter((status) => status === "awaiting_approval").length,
          };
          return {
            id: row.id,
            postIds: row.post_ids,
            createdAt: row.created_at.toISOString(),
            expiresAt: row.expires_at.toISOString(),
            outcome: approvalLinkOutcome(posts, row.expires_at <= now),
            posts,
          };
        });
      });

      const openLink = Effect.fn("Team.openLink")(function* (token: string, now: Date) {
        const [row] = yield* db.query((sql) => sql<{ workspace_id: string }[]>`select workspace_id from approval_links where token_hash = ${hashToken(token)}`);
        if (!row) return yield* new NotFound({ what: "approval link" });
        const link = yield* approvalLinkByToken(yield* teamStateOf(row.workspace_id), hashToken(token), now);
        const workspace = yield* workspaceOf(row.workspace_id);
        return {
          linkId: link.linkId,
          workspaceId: row.workspace_id,
          workspaceName: workspace.name,
          postIds: link.postIds,
          expiresAt: link.expiresAt.toISOString(),
        } satisfies OpenedApprovalLink;
      });

      const brandOf = Effect.fn("Team.brandOf")(function* (workspaceId: string) {
        return yield* read(brandOfWorkspace(workspaceId));
      });

      return { members, invites, inviteOf, settings, links, openLink, brandOf, invitation };
    }),
  );
}
