import { describe, expect, it } from "vitest";
import { PERMISSION_DENIED_MESSAGE } from "../../domain/access";
import { type Browser, signUp } from "../support/browser";
import { useAppServer } from "../support/server";
import { until } from "../support/wait";

/**
 * The audit trail over HTTP: every change of the workspace in words with the person who made it,
 * newest first, filtered, a page at a time, and as CSV; owners and admins only.
 */

const app = useAppServer();

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
    const entries = all.data.entries as Array<Record<string, any>>;
    expect(entries[0]).toMatchObject({ actor: "Maria Lopez", actorId: user.id, kind: "categories" });
    expect(entries[1]).toMatchObject({ actor: "Maria Lopez", kind: "notes", summary: "Calendar note added for 2026-05-14" });
    expect(entries.map((e) => e.at)).toEqual([...entries.map((e) => e.at)].sort().reverse());
    expect(all.data.next).toBeNull();

    const notes = await browser.get("/api/audit?kind=notes");
    expect((notes.data.entries as Array<Record<string, any>>).map((e) => e.summary)).toEqual(["Calendar note added for 2026-05-14"]);
    expect((await browser.get(`/api/audit?person=${user.id}&kind=categories`)).data.entries).toHaveLength(1);
    expect((await browser.get("/api/audit?person=system&kind=notes")).data.entries).toEqual([]);
    expect((await browser.get("/api/audit?from=2020-01-01&to=2020-01-31")).data.entries).toEqual([]);

    const csv = await browser.get("/api/audit/export.csv?kind=notes");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.text.split("\r\n").filter(Boolean)).toEqual([
      "time,person,kind,change",
      expect.stringMatching(/^\d{4}-.*,Maria Lopez,Calendar notes,Calendar note added for 2026-05-14$/),
    ]);
  });

  it("given more than a page, then `next` leads to the older lines, none twice, none left out", async () => {
    const { browser, user } = await signUp(app.server.url);
    const workspaceId = await workspaceOf(user.id);
    for (let i = 0; i < 60; i++) expect((await note(browser, `Note ${i}`)).status).toBe(201);
    await audited(workspaceId, 63);
    const first = await browser.get("/api/audit?kind=notes");
    expect(first.data.entries).toHaveLength(50);
    const second = await browser.get(`/api/audit?kind=notes&before=${first.data.next}`);
    expect(second.data.entries).toHaveLength(10);
    expect(second.data.next).toBeNull();
    const ids = [...first.data.entries, ...second.data.entries].map((e: Record<string, string>) => e.id);
    expect(new Set(ids).size).toBe(60);
  });

  it("given a wrong filter, a member or another workspace, then 400 with the field, 403 with the sentence, or nothing of the other's", async () => {
    const { browser, user } = await signUp(app.server.url);
    const bad = await browser.get("/api/audit?from=2026-05-20&to=2026-05-01");
    expect(bad.status).toBe(400);
    expect(bad.data.error.fields).toEqual({ to: "The end date must be on or after the start date." });
    expect((await browser.get("/api/audit?kind=everything")).data.error.fields).toEqual({ kind: "Choose a kind of change from the list." });
    expect((await browser.get("/api/audit?person=maria")).status).toBe(400);

    const other = await signUp(app.server.url);
    await note(other.browser, "Theirs");
    await audited(await workspaceOf(other.user.id), 4);
    const mine = (await browser.get("/api/audit")).data.entries as Array<Record<string, any>>;
    expect(mine.every((e) => e.actorId === user.id || e.actorId === null)).toBe(true);
    expect((await browser.get(`/api/audit?person=${other.user.id}`)).data.entries).toEqual([]);

    await app.sql`update workspaces set owner_id = gen_random_uuid() where id = ${await workspaceOf(user.id)}`;
    await app.sql`insert into team_members (workspace_id, user_id, email, role, joined_at) values (${await workspaceOf(user.id)}, ${user.id}, ${user.email}, 'member', now())`;
    const refused = await browser.get("/api/audit");
    expect(refused.status).toBe(403);
    expect(refused.data.error.message).toBe(PERMISSION_DENIED_MESSAGE);
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
    expect((trail.data.entries as Array<Record<string, any>>).map((e) => [e.actor, e.summary])).toEqual([
      ["Lee Park", 'Named the client "Lee Family Dental"'],
      ["Lee Park", 'Workspace "Lee Dental" created'],
    ]);
    expect((await browser.get(`/api/audit/export.csv?client=${client}`)).text).toContain("Lee Family Dental");
    const page = await browser.page(`/app/audit?client=${client}`);
    expect(page.text).toContain("Named the client &quot;Lee Family Dental&quot;");
    expect(page.text.match(/id="audit-client"[^]*?<\/select>/)?.[0]).toMatch(/<option[^>]*selected[^>]*>Lee Family Dental<\/option>/);

    expect((await browser.get("/api/audit?client=nope")).data.error.message).toBe("Choose a client from the list.");
    const other = await signUp(app.server.url);
    const theirs = await workspaceOf(other.user.id);
    expect((await browser.get(`/api/audit?client=${theirs}`)).status).toBe(404);
    expect((await browser.page(`/app/audit?client=${theirs}`)).status).toBe(404);
  });
});
