import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PERMISSION_DENIED_MESSAGE } from "../../domain/access";
import { API_KEY_MESSAGES } from "../../domain/api-access/rules";
import { Browser } from "../support/browser";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";
import { until } from "../support/wait";

/**
 * API keys (issue 31) over HTTP: owners and admins create them (the key shown once, kept as a
 * hash), programs call every declared operation with `Authorization: Bearer …` (no cookie, no
 * Origin) as the key's creator with its cap, revoked or expired keys answer 401, a read key writing
 * 403, an agent key's posts wait for approval, and the audit trail names the key.
 */

const app = useAppServer();
const { owner, joined, email, workspaceOf } = teamHelpers(app);

/** A program: no cookie jar, no Origin, only its key. */
const program = (key: string) => {
  const call = async (method: string, path: string, json?: unknown) => {
    const response = await fetch(`${app.server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(json === undefined ? {} : { "content-type": "application/json" }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await response.text();
    let data: any = null;
    try {
      data = JSON.parse(text);
    } catch {}
    return { status: response.status, headers: response.headers, text, data };
  };
  return {
    get: (path: string) => call("GET", path),
    post: (path: string, json?: unknown) => call("POST", path, json ?? {}),
    put: (path: string, json: unknown) => call("PUT", path, json),
    delete: (path: string) => call("DELETE", path),
  };
};

const createKey = async (browser: Browser, input: Record<string, unknown>) => {
  const response = await browser.post("/api/api-keys", input);
  expect(response.status, response.text).toBe(201);
  return response.data as Record<string, any> & { key: string; id: string };
};

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe("creating API keys", () => {
  it("given an owner, when they create a key, then it is shown once as sd_live_… and stored only as its hash; the list never shows it", async () => {
    const { browser, user } = await owner();
    const created = await createKey(browser, { name: "  Zapier ", access: "write" });
    expect(created).toMatchObject({ name: "Zapier", access: "write", requireApproval: false, expiresAt: null, revokedAt: null, lastUsedAt: null });
    expect(created.key).toMatch(/^sd_live_[A-Za-z0-9_-]{43}$/);
    expect(created.lastFour).toBe(created.key.slice(-4));
    expect(created.createdBy).toMatchObject({ id: user.id });

    const [row] = await app.sql`select * from api_keys where id = ${created.id}`;
    expect(row).toMatchObject({ workspace_id: await workspaceOf(user.id), key_hash: createHash("sha256").update(created.key).digest("hex") });
    const stored = await app.sql`select data::text as data from events where stream_id = ${`api-key-${created.id}`}`;
    expect(stored.map((e) => e.data).join("")).not.toContain(created.key);

    const listed = await browser.get("/api/api-keys");
    expect(listed.status).toBe(200);
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ id: created.id, name: "Zapier", lastFour: created.lastFour });
    expect(listed.text).not.toContain(created.key);
  });

  it("given wrong input, then 400 with the field's sentence; an expiry in the past is refused", async () => {
    const { browser } = await owner();
    const cases: Array<[unknown, string, string]> = [
      [{ access: "write" }, "name", API_KEY_MESSAGES.nameRequired],
      [{ name: "   ", access: "write" }, "name", API_KEY_MESSAGES.nameRequired],
      [{ name: "x".repeat(101), access: "write" }, "name", API_KEY_MESSAGES.nameTooLong],
      [{ name: "Zapier", access: "admin" }, "access", API_KEY_MESSAGES.access],
      [{ name: "Zapier", access: "read", expiresAt: "tomorrow" }, "expiresAt", API_KEY_MESSAGES.expiresAt],
      [{ name: "Zapier", access: "read", expiresAt: "2020-01-01T00:00:00Z" }, "expiresAt", API_KEY_MESSAGES.expiresInPast],
    ];
    for (const [input, field, message] of cases) {
      const response = await browser.post("/api/api-keys", input);
      expect(response.status, JSON.stringify(input)).toBe(400);
      expect(response.data.errors?.[field] ?? response.data.detail, JSON.stringify(input)).toBe(message);
    }
    expect((await browser.get("/api/api-keys")).data).toEqual([]);
  });

  it("given a member, then they may not create or list keys (403), and a key may not manage keys", async () => {
    const { browser } = await owner();
    const { member } = await joined(browser, email("sam"));
    expect((await member.post("/api/api-keys", { name: "Mine", access: "write" })).data.detail).toBe(PERMISSION_DENIED_MESSAGE);
    expect((await member.get("/api/api-keys")).status).toBe(403);
    const { key } = await createKey(browser, { name: "Zapier", access: "write" });
    const refused = await program(key).post("/api/api-keys", { name: "Another", access: "write" });
    expect(refused.status).toBe(403);
    expect(refused.data.detail).toBe(API_KEY_MESSAGES.peopleOnly);
  });
});

describe("calling the API with a key", () => {
  it("given a write key, then it reads and writes the creator's workspace with no cookie and no Origin, and its last use is shown", async () => {
    const { browser } = await owner();
    expect((await browser.post("/api/social-accounts/sandbox", { platform: "bluesky", accountName: "Lee Dental" })).status).toBe(201);
    const created = await createKey(browser, { name: "Zapier", access: "write" });
    const zapier = program(created.key);

    const accounts = await zapier.get("/api/social-accounts");
    expect(accounts.status, accounts.text).toBe(200);
    const post = await zapier.post("/api/posts", { content: "Open on Saturday", platforms: ["bluesky"], status: "scheduled", scheduledAt: inAnHour() });
    expect(post.status, post.text).toBe(201);
    expect(post.data.status).toBe("scheduled");
    const listed = await browser.get("/api/posts");
    expect(listed.data.items.map((p: any) => p.id)).toContain(post.data.id);
    expect((await browser.get("/api/api-keys")).data[0].lastUsedAt).not.toBeNull();
    // A program's DELETE has no body, no content type and no Origin (curl -X DELETE): it is not taken for a cross-site form.
    const removed = await zapier.delete(`/api/posts/${post.data.id}`);
    expect(removed.status, removed.text).toBe(200);
    expect((await browser.get(`/api/posts/${post.data.id}`)).status).toBe(404);
  });

  it("given a write key of an owner, then it acts as a member at most: inviting people or changing the person's password is refused", async () => {
    const { browser } = await owner();
    const { key } = await createKey(browser, { name: "Zapier", access: "write" });
    const invite = await program(key).post("/api/team-invites", { email: email("kim"), role: "member" });
    expect(invite.status).toBe(403);
    expect(invite.data.detail).toBe(PERMISSION_DENIED_MESSAGE);
    const password = await program(key).post("/api/user/password", { currentPassword: "x", newPassword: "y".repeat(12), confirmPassword: "y".repeat(12) });
    expect(password.status).toBe(403);
    expect(password.data.detail).toBe(API_KEY_MESSAGES.peopleOnly);
    expect((await program(key).get("/api/auth/user")).data.teamRole).toBe("member");
  });

  it("given a read key, then it reads, and a write answers 403 problem details saying it can only read", async () => {
    const { browser } = await owner();
    const { key } = await createKey(browser, { name: "Dashboard", access: "read" });
    expect((await program(key).get("/api/posts")).status).toBe(200);
    const refused = await program(key).post("/api/categories", { name: "Promotions" });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(refused.data).toMatchObject({ status: 403, detail: API_KEY_MESSAGES.readOnly });
    expect((await browser.get("/api/categories")).data).toEqual([]);
  });

  it("given a revoked, an expired, an unknown or a departed creator's key, then 401 with the reason", async () => {
    const { browser } = await owner();
    const revoked = await createKey(browser, { name: "Old", access: "read" });
    expect((await browser.delete(`/api/api-keys/${revoked.id}`)).status).toBe(204);
    const refused = await program(revoked.key).get("/api/posts");
    expect(refused.data).toMatchObject({ status: 401, detail: API_KEY_MESSAGES.revoked });
    expect(refused.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
    expect((await browser.delete(`/api/api-keys/${revoked.id}`)).status).toBe(409);

    const expiring = await createKey(browser, { name: "Short", access: "read", expiresAt: inAnHour() });
    expect((await program(expiring.key).get("/api/posts")).status).toBe(200);
    await app.sql`update api_keys set expires_at = now() - interval '1 second' where id = ${expiring.id}`;
    expect((await program(expiring.key).get("/api/posts")).data).toMatchObject({ status: 401, detail: API_KEY_MESSAGES.expired });

    expect((await program("sd_live_nothing").get("/api/posts")).data).toMatchObject({ status: 401, detail: API_KEY_MESSAGES.unknown });

    const { member: admin } = await joined(browser, email("ana"), "admin");
    const adminKey = await createKey(admin, { name: "Ana's", access: "read" });
    expect((await program(adminKey.key).get("/api/posts")).status).toBe(200);
    const [{ id: adminId }] = await app.sql`select id from users where id = ${adminKey.createdBy.id}`;
    const removed = await browser.delete(`/api/team-members/${adminId}`);
    expect(removed.status, removed.text).toBeLessThan(300);
    expect((await program(adminKey.key).get("/api/posts")).data).toMatchObject({ status: 401, detail: API_KEY_MESSAGES.creatorGone });
  });

  it("given the OpenAPI document, then it declares the bearer scheme on guarded operations and none on sign-in", async () => {
    const spec = (await new Browser(app.server.url).get("/api/openapi.json")).data;
    expect(spec.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(spec.paths["/api/posts"].get.security).toEqual([{ apiKey: [] }, { session: [] }]);
    expect(spec.paths["/api/auth/login"].post.security ?? []).toEqual([]);
  });
});

describe("agent keys and the audit trail", () => {
  it("given a key with requireApproval, when it creates a scheduled post, then the post awaits approval and the approvers are e-mailed, whatever the workspace's setting", async () => {
    const { browser, input } = await owner();
    await browser.post("/api/social-accounts/sandbox", { platform: "bluesky", accountName: "Lee Dental" });
    expect((await browser.get("/api/team-settings")).data).toEqual({ approvalRequired: false });
    const agent = await createKey(browser, { name: "Claude", access: "write", requireApproval: true });
    const at = inAnHour();
    const proposed = await program(agent.key).post("/api/posts", {
      content: "Flu shots this week",
      platforms: ["bluesky"],
      status: "scheduled",
      scheduledAt: at,
    });
    expect(proposed.status, proposed.text).toBe(201);
    expect(proposed.data).toMatchObject({ status: "awaiting_approval", scheduledAt: at });
    const publishNow = await program(agent.key).post(`/api/posts/${proposed.data.id}/publish`);
    expect(publishNow.data?.status ?? publishNow.status).toBe("awaiting_approval");
    const [mail] = await app.sql`select subject, body_text from mail_outbox where to_address = ${input.email} and subject like '%approval%'`;
    expect(mail?.body_text).toContain("API key ‘Claude’");
    const approved = await browser.post(`/api/posts/${proposed.data.id}/approve`, { publishNow: true });
    expect(approved.status, approved.text).toBe(200);
  });

  it("given changes made with a key, then the audit trail names the key and its creator", async () => {
    const { browser, user } = await owner("agency");
    const { key } = await createKey(browser, { name: "Zapier", access: "write" });
    expect((await program(key).post("/api/categories", { name: "Tips" })).status).toBe(201);
    const name = `${user.firstName} ${user.lastName}`.trim();
    // The trail is kept behind the log: wait for the line.
    const trail = await until(
      () => browser.get("/api/audit?kind=categories"),
      (answer) => answer.data?.items?.length > 0,
    );
    const line = trail.data.items[0];
    expect(line).toMatchObject({ actor: `API key ‘Zapier’ (created by ${name})`, summary: 'Category "Tips" created' });
  });
});
