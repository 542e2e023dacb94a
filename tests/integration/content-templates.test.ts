import { randomUUID } from "node:crypto";
import { Effect, Layer, ManagedRuntime } from "effect";
import { describe, expect, it } from "vitest";
import { contentTemplatesProjection } from "../../domain/content-templates";
import { FEATURE_UNAVAILABLE_MESSAGE } from "../../domain/plans";
import { Database } from "../../infra/db/Database";
import { verifyProjections } from "../../infra/eventstore/rebuild";
import { storedEventsLayer } from "../../infra/modules";
import { Browser } from "../support/browser";
import { useAppServer } from "../support/server";
import { samplePng } from "../support/openai";
import { teamHelpers } from "../support/team";

/**
 * Content templates over HTTP (spec engagement §2, §3, §5, §7): created, edited in part, used and
 * deleted; every bad field answered with its sentence; a private template seen by its author alone,
 * a team template by the whole workspace but changed only by its author, an owner or an admin; uses
 * counted; creating gated by the plan; another workspace's ids answering 404.
 */

const app = useAppServer();
const { owner, joined, email, workspaceOf } = teamHelpers(app);

/** An image of the workspace's media library: its address, as a template keeps it. */
const libraryImage = async (browser: Browser) => {
  const form = new FormData();
  form.append("files", new File([(await samplePng()) as BlobPart], "smile.png", { type: "image/png" }));
  const uploaded = await browser.request("POST", "/api/media/upload", { body: form });
  expect(uploaded.status, uploaded.text).toBe(201);
  return uploaded.data.items[0].fileUrl as string;
};

const create = async (browser: Browser, input: Record<string, unknown>) => {
  const response = await browser.post("/api/content-templates", { content: "Book your check-up today.", ...input });
  expect(response.status, response.text).toBe(201);
  return response.data as Record<string, any>;
};

const names = async (browser: Browser) => ((await browser.get("/api/content-templates")).data as Array<{ name: string }>).map((t) => t.name).sort();

describe("a content template", () => {
  it("is created with hashtags kept with their # and each once, edited in part, used, and deleted", async () => {
    const { browser, user } = await owner("starter");
    expect((await browser.get("/api/content-templates")).data).toEqual([]);
    const MEDIA = await libraryImage(browser);

    const created = await browser.post("/api/content-templates", {
      name: "  Check-up   reminder ",
      content: " Time for your six-month check-up! ",
      platforms: ["x", "facebook", "twitter"],
      hashtags: ["dental", "#Dental", "#smile", "  "],
      mediaUrls: [MEDIA],
      isPublic: false,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.data).toMatchObject({
      name: "Check-up reminder",
      content: "Time for your six-month check-up!",
      platforms: ["facebook", "twitter"],
      hashtags: ["#dental", "#smile"],
      mediaUrls: [MEDIA],
      isPublic: false,
      usageCount: 0,
      lastUsedAt: null,
      authorId: user.id,
      canChange: true,
      version: 1,
    });
    const id = created.data.id as string;
    const [row] = await app.sql`select workspace_id, author_id, hashtags from content_templates where id = ${id}`;
    expect(row).toMatchObject({ workspace_id: await workspaceOf(user.id), author_id: user.id, hashtags: ["#dental", "#smile"] });

    const edited = await browser.put(`/api/content-templates/${id}`, { content: "Six months already? Book your check-up.", hashtags: ["smile"] });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.data).toMatchObject({
      name: "Check-up reminder",
      content: "Six months already? Book your check-up.",
      hashtags: ["#smile"],
      platforms: ["facebook", "twitter"],
    });
    const stale = await browser.put(`/api/content-templates/${id}`, { name: "Old copy", version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.data.detail).toBe("This item was changed by someone else. Reload and try again.");

    const used = await browser.post(`/api/content-templates/${id}/use`);
    expect(used.status, used.text).toBe(200);
    expect(used.data).toMatchObject({ id, usageCount: 1 });
    expect(used.data.lastUsedAt).not.toBeNull();

    // The compose window opened from it is filled in with its text and hashtags, and says so.
    const compose = await browser.page(`/app/compose?template=${id}`);
    expect(compose.status).toBe(200);
    expect(compose.text).toContain("Template Used");
    expect(compose.text).toContain("Six months already? Book your check-up.");

    expect((await browser.delete(`/api/content-templates/${id}`)).status).toBe(204);
    expect((await browser.get(`/api/content-templates/${id}`)).status).toBe(404);
    expect((await browser.post(`/api/content-templates/${id}/use`)).status).toBe(404);
    expect((await browser.get("/api/content-templates")).data).toEqual([]);
    const events = await app.sql<{ type: string }[]>`select type from events where stream_id = ${`content-template-${id}`} order by stream_version`;
    expect(events.map((e) => e.type)).toEqual(["ContentTemplateCreated", "ContentTemplateEdited", "ContentTemplateUsed", "ContentTemplateDeleted"]);
  });

  it("given wrong input, answers 400 with the field's sentence and records nothing", async () => {
    const { browser } = await owner("starter");
    const cases: Array<[Record<string, unknown>, string, string | RegExp]> = [
      [{ content: "x" }, "name", "Template name is required"],
      [{ name: "   ", content: "x" }, "name", "Template name is required"],
      [{ name: "n".repeat(101), content: "x" }, "name", "Template name must be at most 100 characters"],
      [{ name: "A", content: "  " }, "content", "Template content is required"],
      [{ name: "A", content: 42 }, "content", "Template content is required"],
      [{ name: "A", content: "x", platforms: ["myspace"] }, "platforms", "Unknown platform: myspace"],
      [{ name: "A", content: "x", platforms: "facebook" }, "platforms", "Choose platforms from the list."],
      [{ name: "A", content: "x", hashtags: ["two words"] }, "hashtags", /"two words" is not a hashtag/],
      [{ name: "A", content: "x", hashtags: Array.from({ length: 31 }, (_, i) => `tag${i}`) }, "hashtags", "A template takes at most 30 hashtags."],
      [{ name: "A", content: "x", mediaUrls: ["javascript:alert(1)"] }, "mediaUrls.0", "Add media from your media library, or by an https:// address."],
      [
        { name: "A", content: "x", mediaUrls: Array.from({ length: 11 }, (_, i) => `https://cdn.example/${i}.png`) },
        "mediaUrls",
        "A template takes at most 10 media files.",
      ],
      [{ name: "A", content: "x", isPublic: "yes" }, "isPublic", "Share with team is true or false."],
    ];
    for (const [input, field, message] of cases) {
      const response = await browser.post("/api/content-templates", input);
      expect(response.status, JSON.stringify(input)).toBe(400);
      expect(response.data.code).toBe("invalid_input");
      expect(response.data.errors?.[field], `${JSON.stringify(input)} ${response.text}`).toMatch(message);
    }
    expect((await browser.request("POST", "/api/content-templates", { body: "{not json" })).status).toBe(400);
    const kept = await create(browser, { name: "Kept" });
    const blank = await browser.put(`/api/content-templates/${kept.id}`, { content: "" });
    expect(blank.status).toBe(400);
    expect(blank.data.errors.content).toBe("Template content is required");
    expect(await names(browser)).toEqual(["Kept"]);
  });

  it("counts every use, also of people using it at the same moment", async () => {
    const { browser } = await owner("starter");
    const template = await create(browser, { name: "Popular", isPublic: true });
    const uses = await Promise.all(Array.from({ length: 4 }, () => browser.post(`/api/content-templates/${template.id}/use`)));
    expect(uses.map((u) => u.status)).toEqual([200, 200, 200, 200]);
    expect((await browser.get(`/api/content-templates/${template.id}`)).data.usageCount).toBe(4);
  });
});

describe("who sees and changes a template", () => {
  it("a private template is its author's alone; a team template is the workspace's, changed only by its author, an owner or an admin", async () => {
    const { browser: ownerBrowser } = await owner("professional");
    const mine = await create(ownerBrowser, { name: "Owner private" });
    const team = await create(ownerBrowser, { name: "Owner team", isPublic: true });
    const { member } = await joined(ownerBrowser, email("member"), "member");
    const { member: admin } = await joined(ownerBrowser, email("admin"), "admin");

    // A member sees the team's template only; the owner's private one does not exist for them.
    expect(await names(member)).toEqual(["Owner team"]);
    expect((await member.get(`/api/content-templates/${team.id}`)).data).toMatchObject({ isPublic: true, canChange: false });
    for (const answer of [
      await member.get(`/api/content-templates/${mine.id}`),
      await member.put(`/api/content-templates/${mine.id}`, { name: "Taken" }),
      await member.delete(`/api/content-templates/${mine.id}`),
      await member.post(`/api/content-templates/${mine.id}/use`),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.data.detail).toBe("This template does not exist, or was deleted.");
    }
    // ...uses the team's, but changes neither it nor its sharing.
    expect((await member.post(`/api/content-templates/${team.id}/use`)).data.usageCount).toBe(1);
    for (const answer of [
      await member.put(`/api/content-templates/${team.id}`, { isPublic: false }),
      await member.delete(`/api/content-templates/${team.id}`),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.data.detail).toBe("Only the template's author, an owner or an admin can change a team template.");
    }

    // The member's own template: private to them, even from the owner and the admin, until shared.
    const members = await create(member, { name: "Member private" });
    expect(members.canChange).toBe(true);
    expect(await names(ownerBrowser)).toEqual(["Owner private", "Owner team"]);
    expect((await admin.get(`/api/content-templates/${members.id}`)).status).toBe(404);
    expect((await member.put(`/api/content-templates/${members.id}`, { isPublic: true })).data.isPublic).toBe(true);
    expect(await names(admin)).toEqual(["Member private", "Owner team"]);

    // An admin edits the owner's team template, the owner deletes the member's.
    const renamed = await admin.put(`/api/content-templates/${team.id}`, { name: "Team reminder" });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.data).toMatchObject({ name: "Team reminder", canChange: true, usageCount: 1 });
    expect((await ownerBrowser.delete(`/api/content-templates/${members.id}`)).status).toBe(204);
    expect(await names(member)).toEqual(["Team reminder"]);
  });

  it("another workspace's templates answer 404, and an id that is no id too", async () => {
    const { browser } = await owner("starter");
    const team = await create(browser, { name: "Ours", isPublic: true });
    const { browser: other } = await owner("agency");
    expect(await names(other)).toEqual([]);
    for (const answer of [
      await other.get(`/api/content-templates/${team.id}`),
      await other.put(`/api/content-templates/${team.id}`, { name: "Theirs" }),
      await other.delete(`/api/content-templates/${team.id}`),
      await other.post(`/api/content-templates/${team.id}/use`),
      await other.get("/api/content-templates/not-an-id"),
      await other.put("/api/content-templates/not-an-id", { name: "X" }),
    ]) {
      expect(answer.status).toBe(404);
    }
    expect((await browser.get(`/api/content-templates/${team.id}`)).data.name).toBe("Ours");
  });

  it("creating needs a plan with content templates; without it the list still reads", async () => {
    const { browser } = await owner("trial");
    const refused = await browser.post("/api/content-templates", { name: "A", content: "B" });
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ code: "plan_limit", detail: FEATURE_UNAVAILABLE_MESSAGE });
    expect((await browser.get("/api/content-templates")).status).toBe(200);

    const anonymous = new Browser(app.server.url);
    expect((await anonymous.get("/api/content-templates")).status).toBe(401);
    expect((await anonymous.post("/api/content-templates", { name: "A", content: "B" })).status).toBe(401);
    expect((await anonymous.post(`/api/content-templates/${randomUUID()}/use`)).status).toBe(401);
  });
});

describe("the content templates' read model", () => {
  it("is rebuilt from the events exactly as it is live", async () => {
    const runtime = ManagedRuntime.make(Layer.merge(Database.layerFrom(Effect.succeed(app.database.url), { max: 2 }), storedEventsLayer()));
    try {
      const result = await runtime.runPromise(verifyProjections([contentTemplatesProjection]));
      expect(result.differences).toEqual([]);
      expect(result.events).toBeGreaterThan(20);
    } finally {
      await runtime.dispose();
    }
  });
});
