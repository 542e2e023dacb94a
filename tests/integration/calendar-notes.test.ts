import { randomUUID } from "node:crypto";
import { Effect, ManagedRuntime, Layer } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Database } from "../../infra/db/Database";
import { verifyProjections } from "../../infra/eventstore/rebuild";
import { projections, storedEventsLayer } from "../../infra/modules";
import { Browser, signUp } from "../support/browser";
import { useAppServer } from "../support/server";
import { until } from "../support/wait";

/**
 * Calendar notes over HTTP (spec core §3, §5, §7, §8): the real app on a database of its own,
 * driven like a browser, checked against the events and the `calendar_notes` read model.
 */

const app = useAppServer();

const workspaceOf = async (userId: string) => (await app.sql<{ workspace_id: string }[]>`select workspace_id from users where id = ${userId}`)[0].workspace_id;

const create = async (browser: Browser, input: Record<string, unknown>) => {
  const response = await browser.post("/api/calendar-notes", input);
  expect(response.status, response.text).toBe(201);
  return response.data as Record<string, any>;
};

describe("adding notes", () => {
  it("given a date and content, then it answers 201 with the note: trimmed and amber", async () => {
    const { browser, user } = await signUp(app.server.url);
    expect((await browser.get("/api/calendar-notes")).data).toEqual([]);

    const response = await browser.post("/api/calendar-notes", { date: "2026-05-14", content: "  Open day at the clinic\n" });
    expect(response.status).toBe(201);
    expect(response.data).toMatchObject({ userId: user.id, date: "2026-05-14", content: "Open day at the clinic", color: "#FBBF24", version: 1 });
    expect(response.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(response.data.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(response.data.updatedAt).toBe(response.data.createdAt);

    const [row] = await app.sql`select workspace_id, author_id, to_char(date, 'YYYY-MM-DD') as date, content, color from calendar_notes where id = ${response.data.id}`;
    expect(row).toEqual({ workspace_id: await workspaceOf(user.id), author_id: user.id, date: "2026-05-14", content: "Open day at the clinic", color: "#FBBF24" });
    const events = await app.sql<{ type: string; data: any; metadata: any }[]>`select type, data, metadata from events where stream_id = ${`calendar-note-${response.data.id}`}`;
    expect(events.map((e) => e.type)).toEqual(["NoteAdded"]);
    expect(events[0].metadata).toMatchObject({ actorId: user.id, workspaceId: await workspaceOf(user.id) });
  });

  it("given a preset colour in lower case, then it is kept upper-case and listed by date, then as written", async () => {
    const { browser } = await signUp(app.server.url);
    const later = await create(browser, { date: "2026-05-20", content: "Later", color: "#a78bfa" });
    expect(later.color).toBe("#A78BFA");
    const first = await create(browser, { date: "2026-05-03", content: "First" });
    const second = await create(browser, { date: "2026-05-03", content: "Second", color: "#60A5FA" });
    const list = (await browser.get("/api/calendar-notes")).data as Array<Record<string, any>>;
    expect(list.map((n) => n.id)).toEqual([first.id, second.id, later.id]);
    expect(list[2]).toEqual(later);
  });

  it("given wrong input, then it answers 400 with the field's message and records nothing", async () => {
    const { browser } = await signUp(app.server.url);
    const cases: Array<[unknown, string, string]> = [
      [{ date: "2026-05-14" }, "content", "Please enter some content for your note."],
      [{ date: "2026-05-14", content: "   " }, "content", "Please enter some content for your note."],
      [{ date: "2026-05-14", content: " \n " }, "content", "Please enter some content for your note."],
      [{ date: "2026-05-14", content: 42 }, "content", "Please enter some content for your note."],
      [{ date: "2026-05-14", content: "c".repeat(1001) }, "content", "A note can be at most 1000 characters."],
      [{ content: "Hi" }, "date", "Choose a valid date."],
      [{ date: "2026-02-30", content: "Hi" }, "date", "Choose a valid date."],
      [{ date: "14/05/2026", content: "Hi" }, "date", "Choose a valid date."],
      [{ date: "2026-05-14", content: "Hi", color: "#000000" }, "color", "Choose one of the note colours."],
      [{ date: "2026-05-14", content: "Hi", color: "amber" }, "color", "Choose one of the note colours."],
    ];
    for (const [input, field, message] of cases) {
      const response = await browser.post("/api/calendar-notes", input);
      expect(response.status, JSON.stringify(input)).toBe(400);
      expect(response.data.code).toBe("invalid_input");
      expect(response.data.errors[field], JSON.stringify(input)).toBe(message);
    }
    expect((await browser.request("POST", "/api/calendar-notes", { body: "{not json" })).status).toBe(400);
    expect((await browser.get("/api/calendar-notes")).data).toEqual([]);
    // Exactly 1000 characters is fine.
    expect((await create(browser, { date: "2026-05-14", content: "c".repeat(1000) })).content).toHaveLength(1000);
  });

  it("given no session, then every route answers 401", async () => {
    const anonymous = new Browser(app.server.url);
    expect((await anonymous.get("/api/calendar-notes")).status).toBe(401);
    expect((await anonymous.post("/api/calendar-notes", { date: "2026-05-14", content: "X" })).status).toBe(401);
    expect((await anonymous.put(`/api/calendar-notes/${randomUUID()}`, { content: "X" })).status).toBe(401);
    expect((await anonymous.delete(`/api/calendar-notes/${randomUUID()}`)).status).toBe(401);
  });

  it("given demo mode, then notes can be read but not written", async () => {
    const headers = { "content-type": "application/json", origin: app.server.url };
    const post = await fetch(`${app.server.url}/api/calendar-notes?demo=true`, {
      method: "POST",
      headers,
      body: JSON.stringify({ date: "2026-05-14", content: "Demo note" }),
    });
    expect(post.status).toBe(403);
    expect((await post.json()).code).toBe("demo_read_only");
    const put = await fetch(`${app.server.url}/api/calendar-notes/${randomUUID()}?demo=true`, { method: "PUT", headers, body: JSON.stringify({ content: "X" }) });
    expect(put.status).toBe(403);
    const del = await fetch(`${app.server.url}/api/calendar-notes/${randomUUID()}?demo=true`, { method: "DELETE", headers: { origin: app.server.url } });
    expect(del.status).toBe(403);
    const list = await fetch(`${app.server.url}/api/calendar-notes?demo=true`);
    expect(list.status).toBe(200);
    expect(Array.isArray(await list.json())).toBe(true);
    expect((await app.sql`select count(*)::int as count from events where type = 'NoteAdded' and data->>'content' = 'Demo note'`)[0].count).toBe(0);
  });
});

describe("listing a month", () => {
  it("given from and to, then only the notes of those days, both inclusive", async () => {
    const { browser } = await signUp(app.server.url);
    const april = await create(browser, { date: "2026-04-30", content: "April" });
    const mayFirst = await create(browser, { date: "2026-05-01", content: "May 1" });
    const mayLast = await create(browser, { date: "2026-05-31", content: "May 31" });
    const june = await create(browser, { date: "2026-06-01", content: "June" });

    const ids = async (query: string) => ((await browser.get(`/api/calendar-notes${query}`)).data as Array<{ id: string }>).map((n) => n.id);
    expect(await ids("?from=2026-05-01&to=2026-05-31")).toEqual([mayFirst.id, mayLast.id]);
    expect(await ids("?from=2026-05-31")).toEqual([mayLast.id, june.id]);
    expect(await ids("?to=2026-05-01")).toEqual([april.id, mayFirst.id]);
    expect(await ids("")).toEqual([april.id, mayFirst.id, mayLast.id, june.id]);
  });

  it("given a wrong range, then it answers 400 with a clear message", async () => {
    const { browser } = await signUp(app.server.url);
    const cases: Array<[string, string, string]> = [
      ["?from=May&to=2026-05-31", "from", "Choose a valid date."],
      ["?from=2026-05-01&to=2026-02-30", "to", "Choose a valid date."],
      ["?from=2026-05-31&to=2026-05-01", "to", "The end date must be on or after the start date."],
      ["?from=2026-01-01&to=2027-02-05", "to", "Choose a range of at most 400 days."],
    ];
    for (const [query, field, message] of cases) {
      const response = await browser.get(`/api/calendar-notes${query}`);
      expect(response.status, query).toBe(400);
      expect(response.data.errors[field], query).toBe(message);
    }
  });
});

describe("editing and deleting", () => {
  it("given an edit, then only the fields that changed are recorded and the version moves", async () => {
    const { browser } = await signUp(app.server.url);
    const note = await create(browser, { date: "2026-05-14", content: "Open day", color: "#60A5FA" });
    const response = await browser.put(`/api/calendar-notes/${note.id}`, { content: " Open day, 9 to 5 ", color: "#60A5FA" });
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ id: note.id, date: "2026-05-14", content: "Open day, 9 to 5", color: "#60A5FA", version: 2, createdAt: note.createdAt });
    expect(new Date(response.data.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(note.updatedAt).getTime());
    const events = await app.sql<{ type: string; data: any }[]>`select type, data from events where stream_id = ${`calendar-note-${note.id}`} order by stream_version`;
    expect(events.at(-1)).toEqual({ type: "NoteEdited", data: { content: "Open day, 9 to 5" } });

    // Nothing changed: no event, same version.
    expect((await browser.put(`/api/calendar-notes/${note.id}`, { color: "#60a5fa" })).data.version).toBe(2);

    // A date moves it to another day.
    const moved = await browser.put(`/api/calendar-notes/${note.id}`, { date: "2026-05-15" });
    expect(moved.data).toMatchObject({ date: "2026-05-15", version: 3 });
    expect((await browser.get(`/api/calendar-notes/${note.id}`)).data).toEqual(moved.data);
  });

  it("given a stale version or a wrong field, then it answers 409 or 400 and changes nothing", async () => {
    const { browser } = await signUp(app.server.url);
    const note = await create(browser, { date: "2026-05-14", content: "Open day" });
    expect((await browser.put(`/api/calendar-notes/${note.id}`, { content: "Open day!", version: 1 })).status).toBe(200);

    const stale = await browser.put(`/api/calendar-notes/${note.id}`, { content: "Overwrite", version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.data.code).toBe("version_conflict");

    const blank = await browser.put(`/api/calendar-notes/${note.id}`, { content: "  " });
    expect(blank.status).toBe(400);
    expect(blank.data.errors.content).toBe("Please enter some content for your note.");
    const color = await browser.put(`/api/calendar-notes/${note.id}`, { color: "#123456" });
    expect(color.status).toBe(400);
    expect(color.data.errors.color).toBe("Choose one of the note colours.");

    const [row] = await app.sql`select content, color, version from calendar_notes where id = ${note.id}`;
    expect(row).toEqual({ content: "Open day!", color: "#FBBF24", version: 2 });
  });

  it("given a deletion, then it answers 204 and the note is gone", async () => {
    const { browser } = await signUp(app.server.url);
    const note = await create(browser, { date: "2026-05-14", content: "Open day" });
    expect((await browser.delete(`/api/calendar-notes/${note.id}`)).status).toBe(204);
    expect((await browser.get(`/api/calendar-notes/${note.id}`)).status).toBe(404);
    expect((await browser.get("/api/calendar-notes")).data).toEqual([]);
    expect((await browser.delete(`/api/calendar-notes/${note.id}`)).status).toBe(404);
    expect((await browser.put(`/api/calendar-notes/${note.id}`, { content: "Back" })).status).toBe(404);
    const events = await app.sql<{ type: string }[]>`select type from events where stream_id = ${`calendar-note-${note.id}`} order by stream_version`;
    expect(events.map((e) => e.type)).toEqual(["NoteAdded", "NoteDeleted"]);
  });

  it("given another workspace's note or a malformed id, then GET, PUT and DELETE answer 404 and change nothing", async () => {
    const owner = await signUp(app.server.url);
    const stranger = await signUp(app.server.url);
    const note = await create(owner.browser, { date: "2026-05-14", content: "Private" });

    expect((await stranger.browser.get(`/api/calendar-notes/${note.id}`)).status).toBe(404);
    const put = await stranger.browser.put(`/api/calendar-notes/${note.id}`, { content: "Mine" });
    expect(put.status).toBe(404);
    expect(put.data.code).toBe("not_found");
    expect((await stranger.browser.delete(`/api/calendar-notes/${note.id}`)).status).toBe(404);
    expect((await stranger.browser.get("/api/calendar-notes")).data).toEqual([]);
    expect((await stranger.browser.get("/api/calendar-notes?from=2026-05-01&to=2026-05-31")).data).toEqual([]);

    for (const id of ["not-a-uuid", "1", "' or 1=1 --", randomUUID()]) {
      const path = `/api/calendar-notes/${encodeURIComponent(id)}`;
      expect((await owner.browser.get(path)).status, id).toBe(404);
      expect((await owner.browser.put(path, { content: "X" })).status, id).toBe(404);
      expect((await owner.browser.delete(path)).status, id).toBe(404);
    }

    const [row] = await app.sql`select content, version from calendar_notes where id = ${note.id}`;
    expect(row).toEqual({ content: "Private", version: 1 });
  });
});

describe("the calendar notes read model", () => {
  it("is rebuilt from the events exactly as it is live, and the audit trail reads the notes", async () => {
    const runtime = ManagedRuntime.make(Layer.merge(Database.layerFrom(Effect.succeed(app.database.url), { max: 2 }), storedEventsLayer()));
    try {
      const result = await runtime.runPromise(verifyProjections(projections));
      expect(result.differences).toEqual([]);
      expect(result.events).toBeGreaterThan(20);
    } finally {
      await runtime.dispose();
    }
    const summaries = await until(
      async () => (await app.sql<{ summary: string }[]>`select summary from audit_log where type like 'Note%'`).map((r) => r.summary),
      (now) => now.includes("Calendar note deleted") && now.includes("Calendar note moved to 2026-05-15"),
    );
    expect(summaries).toContain("Calendar note added for 2026-05-14");
    expect(summaries).toContain("Calendar note edited");
    expect(summaries).toContain("Calendar note moved to 2026-05-15");
    expect(summaries).toContain("Calendar note deleted");
  });
});

describe("verifying the read models while people write", () => {
  it("given notes being added and the projector catching up meanwhile, then no difference is reported", async () => {
    const { browser } = await signUp(app.server.url);
    let writing = true;
    const writer = (async () => {
      for (let day = 1; writing; day = (day % 28) + 1) {
        await create(browser, { date: `2026-06-${String(day).padStart(2, "0")}`, content: `Note ${day}` });
      }
    })();
    const runtime = ManagedRuntime.make(Layer.merge(Database.layerFrom(Effect.succeed(app.database.url), { max: 2 }), storedEventsLayer()));
    try {
      for (let round = 0; round < 8; round++) {
        const result = await runtime.runPromise(verifyProjections(projections));
        expect(result.differences, `round ${round}`).toEqual([]);
      }
    } finally {
      writing = false;
      await writer;
      await runtime.dispose();
    }
  });
});
