import { describe, expect, it } from "vitest";
import { eventDecoder, eventTypesOf } from "../shared";
import { DeciderSpecification } from "../shared/decider-spec";
import { type TeamEvent, teamEvents } from "./events";
import { teamProjection } from "./projection";
import {
  acceptInvite,
  approvalLinkByToken,
  changeRole,
  createApprovalLink,
  inviteMember,
  removeMember,
  resendInvite,
  revokeApprovalLink,
  revokeInvite,
  setAllClientsAccess,
  teamDecider,
  transferOwnership,
} from "./team";
import { Effect, Exit } from "effect";
import { approvalLinkOutcome } from "./rules";
import { foldEvents } from "../shared";

const spec = DeciderSpecification(teamDecider);
const now = new Date("2026-11-24T12:00:00.000Z");
const inAWeek = new Date("2026-12-01T12:00:00.000Z");

const invited: TeamEvent = {
  type: "MemberInvited",
  data: {
    inviteId: "i1",
    workspaceId: "w1",
    email: "maria@leedental.example",
    role: "member",
    tokenHash: "h1",
    invitedBy: "owner",
    expiresAt: inAWeek.toISOString(),
  },
};
const joined: TeamEvent = { type: "MemberJoined", data: { workspaceId: "w1", userId: "u1", email: "maria@leedental.example", role: "member", inviteId: "i1" } };

const invite = (over: Partial<Parameters<typeof inviteMember>[0]> = {}) =>
  inviteMember({
    inviteId: "i1",
    workspaceId: "w1",
    email: " Maria@LeeDental.example ",
    role: "member",
    tokenHash: "h1",
    invitedBy: "owner",
    memberLimit: -1,
    ownerEmail: "lee@leedental.example",
    expiresAt: inAWeek,
    now,
    ...over,
  });

describe("a workspace's team", () => {
  it("given nobody, when a member is invited, then the address is kept trimmed and lower-case, for 7 days", () =>
    spec.given([]).when(invite()).then([invited]));

  it("when invited without an address, with a bad one or as owner, then it is refused with a sentence", () => {
    spec
      .given([])
      .when(invite({ email: " " }))
      .thenFails("InvalidInput", "Please enter an e-mail address.");
    spec
      .given([])
      .when(invite({ email: "maria@" }))
      .thenFails("InvalidInput", "Please enter a valid e-mail address.");
    spec
      .given([])
      .when(invite({ role: "owner" }))
      .thenFails("InvalidInput", "Choose a role: admin, member or viewer.");
  });

  it("given a pending invitation or a member, when the same address is invited, then it says so", () => {
    spec
      .given([invited])
      .when(invite({ inviteId: "i2" }))
      .thenFails("Conflict", "This person already has a pending invitation. Resend it instead.");
    spec
      .given([invited, joined])
      .when(invite({ inviteId: "i2" }))
      .thenFails("Conflict", "This person is already a member of this workspace.");
    spec
      .given([])
      .when(invite({ email: "LEE@leedental.example" }))
      .thenFails("Conflict", "This person is already a member of this workspace.");
  });

  it("given the plan's seats taken by members and open invitations, when one more is invited, then the plan's message answers", () => {
    spec
      .given([invited])
      .when(invite({ inviteId: "i2", email: "sam@leedental.example", memberLimit: 1 }))
      .thenFails("PlanLimitReached", "You've reached your limit of 1 team members. Upgrade to add more collaborators.");
    // An invitation that has expired holds no seat.
    spec
      .given([invited])
      .when(invite({ inviteId: "i2", email: "sam@leedental.example", memberLimit: 1, now: new Date(inAWeek.getTime() + 1) }))
      .then([{ ...invited, data: { ...invited.data, inviteId: "i2", email: "sam@leedental.example" } } as TeamEvent]);
  });

  it("given an invitation, when its link is followed within 7 days, then the person joins with its role, once", () => {
    spec
      .given([invited])
      .when(acceptInvite({ workspaceId: "w1", tokenHash: "h1", userId: "u1", now }))
      .then([joined]);
    spec
      .given([invited, joined])
      .when(acceptInvite({ workspaceId: "w1", tokenHash: "h1", userId: "u2", now }))
      .thenFails("Conflict", "This invitation has already been used. Sign in instead, or ask for a new one.");
    spec
      .given([invited])
      .when(acceptInvite({ workspaceId: "w1", tokenHash: "h1", userId: "u1", now: inAWeek }))
      .thenFails("Conflict", "This invitation has expired. Ask the person who invited you to send a new one.");
    spec
      .given([invited])
      .when(acceptInvite({ workspaceId: "w1", tokenHash: "nope", userId: "u1", now }))
      .thenFails("NotFound", /invitation/);
  });

  it("given an invitation resent, when the old link is followed, then it no longer opens; the new one does, with a new expiry", () => {
    const later = new Date("2026-12-05T12:00:00.000Z");
    const resent: TeamEvent = { type: "InviteResent", data: { inviteId: "i1", resendId: "r1", tokenHash: "h2", expiresAt: later.toISOString() } };
    spec
      .given([invited])
      .when(resendInvite({ inviteId: "i1", resendId: "r1", tokenHash: "h2", expiresAt: later }))
      .then([resent]);
    spec
      .given([invited, resent])
      .when(acceptInvite({ workspaceId: "w1", tokenHash: "h1", userId: "u1", now }))
      .thenFails("NotFound", /invitation/);
    spec
      .given([invited, resent])
      .when(acceptInvite({ workspaceId: "w1", tokenHash: "h2", userId: "u1", now: inAWeek }))
      .then([joined]);
  });

  it("given a withdrawn invitation, when its link is followed or it is withdrawn again, then it is not found", () => {
    const revoked: TeamEvent = { type: "InviteRevoked", data: { inviteId: "i1", email: "maria@leedental.example" } };
    spec
      .given([invited])
      .when(revokeInvite({ inviteId: "i1" }))
      .then([revoked]);
    spec
      .given([invited, revoked])
      .when(revokeInvite({ inviteId: "i1" }))
      .thenFails("NotFound", /invitation/);
    spec
      .given([invited, revoked])
      .when(acceptInvite({ workspaceId: "w1", tokenHash: "h1", userId: "u1", now }))
      .thenFails("NotFound", /invitation/);
  });

  it("given a member, when their role changes or they are removed, then it is recorded; the owner and oneself are out of reach", () => {
    spec
      .given([invited, joined])
      .when(changeRole({ userId: "u1", role: "admin", actorId: "owner", ownerId: "owner" }))
      .then([{ type: "MemberRoleChanged", data: { userId: "u1", email: "maria@leedental.example", role: "admin", previousRole: "member" } }]);
    spec
      .given([invited, joined])
      .when(changeRole({ userId: "u1", role: "member", actorId: "owner", ownerId: "owner" }))
      .thenNothingHappens();
    spec
      .given([invited, joined])
      .when(changeRole({ userId: "owner", role: "member", actorId: "u9", ownerId: "owner" }))
      .thenFails("Forbidden", "The owner's role can't be changed, and the owner can't be removed.");
    spec
      .given([invited, joined])
      .when(removeMember({ userId: "u1", actorId: "u1", ownerId: "owner" }))
      .thenFails("Forbidden", "You can't change your own role or remove yourself. Ask another owner or admin.");
    spec
      .given([invited, joined])
      .when(removeMember({ userId: "u1", actorId: "owner", ownerId: "owner" }))
      .then([{ type: "MemberRemoved", data: { userId: "u1", email: "maria@leedental.example" } }]);
    spec
      .given([invited])
      .when(removeMember({ userId: "u1", actorId: "owner", ownerId: "owner" }))
      .thenFails("NotFound", /team member/);
  });
});

describe("handing the workspace over", () => {
  const transfer = (over: Partial<Parameters<typeof transferOwnership>[0]> = {}) =>
    transferOwnership({ userId: "u1", actorId: "owner", ownerId: "owner", ownerEmail: "lee@leedental.example", ...over });
  const transferred: TeamEvent = {
    type: "OwnershipTransferred",
    data: { ownerId: "u1", ownerEmail: "maria@leedental.example", previousOwnerId: "owner", previousOwnerEmail: "lee@leedental.example" },
  };

  it("given a member, when the owner hands the workspace to them, then they own it and the former owner is an admin", () => {
    spec.given([invited, joined]).when(transfer()).then([transferred]);
    // The former owner, now an admin, can be managed like any member; the new owner is out of the team's reach.
    spec
      .given([invited, joined, transferred])
      .when(changeRole({ userId: "owner", role: "member", actorId: "u1", ownerId: "u1" }))
      .then([{ type: "MemberRoleChanged", data: { userId: "owner", email: "lee@leedental.example", role: "member", previousRole: "admin" } }]);
  });

  it("when anyone but the owner hands it over, or to someone not in the team, then it is refused", () => {
    spec
      .given([invited, joined])
      .when(transfer({ actorId: "u9" }))
      .thenFails("Forbidden", "Only the owner can hand over the workspace.");
    spec
      .given([invited])
      .when(transfer())
      .thenFails("NotFound", /team member/);
  });
});

describe("a client's approval link", () => {
  const created: TeamEvent = {
    type: "ApprovalLinkCreated",
    data: { linkId: "l1", postIds: ["p1", "p2"], tokenHash: "h9", expiresAt: inAWeek.toISOString(), createdBy: "owner" },
  };
  const state = (events: ReadonlyArray<TeamEvent>) => foldEvents(teamDecider, events);
  const opened = (events: ReadonlyArray<TeamEvent>, at: Date) => Effect.runSyncExit(approvalLinkByToken(state(events), "h9", at));

  it("given posts, when shared, then the link holds each once; none, or more than 50, are refused", () => {
    spec
      .given([])
      .when(createApprovalLink({ linkId: "l1", postIds: ["p1", "p2", "p1"], tokenHash: "h9", expiresAt: inAWeek, createdBy: "owner" }))
      .then([created]);
    spec
      .given([])
      .when(createApprovalLink({ linkId: "l1", postIds: [], tokenHash: "h9", expiresAt: inAWeek, createdBy: "owner" }))
      .thenFails("InvalidInput", "Choose between 1 and 50 posts that await approval.");
  });

  it("given a link, it opens until it expires or is withdrawn", () => {
    expect(Exit.isSuccess(opened([created], now))).toBe(true);
    expect(opened([created], inAWeek)).toMatchObject({ _tag: "Failure" });
    const revoked: TeamEvent = { type: "ApprovalLinkRevoked", data: { linkId: "l1" } };
    spec
      .given([created])
      .when(revokeApprovalLink({ linkId: "l1" }))
      .then([revoked]);
    expect(Exit.isFailure(opened([created, revoked], now))).toBe(true);
    spec
      .given([created, revoked])
      .when(revokeApprovalLink({ linkId: "l1" }))
      .thenFails("NotFound", /approval link/);
  });
});

describe("an agency's people and its clients", () => {
  const all = (allClients: boolean, userId = "u1") => setAllClientsAccess({ userId, allClients, actorId: "owner", ownerId: "owner" });
  const granted: TeamEvent = { type: "AllClientsAccessGranted", data: { userId: "u1", email: "maria@leedental.example" } };

  it("given a member, when they are given every client, then it is recorded once; taking it back is recorded too", () => {
    spec.given([invited, joined]).when(all(true)).then([granted]);
    spec.given([invited, joined, granted]).when(all(true)).then([]);
    spec
      .given([invited, joined, granted])
      .when(all(false))
      .then([{ type: "AllClientsAccessRevoked", data: { userId: "u1", email: "maria@leedental.example" } }]);
    spec.given([invited, joined]).when(all(false)).then([]);
  });

  it("the owner sees every client already, and someone outside the team is not found", () => {
    spec.given([invited, joined]).when(all(true, "owner")).thenFails("Forbidden", /owner/);
    spec
      .given([])
      .when(all(true))
      .thenFails("NotFound", /team member/);
  });

  it("someone removed from the team no longer sees every client", () => {
    const removed: TeamEvent = { type: "MemberRemoved", data: { userId: "u1", email: "maria@leedental.example" } };
    expect(foldEvents(teamDecider, [invited, joined, granted, removed]).allClients.has("u1")).toBe(false);
  });
});

describe("the team's events and read models", () => {
  const samples: { readonly [E in TeamEvent as E["type"]]: E["data"] } = {
    MemberInvited: invited.data as Extract<TeamEvent, { type: "MemberInvited" }>["data"],
    InviteResent: { inviteId: "i1", tokenHash: "h2", expiresAt: inAWeek.toISOString() },
    InviteRevoked: { inviteId: "i1", email: "maria@leedental.example" },
    MemberJoined: joined.data as Extract<TeamEvent, { type: "MemberJoined" }>["data"],
    MemberRoleChanged: { userId: "u1", email: "maria@leedental.example", role: "viewer", previousRole: "member" },
    MemberRemoved: { userId: "u1", email: "maria@leedental.example" },
    ApprovalRequirementSet: { required: true },
    BrandSet: { name: "Park Agency", logoUrl: "https://park.example/logo.png", color: "#16A34A" },
    MemberAdded: { workspaceId: "w2", userId: "u1", email: "maria@leedental.example", role: "member" },
    ApprovalLinkCreated: { linkId: "l1", postIds: ["p1", "p2"], tokenHash: "h9", expiresAt: inAWeek.toISOString(), createdBy: "owner" },
    ApprovalLinkRevoked: { linkId: "l1" },
    AllClientsAccessGranted: { userId: "u1", email: "maria@leedental.example" },
    AllClientsAccessRevoked: { userId: "u1", email: "maria@leedental.example" },
    OwnershipTransferred: { ownerId: "u1", ownerEmail: "maria@leedental.example", previousOwnerId: "owner", previousOwnerEmail: "lee@leedental.example" },
  };
  const decoder = eventDecoder([teamEvents]);
  const envelope = { streamId: "team-w1", metadata: { actorId: "owner", workspaceId: "w1", correlationId: "c1", causationId: null } };

  it("the catalogue declares every team event, and each is read back whole", () => {
    expect([...eventTypesOf(teamEvents)].sort()).toEqual(Object.keys(samples).sort());
    for (const [type, data] of Object.entries(samples)) expect(decoder.decode(type, 1, data, envelope)).toStrictEqual(data);
  });

  it("a member joining marks the invitation used and puts the person in the team with the role", () => {
    const recorded = { ...joined, streamId: "team-w1", streamVersion: 2, createdAt: now, metadata: envelope.metadata } as Parameters<
      typeof teamProjection.project
    >[0];
    expect(teamProjection.project(recorded)).toEqual([
      { table: "team_invites", update: { id: "i1" }, set: { accepted_at: now } },
      { table: "team_members", insert: { workspace_id: "w1", user_id: "u1", email: "maria@leedental.example", role: "member", joined_at: now } },
    ]);
  });
});

describe("what became of a client's approval link", () => {
  it("waiting while a post waits, expired once the link closed on a waiting post, else sent back if any was, else approved", () => {
    expect(approvalLinkOutcome({ approved: 1, sentBack: 0, waiting: 1 }, false)).toBe("waiting");
    expect(approvalLinkOutcome({ approved: 1, sentBack: 0, waiting: 1 }, true)).toBe("expired");
    expect(approvalLinkOutcome({ approved: 1, sentBack: 1, waiting: 0 }, true)).toBe("sent_back");
    expect(approvalLinkOutcome({ approved: 2, sentBack: 0, waiting: 0 }, false)).toBe("approved");
  });
});
