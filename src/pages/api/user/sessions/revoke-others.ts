import type { APIRoute } from "astro";
import { Sessions } from "../../../../../infra/auth/Sessions";
import { guard } from "../../../../lib/auth-guard";
import { json, respond } from "../../../../lib/http";

/** POST /api/user/sessions/revoke-others: signs out every session of the caller but this one; answers {revoked}. */
export const POST: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Sessions.use((sessions) => sessions.revokeOtherSessions(signedIn.user.id, locals.sessionId)),
    (revoked) =>
      json({
        revoked,
        message: revoked === 1 ? "1 other session signed out." : `${revoked} other sessions signed out.`,
      }),
  );
};
