import type { APIRoute } from "astro";
import { Listening } from "../../../../../infra/listening/Listening";
import { ANSWER_INBOX, READ_INBOX } from "../../../../features/inbox/inbox-schemas";
import { monitorSchema } from "../../../../features/listening/listening-schemas";
import { guard } from "../../../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../../../lib/http";

/**
 * GET /api/listening/monitors: the workspace's monitors (id, name, terms, isActive, recentPosts,
 * lastCheckedAt, lastError). POST {name, terms (a list, or one text with commas)}: 201 with it.
 * Plans with the social inbox.
 */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request, READ_INBOX);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Listening.use((listening) => listening.monitors(signedIn.user.workspaceId, new Date())),
    (monitors) => json(monitors),
  );
};

export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, ANSWER_INBOX);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, monitorSchema);
  if (!input.ok) return input.response;
  return respond(
    Listening.use((listening) => listening.create(signedIn.caller, input.data)),
    (monitor) => json(monitor, 201),
  );
};
