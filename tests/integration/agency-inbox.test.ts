import { describe, expect, it } from "vitest";
import { systemContext } from "../../domain/shared";
import { receiveDirectMessage } from "../support/inbox";
import { Reviews } from "../../infra/reviews/Reviews";
import type { Browser } from "../support/browser";
import { workspacesOfAgenciesOnPlans } from "../../infra/identity/queries";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";

/**
 * One inbox across an agency's clients: `?workspaces=all` reads every workspace the person may (the
 * agency's own and the clients they were given), each message naming its workspace; acting on a
 * message acts in its own workspace; a client the person was not given stays out of sight (404).
 */

const app = useAppServer();
const { owner, joined, workspaceOf, email } = teamHelpers(app);

interface Listed {
  id: string;
  workspaceId: string;
  workspaceName: string;
  content: string;
  status: string;
  archived: boolean;
  assigneeId: string | null;
}

/** A sandbox account in the workspace the browser works in, and one direct message that reached it. */
const messageIn = async (browser: Browser, workspaceId: string, content: string) => {
  expect((await browser.post("/api/workspaces/switch", { workspaceId })).status).toBe(200);
  const account = await browser.post("/api/social-accounts/sandbox", { platform: "facebook", accountName: `Page of ${content}` });
  expect(account.status, account.text).toBe(201);
  await app.run(receiveDirectMessage({ id: account.data.id as string, workspaceId, platform: "facebook" }, content));
};

const listed = async (browser: Browser, query: string) => {
  const response = await browser.get(`/api/social-inbox?${query}&q=${encodeURIComponent("for agency inbox")}`);
  expect(response.status, response.text).toBe(200);
  return response.data.items as Listed[];
};

describe("the inbox across an agency's clients", () => {
  it("given a member given one client of two, when they read all clients, then they see the agency's and that client's messages only, act on them in the client, and never reach the other client's; the switcher counts each one's unread", async () => {
    const agency = await owner("agency", { company: "Park Agency" });
    const agencyId = await workspaceOf(agency.user.id);
    const lee = (await agency.browser.post("/api/clients", { name: "Lee Dental" })).data.id as string;
    const rao = (await agency.browser.post("/api/clients", { name: "Rao Law" })).data.id as string;
    await messageIn(agency.browser, agencyId, "Agency question for agency inbox");
    await messageIn(agency.browser, lee, "Lee question for agency inbox");
    await messageIn(agency.browser, rao, "Rao question for agency inbox");
    await agency.browser.post("/api/workspaces/switch", { workspaceId: agencyId });
    // The jobs that read the platforms for a plan's feature (the inbox, reviews, listening,
    // competitors) take an agency's clients with it: they work on its plan, not one of their own.
    const polled = (await app.run(workspacesOfAgenciesOnPlans(["agency"]))).map((w) => w.id);
    expect(polled).toEqual(expect.arrayContaining([agencyId, lee, rao]));

    // The owner reaches every client: all three, each naming its workspace; one of them by the filter.
    const everything = await listed(agency.browser, "workspaces=all");
    expect(everything.map((m) => [m.workspaceName, m.content]).sort()).toEqual([
      ["Lee Dental", "Lee question for agency inbox"],
      ["Park Agency", "Agency question for agency inbox"],
      ["Rao Law", "Rao question for agency inbox"],
    ]);
    expect((await listed(agency.browser, `workspace=${rao}`)).map((m) => m.workspaceId)).toEqual([rao]);
    // Without it, the workspace one works in, as before.
    expect((await listed(agency.browser, "")).map((m) => m.workspaceName)).toEqual(["Park Agency"]);
    expect((await agency.browser.get("/api/social-inbox?workspaces=some")).data.detail).toBe("workspaces is all, or left out for the workspace you work in.");

    // A member given Lee Dental only.
    const { member, user } = await joined(agency.browser, email("maria"), "member");
    expect((await agency.browser.post(`/api/clients/${lee}/access`, { userId: user.id, granted: true })).status).toBe(204);
    const hers = await listed(member, "workspaces=all");
    expect(hers.map((m) => m.workspaceName).sort()).toEqual(["Lee Dental", "Park Agency"]);
    const raoMessage = everything.find((m) => m.workspaceId === rao)!;
    const leeMessage = hers.find((m) => m.workspaceId === lee)!;

    // The switcher: each of her workspaces with its unread messages; Rao Law is not one of them.
    const unread = async () =>
      Object.fromEntries(((await member.get("/api/workspaces")).data as Array<{ name: string; unread: number }>).map((w) => [w.name, w.unread]));
    expect(await unread()).toEqual({ "Park Agency": 1, "Lee Dental": 1 });

    // Rao Law's: as if it did not exist, and left as it was.
    const raoFilter = await member.get(`/api/social-inbox?workspaces=all&workspace=${rao}`);
    expect(raoFilter.status).toBe(404);
    expect((await member.get(`/api/social-inbox/${raoMessage.id}`)).status).toBe(404);
    expect((await member.put(`/api/social-inbox/${raoMessage.id}`, { archived: true })).status).toBe(404);
    expect((await member.post(`/api/social-inbox/${raoMessage.id}/reply`, { content: "Hello" })).status).toBe(404);
    expect((await member.post("/api/social-inbox/bulk", { ids: [leeMessage.id, raoMessage.id], action: "read" })).status).toBe(404);
    expect(await app.sql`select status, archived from inbox_messages where id in (${raoMessage.id}, ${leeMessage.id}) order by status`).toEqual([
      { status: "unread", archived: false },
      { status: "unread", archived: false },
    ]);

    // Lee Dental's, from the agency's workspace she works in: opened, assigned to her, answered and archived in Lee Dental.
    expect((await member.get(`/api/social-inbox/${leeMessage.id}`)).data.message).toMatchObject({ workspaceId: lee, workspaceName: "Lee Dental" });
    const assigned = await member.put(`/api/social-inbox/${leeMessage.id}`, { assigneeId: user.id });
    expect(assigned.status, assigned.text).toBe(200);
    expect(assigned.data).toMatchObject({ assigneeId: user.id, workspaceName: "Lee Dental" });
    const reply = await member.post(`/api/social-inbox/${leeMessage.id}/reply`, { content: "We have a slot on Tuesday." });
    expect(reply.status, reply.text).toBe(202);
    expect((await member.post("/api/social-inbox/bulk", { ids: [leeMessage.id], action: "archive" })).data).toEqual({ updated: 1 });
    expect(await app.sql`select workspace_id from inbox_replies where id = ${reply.data.id}`).toEqual([{ workspace_id: lee }]);
    expect(await app.sql`select archived, assignee_id from inbox_messages where id = ${leeMessage.id}`).toEqual([{ archived: true, assignee_id: user.id }]);
    expect(await unread()).toEqual({ "Park Agency": 1, "Lee Dental": 0 });
    const [event] = await app.sql`select metadata->>'workspaceId' as workspace_id from events where stream_id = ${`inbox-${leeMessage.id}`} order by global_position desc limit 1`;
    expect(event).toMatchObject({ workspace_id: lee });
  });

  it("given a member's post awaiting approval in a client, when the agency's owner reads all clients' approvals, then it is there with the client's name and approved in the client; another client stays out of the member's reach; the same for reviews awaiting a response", async () => {
    const agency = await owner("agency", { company: "Park Agency" });
    const agencyId = await workspaceOf(agency.user.id);
    const lee = (await agency.browser.post("/api/clients", { name: "Lee Dental" })).data.id as string;
    const rao = (await agency.browser.post("/api/clients", { name: "Rao Law" })).data.id as string;
    const { member, user } = await joined(agency.browser, email("sam"), "member");
    expect((await agency.browser.post(`/api/clients/${lee}/access`, { userId: user.id, granted: true })).status).toBe(204);
    await agency.browser.post("/api/workspaces/switch", { workspaceId: lee });
    expect((await agency.browser.post("/api/social-accounts/sandbox", { platform: "bluesky", accountName: "Lee Dental" })).status).toBe(201);
    expect((await agency.browser.put("/api/team-settings", { approvalRequired: true })).status).toBe(200);
    const leeSite = await agency.browser.post("/api/social-accounts/sandbox", { platform: "google_business", accountName: "Lee Dental Main St" });
    expect(leeSite.status, leeSite.text).toBe(201);
    await agency.browser.post("/api/workspaces/switch", { workspaceId: rao });
    const raoSite = await agency.browser.post("/api/social-accounts/sandbox", { platform: "google_business", accountName: "Rao Law Office" });
    expect(raoSite.status, raoSite.text).toBe(201);
    await agency.browser.post("/api/workspaces/switch", { workspaceId: agencyId });

    await member.post("/api/workspaces/switch", { workspaceId: lee });
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const submitted = await member.post("/api/posts", { content: "Flu shots: walk in this week", platforms: ["bluesky"], status: "scheduled", scheduledAt: at });
    expect(submitted.data.status, submitted.text).toBe("awaiting_approval");
    await member.post("/api/workspaces/switch", { workspaceId: agencyId });

    // The owner, in the agency's workspace: one queue across clients, approved in the client.
    const queue = await agency.browser.get("/api/posts?status=awaiting_approval&workspaces=all");
    expect(queue.status, queue.text).toBe(200);
    expect(queue.data.items).toEqual([expect.objectContaining({ id: submitted.data.id, workspaceId: lee, workspaceName: "Lee Dental" })]);
    expect((await agency.browser.get(`/api/posts?status=awaiting_approval&workspace=${rao}`)).data.items).toEqual([]);
    const approved = await agency.browser.post(`/api/posts/${submitted.data.id}/approve`, {});
    expect(approved.status, approved.text).toBe(200);
    expect(approved.data).toMatchObject({ status: "scheduled", workspaceId: lee });

    // All clients is the approvals queue only; the member never reaches Rao Law.
    const everything = await member.get("/api/posts?workspaces=all");
    expect(everything.status).toBe(400);
    expect(everything.data.detail).toBe("All clients lists the posts awaiting approval: add status=awaiting_approval.");
    expect((await member.get(`/api/posts?status=awaiting_approval&workspace=${rao}`)).status).toBe(404);

    // Reviews awaiting a response, one on each client's site: the owner reads both clients', the member Lee Dental's only, and answers one there.
    for (const [site, workspaceId] of [
      [leeSite, lee],
      [raoSite, rao],
    ] as const) {
      const review = {
        externalId: crypto.randomUUID(),
        locationId: null,
        reviewerName: "Ana Ruiz",
        reviewerAvatar: null,
        rating: 4,
        content: "Friendly and on time.",
        reviewedAt: new Date().toISOString(),
        url: null,
        response: null,
      };
      await app.run(
        Reviews.use((reviews) =>
          reviews.receive(
            systemContext("ingestion", new Date(), crypto.randomUUID()),
            { id: site.data.id as string, workspaceId, platform: "google_business" },
            [review],
            "sandbox",
          ),
        ),
      );
    }
    type Pending = { id: string; workspaceId: string; workspaceName: string };
    const allPending = (await agency.browser.get("/api/reviews?status=pending&workspaces=all")).data.items as Pending[];
    expect(new Set(allPending.map((r) => r.workspaceName))).toEqual(new Set(["Lee Dental", "Rao Law"]));
    const herPending = await member.get("/api/reviews?status=pending&workspaces=all");
    expect(herPending.status, herPending.text).toBe(200);
    expect(new Set((herPending.data.items as Pending[]).map((r) => r.workspaceName))).toEqual(new Set(["Lee Dental"]));
    const raoReview = allPending.find((r) => r.workspaceId === rao)!;
    expect((await member.get(`/api/reviews/${raoReview.id}`)).status).toBe(404);
    expect((await member.post(`/api/reviews/${raoReview.id}/respond`, { responseText: "Thank you!" })).status).toBe(404);
    const leeReview = (herPending.data.items as Pending[])[0]!;
    const answered = await member.post(`/api/reviews/${leeReview.id}/respond`, { responseText: "Thank you, see you soon!" });
    expect(answered.status, answered.text).toBe(200);
    expect(answered.data).toMatchObject({ workspaceId: lee, responseText: "Thank you, see you soon!" });
    expect(await app.sql`select response_text from reviews where id = ${raoReview.id}`).toEqual([{ response_text: null }]);
    expect((await member.get("/api/reviews?workspaces=all")).data.detail).toBe("All clients lists the reviews awaiting a response: add status=pending, and no location.");
  });
});
