import { randomUUID } from "node:crypto";
import { Effect, ManagedRuntime, Layer } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoriesProjection } from "../../domain/categories";
import { Database } from "../../infra/db/Database";
import { verifyProjections } from "../../infra/eventstore/rebuild";
import { Browser, signUp } from "../support/browser";
import { useAppServer } from "../support/server";
import { storedEventsLayer } from "../../infra/modules";

/**
 * Content categories over HTTP (spec engagement §2, §3, §5, §7, §8): the real app on a database of
 * its own, driven like a browser, checked against the events and the `categories` read model.
 */

const app = useAppServer();

const workspaceOf = async (userId: string) => (await app.sql<{ workspace_id: string }[]>`select workspace_id from users where id = ${userId}`)[0].workspace_id;

const create = async (browser: Browser, input: Record<string, unknown>) => {
  const response = await browser.post("/api/categories", input);
  expect(response.status, response.text).toBe(201);
  return response.data as Record<string, any>;
};

describe("creating categories", () => {
  it("given only a name, then it answers 201 with the category: trimmed, blue, not the default, every platform", async () => {
    const { browser, user } = await signUp(app.server.url);
    expect((await browser.get("/api/categories")).data).toEqual([]);

    const response = await browser.post("/api/categories", { name: "  Weekly   tips " });
    expect(response.status).toBe(201);
    expect(response.data).toMatchObject({ userId: user.id, name: "Weekly tips", description: "", color: "blue", isDefault: false, platforms: [], version: 1 });
    expect(response.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(response.data.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const [row] = await app.sql`select * from categories where id = ${response.data.id}`;
    expect(row).toMatchObject({ workspace_id: await workspaceOf(user.id), user_id: user.id, name: "Weekly tips", color: "blue", is_default: false, platforms: [] });
    const events = await app.sql<{ type: string; metadata: any }[]>`select type, metadata from events where stream_id = ${`category-${response.data.id}`}`;
    expect(events.map((e) => e.type)).toEqual(["CategoryCreated"]);
    expect(events[0].metadata).toMatchObject({ actorId: user.id, workspaceId: await workspaceOf(user.id) });
  });

  it("given platforms, then they are kept as known ids (x is twitter), each once, and listed with the category", async () => {
    const { browser } = await signUp(app.server.url);
    const created = await create(browser, { name: "Promotions", description: "Offers", color: "green", platforms: ["x", "facebook", "twitter"] });
    expect(created.platforms).toEqual(["facebook", "twitter"]);
    const list = (await browser.get("/api/categories")).data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: created.id, name: "Promotions", description: "Offers", color: "green", platforms: ["facebook", "twitter"] });
  });

  it("given wrong input, then it answers 400 with the field's message and records nothing", async () => {
    const { browser } = await signUp(app.server.url);
    const cases: Array<[unknown, string, string]> = [
      [{}, "name", "Category name is required"],
      [{ name: "   " }, "name", "Category name is required"],
      [{ name: 42 }, "name", "Category name is required"],
      [{ name: "n".repeat(51) }, "name", "Category name must be at most 50 characters"],
      [{ name: "A", color: "teal" }, "color", "Choose one of the colors: blue, green, purple, orange, red, pink"],
      [{ name: "A", platforms: ["facebook", "myspace"] }, "platforms", "Unknown platform: myspace"],
      [{ name: "A", platforms: "facebook" }, "platforms", "Choose platforms from the list"],
      [{ name: "A", description: "d".repeat(501) }, "description", "Description must be at most 500 characters"],
    ];
    for (const [input, field, message] of cases) {
      const response = await browser.post("/api/categories", input);
      expect(response.status, JSON.stringify(input)).toBe(400);
      expect(response.data.code).toBe("invalid_input");
      expect(response.data.errors[field], JSON.stringify(input)).toBe(message);
    }
    expect((await browser.request("POST", "/api/categories", { body: "{not json" })).status).toBe(400);
    expect((await browser.get("/api/categories")).data).toEqual([]);
  });

  it("given a name the workspace already has, in any letter case, then it answers 409 with a clear message", async () => {
    const { browser } = await signUp(app.server.url);
    await create(browser, { name: "Promotions" });
    const response = await browser.post("/api/categories", { name: " promotions" });
    expect(response.status).toBe(409);
    expect(response.data.detail).toBe('A category named "Promotions" already exists.');
    // Another workspace may use the name.
    const other = await signUp(app.server.url);
    await create(other.browser, { name: "Promotions" });
  });

  it("given two creations with one name at the same time, then exactly one is made", async () => {
    const { browser } = await signUp(app.server.url);
    const answers = await Promise.all(Array.from({ length: 5 }, () => browser.post("/api/categories", { name: "Race" })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it("given no session, then every route answers 401", async () => {
    const anonymous = new Browser(app.server.url);
    expect((await anonymous.get("/api/categories")).status).toBe(401);
    expect((await anonymous.post("/api/categories", { name: "X" })).status).toBe(401);
    expect((await anonymous.put(`/api/categories/${randomUUID()}`, { name: "X" })).status).toBe(401);
    expect((await anonymous.delete(`/api/categories/${randomUUID()}`)).status).toBe(401);
  });
});

describe("the default category", () => {
  it("is one per workspace: a new default un-defaults the old one in the same transaction", async () => {
    const { browser } = await signUp(app.server.url);
    const tips = await create(browser, { name: "Tips", isDefault: true });
    expect(tips.isDefault).toBe(true);
    const news = await create(browser, { name: "News", isDefault: true });
    expect(news.isDefault).toBe(true);

    const list = (await browser.get("/api/categories")).data as Array<Record<string, any>>;
    expect(list.filter((c) => c.isDefault).map((c) => c.name)).toEqual(["News"]);
    expect(list[0].name).toBe("News");

    const events = await app.sql<{ stream_id: string; type: string; data: any; transaction_id: string }[]>`
      select stream_id, type, data, transaction_id::text from events
      where stream_id in (${`category-${tips.id}`}, ${`category-${news.id}`}) order by global_position`;
    expect(events.map((e) => e.type)).toEqual(["CategoryCreated", "CategoryDefaultRemoved", "CategoryCreated"]);
    expect(events[1].data).toEqual({ replacedBy: news.id });
    expect(events[1].transaction_id).toBe(events[2].transaction_id);

    // Choosing Tips again through an edit moves it back.
    const again = await browser.put(`/api/categories/${tips.id}`, { isDefault: true });
    expect(again.status).toBe(200);
    expect(again.data.isDefault).toBe(true);
    const after = (await browser.get("/api/categories")).data as Array<Record<string, any>>;
    expect(after.filter((c) => c.isDefault).map((c) => c.name)).toEqual(["Tips"]);

    // And it can be unset: no default at all.
    expect((await browser.put(`/api/categories/${tips.id}`, { isDefault: false })).data.isDefault).toBe(false);
    expect(((await browser.get("/api/categories")).data as Array<Record<string, any>>).some((c) => c.isDefault)).toBe(false);
  });

  it("stays one when several are chosen at the same time", async () => {
    const { browser } = await signUp(app.server.url);
    const made = [];
    for (const name of ["A", "B", "C", "D"]) made.push(await create(browser, { name }));
    const answers = await Promise.all(made.map((c) => browser.put(`/api/categories/${c.id}`, { isDefault: true })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const defaults = ((await browser.get("/api/categories")).data as Array<Record<string, any>>).filter((c) => c.isDefault);
    expect(defaults).toHaveLength(1);
  });
});

describe("editing and deleting", () => {
  it("given a partial edit, then only those fields change and the version moves", async () => {
    const { browser } = await signUp(app.server.url);
    const promo = await create(browser, { name: "Promotions", description: "Offers", color: "green", platforms: ["instagram"] });
    const response = await browser.put(`/api/categories/${promo.id}`, { description: "Sales and offers", platforms: ["instagram", "linkedin"] });
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ name: "Promotions", description: "Sales and offers", color: "green", platforms: ["instagram", "linkedin"], version: 2 });
    const events = await app.sql<{ type: string; data: any }[]>`select type, data from events where stream_id = ${`category-${promo.id}`} order by stream_version`;
    expect(events.at(-1)).toEqual({ type: "CategoryUpdated", data: { description: "Sales and offers", platforms: ["instagram", "linkedin"] } });

    // Nothing changed: no event, same version.
    const same = await browser.put(`/api/categories/${promo.id}`, { color: "green" });
    expect(same.data.version).toBe(2);
  });

  it("given a stale version, a taken name or a wrong field, then it answers 409 or 400 and changes nothing", async () => {
    const { browser } = await signUp(app.server.url);
    const a = await create(browser, { name: "Alpha" });
    await create(browser, { name: "Beta" });
    expect((await browser.put(`/api/categories/${a.id}`, { name: "Alpha 2" })).status).toBe(200);

    const stale = await browser.put(`/api/categories/${a.id}`, { name: "Alpha 3", version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.data.code).toBe("version_conflict");

    const taken = await browser.put(`/api/categories/${a.id}`, { name: "BETA" });
    expect(taken.status).toBe(409);
    expect(taken.data.detail).toBe('A category named "Beta" already exists.');

    const blank = await browser.put(`/api/categories/${a.id}`, { name: "" });
    expect(blank.status).toBe(400);
    expect(blank.data.errors.name).toBe("Category name is required");

    // Renaming to its own name in another letter case is allowed.
    expect((await browser.put(`/api/categories/${a.id}`, { name: "ALPHA 2" })).data.name).toBe("ALPHA 2");
  });

  it("given a deletion, then it answers 204, the category is gone and its name is free again", async () => {
    const { browser } = await signUp(app.server.url);
    const promo = await create(browser, { name: "Promotions", isDefault: true });
    expect((await browser.delete(`/api/categories/${promo.id}`)).status).toBe(204);
    expect((await browser.get(`/api/categories/${promo.id}`)).status).toBe(404);
    expect((await browser.get("/api/categories")).data).toEqual([]);
    expect((await browser.delete(`/api/categories/${promo.id}`)).status).toBe(404);
    expect((await browser.put(`/api/categories/${promo.id}`, { name: "Back" })).status).toBe(404);
    await create(browser, { name: "Promotions" });
  });

  it("given another workspace's category or a malformed id, then GET, PUT and DELETE answer 404 and change nothing", async () => {
    const owner = await signUp(app.server.url);
    const stranger = await signUp(app.server.url);
    const promo = await create(owner.browser, { name: "Promotions", platforms: ["facebook"] });

    expect((await stranger.browser.get(`/api/categories/${promo.id}`)).status).toBe(404);
    const put = await stranger.browser.put(`/api/categories/${promo.id}`, { name: "Mine", isDefault: true });
    expect(put.status).toBe(404);
    expect(put.data.code).toBe("not_found");
    expect((await stranger.browser.delete(`/api/categories/${promo.id}`)).status).toBe(404);
    expect((await stranger.browser.get("/api/categories")).data).toEqual([]);

    for (const id of ["not-a-uuid", "1", "' or 1=1 --", randomUUID()]) {
      const path = `/api/categories/${encodeURIComponent(id)}`;
      expect((await owner.browser.get(path)).status, id).toBe(404);
      expect((await owner.browser.put(path, { name: "X" })).status, id).toBe(404);
      expect((await owner.browser.delete(path)).status, id).toBe(404);
    }

    const [row] = await app.sql`select name, is_default, version from categories where id = ${promo.id}`;
    expect(row).toEqual({ name: "Promotions", is_default: false, version: 1 });
  });
});

describe("the categories read model", () => {
  it("is rebuilt from the events exactly as it is live", async () => {
    const runtime = ManagedRuntime.make(Layer.merge(Database.layerFrom(Effect.succeed(app.database.url), { max: 2 }), storedEventsLayer()));
    try {
      const result = await runtime.runPromise(verifyProjections([categoriesProjection]));
      expect(result.differences).toEqual([]);
      expect(result.events).toBeGreaterThan(20);
    } finally {
      await runtime.dispose();
    }
  });
});
