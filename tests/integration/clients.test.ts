import { describe, expect, it } from "vitest";
import { Browser } from "../support/browser";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";

/**
 * An agency's client workspaces: each with its own posts and accounts, on the agency's plan, its
 * accounts counted with the agency's against the plan's limit; the agency's people reach a client
 * only once given access.
 */

const app = useAppServer();
const { owner, joined, workspaceOf, email } = teamHelpers(app);

describe("client workspaces", () => {
  it("given an agency, when it adds clients, then each is a workspace of its own on the agency's plan, a switch away", async () => {
    const agency = await owner("agency", { company: "Park Agency" });
    const agencyId = await workspaceOf(agency.user.id);
    const first = await agency.browser.post("/api/clients", { name: "  Lee Dental " });
    expect(first.status, first.text).toBe(201);
    expect(first.data).toMatchObject({ name: "Lee Dental", accounts: 0, memberIds: [] });
    const second = await agency.browser.post("/api/clients", { name: "Rao Law" });
    expect((await agency.browser.post("/api/clients", { name: "X" })).data.detail).toBe("Name the client in 2 to 100 characters.");
    expect(((await agency.browser.get("/api/clients")).data as Array<{ name: string }>).map((c) => c.name)).toEqual(["Lee Dental", "Rao Law"]);
    const mine = (await agency.browser.get("/api/workspaces")).data as Array<{ id: string; role: string; current: boolean }>;
    expect(mine.map((w) => [w.id, w.role, w.current])).toEqual(
      expect.arrayContaining([
        [agencyId, "owner", true],
        [first.data.id, "owner", false],
        [second.data.id, "owner", false],
      ]),
    );

    // In a client: its own posts, the agency's plan; no clients of clients.
    expect((await agency.browser.post("/api/workspaces/switch", { workspaceId: first.data.id })).status).toBe(200);
    expect((await agency.browser.get("/api/auth/user")).data).toMatchObject({ teamRole: "owner", subscriptionTier: "agency" });
    expect((await agency.browser.post("/api/social-accounts/sandbox", { platform: "bluesky", accountName: "Lee Dental" })).status).toBe(201);
    expect((await agency.browser.post("/api/posts", { content: "Lee Dental's post", platforms: ["bluesky"], status: "draft" })).status).toBe(201);
    const nested = await agency.browser.post("/api/clients", { name: "Nested" });
    expect(nested.status).toBe(409);
    expect(nested.data.detail).toBe("Clients are added from the agency's own workspace: switch to it first.");
    await agency.browser.post("/api/workspaces/switch", { workspaceId: second.data.id });
    expect((await agency.browser.get("/api/posts")).data.items).toEqual([]);
    expect((await agency.browser.get("/api/social-accounts")).data).toEqual([]);

    // From a plain form, back to the page with a flash.
    await agency.browser.post("/api/workspaces/switch", { workspaceId: agencyId });
    const viaForm = await agency.browser.submit("/api/clients", { name: "Form Client", back: "/app/team-management#clients" });
    expect(viaForm.status).toBe(303);
    expect(viaForm.headers.get("location")).toBe("/app/team-management#clients");
  });

  it("given a client named Smile Co, when the agency adds or renames another to that name in any case or spacing, then 409 names it and nothing changes; another agency may use it", async () => {
    const agency = await owner("agency");
    const smile = await agency.browser.post("/api/clients", { name: "Smile Co" });
    expect(smile.status, smile.text).toBe(201);
    const rao = (await agency.browser.post("/api/clients", { name: "Rao Law" })).data.id as string;

    const again = await agency.browser.post("/api/clients", { name: "  smile CO " });
    expect(again.status).toBe(409);
    expect(again.data.detail).toBe('A client named "Smile Co" already exists.');
    const renamed = await agency.browser.put(`/api/clients/${rao}`, { name: "SMILE CO" });
    expect(renamed.status).toBe(409);
    expect(renamed.data.detail).toBe('A client named "Smile Co" already exists.');
    expect(((await agency.browser.get("/api/clients")).data as Array<{ name: string }>).map((c) => c.name)).toEqual(["Rao Law", "Smile Co"]);

    // Its own name in another case is a rename; two at once: one is added, the other refused.
    expect((await agency.browser.put(`/api/clients/${smile.data.id}`, { name: "SMILE Co" })).status).toBe(200);
    const both = await Promise.all([agency.browser.post("/api/clients", { name: "Park Dental" }), agency.browser.post("/api/clients", { name: "park dental" })]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);

    const other = await owner("agency");
    expect((await other.browser.post("/api/clients", { name: "Smile Co" })).status).toBe(201);
  });

  it("given an agency's plan limit, then the accounts of its clients count with its own", async () => {
    const agency = await owner("agency");
    const agencyId = await workspaceOf(agency.user.id);
    const client = (await agency.browser.post("/api/clients", { name: "Lee Dental" })).data.id as string;
    // A plan of 3 accounts from here (the trial's): two in the agency, one in the client, then none anywhere.
    await app.sql`update workspaces set subscription_tier = 'trial' where id = ${agencyId}`;
    expect((await agency.browser.post("/api/social-accounts/sandbox", { platform: "bluesky", accountName: "Agency one" })).status).toBe(201);
    expect((await agency.browser.post("/api/social-accounts/sandbox", { platform: "facebook", accountName: "Agency two" })).status).toBe(201);
    await agency.browser.post("/api/workspaces/switch", { workspaceId: client });
    expect((await agency.browser.post("/api/social-accounts/sandbox", { platform: "bluesky", accountName: "Client one" })).status).toBe(201);
    const over = await agency.browser.post("/api/social-accounts/sandbox", { platform: "facebook", accountName: "Client two" });
    expect(over.status).toBe(403);
    expect(over.data.detail).toBe("You've reached your limit of 3 social accounts. Upgrade to connect more platforms.");
  });

  it("given one of the agency's people, they reach a client only once given access, with their agency role", async () => {
    const agency = await owner("agency");
    const client = (await agency.browser.post("/api/clients", { name: "Lee Dental" })).data.id as string;
    const { member, user } = await joined(agency.browser, email("maria"), "admin");
    expect((await member.post("/api/workspaces/switch", { workspaceId: client })).status).toBe(404);

    const granted = await agency.browser.post(`/api/clients/${client}/access`, { userId: user.id, granted: true });
    expect(granted.status, granted.text).toBe(204);
    expect(((await agency.browser.get("/api/clients")).data as Array<{ memberIds: string[] }>)[0]!.memberIds).toEqual([user.id]);
    expect((await member.post("/api/workspaces/switch", { workspaceId: client })).status).toBe(200);
    expect((await member.get("/api/auth/user")).data).toMatchObject({ teamRole: "admin", subscriptionTier: "agency" });

    // Another agency's client, or someone not of the team: not found.
    const other = await owner("agency");
    const theirs = (await other.browser.post("/api/clients", { name: "Theirs" })).data.id as string;
    expect((await agency.browser.post(`/api/clients/${theirs}/access`, { userId: user.id, granted: true })).status).toBe(404);
    expect((await agency.browser.post(`/api/clients/${client}/access`, { userId: other.user.id, granted: true })).status).toBe(404);

    // Access taken away: out of the client at once.
    expect((await agency.browser.post(`/api/clients/${client}/access`, { userId: user.id, granted: false })).status).toBe(204);
    expect((await member.get("/api/auth/user")).status).toBe(401);

    // Out of the agency's team is out of its clients too.
    expect((await agency.browser.post(`/api/clients/${client}/access`, { userId: user.id, granted: true })).status).toBe(204);
    expect((await agency.browser.delete(`/api/team-members/${user.id}`)).status).toBe(204);
    expect(await app.sql`select 1 from team_members where user_id = ${user.id}`).toHaveLength(0);
  });

  it("given a plan without client management, adding a client answers the plan's sentence", async () => {
    const { browser } = await owner("professional");
    const refused = await browser.post("/api/clients", { name: "Lee Dental" });
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ code: "plan_limit", detail: "This feature is not available in your current plan. Upgrade to unlock all features." });
  });

  it("given the agency's white label, its clients' approval pages show its name, logo and colour, and nothing of SocialDesk", async () => {
    const agency = await owner("agency", { company: "Park Agency" });
    const bad = await agency.browser.put("/api/brand", { name: "P", logoUrl: "http://insecure.example/logo.png", color: "#123456" });
    expect(bad.status).toBe(400);
    expect(bad.data.errors).toEqual({
      name: "Give the brand a name of 2 to 60 characters.",
      logoUrl: "The logo is an https:// address of an image, or nothing.",
      color: "Choose one of the colours.",
    });
    const saved = await agency.browser.put("/api/brand", { name: "Park Creative", logoUrl: "https://park.example/logo.png", color: "#16a34a" });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.data).toEqual({ name: "Park Creative", logoUrl: "https://park.example/logo.png", color: "#16A34A" });

    // A client's member posts, approval on, the agency's owner shares the post with the client.
    const client = (await agency.browser.post("/api/clients", { name: "Lee Dental" })).data.id as string;
    await agency.browser.post("/api/workspaces/switch", { workspaceId: client });
    expect((await agency.browser.get("/api/brand")).data).toMatchObject({ name: "Park Creative" });
    const refused = await agency.browser.put("/api/brand", { name: "Client Brand", color: "#16A34A" });
    expect(refused.status).toBe(409);
    await agency.browser.post("/api/social-accounts/sandbox", { platform: "bluesky", accountName: "Lee Dental" });
    await agency.browser.put("/api/team-settings", { approvalRequired: true });
    const { member } = await joined(agency.browser, email("maria"), "member");
    const post = await member.post("/api/posts", {
      content: "Open house on Saturday",
      platforms: ["bluesky"],
      status: "scheduled",
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(post.data.status).toBe("awaiting_approval");
    const link = await agency.browser.post("/api/approval-links", { postIds: [post.data.id] });
    const page = await new Browser(app.server.url).page(new URL(link.data.url).pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Park Creative asks for your approval");
    expect(page.text).toContain('src="https://park.example/logo.png"');
    expect(page.text).toContain("brand-16A34A");
    expect(page.text).toContain("<title>Approve posts | Park Creative</title>");
    expect(page.text).not.toContain("SocialDesk");

    // E-mailed to the client: from the agency's brand, with its logo and colour, nothing of SocialDesk.
    expect((await agency.browser.post("/api/approval-links", { postIds: [post.data.id], email: "dr.lee" })).data.detail).toBe(
      "Please enter a valid e-mail address.",
    );
    const clientEmail = email("dr.lee");
    const sent = await agency.browser.post("/api/approval-links", { postIds: [post.data.id], email: clientEmail.toUpperCase() });
    expect(sent.status, sent.text).toBe(201);
    const [mail] = await app.sql<{ from_name: string; subject: string; body_text: string; body_html: string }[]>`
      select from_name, subject, body_text, body_html from mail_outbox where to_address = ${clientEmail}`;
    expect(mail).toMatchObject({ from_name: "Park Creative", subject: "Park Creative: 1 post awaits your approval" });
    expect(mail!.body_text).toContain(`Review the posts: ${sent.data.url}`);
    expect(mail!.body_html).toContain('src="https://park.example/logo.png"');
    expect(mail!.body_html).toContain(`href="${sent.data.url}"`);
    expect(`${mail!.body_text}${mail!.body_html}`).not.toContain("SocialDesk");
    expect(await app.sql`select 1 from events where type = 'ApprovalLinkCreated' and data->>'sentTo' = ${clientEmail}`).toHaveLength(1);

    // Without a white label, the product's own page.
    const plain = await owner("agency");
    expect((await plain.browser.get("/api/brand")).data).toBeNull();
    const refusedPlan = await (await owner("professional")).browser.put("/api/brand", { name: "Mine", color: "#16A34A" });
    expect(refusedPlan.status).toBe(403);
  });
});
