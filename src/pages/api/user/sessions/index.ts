import type { APIRoute } from "astro";
import { Sessions } from "../../../../../infra/auth/Sessions";
import { sessionViews } from "../../../../features/settings/sessions";
import { guard } from "../../../../lib/auth-guard";
import { json, respond } from "../../../../lib/http";

/** GET /api/user/sessions: the caller's active sessions (id, device, browser, os, ip, createdAt, lastUsedAt, current). */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Sessions.use((sessions) => sessions.sessionsOf(signedIn.user.id)),
    (sessions) => json(sessionViews(sessions, locals.sessionId)),
  );
};
