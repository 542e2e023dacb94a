import type { APIRoute } from "astro";
import { Ai } from "../../../../infra/ai/Ai";
import { guard } from "../../../lib/auth-guard";
import { json, respond } from "../../../lib/http";

/** GET /api/ai/usage: this month's AI use against the plan's quota, and when it resets. */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Ai.use((ai) => ai.usage(signedIn.caller)),
    (usage) => json(usage),
  );
};
