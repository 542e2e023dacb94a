import { describe, expect, it } from "vitest";
import { decryptSecret } from "../../infra/platforms/crypto";
import { Idempotency } from "../../infra/api-access/Idempotency";
import { makePng } from "../../infra/media/fixtures";
import { Browser, signUp } from "../support/browser";
import { useAppServer } from "../support/server";

/**
 * Idempotency-Key on the declared API's POSTs (README: Security › Idempotency): the real app on a
 * database of its own, a person signed in, checked against the posts the workspace holds and the
 * `idempotency_keys` table.
 */

const app = useAppServer();

const draft = (content: string) => ({ content, platforms: ["facebook"], media: [], status: "draft" });

const postsOf = async (workspaceId: string) =>
  (await app.sql<{ content: string }[]>`select content from posts where workspace_id = ${workspaceId} order by created_at`).map((row) => row.content);

const signedIn = async () => {
  const { browser, user } = await signUp(app.server.url);
  const [row] = await app.sql<{ workspace_id: string }[]>`select workspace_id from users where id = ${user.id}`;
  return { browser, workspaceId: row!.workspace_id };
};

const withKey = (browser: Browser, key: string, body: unknown) =>
  browser.request("POST", "/api/posts", { body: JSON.stringify(body), headers: { "idempotency-key": key } });

describe("a POST with an Idempotency-Key", () => {
  it("given the same key and the same body twice, then the second gets the first's status and body, marked replayed, and the workspace has one post", async () => {
    const { browser, workspaceId } = await signedIn();
    const first = await withKey(browser, "order-7f3a", draft("Spring opening hours"));
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get("idempotency-replayed")).toBeNull();

    const second = await withKey(browser, "order-7f3a", draft("Spring opening hours"));
    expect(second.status).toBe(201);
    expect(second.text).toBe(first.text);
    expect(second.headers.get("content-type")).toBe(first.headers.get("content-type"));
    expect(second.headers.get("idempotency-replayed")).toBe("true");
    expect(await postsOf(workspaceId)).toEqual(["Spring opening hours"]);

    const [row] = await app.sql<{ status: number; body: Buffer }[]>`select status, body from idempotency_keys where workspace_id = ${workspaceId} and key = 'order-7f3a'`;
    expect(row!.status).toBe(201);
    // Kept encrypted (an answer may hold a secret shown once): opened with the server's key, it is the answer.
    expect(row!.body.toString()).not.toContain("Spring opening hours");
    expect(JSON.parse(Buffer.from(decryptSecret(row!.body.toString()), "base64").toString()).id).toBe(first.data.id);
  });

  it("given a new API key created with an Idempotency-Key, then a retry gets the same key and the table never holds it in clear", async () => {
    const { browser, workspaceId } = await signedIn();
    const first = await browser.post("/api/api-keys", { name: "Zapier", access: "read" }, { headers: { "idempotency-key": "key-once" } });
    expect(first.status, first.text).toBe(201);
    const again = await browser.post("/api/api-keys", { name: "Zapier", access: "read" }, { headers: { "idempotency-key": "key-once" } });
    expect(again.data.key).toBe(first.data.key);
    expect((await browser.get("/api/api-keys")).data).toHaveLength(1);
    const [row] = await app.sql<{ body: Buffer }[]>`select body from idempotency_keys where workspace_id = ${workspaceId} and key = 'key-once'`;
    expect(row!.body.toString()).not.toContain(first.data.key);
  });

  it("given the same key with another body, then it answers 422 saying the key was used for a different request, and nothing more is saved", async () => {
    const { browser, workspaceId } = await signedIn();
    expect((await withKey(browser, "k-1", draft("First text"))).status).toBe(201);

    const other = await withKey(browser, "k-1", draft("Another text"));
    expect(other.status).toBe(422);
    expect(other.headers.get("content-type")).toContain("application/problem+json");
    expect(other.data).toMatchObject({ status: 422, code: "idempotency_key_reused" });
    expect(other.data.detail).toBe(
      "This Idempotency-Key was already used for a different request (another method, path or body). Use a new key for a new request.",
    );
    // Another path with the same key and body is another request too.
    const elsewhere = await browser.request("POST", "/api/categories", { body: JSON.stringify(draft("First text")), headers: { "idempotency-key": "k-1" } });
    expect(elsewhere.status).toBe(422);
    expect(await postsOf(workspaceId)).toEqual(["First text"]);
  });

  it("given two requests with the same key at once, then one post is made and both get the same answer", async () => {
    const { browser, workspaceId } = await signedIn();
    const [a, b] = await Promise.all([withKey(browser, "parallel-1", draft("Only once")), withKey(browser, "parallel-1", draft("Only once"))]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.text).toBe(b.text);
    expect([a.headers.get("idempotency-replayed"), b.headers.get("idempotency-replayed")].sort()).toEqual([null, "true"].sort());
    expect(await postsOf(workspaceId)).toEqual(["Only once"]);
  });

  it("given a key that is empty, too long or not printable ASCII, then it answers 400 with a sentence and saves nothing", async () => {
    const { browser, workspaceId } = await signedIn();
    for (const key of ["", "k".repeat(256), "clé-1"]) {
      const response = await withKey(browser, key, draft("Never saved"));
      expect(response.status, JSON.stringify(key)).toBe(400);
      expect(response.data).toMatchObject({ code: "invalid_idempotency_key", detail: "The Idempotency-Key header must be 1 to 255 printable ASCII characters." });
    }
    expect((await withKey(browser, "k".repeat(255), draft("Saved once"))).status).toBe(201);
    expect(await postsOf(workspaceId)).toEqual(["Saved once"]);
  });

  it("given a refusal (400), then it is recorded and replayed too; the same key in another workspace is another key", async () => {
    const { browser, workspaceId } = await signedIn();
    const refused = await withKey(browser, "shared-key", { content: "x", platforms: [] });
    expect(refused.status).toBe(400);
    const again = await withKey(browser, "shared-key", { content: "x", platforms: [] });
    expect(again.status).toBe(400);
    expect(again.text).toBe(refused.text);
    expect(again.headers.get("idempotency-replayed")).toBe("true");

    const other = await signedIn();
    expect((await withKey(other.browser, "shared-key", draft("Theirs"))).status).toBe(201);
    expect(await postsOf(other.workspaceId)).toEqual(["Theirs"]);
    expect(await postsOf(workspaceId)).toEqual([]);
  });

  it("given no key, or no one signed in, then nothing is recorded: each request runs", async () => {
    const { browser, workspaceId } = await signedIn();
    await browser.post("/api/posts", draft("Twice"));
    await browser.post("/api/posts", draft("Twice"));
    expect(await postsOf(workspaceId)).toEqual(["Twice", "Twice"]);

    const stranger = new Browser(app.server.url);
    const login = await stranger.request("POST", "/api/auth/login", { body: JSON.stringify({ email: "nobody@example.com", password: "wrong password" }), headers: { "idempotency-key": "login-1" } });
    expect(login.status).toBe(401);
    expect(await app.sql`select 1 from idempotency_keys where key = 'login-1'`).toHaveLength(0);
  });

  it("given a key older than 24 hours, then the hourly purge removes it and the same request runs again", async () => {
    const { browser, workspaceId } = await signedIn();
    expect((await withKey(browser, "yesterday", draft("Daily tip"))).status).toBe(201);
    await app.sql`update idempotency_keys set created_at = now() - interval '25 hours' where workspace_id = ${workspaceId}`;

    const purged = await app.run(Idempotency.use((idempotency) => idempotency.purge(new Date())));
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await app.sql`select 1 from idempotency_keys where workspace_id = ${workspaceId}`).toHaveLength(0);

    const again = await withKey(browser, "yesterday", draft("Daily tip"));
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotency-replayed")).toBeNull();
    expect(await postsOf(workspaceId)).toEqual(["Daily tip", "Daily tip"]);
  });
});

describe("a keyed POST with an Idempotency-Key", () => {
  it("given an API key, then the same request twice makes one post in the key's workspace, and the repeat carries the key's rate-limit fields too", async () => {
    const { browser, workspaceId } = await signedIn();
    const created = await browser.post("/api/api-keys", { name: "Zapier", access: "write" });
    expect(created.status, created.text).toBe(201);
    const send = () =>
      fetch(`${app.server.url}/api/posts`, {
        method: "POST",
        headers: { authorization: `Bearer ${created.data.key}`, "content-type": "application/json", "idempotency-key": "zap-42" },
        body: JSON.stringify(draft("From Zapier")),
      });
    const first = await send();
    const again = await send();
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(await again.text()).toBe(await first.text());
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect(again.headers.get("ratelimit")).toMatch(/^"default";r=\d+;t=\d+$/);
    expect(await postsOf(workspaceId)).toEqual(["From Zapier"]);
  });
});

describe("an upload with an Idempotency-Key", () => {
  const uploadWithKey = (browser: Browser, key: string, files: ReadonlyArray<{ name: string; bytes: Uint8Array }>) => {
    // A new form each time, as a retry makes it: its multipart boundary differs.
    const form = new FormData();
    for (const file of files) form.append("files", new File([file.bytes as BlobPart], file.name, { type: "image/png" }));
    return browser.request("POST", "/api/media/upload", { body: form, headers: { "idempotency-key": key } });
  };

  it("given the same files again with the key, then the gallery keeps one upload and the repeat gets its answer; other files with the key answer 422", async () => {
    const { browser, workspaceId } = await signedIn();
    const png = await makePng(320, 200);
    const first = await uploadWithKey(browser, "upload-1", [{ name: "front-desk.png", bytes: png }]);
    expect(first.status, first.text).toBe(201);
    const again = await uploadWithKey(browser, "upload-1", [{ name: "front-desk.png", bytes: png }]);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect(again.text).toBe(first.text);

    const other = await uploadWithKey(browser, "upload-1", [{ name: "waiting-room.png", bytes: png }]);
    expect(other.status).toBe(422);
    const items = await app.sql`select original_name from media_items where workspace_id = ${workspaceId}`;
    expect(items.map((item) => item.original_name)).toEqual(["front-desk.png"]);
  });
});

