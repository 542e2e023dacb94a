import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PERMISSION_DENIED_MESSAGE } from "../../domain/access";
import { Browser, signUp } from "../support/browser";
import { teamHelpers } from "../support/team";
import { useAppServer } from "../support/server";

/**
 * The team over HTTP (spec engagement §2, §3, §6, §7, §9): invitations e-mailed with a link that
 * works once for 7 days, joining through it, roles changed and people removed, each refused with a
 * sentence where the role, the plan or the state does not allow it.
 */

const app = useAppServer();

const { workspaceOf, owner, linkSentTo, join, joined, email } = teamHelpers(app);

describe("inviting", () => {
  it("given an owner on Professional, when they invite, then 201 with the invitation, listed, and e-mailed with a link for 7 days", async () => {
    const { browser, user } = await owner();
    const address = email("maria");
    const response = await browser.post("/api/team-invites", { email: ` ${address.toUpperCase()} `, role: "admin" });
    expect(response.status, response.text).toBe(201);
    expect(response.data).toMatchObject({ email: address, role: "admin", status: "pending", invitedBy: `${user.firstName} ${user.lastName}` });
    const days = (Date.parse(response.data.expiresAt) - Date.parse(response.data.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);
    expect((await browser.get("/api/team-invites")).data).toEqual([response.data]);

    const { mail, token } = await linkSentTo(address);
    expect(mail.subject).toContain("invited you to");
    expect(mail.body_text).toContain("as Admin");
    const opened = await new Browser(app.server.url).get(`/api/invitations/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({ email: address, role: "admin", invitedBy: `${user.firstName} ${user.lastName}` });
    // The link's token is stored only as its hash: the event's is the hash of the token the mail carries.
    expect(await app.sql`select 1 from team_invites where token_hash = ${token}`).toHaveLength(0);
    const [invited] = await app.sql<{ hash: string }[]>`select data->>'tokenHash' as hash from events where type = 'MemberInvited' and data->>'email' = ${address}`;
    expect(invited?.hash).toBe(createHash("sha256").update(token).digest("hex"));
  });

  it("given wrong or repeated addresses, then 400 or 409 with the sentence, and nothing more is e-mailed", async () => {
    const { browser, input } = await owner();
    expect((await browser.post("/api/team-invites", { email: "", role: "member" })).data.detail).toBe("Please enter an e-mail address.");
    expect((await browser.post("/api/team-invites", { email: "maria@", role: "member" })).data.detail).toBe("Please enter a valid e-mail address.");
    const badRole = await browser.post("/api/team-invites", { email: email("x"), role: "owner" });
    expect(badRole.status).toBe(400);
    expect(badRole.data.detail).toBe("Choose a role: admin, member or viewer.");
    const address = email("sam");
    expect((await browser.post("/api/team-invites", { email: address, role: "member" })).status).toBe(201);
    const again = await browser.post("/api/team-invites", { email: address, role: "admin" });
    expect(again.status).toBe(409);
    expect(again.data.detail).toBe("This person already has a pending invitation. Resend it instead.");
    const self = await browser.post("/api/team-invites", { email: input.email, role: "member" });
    expect(self.status).toBe(409);
    expect(self.data.detail).toBe("This person is already a member of this workspace.");
    expect(await app.sql`select 1 from mail_outbox where to_address = ${address}`).toHaveLength(1);
  });

  it("given a plan without team collaboration, then inviting answers the plan's sentence (the plans with a team member limit, trial and Starter, have no team collaboration)", async () => {
    const trial = await signUp(app.server.url);
    const refused = await trial.browser.post("/api/team-invites", { email: email("a"), role: "member" });
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ code: "plan_limit", detail: "This feature is not available in your current plan. Upgrade to unlock all features." });
    expect((await trial.browser.get("/api/team-invites")).data).toEqual([]);
  });
});

describe("joining through the link", () => {
  it("given an invitation, when the link is followed with a name and a password, then the person is in with the role, signed in, once", async () => {
    const { browser } = await owner();
    const address = email("maria");
    await browser.post("/api/team-invites", { email: address, role: "member" });
    const { token } = await linkSentTo(address);
    const response = await join(token);
    expect(response.status, response.text).toBe(201);
    expect(response.data.user).toMatchObject({ email: address, teamRole: "member", firstName: "Maria", timezone: "Europe/Madrid" });
    expect(response.headers.get("set-cookie")).toContain("HttpOnly");

    const members = (await browser.get("/api/team-members")).data as Array<Record<string, any>>;
    expect(members.map((m) => [m.email, m.role, m.status])).toEqual([
      [expect.any(String), "owner", "active"],
      [address, "member", "active"],
    ]);
    expect(members[1]!.permissions).toEqual(["manage_posts", "view_analytics", "answer_messages"]);
    // Not seen for 30 days: inactive.
    await app.sql`update sessions set last_used_at = now() - interval '31 days' where user_id = ${response.data.user.id}`;
    expect(((await browser.get("/api/team-members")).data as Array<Record<string, any>>)[1]).toMatchObject({ email: address, status: "inactive" });
    expect((await browser.get("/api/team-invites")).data).toEqual([]);
    const events = await app.sql<
      { type: string }[]
    >`select type from events where stream_id = ${`team-${await workspaceOf(response.data.user.id)}`} order by stream_version`;
    expect(events.map((e) => e.type)).toEqual(["MemberInvited", "MemberJoined"]);

    const twice = await join(token, "Mallory");
    expect(twice.status).toBe(409);
    expect(twice.data.detail).toBe("This invitation has already been used. Sign in instead, or ask for a new one.");
  });

  it("given an expired, withdrawn or replaced link, then it says so and nobody joins", async () => {
    const { browser } = await owner();
    const late = email("late");
    await browser.post("/api/team-invites", { email: late, role: "member" });
    const expired = await linkSentTo(late);
    await app.sql`update team_invites set expires_at = now() - interval '1 minute' where email = ${late}`;
    // The read model says expired; the decision is the stream's: age the event too.
    await app.sql`update events set data = jsonb_set(data, '{expiresAt}', to_jsonb((now() - interval '1 minute')::text)) where type = 'MemberInvited' and data->>'email' = ${late}`;
    const tooLate = await join(expired.token);
    expect(tooLate.status).toBe(409);
    expect(tooLate.data.detail).toBe("This invitation has expired. Ask the person who invited you to send a new one.");
    const listed = (await browser.get("/api/team-invites")).data as Array<Record<string, any>>;
    expect(listed[0]).toMatchObject({ email: late, status: "expired" });

    // Resent: a new link for 7 more days; the old one no longer opens.
    const resent = await browser.post(`/api/team-invites/${listed[0]!.id}/resend`, {});
    expect(resent.status, resent.text).toBe(200);
    expect(resent.data.status).toBe("pending");
    const fresh = await linkSentTo(late);
    expect(fresh.token).not.toBe(expired.token);
    const [resentEvent] = await app.sql<{ hash: string }[]>`select data->>'tokenHash' as hash from events where type = 'InviteResent' and data->>'inviteId' = ${listed[0]!.id}`;
    expect(resentEvent?.hash).toBe(createHash("sha256").update(fresh.token).digest("hex"));
    expect((await join(expired.token)).status).toBe(404);
    expect((await join(fresh.token)).status).toBe(201);

    const withdrawn = email("gone");
    const invite = await browser.post("/api/team-invites", { email: withdrawn, role: "viewer" });
    const { token } = await linkSentTo(withdrawn);
    expect((await browser.delete(`/api/team-invites/${invite.data.id}`)).status).toBe(204);
    const refused = await join(token);
    expect(refused.status).toBe(404);
    expect(await app.sql`select 1 from users where email = ${withdrawn}`).toHaveLength(0);
  });
});

describe("roles and removal", () => {
  it("given members, when the owner changes a role or removes one, then it holds at once; the owner is out of reach", async () => {
    const { browser, user } = await owner();
    const { member, user: maria } = await joined(browser, email("maria"), "member");

    // A member may not manage the team.
    const refused = await member.put(`/api/team-members/${maria.id}`, { role: "admin" });
    expect(refused.status).toBe(403);
    expect(refused.data.detail).toBe(PERMISSION_DENIED_MESSAGE);
    expect((await member.post("/api/social-accounts/sandbox", { platform: "bluesky", accountName: "Nope" })).status).toBe(403);

    const promoted = await browser.put(`/api/team-members/${maria.id}`, { role: "admin" });
    expect(promoted.status, promoted.text).toBe(200);
    expect(promoted.data).toMatchObject({
      role: "admin",
      permissions: ["manage_posts", "manage_accounts", "view_analytics", "manage_members", "manage_clients", "view_audit", "approve_posts", "answer_messages", "manage_integrations"],
    });
    // The fast lane (asking the team for a member's role) and the route answer alike.
    const lane = await member.get("/api/auth/user");
    expect(lane.data.teamRole).toBe("admin");
    expect((await member.get("/api/auth/user?via=astro")).text).toBe(lane.text);

    // An admin manages the team, but not the owner, and not themselves.
    const demote = await member.put(`/api/team-members/${user.id}`, { role: "member" });
    expect(demote.status).toBe(403);
    expect(demote.data.detail).toBe("The owner's role can't be changed, and the owner can't be removed.");
    expect((await member.delete(`/api/team-members/${maria.id}`)).data.detail).toBe(
      "You can't change your own role or remove yourself. Ask another owner or admin.",
    );

    expect((await browser.delete(`/api/team-members/${maria.id}`)).status).toBe(204);
    expect((await member.get("/api/auth/user")).status).toBe(401);
    // Signing in again says why she can't, and starts no session.
    const again = await new Browser(app.server.url).post("/api/auth/login", { email: maria.email, password: "hygienist-42" });
    expect(again.status).toBe(403);
    expect(again.data.detail).toBe("You no longer have access to this workspace. Ask its owner or an admin to invite you again.");
    expect(again.headers.get("set-cookie") ?? "").not.toContain("session=");
    expect(((await browser.get("/api/team-members")).data as unknown[]).length).toBe(1);
  });

  it("given a member, when the owner hands them the workspace, then they own it and the former owner is an admin; nobody else can", async () => {
    const { browser, user } = await owner();
    const { member, user: maria } = await joined(browser, email("maria"), "admin");
    const refused = await member.post(`/api/team-members/${user.id}/transfer-ownership`, {});
    expect(refused.status).toBe(403);
    expect(refused.data.detail).toBe("Only the owner can hand over the workspace.");

    expect((await browser.post(`/api/team-members/${maria.id}/transfer-ownership`, {})).status).toBe(204);
    expect((await member.get("/api/auth/user")).data.teamRole).toBe("owner");
    expect((await browser.get("/api/auth/user")).data.teamRole).toBe("admin");
    const [workspace] = await app.sql<{ owner_id: string }[]>`select owner_id from workspaces where id = ${await workspaceOf(maria.id)}`;
    expect(workspace!.owner_id).toBe(maria.id);
    const members = (await member.get("/api/team-members")).data as Array<Record<string, any>>;
    expect(members.map((m) => [m.id, m.role])).toEqual(
      expect.arrayContaining([
        [maria.id, "owner"],
        [user.id, "admin"],
      ]),
    );
    // The new owner manages the former one like any admin; the former owner can't take it back.
    expect((await browser.post(`/api/team-members/${maria.id}/transfer-ownership`, {})).data.detail).toBe("Only the owner can hand over the workspace.");
    expect((await member.put(`/api/team-members/${user.id}`, { role: "member" })).status).toBe(200);
  });

  it("given another workspace's member or invitation, then 404 as if it did not exist", async () => {
    const first = await owner();
    const { user: maria } = await joined(first.browser, email("maria"));
    const invite = await first.browser.post("/api/team-invites", { email: email("other"), role: "member" });
    const second = await owner();
    expect((await second.browser.put(`/api/team-members/${maria.id}`, { role: "viewer" })).status).toBe(404);
    expect((await second.browser.delete(`/api/team-members/${maria.id}`)).status).toBe(404);
    expect((await second.browser.delete(`/api/team-invites/${invite.data.id}`)).status).toBe(404);
    expect((await second.browser.post(`/api/team-invites/${invite.data.id}/resend`, {})).status).toBe(404);
    expect((await first.browser.get("/api/team-members")).data).toHaveLength(2);
  });

  it("given a viewer, then they read the team and the posts, and change nothing", async () => {
    const { browser } = await owner();
    const { member: viewer } = await joined(browser, email("vic"), "viewer");
    expect((await viewer.get("/api/team-members")).status).toBe(200);
    expect((await viewer.get("/api/posts")).status).toBe(200);
    const write = await viewer.post("/api/posts", { content: "Hi", platforms: ["bluesky"], status: "draft" });
    expect(write.status).toBe(403);
    expect(write.data.detail).toBe(PERMISSION_DENIED_MESSAGE);
  });
});
