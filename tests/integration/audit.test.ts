import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSION_DENIED_MESSAGE } from "../../domain/access";
import { type Browser, signUp } from "../support/browser";
import { aiEnv, type FakeAi, startFakeAi } from "../support/openai";
import { allowOutbound } from "../support/outbound";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";
import { until } from "../support/wait";

/**
 * The audit trail over HTTP: every change of the workspace in words with the person who made it,
 * newest first, filtered, a page at a time, and as CSV; owners and admins only. Every module's
 * changes are filed under a kind of their own (an AI server and a blog's feed play what the app reads).
 */

let ai: FakeAi;
const blog = createServer((_req, res) =>
  res
    .writeHead(200, { "content-type": "application/rss+xml" })
    .end(
      `<?xml version="1.0"?><rss version="2.0"><channel><title>Lee Dental blog</title><link>https://blog.example.com/</link><item><guid>gums</guid><title>Healthy gums</title><link>https://blog.example.com/gums</link><pubDate>${new Date().toUTCString()}</pubDate></item></channel></rss>`,
    ),
);
let blogUrl = "";
beforeAll(async () => {
  ai = await startFakeAi();
  allowOutbound(ai.baseUrl);
  await new Promise<void>((resolve) => blog.listen(0, "127.0.0.1", resolve));
  blogUrl = `http://127.0.0.1:${(blog.address() as AddressInfo).port}/feed.xml`;
  allowOutbound(blogUrl);
});
afterAll(async () => {
  await ai?.close();
  await new Promise((resolve) => blog.close(resolve));
});

const app = useAppServer({ env: () => aiEnv(ai, { OUTBOUND_ALLOW_HOSTS: process.env.OUTBOUND_ALLOW_HOSTS! }) });
const { owner } = teamHelpers(app);

const workspaceOf = async (userId: string) => (await app.sql<{ workspace_id: string }[]>`select workspace_id from users where id = ${userId}`)[0]!.workspace_id;

/** Waits for the audit trail (kept behind the log) to hold `count` lines of the workspace. */
const audited = async (workspaceId: string, count: number) => {
  const lines = await until(
    async () => (await app.sql<{ n: number }[]>`select count(*)::int as n from audit_log where workspace_id = ${workspaceId}`)[0]!.n,
    (n) => n >= count,
  );
  expect(lines, `the audit trail of ${workspaceId}`).toBeGreaterThanOrEqual(count);
};

const note = (browser: Browser, content: string, date = "2026-05-14") => browser.post("/api/calendar-notes", { date, content });

describe("the audit trail", () => {
  it("given changes by a person, then it lists them in words with their name, newest first, filtered by kind, person and days", async () => {
    const { browser, user } = await signUp(app.server.url, { firstName: "Maria", lastName: "Lopez" });
    const workspaceId = await workspaceOf(user.id);
    expect((await note(browser, "Open day")).status).toBe(201);
    expect((await browser.post("/api/categories", { name: "Promotions", color: "blue" })).status).toBe(201);
    // Registration (workspace, trial, user), the note, the category.
    await audited(workspaceId, 5);

    const all = await browser.get("/api/audit");
    expect(all.status, all.text).toBe(200);
    const entries = all.data.items as Array<Record<string, any>>;
    expect(entries[0]).toMatchObject({ actor: "Maria Lopez", actorId: user.id, kind: "categories" });
    expect(entries[1]).toMatchObject({ actor: "Maria Lopez", kind: "notes", summary: "Calendar note added for 2026-05-14" });
    expect(entries.map((e) => e.at)).toEqual([...entries.map((e) => e.at)].sort().reverse());
    expect(all.data.next).toBeNull();

    const notes = await browser.get("/api/audit?kind=notes");
    expect((notes.data.items as Array<Record<string, any>>).map((e) => e.summary)).toEqual(["Calendar note added for 2026-05-14"]);
    expect((await browser.get(`/api/audit?person=${user.id}&kind=categories`)).data.items).toHaveLength(1);
    expect((await browser.get("/api/audit?person=system&kind=notes")).data.items).toEqual([]);
    expect((await browser.get("/api/audit?from=2020-01-01&to=2020-01-31")).data.items).toEqual([]);

    const csv = await browser.get("/api/audit/export.csv?kind=notes");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.text.split("\r\n").filter(Boolean)).toEqual([
      "time,person,kind,change",
      expect.stringMatching(/^\d{4}-.*,Maria Lopez,Calendar notes,Calendar note added for 2026-05-14$/),
    ]);
  });

  it("given a change in reviews, content templates, RSS feeds, hashtag groups, listening and AI, then each is filed under its own kind, none as Other, and the filter keeps only it", async () => {
    const { browser, user } = await owner("growth", { firstName: "Ann", lastName: "Lee" });
    const workspaceId = await workspaceOf(user.id);
    const listing = await browser.post("/api/social-accounts/listing", { platform: "healthgrades", url: "https://www.healthgrades.com/dentist/dr-ann-lee-x2b4k" });
    expect(listing.status, listing.text).toBe(201);
    const review = await browser.post("/api/reviews", { accountId: listing.data.id, reviewerName: "Maria Lopez", rating: 2, content: "Waited 40 minutes." });
    expect(review.status, review.text).toBe(201);
    const reply = await browser.post(`/api/reviews/${review.data.id}/respond`, { responseText: "Sorry, Maria. Our manager will call you today." });
    expect(reply.status, reply.text).toBe(200);
    const template = await browser.post("/api/content-templates", { name: "Check-up", content: "Book your check-up today." });
    expect(template.status, template.text).toBe(201);
    const feed = await browser.post("/api/rss-feeds", { name: "Practice blog", url: blogUrl, platforms: ["facebook"] });
    expect(feed.status, feed.text).toBe(201);
    const group = await browser.post("/api/hashtag-groups", { name: "Dental care", tags: "#dental #smile" });
    expect(group.status, group.text).toBe(201);
    const monitor = await browser.post("/api/listening/monitors", { name: "Dentists", terms: "#dentist, lee dental" });
    expect(monitor.status, monitor.text).toBe(201);
    const written = await browser.post("/api/ai/enhance-content", { content: "Our clinic opens Monday", action: "shorten", platforms: ["facebook"] });
    expect(written.status, written.text).toBe(200);

    const expected: Record<string, [kind: string, label: string]> = {
      ReviewResponded: ["reviews", "Reviews"],
      ContentTemplateCreated: ["content-templates", "Content templates"],
      RssFeedAdded: ["feeds", "RSS feeds"],
      HashtagGroupSaved: ["hashtags", "Hashtag groups"],
      ListeningMonitorCreated: ["listening", "Listening monitors"],
      AiTextGenerated: ["ai", "AI use"],
    };
    await until(
      async () => (await app.sql<{ type: string }[]>`select distinct type from audit_log where workspace_id = ${workspaceId}`).map((r) => r.type),
      (types) => Object.keys(expected).every((type) => types.includes(type)),
    );

    // The page's filter offers each module's kinds, and nothing called Other.
    const page = await browser.page("/app/audit");
    expect(page.status).toBe(200);
    const select = page.text.match(/<select id="audit-kind"[^]*?<\/select>/)?.[0] ?? "";
    const offered = new Map([...select.matchAll(/<option value="([^"]+)"[^>]*>([^<]+)<\/option>/g)].map((m) => [m[1]!, m[2]!.replace("&#39;", "'")]));
    for (const [kind, label] of Object.values(expected)) expect(offered.get(kind)).toBe(label);
    expect([...offered.values()].map((l) => l.toLowerCase())).not.toContain("other");

    // Every line of the trail has one of those kinds, each module's change its own.
    const entries = (await browser.get("/api/audit")).data.items as Array<Record<string, string>>;
    expect(entries.filter((e) => !offered.has(e.kind!)).map((e) => [e.type, e.kind])).toEqual([]);
    for (const [type, [kind]] of Object.entries(expected)) expect(entries.find((e) => e.type === type)?.kind, type).toBe(kind);

    // The filter keeps that kind's lines only; the page shows its label on each line and the CSV too.
    for (const [type, [kind, label]] of Object.entries(expected)) {
      const filtered = (await browser.get(`/api/audit?kind=${kind}`)).data.items as Array<Record<string, string>>;
      expect(filtered.map((e) => e.type), kind).toContain(type);
      expect(filtered.every((e) => e.kind === kind)).toBe(true);
      const shown = await browser.page(`/app/audit?kind=${kind}`);
      const badges = [...shown.text.matchAll(/data-testid="audit-kind"[^>]*>([^<]+)</g)].map((m) => m[1]);
      expect(badges, kind).toHaveLength(filtered.length);
      expect(new Set(badges)).toEqual(new Set([label]));
    }
    const csv = await browser.get("/api/audit/export.csv?kind=reviews");
    expect(csv.text).toMatch(/,Ann Lee,Reviews,/);
  });

  it("given more than a page, then `next` leads to the older lines, none twice, none left out", async () => {
    const { browser, user } = await signUp(app.server.url);
    const workspaceId = await workspaceOf(user.id);
    for (let i = 0; i < 60; i++) expect((await note(browser, `Note ${i}`)).status).toBe(201);
    await audited(workspaceId, 63);
    const first = await browser.get("/api/audit?kind=notes");
    expect(first.data.items).toHaveLength(50);
    const second = await browser.get(`/api/audit?kind=notes&cursor=${first.data.next}`);
    expect(second.data.items).toHaveLength(10);
    expect(second.data.next).toBeNull();
    const ids = [...first.data.items, ...second.data.items].map((e: Record<string, string>) => e.id);
    expect(new Set(ids).size).toBe(60);
  });

  it("given a wrong filter, a member or another workspace, then 400 with the field, 403 with the sentence, or nothing of the other's", async () => {
    const { browser, user } = await signUp(app.server.url);
    const bad = await browser.get("/api/audit?from=2026-05-20&to=2026-05-01");
    expect(bad.status).toBe(400);
    expect(bad.data.errors).toEqual({ to: "The end date must be on or after the start date." });
    expect((await browser.get("/api/audit?kind=everything")).data.errors).toEqual({ kind: "Choose a kind of change from the list." });
    expect((await browser.get("/api/audit?person=maria")).status).toBe(400);

    const other = await signUp(app.server.url);
    await note(other.browser, "Theirs");
    await audited(await workspaceOf(other.user.id), 4);
    const mine = (await browser.get("/api/audit")).data.items as Array<Record<string, any>>;
    expect(mine.every((e) => e.actorId === user.id || e.actorId === null)).toBe(true);
    expect((await browser.get(`/api/audit?person=${other.user.id}`)).data.items).toEqual([]);

    await app.sql`update workspaces set owner_id = gen_random_uuid() where id = ${await workspaceOf(user.id)}`;
    await app.sql`insert into team_members (workspace_id, user_id, email, role, joined_at) values (${await workspaceOf(user.id)}, ${user.id}, ${user.email}, 'member', now())`;
    const refused = await browser.get("/api/audit");
    expect(refused.status).toBe(403);
    expect(refused.data.detail).toBe(PERMISSION_DENIED_MESSAGE);
    expect((await browser.get("/api/audit/export.csv")).status).toBe(403);
  });

  it("given an agency, its people read each client's trail, named by client; another's client is not found", async () => {
    const { browser, user } = await signUp(app.server.url, { firstName: "Lee", lastName: "Park" });
    const agencyId = await workspaceOf(user.id);
    await app.sql`update workspaces set subscription_tier = 'agency', subscription_status = 'active' where id = ${agencyId}`;
    const client = (await browser.post("/api/clients", { name: "Lee Dental" })).data.id as string;
    expect((await browser.put(`/api/clients/${client}`, { name: "Lee Family Dental", logoUrl: null })).status).toBe(200);
    await audited(client, 2);

    const trail = await browser.get(`/api/audit?client=${client}`);
    expect(trail.status, trail.text).toBe(200);
    expect((trail.data.items as Array<Record<string, any>>).map((e) => [e.actor, e.summary])).toEqual([
      ["Lee Park", 'Named the client "Lee Family Dental"'],
      ["Lee Park", 'Workspace "Lee Dental" created'],
    ]);
    expect((await browser.get(`/api/audit/export.csv?client=${client}`)).text).toContain("Lee Family Dental");
    const page = await browser.page(`/app/audit?client=${client}`);
    expect(page.text).toContain("Named the client &quot;Lee Family Dental&quot;");
    expect(page.text.match(/id="audit-client"[^]*?<\/select>/)?.[0]).toMatch(/<option[^>]*selected[^>]*>Lee Family Dental<\/option>/);

    expect((await browser.get("/api/audit?client=nope")).data.detail).toBe("Choose a client from the list.");
    const other = await signUp(app.server.url);
    const theirs = await workspaceOf(other.user.id);
    expect((await browser.get(`/api/audit?client=${theirs}`)).status).toBe(404);
    expect((await browser.page(`/app/audit?client=${theirs}`)).status).toBe(404);
  });
});
