import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, type CallToolResult, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { authenticateKey } from "../../../infra/api-access/ApiKeys";
import { IDEMPOTENCY_KEY_MESSAGE } from "../../../infra/api-access/edge";
import { bearerOf, serveApi } from "../api/serve";
import { apiError, BODY_LIMITS } from "../http";
import { runtime } from "../../runtime";
import { IDEMPOTENCY_ARGUMENT, MCP_TOOLS, type McpTool } from "./tools";

const SERVER_INFO = { name: "socialdesk", title: "SocialDesk", version: "1" } as const;

const INSTRUCTIONS =
  "SocialDesk schedules and publishes social media posts, gathers messages and reviews in one inbox and reports on results. " +
  "Each tool is one operation of SocialDesk's HTTP API, called with this connection's API key: it acts as the person who created the key, " +
  "no more than a member with a write key and a viewer with a read key. With a key that requires approval, the posts you create or schedule " +
  "wait for a person to approve them. A refused call answers the reason as a tool error; correct the arguments it names and call again.";

const KEY_MISSING_MESSAGE =
  "Connect with an API key: send it as `Authorization: Bearer sd_live_…` (Settings › API keys). The MCP server takes no session cookie.";

/** What the edge knows of the /mcp request, for the operations it calls. */
export interface McpEdge {
  readonly locals: App.Locals;
  readonly origin: string;
  readonly clientAddress?: string;
}

/** 401 naming the Bearer scheme (RFC 6750), and a refused key as `invalid_token` as the API names it. */
const unauthorized = (message: string, refusedKey: boolean) => {
  const response = apiError(401, "unauthorized", message);
  response.headers.set("www-authenticate", `Bearer realm="SocialDesk"${refusedKey ? ', error="invalid_token"' : ""}`);
  return response;
};

/**
 * MCP's Streamable HTTP transport (protocol 2025-11-25) at `/mcp`, stateless: every POST is
 * answered on its own by a server made for it (no session to keep, so any app process answers
 * any request), in JSON. GET would open a stream of the server's own messages and DELETE end a
 * session: a stateless server has neither, so both answer 405 as the transport's spec allows.
 */
export const answerMcp = async (request: Request, edge: McpEdge): Promise<Response> => {
  if (request.method !== "POST") {
    const response = apiError(405, "method_not_allowed", "This MCP server keeps no session and opens no event stream: send each message as a POST.");
    response.headers.set("allow", "POST");
    return response;
  }
  const token = bearerOf(request);
  if (!token) return unauthorized(KEY_MISSING_MESSAGE, false);
  // A key that acts for no one (unknown, revoked, expired, its creator gone) is told before the exchange starts, with the API's sentence.
  const key = await runtime.runPromise(authenticateKey(token, new Date()));
  if (!key.ok) return unauthorized(key.message, true);
  const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  // A read key is offered the tools that only read; a write tool called anyway answers the API's 403 as its error.
  const offered = key.key.access === "write" ? MCP_TOOLS : MCP_TOOLS.filter((tool) => tool.annotations.readOnlyHint);
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: offered.map(({ name, title, description, inputSchema, annotations }) => ({ name, title, description, inputSchema, annotations })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const tool = MCP_TOOLS.find((candidate) => candidate.name === params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `There is no tool ${params.name}; tools/list names them.`);
    return callTool(tool, params.arguments ?? {}, request, edge);
  });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: BODY_LIMITS.json });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
};

/** An argument as query text: a list comma-separated (`status`), anything else as JSON would write it. */
const queryText = (value: unknown): string =>
  Array.isArray(value) ? value.map(String).join(",") : typeof value === "object" ? JSON.stringify(value) : String(value);

/**
 * The tool's call: its operation's HTTP request, answered in-process by the declared API with the
 * MCP request's own `Authorization`, as if the program had sent it there (the guard, the key's cap,
 * approval, idempotency and rate limits apply as they do over HTTP). The answer's JSON is the
 * tool's result; a refusal its error, with the problem's sentence and each field's.
 */
const callTool = async (tool: McpTool, args: Record<string, unknown>, mcpRequest: Request, edge: McpEdge): Promise<CallToolResult> => {
  // An empty path segment would name another operation (`/api/posts/` is the list), never the item.
  const missing = tool.pathParams.filter((name) => typeof args[name] !== "string" || args[name] === "");
  if (missing.length > 0) return { isError: true, content: [{ type: "text", text: `Give ${missing.map((name) => `\`${name}\``).join(" and ")}: ${tool.name} acts on one item, named by it.` }] };
  const url = new URL(tool.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(args[name] ?? ""))), edge.origin);
  const idempotencyKey = tool.idempotent ? args[IDEMPOTENCY_ARGUMENT] : undefined;
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (tool.pathParams.includes(name) || value === undefined || (tool.idempotent && name === IDEMPOTENCY_ARGUMENT)) continue;
    if (tool.queryParams.includes(name) || tool.body === "none") {
      if (value !== null) url.searchParams.set(name, queryText(value));
    } else rest[name] = value;
  }
  const headers = new Headers({ accept: "application/json", authorization: mcpRequest.headers.get("authorization") ?? "" });
  for (const name of ["user-agent", "x-request-id"]) {
    const value = mcpRequest.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (idempotencyKey !== undefined) {
    try {
      headers.set("idempotency-key", String(idempotencyKey));
    } catch {
      // A line break or a character beyond Latin-1 cannot be a header at all; the API says what it takes.
      return { isError: true, content: [{ type: "text", text: IDEMPOTENCY_KEY_MESSAGE }] };
    }
  }
  const body = tool.body === "none" ? undefined : JSON.stringify(tool.body === "whole" ? (rest.body ?? {}) : rest);
  if (body !== undefined) headers.set("content-type", "application/json");
  // The key alone says who calls: a session cookie the client may hold is not read (locals without a user).
  const locals: App.Locals = { ...edge.locals, user: null, sessionId: null, demo: false };
  const response = await serveApi(new Request(url, { method: tool.method, headers, body }), locals, edge.origin, edge.clientAddress);
  const text = await response.text();
  if (response.ok) return { content: [{ type: "text", text: text === "" ? `Done (${response.status}).` : text }] };
  return { isError: true, content: [{ type: "text", text: refusalText(response.status, text) }] };
};

/** A refusal as an agent reads it: the problem's sentence, then each field's. */
const refusalText = (status: number, text: string): string => {
  try {
    const problem = JSON.parse(text) as { detail?: string; code?: string; errors?: Record<string, string> };
    const fields = Object.entries(problem.errors ?? {}).map(([field, message]) => `${field}: ${message}`);
    return [`${problem.detail ?? "The call was refused."} (${status}${problem.code ? ` ${problem.code}` : ""})`, ...fields].join("\n");
  } catch {
    return `The call was refused (${status}).`;
  }
};
