import { describe, expect, it } from "vitest";
import { systemContext } from "../../domain/shared";
import { receiveDirectMessage } from "../support/inbox";
import { Reviews } from "../../infra/reviews/Reviews";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";

/**
 * The approvals queue and the reviews across an agency's clients, acted on from the agency's
 * workspace: each post, review and message is approved, answered or replied to in its own workspace
 * with the person's role THERE (the guard leaves the check to it), and a client the person was not
 * given stays out of sight (404) and untouched.
 */

const app = useAppServer();
const { owner, joined, workspaceOf, email } = teamHelpers(app);

/** The person's role in one workspace's team, as the agency's owner would set it there. */
const roleIn = (workspaceId: string, userId: string, role: string) => app.sql`update team_members set role = ${role} where workspace_id = ${workspaceId} and user_id = ${userId}`;

/** A review awaiting a response on the site `accountId` of `workspaceId`, as the sandbox brings one. */
const reviewOn = (accountId: string, workspaceId: string, content: string) =>
  app.run(
    Reviews.use((reviews) =>
      reviews.receive(
        systemContext("ingestion", new Date(), crypto.randomUUID()),
        { id: accountId, workspaceId, platform: "google_business" },
        [{ externalId: crypto.randomUUID(), locationId: null, reviewerName: "Ana Ruiz", reviewerAvatar: null, rating: 3, content, reviewedAt: new Date().toISOString(), url: null, response: null }],
        "sandbox",
      ),
    ),
  );

describe("the approvals queue and reviews across an agency's clients", () => {
  it("given a viewer of the agency who is an admin in one client, and an agency admin who is a member in both, when they act from the agency's workspace, then each is taken by their role in the item's client: the viewer approves, answers and replies in hers, never sees or touches the other; the admin may not approve", async () => {
    const agency = await owner("agency", { company: "Park Agency" });
    const agencyId = await workspaceOf(agency.user.id);
    const lee = (await agency.browser.post("/api/clients", { name: "Lee Dental" })).data.id as string;
    const rao = (await agency.browser.post("/api/clients", { name: "Rao Law" })).data.id as string;
    const sites: Record<string, string> = {};
    let leeAccount = "";
    for (const [client, name] of [
      [lee, "Lee Dental"],
      [rao, "Rao Law"],
    ] as const) {
      await agency.browser.post("/api/workspaces/switch", { workspaceId: client });
      const account = await agency.browser.post("/api/social-accounts/sandbox", { platform: "bluesky", accountName: name });
      expect(account.status, account.text).toBe(201);
      if (client === lee) leeAccount = account.data.id as string;
      expect((await agency.browser.put("/api/team-settings", { approvalRequired: true })).status).toBe(200);
      const site = await agency.browser.post("/api/social-accounts/sandbox", { platform: "google_business", accountName: `${name} office` });
      expect(site.status, site.text).toBe(201);
      sites[client] = site.data.id as string;
    }
    await agency.browser.post("/api/workspaces/switch", { workspaceId: agencyId });

    // Vera: a viewer in the agency, given Lee Dental where she is an admin. Sam: an agency admin, a member in both clients.
    const vera = await joined(agency.browser, email("vera"), "viewer");
    const sam = await joined(agency.browser, email("sam"), "admin");
    expect((await agency.browser.post(`/api/clients/${lee}/access`, { userId: vera.user.id, granted: true })).status).toBe(204);
    for (const client of [lee, rao]) expect((await agency.browser.post(`/api/clients/${client}/access`, { userId: sam.user.id, granted: true })).status).toBe(204);
    await roleIn(lee, vera.user.id, "admin");
    await roleIn(lee, sam.user.id, "member");
    await roleIn(rao, sam.user.id, "member");

    // Sam submits a post in each client: as a member there, it waits for approval.
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const submitted: Record<string, string> = {};
    for (const client of [lee, rao]) {
      await sam.member.post("/api/workspaces/switch", { workspaceId: client });
      const post = await sam.member.post("/api/posts", { content: `Open on Saturday (${client === lee ? "Lee" : "Rao"})`, platforms: ["bluesky"], status: "scheduled", scheduledAt: at });
      expect(post.data.status, post.text).toBe("awaiting_approval");
      submitted[client] = post.data.id as string;
    }
    await sam.member.post("/api/workspaces/switch", { workspaceId: agencyId });
    await reviewOn(sites[lee]!, lee, "Lee review: the wait was long.");
    await reviewOn(sites[rao]!, rao, "Rao review: clear advice.");

    // Vera's queue across clients: Lee Dental's post only, named; Rao Law's is as if it did not exist.
    const queue = await vera.member.get("/api/posts?status=awaiting_approval&workspaces=all");
    expect(queue.status, queue.text).toBe(200);
    expect(queue.data.items.map((p: { id: string; workspaceName: string }) => [p.id, p.workspaceName])).toEqual([[submitted[lee], "Lee Dental"]]);
    expect((await vera.member.get(`/api/posts/${submitted[rao]}`)).status).toBe(404);
    expect((await vera.member.post(`/api/posts/${submitted[rao]}/approve`, {})).status).toBe(404);
    expect((await vera.member.post(`/api/posts/${submitted[rao]}/request-changes`, { comment: "No" })).status).toBe(404);

    // Sam, an admin of the agency but a member in Rao Law, may not approve there (403 with the role's sentence); nothing changes.
    const refused = await sam.member.post(`/api/posts/${submitted[rao]}/approve`, {});
    expect(refused.status, refused.text).toBe(403);
    expect(refused.data.detail).toBe("You don't have permission to do this. Ask an owner or admin of this workspace.");

    // Vera, a viewer where she works but an admin in Lee Dental: opens and approves its post from the agency.
    const opened = await vera.member.get(`/api/posts/${submitted[lee]}`);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.data).toMatchObject({ workspaceId: lee, status: "awaiting_approval" });
    const approved = await vera.member.post(`/api/posts/${submitted[lee]}/approve`, {});
    expect(approved.status, approved.text).toBe(200);
    expect(approved.data).toMatchObject({ status: "scheduled", workspaceId: lee });
    expect(await app.sql`select id, status from posts where id in (${submitted[lee]!}, ${submitted[rao]!}) order by status`).toEqual([
      { id: submitted[rao], status: "awaiting_approval" },
      { id: submitted[lee], status: "scheduled" },
    ]);
    const [approval] = await app.sql`select metadata->>'workspaceId' as workspace_id from events where stream_id = ${`post-${submitted[lee]}`} order by global_position desc limit 1`;
    expect(approval).toEqual({ workspace_id: lee });

    // Her reviews across clients: Lee Dental's only; she marks it read, flags it and answers it there; Rao Law's stays unanswered.
    const pending = await vera.member.get("/api/reviews?status=pending&workspaces=all");
    expect(pending.status, pending.text).toBe(200);
    const items = pending.data.items as Array<{ id: string; workspaceName: string; content: string }>;
    expect(new Set(items.map((r) => r.workspaceName))).toEqual(new Set(["Lee Dental"]));
    const leeReview = items.find((r) => r.content === "Lee review: the wait was long.")!.id;
    const [raoReview] = await app.sql<{ id: string }[]>`select id from reviews where workspace_id = ${rao} and content = 'Rao review: clear advice.'`;
    expect((await vera.member.put(`/api/reviews/${leeReview}`, { status: "read" })).status).toBe(200);
    expect((await vera.member.put(`/api/reviews/${leeReview}`, { status: "flagged", flagReason: "Check the wait times" })).status).toBe(200);
    const answered = await vera.member.post(`/api/reviews/${leeReview}/respond`, { responseText: "Sorry for the wait: we now book fewer per hour." });
    expect(answered.status, answered.text).toBe(200);
    expect(answered.data).toMatchObject({ workspaceId: lee, responseText: "Sorry for the wait: we now book fewer per hour." });
    expect((await vera.member.post(`/api/reviews/${raoReview!.id}/respond`, { responseText: "Thanks" })).status).toBe(404);
    expect((await vera.member.put(`/api/reviews/${raoReview!.id}`, { status: "read" })).status).toBe(404);
    expect(await app.sql`select response_text, flagged from reviews where id = ${raoReview!.id}`).toEqual([{ response_text: null, flagged: false }]);
    // Draft with AI, for a review of Lee Dental: past the role check there (this server has no AI server: 503), Rao Law's is 404, and the agency's own 403.
    const draft = (workspaceId?: string) => vera.member.post("/api/ai/draft-reply", { kind: "review", text: "The wait was long.", rating: 3, ...(workspaceId ? { workspaceId } : {}) });
    expect((await draft(lee)).status).toBe(503);
    expect((await draft(rao)).status).toBe(404);
    expect((await draft()).status).toBe(403);

    // And the inbox, by the same rule: a message in Lee Dental answered by her from the agency, where as a viewer she answers nothing.
    await app.run(receiveDirectMessage({ id: leeAccount, workspaceId: lee, platform: "bluesky" }, "Do you open on Saturday?"));
    const [message] = await app.sql<{ id: string }[]>`select id from inbox_messages where workspace_id = ${lee}`;
    const reply = await vera.member.post(`/api/social-inbox/${message!.id}/reply`, { content: "Yes, from 9 to 1." });
    expect(reply.status, reply.text).toBe(202);
    expect(await app.sql`select workspace_id from inbox_replies where id = ${reply.data.id}`).toEqual([{ workspace_id: lee }]);
  });
});
