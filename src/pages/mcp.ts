import type { APIRoute } from "astro";
import { answerMcp } from "../lib/mcp/server";

/** SocialDesk's MCP server for AI agents (README "Connecting an AI agent (MCP)"): src/lib/mcp/server.ts answers. */
export const ALL: APIRoute = ({ request, locals, url, clientAddress }) => answerMcp(request, { locals, origin: url.origin, clientAddress });
