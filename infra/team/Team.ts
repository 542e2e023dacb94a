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
import { teamStream } from "./team-stream";

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

      const members = Effect.fn("Team.members")(function* (workspaceId: string) {
        const rows = yield* db.query(
          (sql) => sql<MemberRow[]>`
            select u.id, u.email, u.first_name, u.last_name, 'owner' as role, w.created_at as joined_at,
                   (select max(s.last_used_at) from sessions s where s.user_id = u.id) as last_active, true as all_clients
            from workspaces w join users u on u.id = w.owner_id where w.id = ${workspaceId}
            union all
            select u.id, u.email, u.first_name, u.last_name, m.role, m.joined_at,
                   (select max(s.last_used_at) from sessions s where s.user_id = u.id) as last_active, m.all_clients
            from team_members m join users u on u.id = m.user_id where m.workspace_id = ${workspaceId}
            order by joined_at, id`,
        );
        return rows.map(toMember);
      });

      const selectInvites = (workspaceId: string, id?: string) =>
        db.query(
          (sql) => sql<InviteRow[]>`
            select i.id, i.email, i.role, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email, '') as invited_by, i.created_at, i.expires_at
            from team_invites i left join users u on u.id = i.invited_by
            where i.workspace_id = ${workspaceId} and i.accepted_at is null ${id ? sql`and i.id = ${id}` : sql``}
            order by i.created_at desc, i.id`,
        );

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
        const [row] = yield* db.query(
          (sql) => sql<{ approval_required: boolean }[]>`select approval_required from team_settings where workspace_id = ${workspaceId}`,
        );
        return { approvalRequired: row?.approval_required ?? false } satisfies TeamSettings;
      });

      const links = Effect.fn("Team.links")(function* (workspaceId: string, now: Date) {
        // A post sent back is a draft again; one approved is scheduled or published; a deleted one no longer counts.
        const rows = yield* db.query(
          (sql) => sql<{ id: string; post_ids: string[]; created_at: Date; expires_at: Date; approved: number; sent_back: number; waiting: number }[]>`
            select l.id, l.post_ids, l.created_at, l.expires_at,
                   count(p.id) filter (where p.status not in ('awaiting_approval', 'draft'))::int as approved,
                   count(p.id) filter (where p.status = 'draft')::int as sent_back,
                   count(p.id) filter (where p.status = 'awaiting_approval')::int as waiting
            from approval_links l
            left join posts p on p.id = any(l.post_ids) and p.workspace_id = l.workspace_id and p.deleted_at is null
            where l.workspace_id = ${workspaceId} and l.expires_at > ${new Date(now.getTime() - APPROVAL_LINK_DAYS * 86_400_000)}
            group by l.id order by l.created_at desc`,
        );
        return rows.map((row): ApprovalLink => {
          const posts = { approved: row.approved, sentBack: row.sent_back, waiting: row.waiting };
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
        const [row] = yield* db.query(
          (sql) => sql<{ name: string; logo_url: string | null; color: string }[]>`
            select b.name, b.logo_url, b.color from brands b
            where b.workspace_id = (select coalesce(parent_workspace_id, id) from workspaces where id = ${workspaceId})`,
        );
        return row ? ({ name: row.name, logoUrl: row.logo_url, color: row.color } satisfies Brand) : null;
      });

      return { members, invites, inviteOf, settings, links, openLink, brandOf, invitation };
    }),
  );
}
