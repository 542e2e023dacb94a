import { type FormEvent, type ReactNode, useState } from "react";
import { emailProblem, INVITABLE_ROLES, INVITE_DAYS, type InvitableRole, ROLE_LABELS } from "../../../domain/team/rules";
import type { ApprovalLink, TeamInvite, TeamMember } from "../../../infra/team/Team";
import { Dialog } from "../../components/ui/Dialog";
import { DisabledReason, describedBy } from "../../components/ui/DisabledReason";
import { useHydrated } from "../../components/ui/use-hydrated";
import { toast } from "../../islands/toast/toast-store";
import { api } from "../../lib/api/client";
import { apiErrorMessage, apiRefusal } from "../../lib/api-client";
import { formatDay, localDate } from "../../lib/dates";
import { relativeTime } from "../dashboard/dashboard-data";
import "./team.css";

interface Props {
  readonly initialMembers: ReadonlyArray<TeamMember>;
  readonly initialInvites: ReadonlyArray<TeamInvite>;
  /** Who looks: they never change their own role or remove themselves. */
  readonly userId: string;
  /** May invite, change roles and remove (owners and admins). */
  readonly canManage: boolean;
  /** The owner, who alone may hand the workspace to a member. */
  readonly isOwner: boolean;
  /** Members' posts need approval (the team's setting). */
  readonly initialApproval: boolean;
  /** Clients' approval links still open (for those who may approve). */
  readonly initialLinks: ReadonlyArray<ApprovalLink> | null;
  readonly timeZone: string;
}

const ROLE_HELP: Readonly<Record<keyof typeof ROLE_LABELS, string>> = {
  owner: "Everything, billing included. Adds and removes people. Can't be changed or removed.",
  admin: "Posts, connected accounts, analytics; invites and manages members and clients. No billing.",
  member: "Creates and schedules posts, sees analytics. Can't invite, connect accounts, or change settings or billing.",
  viewer: "Sees posts, the calendar and analytics. Changes nothing.",
};

const dateOf = (iso: string, timeZone: string) => formatDay(localDate(new Date(iso), timeZone), { month: "short", day: "numeric", year: "numeric" });

const nameOf = (member: TeamMember) => `${member.firstName} ${member.lastName}`.trim() || member.email;
const initialsOf = (member: TeamMember) => ((member.firstName[0] ?? "") + (member.lastName[0] ?? "")).toUpperCase() || member.email.slice(0, 2).toUpperCase();

/**
 * Team Management (spec engagement §2): the members with their roles, the open invitations, what
 * each role may do, and the invite dialog. Owners and admins change roles, remove people, resend
 * or withdraw invitations; others see the same lists without those controls.
 */
export default function TeamManagement({ initialMembers, initialInvites, userId, canManage, isOwner, initialApproval, initialLinks, timeZone }: Props) {
  const hydrated = useHydrated();
  const [members, setMembers] = useState(initialMembers);
  const [invites, setInvites] = useState(initialInvites);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [handingOver, setHandingOver] = useState<TeamMember | null>(null);
  const [withdrawing, setWithdrawing] = useState<TeamInvite | null>(null);
  const [approval, setApproval] = useState(initialApproval);

  const changeApproval = async (required: boolean) => {
    setBusy("approval");
    setApproval(required);
    try {
      const saved = await api.put("/api/team-settings", { payload: { approvalRequired: required } });
      setApproval(saved.approvalRequired);
      toast({
        title: "Settings Saved",
        description: saved.approvalRequired ? "Members' posts now wait for an owner's or admin's approval." : "Members' posts no longer need approval.",
      });
    } catch (error) {
      setApproval(!required);
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to save the setting. Please try again."), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };
  const [busy, setBusy] = useState<string | null>(null);
  const now = new Date();

  const changeRole = async (member: TeamMember, role: InvitableRole) => {
    setBusy(member.id);
    try {
      const saved = await api.put("/api/team-members/:id", { params: { id: member.id }, payload: { role } });
      setMembers((list) => list.map((m) => (m.id === saved.id ? saved : m)));
      toast({ title: "Role Updated", description: `${nameOf(member)} is now ${ROLE_LABELS[saved.role]}.` });
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to update the role. Please try again."), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  const inviteAction = async (invite: TeamInvite, action: "resend" | "withdraw") => {
    setBusy(invite.id);
    try {
      if (action === "resend") {
        const fresh = await api.post("/api/team-invites/:id/resend", { params: { id: invite.id } });
        setInvites((list) => list.map((i) => (i.id === fresh.id ? fresh : i)));
        toast({ title: "Invitation Sent!", description: `A new link was e-mailed to ${invite.email}. It works for ${INVITE_DAYS} days.` });
      } else {
        await api.delete("/api/team-invites/:id", { params: { id: invite.id } });
        setInvites((list) => list.filter((i) => i.id !== invite.id));
        toast({ title: "Invitation Withdrawn", description: `The link sent to ${invite.email} no longer works.` });
      }
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Something went wrong. Please try again."), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="team" data-testid="team-management" data-hydrated={hydrated ? "true" : undefined}>
      <section className="card team-card" aria-labelledby="team-members-heading">
        <div className="team-card-head">
          <div>
            <h2 id="team-members-heading">Team Members</h2>
            <p className="muted">
              {members.length} {members.length === 1 ? "person" : "people"} in this workspace
            </p>
          </div>
          {canManage && (
            <button type="button" className="btn btn-primary" disabled={!hydrated} onClick={() => setInviting(true)}>
              Invite Member
            </button>
          )}
        </div>
        <ul className="team-list" aria-label="Members">
          {members.map((member) => {
            const editable = canManage && member.role !== "owner" && member.id !== userId;
            return (
              <li key={member.id} className="team-row" data-testid="team-member" data-member-id={member.id}>
                <span className="team-avatar" aria-hidden="true">
                  {initialsOf(member)}
                </span>
                <div className="team-who">
                  <p className="team-name name-wrap" title={nameOf(member)}>
                    {nameOf(member)}
                    {member.id === userId && <span className="muted"> (you)</span>}{" "}
                    {member.status === "active" ? <span className="badge badge-accent">Active</span> : <span className="badge">Inactive</span>}
                  </p>
                  <p className="muted team-email name-wrap" title={member.email}>
                    {member.email}
                  </p>
                  <p className="muted team-dates name-wrap">
                    Joined {dateOf(member.joinedAt, timeZone)} ·{" "}
                    {member.lastActive ? `Active ${relativeTime(member.lastActive, now).toLowerCase()}` : "Not active yet"}
                  </p>
                </div>
                <div className="team-actions">
                  {editable ? (
                    <>
                      <label className="visually-hidden" htmlFor={`role-${member.id}`}>
                        Role of {nameOf(member)}
                      </label>
                      <select
                        id={`role-${member.id}`}
                        className="input team-role-select"
                        value={member.role}
                        disabled={!hydrated || busy === member.id}
                        onChange={(e) => void changeRole(member, e.target.value as InvitableRole)}
                      >
                        {INVITABLE_ROLES.map((role) => (
                          <option key={role} value={role}>
                            {ROLE_LABELS[role]}
                          </option>
                        ))}
                      </select>
                      {isOwner && (
                        <button type="button" className="btn btn-ghost" disabled={!hydrated || busy === member.id} onClick={() => setHandingOver(member)}>
                          Make owner
                        </button>
                      )}
                      <button
                        type="button"
                        className="btn btn-ghost btn-danger-text"
                        disabled={!hydrated || busy === member.id}
                        onClick={() => setRemoving(member)}
                      >
                        Remove
                      </button>
                    </>
                  ) : (
                    <span className={`badge ${member.role === "owner" ? "badge-brand" : ""}`} data-testid="member-role">
                      {ROLE_LABELS[member.role]}
                    </span>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="card team-card" aria-labelledby="team-invites-heading">
        <h2 id="team-invites-heading">Pending Invites</h2>
        {invites.length === 0 ? (
          <p className="muted team-empty">No pending invites</p>
        ) : (
          <ul className="team-list" aria-label="Pending invites">
            {invites.map((invite) => (
              <li key={invite.id} className="team-row" data-testid="team-invite">
                <div className="team-who">
                  <p className="team-name name-wrap" title={invite.email}>
                    {invite.email}{" "}
                    <span className={`badge ${invite.status === "expired" ? "badge-danger" : ""}`}>{invite.status === "expired" ? "Expired" : "Pending"}</span>
                  </p>
                  <p className="muted team-dates name-wrap">
                    {ROLE_LABELS[invite.role]} · invited by {invite.invitedBy} on {dateOf(invite.createdAt, timeZone)} ·{" "}
                    {invite.status === "expired" ? "expired" : "expires"} {dateOf(invite.expiresAt, timeZone)}
                  </p>
                </div>
                {canManage && (
                  <div className="team-actions">
                    <button
                      type="button"
                      className="btn btn-outline btn-small"
                      disabled={!hydrated || busy === invite.id}
                      onClick={() => void inviteAction(invite, "resend")}
                    >
                      Resend
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-small btn-danger-text"
                      disabled={!hydrated || busy === invite.id}
                      onClick={() => setWithdrawing(invite)}
                    >
                      Withdraw
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card team-card" aria-labelledby="team-approval-heading">
        <h2 id="team-approval-heading">Approvals</h2>
        <label className="team-switch">
          <input
            type="checkbox"
            role="switch"
            checked={approval}
            disabled={!hydrated || !canManage || busy === "approval"}
            {...describedBy({ "team-approval-owners": !canManage })}
            onChange={(e) => void changeApproval(e.target.checked)}
          />
          <span>
            <strong>Posts need approval before they are scheduled</strong>
            <span className="muted">
              Members' posts wait in the queue's Awaiting Approval tab until an owner or admin approves them or sends them back with a note. Owners' and admins'
              own posts go out as usual.
            </span>
          </span>
        </label>
        {!canManage && <DisabledReason id="team-approval-owners">Only owners and admins turn approvals on or off.</DisabledReason>}
      </section>

      {initialLinks && <ClientLinks initial={initialLinks} timeZone={timeZone} />}

      <section className="card team-card" aria-labelledby="team-roles-heading">
        <h2 id="team-roles-heading">Roles and Permissions</h2>
        <dl className="team-roles">
          {(Object.keys(ROLE_HELP) as Array<keyof typeof ROLE_HELP>).map((role) => (
            <div key={role}>
              <dt>{ROLE_LABELS[role]}</dt>
              <dd className="muted">{ROLE_HELP[role]}</dd>
            </div>
          ))}
        </dl>
        <p className="muted team-note">Only owners and admins can invite. Invitations expire after {INVITE_DAYS} days.</p>
      </section>

      <InviteDialog
        open={inviting}
        onClose={() => setInviting(false)}
        onInvited={(invite) => {
          setInvites((list) => [invite, ...list]);
          setInviting(false);
        }}
      />
      <Dialog open={handingOver !== null} title="Hand over the workspace?" onClose={() => setHandingOver(null)} className="confirm-dialog">
        {handingOver && <HandOverForm member={handingOver} onClose={() => setHandingOver(null)} />}
      </Dialog>
      <ConfirmWithdraw
        open={withdrawing !== null}
        title="Withdraw this invitation?"
        onClose={() => setWithdrawing(null)}
        onConfirm={async () => {
          if (withdrawing) await inviteAction(withdrawing, "withdraw");
          setWithdrawing(null);
        }}
      >
        The link e-mailed to {withdrawing?.email} stops working at once. You can invite them again later.
      </ConfirmWithdraw>
      <Dialog open={removing !== null} title="Remove this member?" onClose={() => setRemoving(null)} className="confirm-dialog">
        {removing && (
          <RemoveForm
            member={removing}
            onClose={() => setRemoving(null)}
            onRemoved={() => {
              setMembers((list) => list.filter((m) => m.id !== removing.id));
              setRemoving(null);
            }}
          />
        )}
      </Dialog>
    </div>
  );
}

function InviteDialog({ open, onClose, onInvited }: { open: boolean; onClose: () => void; onInvited: (invite: TeamInvite) => void }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<InvitableRole>("member");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(email);
    if (problem) {
      setError(problem);
      return;
    }
    setSending(true);
    setError(null);
    try {
      const invite = await api.post("/api/team-invites", { payload: { email, role } });
      toast({ title: "Invitation Sent!", description: `An invitation was e-mailed to ${invite.email}. It works for ${INVITE_DAYS} days.` });
      setEmail("");
      setRole("member");
      onInvited(invite);
    } catch (failure) {
      setError(apiRefusal(failure));
      toast({ title: "Failed to Send Invitation", description: "There was an error sending the team invitation.", variant: "destructive" });
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} title="Invite Team Member" description="They get an e-mail with a link to join this workspace." onClose={onClose}>
      <form className="stack" noValidate onSubmit={(e) => void submit(e)}>
        <div className="field">
          <label htmlFor="invite-email">Email address</label>
          <input
            id="invite-email"
            className="input"
            type="email"
            autoComplete="off"
            value={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "invite-error" : undefined}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
            placeholder="colleague@example.com"
            required
          />
        </div>
        <div className="field">
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" className="input" value={role} onChange={(e) => setRole(e.target.value as InvitableRole)}>
            {INVITABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}: {ROLE_HELP[r]}
              </option>
            ))}
          </select>
        </div>
        {error && (
          <p id="invite-error" className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="ui-dialog-actions">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {sending ? "Sending..." : "Send Invitation"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function RemoveForm({ member, onClose, onRemoved }: { member: TeamMember; onClose: () => void; onRemoved: () => void }) {
  const [removing, setRemoving] = useState(false);
  const remove = async () => {
    setRemoving(true);
    try {
      await api.delete("/api/team-members/:id", { params: { id: member.id } });
      toast({ title: "Member Removed", description: `${nameOf(member)} no longer has access to this workspace.` });
      onRemoved();
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to remove the member. Please try again."), variant: "destructive" });
      setRemoving(false);
    }
  };
  return (
    <>
      <p>
        {nameOf(member)} ({member.email}) will lose access to this workspace at once. Their posts stay. You can invite them again later.
      </p>
      <div className="ui-dialog-actions">
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" disabled={removing} onClick={() => void remove()}>
          {removing ? "Removing..." : "Remove"}
        </button>
      </div>
    </>
  );
}

function HandOverForm({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const [sending, setSending] = useState(false);
  const handOver = async () => {
    setSending(true);
    try {
      await api.post("/api/team-members/:id/transfer-ownership", { params: { id: member.id } });
      toast({ title: "Ownership Transferred", description: `${nameOf(member)} now owns this workspace. You are an admin.` });
      // Every screen reads the role: the page comes back as an admin sees it.
      window.location.reload();
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to hand over the workspace. Please try again."), variant: "destructive" });
      setSending(false);
    }
  };
  return (
    <>
      <p>{nameOf(member)} becomes the owner, with billing and every permission. You stay on as an admin, and only the new owner can hand the workspace back.</p>
      <div className="ui-dialog-actions">
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" disabled={sending} onClick={() => void handOver()}>
          {sending ? "Handing over..." : "Make owner"}
        </button>
      </div>
    </>
  );
}

/** Clients approve without an account: a link to the posts awaiting approval, open for 14 days, withdrawn at will. */
function ClientLinks({ initial, timeZone }: { initial: ReadonlyArray<ApprovalLink>; timeZone: string }) {
  const [links, setLinks] = useState(initial);
  const [created, setCreated] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [email, setEmail] = useState("");
  // The posts awaiting approval, to choose from (all at first) before the link is made.
  const [waiting, setWaiting] = useState<ReadonlyArray<{ id: string; content: string }> | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());

  const pick = async () => {
    setBusy(true);
    try {
      const { items: posts } = await api.get("/api/posts", { query: { status: "awaiting_approval", sort: "scheduled", limit: "50" } });
      if (posts.length === 0) toast({ title: "Nothing to share", description: "No post is awaiting approval right now." });
      else {
        setWaiting(posts);
        setChosen(new Set(posts.map((p) => p.id)));
      }
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to load the posts. Please try again."), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  const share = async () => {
    setBusy(true);
    try {
      const to = email.trim();
      const link = await api.post("/api/approval-links", { payload: { postIds: [...chosen], email: to } });
      setLinks((list) => [link, ...list]);
      setCreated(link.url ?? null);
      setEmail("");
      setWaiting(null);
      toast({
        title: "Link Created",
        description: `${chosen.size} ${chosen.size === 1 ? "post" : "posts"} shared for approval. ${to ? `E-mailed to ${to}.` : "Send the link to your client."}`,
      });
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to create the link. Please try again."), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  const [withdrawing, setWithdrawing] = useState<ApprovalLink | null>(null);
  const withdraw = async (link: ApprovalLink) => {
    try {
      await api.delete("/api/approval-links/:id", { params: { id: link.id } });
      setLinks((list) => list.filter((l) => l.id !== link.id));
      if (created && link.url === created) setCreated(null);
      toast({ title: "Link Withdrawn", description: "It no longer opens." });
    } catch (error) {
      toast({ title: "Error", description: apiErrorMessage(error, "Failed to withdraw the link. Please try again."), variant: "destructive" });
    }
  };

  return (
    <section className="card team-card" id="client-links" aria-labelledby="team-links-heading">
      <div className="team-card-head">
        <div>
          <h2 id="team-links-heading">Client Approval Links</h2>
          <p className="muted">Your client approves the posts, or sends them back with a note, from a link: no account needed.</p>
        </div>
        {!waiting && (
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void pick()}>
            Share posts awaiting approval
          </button>
        )}
      </div>
      {waiting && (
        <form
          className="team-link-share"
          onSubmit={(e) => {
            e.preventDefault();
            void share();
          }}
        >
          <fieldset className="team-pick">
            <legend>Posts to share</legend>
            {waiting.map((post) => (
              <label key={post.id} className="team-pick-post">
                <input
                  type="checkbox"
                  checked={chosen.has(post.id)}
                  onChange={(e) =>
                    setChosen((ids) => {
                      const next = new Set(ids);
                      if (e.target.checked) next.add(post.id);
                      else next.delete(post.id);
                      return next;
                    })
                  }
                />
                <span>{post.content.length > 90 ? `${post.content.slice(0, 89)}…` : post.content || "(no text)"}</span>
              </label>
            ))}
          </fieldset>
          <input
            type="email"
            className="input"
            aria-label="Client's e-mail (optional)"
            placeholder="Client's e-mail (optional)"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={busy || chosen.size === 0}>
            Create link
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setWaiting(null)}>
            Cancel
          </button>
        </form>
      )}
      {created && (
        <div className="team-link-new">
          <label htmlFor="new-link">New link (shown once)</label>
          <div className="team-link-copy">
            <input id="new-link" className="input" readOnly value={created} onFocus={(e) => e.currentTarget.select()} />
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void navigator.clipboard?.writeText(created).then(() => toast({ title: "Copied", description: "The link is on your clipboard." }))}
            >
              Copy
            </button>
          </div>
        </div>
      )}
      {links.length === 0 ? (
        <p className="muted team-empty">No links yet</p>
      ) : (
        <ul className="team-list" aria-label="Approval links">
          {links.map((link) => (
            <li key={link.id} className="team-row" data-testid="approval-link">
              <div className="team-who">
                <p className="team-name">
                  {link.postIds.length} {link.postIds.length === 1 ? "post" : "posts"}{" "}
                  <span className={`badge ${OUTCOMES[link.outcome].badge}`} data-testid="approval-link-outcome">
                    {OUTCOMES[link.outcome].label}
                  </span>
                </p>
                <p className="muted team-dates">
                  {postsSaying(link)} · shared {dateOf(link.createdAt, timeZone)} · {link.outcome === "expired" || new Date(link.expiresAt) <= new Date() ? "expired" : "open until"}{" "}
                  {dateOf(link.expiresAt, timeZone)}
                </p>
              </div>
              <div className="team-actions">
                <button type="button" className="btn btn-ghost btn-small btn-danger-text" onClick={() => setWithdrawing(link)}>
                  Withdraw
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmWithdraw
        open={withdrawing !== null}
        title="Withdraw this link?"
        onClose={() => setWithdrawing(null)}
        onConfirm={async () => {
          if (withdrawing) await withdraw(withdrawing);
          setWithdrawing(null);
        }}
      >
        Your client can no longer open it, nor approve or send back its posts. The posts stay as they are; share them again with a new link.
      </ConfirmWithdraw>
    </section>
  );
}

const OUTCOMES = {
  approved: { label: "Approved", badge: "badge-accent" },
  sent_back: { label: "Sent back", badge: "badge-brand" },
  waiting: { label: "Waiting", badge: "" },
  expired: { label: "Expired", badge: "badge-danger" },
} as const;

/** Its posts by state, e.g. "1 approved, 1 sent back". */
const postsSaying = (link: ApprovalLink) =>
  [
    link.posts.approved > 0 && `${link.posts.approved} approved`,
    link.posts.sentBack > 0 && `${link.posts.sentBack} sent back`,
    link.posts.waiting > 0 && `${link.posts.waiting} waiting`,
  ]
    .filter(Boolean)
    .join(", ") || "its posts were deleted";

/** Asks before a withdrawal, as Delete does: what stops working, Cancel, and the red button. */
function ConfirmWithdraw({ open, title, onClose, onConfirm, children }: { open: boolean; title: string; onClose: () => void; onConfirm: () => Promise<void>; children: ReactNode }) {
  const [sending, setSending] = useState(false);
  return (
    <Dialog open={open} title={title} onClose={() => !sending && onClose()} className="confirm-dialog">
      <p>{children}</p>
      <div className="ui-dialog-actions">
        <button type="button" className="btn btn-outline" disabled={sending} onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={sending}
          onClick={() => {
            setSending(true);
            void onConfirm().finally(() => setSending(false));
          }}
        >
          {sending ? "Withdrawing..." : "Withdraw"}
        </button>
      </div>
    </Dialog>
  );
}

