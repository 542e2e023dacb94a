import { randomUUID } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import { type Permission, ROLE_PERMISSIONS } from "../../domain/access";
import { limitsOf } from "../../domain/plans";
import {
  acceptInvite,
  addMember,
  changeRole,
  type InvitableRole,
  INVITE_TTL_MS,
  invitationByToken,
  inviteMember,
  removeMember,
  resendInvite,
  revokeInvite,
  ROLE_LABELS,
  teamDecider,
  type TeamEvent,
  type TeamState,
  APPROVAL_LINK_DAYS,
  approvalLinkOutcome,
  type ApprovalLinkOutcome,
  type ApprovalLinkPosts,
  approvalLinkByToken,
  createApprovalLink,
  revokeApprovalLink,
  setApprovalRequirement,
  setAllClientsAccess,
  setBrand,
  TEAM_MESSAGES,
  teamStreamId,
  transferOwnership,
} from "../../domain/team";
import {
  actorIdOf,
  foldEvents,
  type Caller,
  type CommandContext,
  type ConcurrencyConflict,
  Conflict,
  type Forbidden,
  InvalidInput,
  isUuid,
  NotFound,
  type PlanLimitReached,
  type Role,
} from "../../domain/shared";
import { generateToken, hashToken } from "../auth/tokens";
import { config } from "../config";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";
import { brandedHtml, PRODUCT_BRAND } from "../mail/branded";
import { Mailer } from "../mail/Mailer";

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

type TeamError = SqlError | ConcurrencyConflict;

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

const personName = (first: string, last: string, email: string) => `${first} ${last}`.trim() || email;

/**
 * The workspace's team (spec engagement §2 Team Management): its members with their roles, and the
 * invitations e-mailed with a link to `/invite/{token}` that is good once, for 7 days.
 */
export class Team extends Context.Service<
  Team,
  {
    readonly members: (workspaceId: string) => Effect.Effect<ReadonlyArray<TeamMember>, SqlError>;
    readonly invites: (workspaceId: string, now: Date) => Effect.Effect<ReadonlyArray<TeamInvite>, SqlError>;
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
    /** The team's settings: whether members' posts need approval. */
    readonly settings: (workspaceId: string) => Effect.Effect<TeamSettings, SqlError>;
    readonly setApprovalRequired: (caller: Caller, required: boolean) => Effect.Effect<TeamSettings, TeamError>;
    /** A link for a client to approve posts awaiting approval, for 14 days (POST /api/approval-links). */
    readonly createLink: (caller: Caller, postIds: ReadonlyArray<string>, sendTo?: string) => Effect.Effect<ApprovalLink, InvalidInput | Conflict | TeamError>;
    readonly links: (workspaceId: string, now: Date) => Effect.Effect<ReadonlyArray<ApprovalLink>, SqlError>;
    readonly revokeLink: (caller: Caller, linkId: string) => Effect.Effect<void, NotFound | TeamError>;
    /** The link a client's token opens, or why not (404 unknown or withdrawn, 409 expired). */
    readonly openLink: (token: string, now: Date) => Effect.Effect<OpenedApprovalLink, NotFound | Conflict | SqlError>;
    /** Gives one of the agency's people access to a client workspace of the agency, with their agency role. */
    readonly grantClientAccess: (caller: Caller, clientId: string, userId: string) => Effect.Effect<void, InvalidInput | NotFound | TeamError>;
    readonly revokeClientAccess: (caller: Caller, clientId: string, userId: string) => Effect.Effect<void, Forbidden | Conflict | NotFound | TeamError>;
    /** One of the agency's people sees every client (given access to each now, and to each new one), or only chosen ones from now on. */
    readonly setAllClientsAccess: (caller: Caller, userId: string, allClients: boolean) => Effect.Effect<void, Forbidden | NotFound | InvalidInput | TeamError>;
    /** Gives the agency's people who see every client access to its new client (in the caller's transaction). */
    readonly welcomeClient: (caller: Caller, clientId: string) => Effect.Effect<void, InvalidInput | NotFound | TeamError>;
    /** The white label a workspace shows its clients: its own, or its agency's for a client workspace; null for none. */
    readonly brandOf: (workspaceId: string) => Effect.Effect<Brand | null, SqlError>;
    /** Sets the agency's white label, from the agency's own workspace. */
    readonly setBrand: (caller: Caller, input: Brand) => Effect.Effect<Brand, InvalidInput | Conflict | TeamError>;
    /** The invitation a link opens, or why it no longer does (404 unknown or withdrawn, 409 used or expired). */
    readonly invitation: (token: string, now: Date) => Effect.Effect<Invitation, NotFound | Conflict | SqlError>;
    /** Records that `userId` joined through the link (in the caller's transaction, with their account's creation). */
    readonly join: (token: string, userId: string, ctx: CommandContext) => Effect.Effect<void, NotFound | Conflict | TeamError>;
  }
>()("app/Team") {
  static layer = Layer.effect(
    Team,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;
      const mailer = yield* Mailer;

      const onTeam = <E>(workspaceId: string, decide: (state: TeamState) => Effect.Effect<ReadonlyArray<TeamEvent>, E>, ctx: CommandContext) =>
        handleCommand(teamStreamId(workspaceId), teamDecider, decide, { ctx, workspaceId }).pipe(Effect.provideService(EventStore, store));

      /** The team as its stream has it, for a decision read outside a command (a link followed). */
      const teamStateOf = (workspaceId: string) =>
        Effect.map(store.readStream(teamStreamId(workspaceId)), ({ events }) => foldEvents(teamDecider, events as ReadonlyArray<TeamEvent>));

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

      const workspaceOf = (workspaceId: string) =>
        db
          .query(
            (sql) => sql<{ name: string; owner_id: string; owner_email: string; plan: string }[]>`
              select w.name, w.owner_id, u.email as owner_email, u.selected_plan as plan
              from workspaces w join users u on u.id = w.owner_id where w.id = ${workspaceId}`,
          )
          .pipe(Effect.flatMap(([row]) => (row ? Effect.succeed(row) : Effect.die(new Error(`workspace ${workspaceId} has no owner`)))));

      const nameOf = (userId: string | null) =>
        userId === null
          ? Effect.succeed("Someone")
          : db
              .query(
                (sql) => sql<{ first_name: string; last_name: string; email: string }[]>`select first_name, last_name, email from users where id = ${userId}`,
              )
              .pipe(Effect.map(([row]) => (row ? personName(row.first_name, row.last_name, row.email) : "Someone")));

      /** The invitation e-mail: who, which workspace, which role, the link and until when it works. */
      const mailInvite = (caller: Caller, to: string, role: InvitableRole, token: string, expiresAt: Date) =>
        Effect.gen(function* () {
          const workspace = yield* workspaceOf(caller.workspaceId);
          const inviter = yield* nameOf(actorIdOf(caller.actor));
          const until = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: caller.timeZone }).format(expiresAt);
          yield* mailer.queue({
            to,
            subject: `${inviter} invited you to ${workspace.name} on SocialDesk`,
            text: [
              "Hello,",
              "",
              `${inviter} invited you to join ${workspace.name} on SocialDesk as ${ROLE_LABELS[role]}.`,
              "",
              `Accept the invitation: ${config().publicUrl}/invite/${token}`,
              "",
              `The link works once, until ${until}. If you weren't expecting this invitation, you can ignore this e-mail.`,
            ].join("\n"),
          });
        });

      const invite = Effect.fn("Team.invite")(function* (caller: Caller, input: { readonly email: string; readonly role: string }) {
        const workspace = yield* workspaceOf(caller.workspaceId);
        const token = generateToken();
        const inviteId = randomUUID();
        const expiresAt = new Date(caller.now.getTime() + INVITE_TTL_MS);
        return yield* db.withTransaction(
          Effect.gen(function* () {
            yield* onTeam(
              caller.workspaceId,
              inviteMember({
                inviteId,
                workspaceId: caller.workspaceId,
                email: input.email,
                role: input.role,
                tokenHash: hashToken(token),
                invitedBy: actorIdOf(caller.actor) ?? workspace.owner_id,
                memberLimit: limitsOf(caller.plan).teamMembers,
                ownerEmail: workspace.owner_email,
                expiresAt,
                now: caller.now,
              }),
              caller,
            );
            const created = yield* inviteOf(caller.workspaceId, inviteId, caller.now).pipe(Effect.orDie);
            yield* mailInvite(caller, created.email, created.role, token, expiresAt);
            return created;
          }),
        );
      });

      const resend = Effect.fn("Team.resend")(function* (caller: Caller, inviteId: string) {
        if (!isUuid(inviteId)) return yield* new NotFound({ what: "invitation" });
        const current = yield* inviteOf(caller.workspaceId, inviteId, caller.now);
        const token = generateToken();
        const expiresAt = new Date(caller.now.getTime() + INVITE_TTL_MS);
        yield* db.withTransaction(
          Effect.gen(function* () {
            yield* onTeam(caller.workspaceId, resendInvite({ inviteId, tokenHash: hashToken(token), expiresAt }), caller);
            yield* mailInvite(caller, current.email, current.role, token, expiresAt);
          }),
        );
        return yield* inviteOf(caller.workspaceId, inviteId, caller.now).pipe(Effect.orDie);
      });

      const revoke = Effect.fn("Team.revoke")(function* (caller: Caller, inviteId: string) {
        if (!isUuid(inviteId)) return yield* new NotFound({ what: "invitation" });
        yield* onTeam(caller.workspaceId, revokeInvite({ inviteId }), caller);
      });

      const memberOf = (workspaceId: string, userId: string) =>
        Effect.flatMap(members(workspaceId), (list) => {
          const found = list.find((m) => m.id === userId);
          return found ? Effect.succeed(found) : Effect.fail(new NotFound({ what: "team member" }));
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
        const clients = yield* db.query(
          (sql) => sql<{ workspace_id: string; owner_id: string }[]>`
            select m.workspace_id, w.owner_id from team_members m join workspaces w on w.id = m.workspace_id
            where m.user_id = ${userId} and w.parent_workspace_id = ${caller.workspaceId}`,
        );
        yield* db.withTransaction(
          Effect.gen(function* () {
            yield* onTeam(caller.workspaceId, removeMember({ userId, actorId: actorIdOf(caller.actor), ownerId }), caller);
            for (const client of clients)
              yield* onTeam(client.workspace_id, removeMember({ userId, actorId: actorIdOf(caller.actor), ownerId: client.owner_id }), caller);
          }),
        );
      });

      /** The workspace whose invitation the token is (withdrawn ones are gone from the table: not found). */
      const workspaceOfToken = (token: string) =>
        db
          .query((sql) => sql<{ workspace_id: string }[]>`select workspace_id from team_invites where token_hash = ${hashToken(token)}`)
          .pipe(Effect.flatMap(([row]) => (row ? Effect.succeed(row.workspace_id) : Effect.fail(new NotFound({ what: "invitation" })))));

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

      const settings = Effect.fn("Team.settings")(function* (workspaceId: string) {
        const [row] = yield* db.query(
          (sql) => sql<{ approval_required: boolean }[]>`select approval_required from team_settings where workspace_id = ${workspaceId}`,
        );
        return { approvalRequired: row?.approval_required ?? false } satisfies TeamSettings;
      });

      const setApprovalRequired = Effect.fn("Team.setApprovalRequired")(function* (caller: Caller, required: boolean) {
        yield* onTeam(caller.workspaceId, setApprovalRequirement({ required }), caller);
        return yield* settings(caller.workspaceId);
      });


      const createLink = Effect.fn("Team.createLink")(function* (caller: Caller, postIds: ReadonlyArray<string>, sendTo?: string) {
        const ids = [...new Set(postIds)].filter(isUuid);
        const [{ awaiting }] = yield* db.query(
          (sql) => sql<{ awaiting: number }[]>`
            select count(*)::int as awaiting from posts
            where workspace_id = ${caller.workspaceId} and id = any(${ids}::uuid[]) and status = 'awaiting_approval' and deleted_at is null`,
        );
        if (ids.length === 0 || awaiting !== ids.length || ids.length !== postIds.length)
          return yield* new InvalidInput({ message: TEAM_MESSAGES.linkPosts, fields: { postIds: TEAM_MESSAGES.linkPosts } });
        const token = generateToken();
        const linkId = randomUUID();
        const expiresAt = new Date(caller.now.getTime() + APPROVAL_LINK_DAYS * 86_400_000);
        const workspace = yield* workspaceOf(caller.workspaceId);
        const url = `${config().publicUrl}/approve/${token}`;
        yield* db.withTransaction(
          Effect.gen(function* () {
            const { events } = yield* onTeam(
              caller.workspaceId,
              createApprovalLink({
                linkId,
                postIds: ids,
                tokenHash: hashToken(token),
                expiresAt,
                createdBy: actorIdOf(caller.actor) ?? workspace.owner_id,
                ...(sendTo === undefined ? {} : { sentTo: sendTo }),
              }),
              caller,
            );
            const sentTo = events[0]?.type === "ApprovalLinkCreated" ? events[0].data.sentTo : undefined;
            if (sentTo) yield* mailLink(caller, workspace.name, sentTo, ids.length, url, expiresAt);
          }),
        );
        const posts = { approved: 0, sentBack: 0, waiting: ids.length };
        return { id: linkId, postIds: ids, createdAt: caller.now.toISOString(), expiresAt: expiresAt.toISOString(), outcome: approvalLinkOutcome(posts, false), posts, url };
      });

      /** The link e-mailed to the client: from the agency's white label where it has one, else from the product. */
      const mailLink = (caller: Caller, workspaceName: string, to: string, posts: number, url: string, expiresAt: Date) =>
        Effect.gen(function* () {
          const brand = (yield* brandOf(caller.workspaceId)) ?? PRODUCT_BRAND;
          const asker = brand === PRODUCT_BRAND ? workspaceName : brand.name;
          const until = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: caller.timeZone }).format(expiresAt);
          const what = `${posts} ${posts === 1 ? "post awaits" : "posts await"} your approval`;
          const paragraphs = [
            "Hello,",
            `${asker} would like your approval before ${posts === 1 ? "this post goes" : "these posts go"} out. Open the link to see ${posts === 1 ? "it" : "them"} as ${posts === 1 ? "it" : "they"} will appear, then approve or ask for changes: no account needed.`,
            `The link works until ${until}.`,
          ];
          yield* mailer.queue({
            to,
            subject: `${asker}: ${what}`,
            text: [...paragraphs.flatMap((p) => [p, ""]), `Review the posts: ${url}`, "", brand.name].join("\n"),
            html: brandedHtml(brand, { title: what.charAt(0).toUpperCase() + what.slice(1), paragraphs, action: { label: "Review the posts", url } }),
            fromName: brand.name,
          });
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

      const revokeLink = Effect.fn("Team.revokeLink")(function* (caller: Caller, linkId: string) {
        if (!isUuid(linkId)) return yield* new NotFound({ what: "approval link" });
        const [row] = yield* db.query(
          (sql) => sql<{ id: string }[]>`select id from approval_links where id = ${linkId} and workspace_id = ${caller.workspaceId}`,
        );
        if (!row) return yield* new NotFound({ what: "approval link" });
        yield* onTeam(caller.workspaceId, revokeApprovalLink({ linkId }), caller);
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

      /** A client workspace of the caller's agency, with its owner. */
      const clientOf = (caller: Caller, clientId: string) =>
        Effect.gen(function* () {
          if (!isUuid(clientId)) return yield* new NotFound({ what: "client" });
          const [row] = yield* db.query(
            (sql) => sql<{ owner_id: string }[]>`select owner_id from workspaces where id = ${clientId} and parent_workspace_id = ${caller.workspaceId}`,
          );
          return row ?? (yield* new NotFound({ what: "client" }));
        });

      const grantClientAccess = Effect.fn("Team.grantClientAccess")(function* (caller: Caller, clientId: string, userId: string) {
        const client = yield* clientOf(caller, clientId);
        const person = isUuid(userId) ? (yield* members(caller.workspaceId)).find((m) => m.id === userId) : undefined;
        if (!person) return yield* new NotFound({ what: "team member" });
        yield* giveAccess(caller, clientId, client.owner_id, person);
      });

      /** The person into the client's team with their agency role (an agency admin who owns nothing there is its admin). */
      const giveAccess = (caller: Caller, clientId: string, ownerId: string, person: TeamMember) =>
        onTeam(
          clientId,
          addMember({ workspaceId: clientId, userId: person.id, email: person.email, role: person.role === "owner" ? "admin" : person.role, ownerId }),
          caller,
        );

      const revokeClientAccess = Effect.fn("Team.revokeClientAccess")(function* (caller: Caller, clientId: string, userId: string) {
        const client = yield* clientOf(caller, clientId);
        if (!isUuid(userId)) return yield* new NotFound({ what: "team member" });
        const person = (yield* members(caller.workspaceId)).find((m) => m.id === userId);
        if (person?.allClients && person.role !== "owner") return yield* new Conflict({ message: TEAM_MESSAGES.seesAllClients });
        yield* onTeam(clientId, removeMember({ userId, actorId: actorIdOf(caller.actor), ownerId: client.owner_id }), caller);
      });

      const setAllClientsAccessOf = Effect.fn("Team.setAllClientsAccess")(function* (caller: Caller, userId: string, allClients: boolean) {
        if (!isUuid(userId)) return yield* new NotFound({ what: "team member" });
        const agency = yield* workspaceOf(caller.workspaceId);
        yield* db.withTransaction(
          Effect.gen(function* () {
            yield* onTeam(caller.workspaceId, setAllClientsAccess({ userId, allClients, actorId: actorIdOf(caller.actor), ownerId: agency.owner_id }), caller);
            if (!allClients) return;
            const person = (yield* members(caller.workspaceId)).find((m) => m.id === userId);
            if (!person) return yield* new NotFound({ what: "team member" });
            const clients = yield* db.query(
              (sql) => sql<{ id: string; owner_id: string }[]>`
              select id, owner_id from workspaces where parent_workspace_id = ${caller.workspaceId}`,
            );
            for (const client of clients) yield* giveAccess(caller, client.id, client.owner_id, person);
          }),
        );
      });

      const welcomeClient = Effect.fn("Team.welcomeClient")(function* (caller: Caller, clientId: string) {
        const client = yield* clientOf(caller, clientId);
        for (const person of yield* members(caller.workspaceId)) {
          if (person.allClients && person.role !== "owner") yield* giveAccess(caller, clientId, client.owner_id, person);
        }
      });

      const brandOf = Effect.fn("Team.brandOf")(function* (workspaceId: string) {
        const [row] = yield* db.query(
          (sql) => sql<{ name: string; logo_url: string | null; color: string }[]>`
            select b.name, b.logo_url, b.color from brands b
            where b.workspace_id = (select coalesce(parent_workspace_id, id) from workspaces where id = ${workspaceId})`,
        );
        return row ? ({ name: row.name, logoUrl: row.logo_url, color: row.color } satisfies Brand) : null;
      });

      const setBrandOf = Effect.fn("Team.setBrand")(function* (caller: Caller, input: Brand) {
        const [workspace] = yield* db.query(
          (sql) => sql<{ parent_workspace_id: string | null }[]>`select parent_workspace_id from workspaces where id = ${caller.workspaceId}`,
        );
        if (workspace?.parent_workspace_id) return yield* new Conflict({ message: "The white label is the agency's: set it from the agency's own workspace." });
        yield* onTeam(caller.workspaceId, setBrand(input), caller);
        return (yield* brandOf(caller.workspaceId)) ?? (yield* Effect.die(new Error("brand not saved")));
      });

      return {
        brandOf,
        setBrand: setBrandOf,
        grantClientAccess,
        revokeClientAccess,
        setAllClientsAccess: setAllClientsAccessOf,
        welcomeClient,
        members,
        invites,
        invite,
        resend,
        revoke,
        changeRole: changeRoleOf,
        remove,
        handOver,
        settings,
        setApprovalRequired,
        createLink,
        links,
        revokeLink,
        openLink,
        invitation,
        join,
      };
    }),
  );
}
