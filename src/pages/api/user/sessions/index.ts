import type { APIRoute } from "astro";
import { Accounts } from "../../../../../infra/identity/Accounts";
import { sessionViews } from "../../../../features/settings/sessions";
import { requireUser } from "../../../../lib/auth-guard";
import { json, respond } from "../../../../lib/http";

/** GET /api/user/sessions: the caller's active sessions (id, device, browser, os, ip, createdAt, lastUsedAt, current). */
export const GET: APIRoute = ({ locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  return respond(
    Accounts.use((accounts) => accounts.sessionsOf(caller.user.id)),
    (sessions) => json(sessionViews(sessions, locals.sessionId)),
  );
};
