import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, signUp } from "../support/browser";
import { aiEnv, type FakeAi, startFakeAi } from "../support/openai";
import { allowOutbound } from "../support/outbound";
import { useAppServer } from "../support/server";

/** The MCP server at /mcp (README "Connecting an AI agent (MCP)"), driven by the SDK's own client. */

let ai: FakeAi;
beforeAll(async () => {
  ai = await startFakeAi();
  allowOutbound(ai.baseUrl);
});
afterAll(() => ai?.close());

const app = useAppServer({ env: () => aiEnv(ai, { OUTBOUND_ALLOW_HOSTS: process.env.OUTBOUND_ALLOW_HOSTS! }) });

/** An API key of the signed-in owner's workspace, made as Settings › API keys makes it. */
const keyOf = async (browser: Browser, access: "read" | "write", requireApproval = false) => {
  const created = await browser.post("/api/api-keys", { name: requireApproval ? "Agent" : `Script (${access})`, access, requireApproval });
  expect(created.status, created.text).toBe(201);
  return created.data.key as string;
};

/** The SDK's client, connected to the app's /mcp with the key (initialize and its notification done). */
const connect = async (key: string) => {
  const client = new Client({ name: "socialdesk-test", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", app.server.url), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  return client;
};

const textOf = (result: Awaited<ReturnType<Client["callTool"]>>) => ((result as CallToolResult).content[0] as { text: string }).text;

/** An owner with a sandbox Bluesky account, and the SDK's client connected with a key of theirs. */
const agentOf = async (access: "read" | "write", requireApproval = false) => {
  const { browser } = await signUp(app.server.url);
  const account = await browser.post("/api/social-accounts/sandbox", { platform: "bluesky", accountName: "Lee Dental on Bluesky" });
  expect(account.status, account.text).toBe(201);
  return { browser, accountId: account.data.id as string, client: await connect(await keyOf(browser, access, requireApproval)) };
};

describe("the MCP server", () => {
  it("given no API key, or a revoked or unknown one, then /mcp answers 401 with WWW-Authenticate: Bearer and the sentence saying why, and the SDK's client cannot connect", async () => {
    const { browser } = await signUp(app.server.url);
    const key = await keyOf(browser, "write");
    const listed = await browser.get("/api/api-keys");
    expect((await browser.delete(`/api/api-keys/${listed.data[0].id}`)).status).toBe(204);
    const attempt = (authorization?: string) =>
      fetch(new URL("/mcp", app.server.url), {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
    for (const [authorization, sentence, challenge] of [
      [undefined, "Authorization: Bearer", 'Bearer realm="SocialDesk"'],
      [`Bearer ${key}`, "This API key was revoked.", 'Bearer realm="SocialDesk", error="invalid_token"'],
      ["Bearer sd_live_not-a-key", "This API key is not valid.", 'Bearer realm="SocialDesk", error="invalid_token"'],
    ] as const) {
      const response = await attempt(authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe(challenge);
      expect((await response.json()).detail).toContain(sentence);
    }
    const client = new Client({ name: "socialdesk-test", version: "1" });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL("/mcp", app.server.url)))).rejects.toThrow(/401/);
  });

  it("given a GET or a DELETE of /mcp, then 405 with Allow: POST (a stateless server opens no event stream and has no session to end)", async () => {
    const get = await fetch(new URL("/mcp", app.server.url), { headers: { accept: "text/event-stream", authorization: "Bearer sd_live_anything" } });
    // A DELETE with a content type, so that Astro's origin check (which refuses a body-less write without Origin) lets it reach /mcp.
    const remove = await fetch(new URL("/mcp", app.server.url), { method: "DELETE", headers: { "content-type": "application/json", authorization: "Bearer sd_live_anything" } });
    for (const response of [get, remove]) {
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    }
  });

  it("given a POST from another site's page (its Origin), then 403, as the transport's spec asks against DNS rebinding", async () => {
    const { browser } = await signUp(app.server.url);
    const response = await fetch(new URL("/mcp", app.server.url), {
      method: "POST",
      headers: { origin: "https://elsewhere.example", "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${await keyOf(browser, "read")}` },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe("cross_site");
  });

  it("given a write key, then the tools are listed with their operations' input schemas and list_accounts answers the workspace's accounts", async () => {
    const { accountId, client } = await agentOf("write");
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(["list_accounts", "list_posts", "get_post", "create_post", "update_post", "list_inbox", "draft_reply", "get_analytics", "list_reviews"]),
    );
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    // create_post takes POST /api/posts's body: zod's fields with their choices.
    expect(byName.create_post!.inputSchema.properties).toMatchObject({ content: { type: "string" }, status: { enum: ["draft", "scheduled", "published"] }, options: { type: "object" } });
    expect(byName.create_post!.description).toContain("awaiting_approval");
    expect(byName.get_post!.inputSchema.required).toEqual(["id"]);
    expect(byName.list_posts!.inputSchema.properties).toHaveProperty("status");
    expect(byName.list_posts!.annotations?.readOnlyHint).toBe(true);
    expect(byName.draft_reply!.inputSchema.properties).not.toHaveProperty("stream");
    expect(byName.create_post!.inputSchema.properties).toHaveProperty("idempotencyKey");
    expect(byName.update_post!.inputSchema.properties).not.toHaveProperty("idempotencyKey");

    const accounts = JSON.parse(textOf(await client.callTool({ name: "list_accounts", arguments: {} })));
    expect(accounts.map((account: { id: string; accountName: string }) => [account.id, account.accountName])).toEqual([[accountId, "Lee Dental on Bluesky"]]);
    await client.close();
  });

  it("given an agent key (requireApproval), when create_post schedules a post, then it awaits approval and the owner finds it in the approvals queue", async () => {
    const { browser, client } = await agentOf("write", true);
    const scheduledAt = new Date(Date.now() + 86_400_000).toISOString();
    const result = await client.callTool({ name: "create_post", arguments: { content: "Flu shots are in: book yours this week.", platforms: ["bluesky"], status: "scheduled", scheduledAt } });
    expect(result.isError, textOf(result)).toBeFalsy();
    const post = JSON.parse(textOf(result));
    expect(post.status).toBe("awaiting_approval");

    const queue = await browser.get("/api/posts?status=awaiting_approval");
    expect(queue.status).toBe(200);
    expect(queue.data.items.map((item: { id: string; content: string }) => [item.id, item.content])).toEqual([[post.id, "Flu shots are in: book yours this week."]]);
    const read = JSON.parse(textOf(await client.callTool({ name: "get_post", arguments: { id: post.id } })));
    expect(read.status).toBe("awaiting_approval");
    await client.close();
  });

  it("given create_post called twice with the same idempotencyKey (an agent's retry), then one post is made and both calls answer it", async () => {
    const { browser, client } = await agentOf("write");
    const call = () => client.callTool({ name: "create_post", arguments: { content: "Open late on Thursdays.", platforms: ["bluesky"], status: "draft", idempotencyKey: "agent-run-7" } });
    const [first, again] = [await call(), await call()];
    expect(first.isError, textOf(first)).toBeFalsy();
    expect(JSON.parse(textOf(again)).id).toBe(JSON.parse(textOf(first)).id);
    expect((await browser.get("/api/posts")).data.items).toHaveLength(1);
    const other = await client.callTool({ name: "create_post", arguments: { content: "Something else", platforms: ["bluesky"], status: "draft", idempotencyKey: "agent-run-7" } });
    expect(other.isError).toBe(true);
    expect(textOf(other)).toContain("already used for a different request");
    await client.close();
  });

  it("given a read key, then only the tools that read are offered, and create_post called anyway answers an error with the 403's sentence and no post is made", async () => {
    const { browser, client } = await agentOf("read");
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["list_accounts", "list_posts", "get_post", "list_inbox", "get_analytics", "list_reviews"]);
    const result = await client.callTool({ name: "create_post", arguments: { content: "Not allowed", platforms: ["bluesky"], status: "draft" } });
    expect(result.isError).toBe(true);
    const direct = await fetch(new URL("/api/posts", app.server.url), {
      method: "POST",
      headers: { authorization: `Bearer ${await keyOf(browser, "read")}`, "content-type": "application/json" },
      body: JSON.stringify({ content: "Not allowed", platforms: ["bluesky"], status: "draft" }),
    });
    expect(direct.status).toBe(403);
    expect(textOf(result)).toContain((await direct.json()).detail);
    expect(textOf(result)).toContain("This API key can only read.");
    expect((await browser.get("/api/posts")).data.items).toEqual([]);
    await client.close();
  });

  it("given input the operation refuses, or no id for a tool on one item, then the tool's error names the field with its sentence", async () => {
    const { client } = await agentOf("write");
    const result = await client.callTool({ name: "list_posts", arguments: { status: "lost" } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("Choose a status: draft, awaiting_approval, scheduled or published.");
    // Without the post's id, get_post does not fall through to the list at /api/posts/.
    const unnamed = await client.callTool({ name: "get_post", arguments: {} });
    expect(unnamed.isError).toBe(true);
    expect(textOf(unnamed)).toContain("Give `id`");
    await client.close();
  });

  it("given a write key, when draft_reply is called with a review's text, then it answers the AI's draft as JSON (the operation's stream left out)", async () => {
    const { client } = await agentOf("write");
    const result = await client.callTool({ name: "draft_reply", arguments: { kind: "review", text: "Dr. Lee was wonderful with my kids.", rating: 5 } });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(JSON.parse(textOf(result)).draft).toMatch(/^Thank you/);
    expect(ai.requests.filter((request) => request.path === "/v1/chat/completions").at(-1)!.body.messages[1].content).toContain("Dr. Lee was wonderful");
    await client.close();
  });
});
