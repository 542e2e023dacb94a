import type { APIRoute } from "astro";
import { Accounts } from "../../../../../infra/identity/Accounts";
import { requireUser } from "../../../../lib/auth-guard";
import { json, respond } from "../../../../lib/http";

/** POST /api/user/sessions/revoke-others: signs out every session of the caller but this one; answers {revoked}. */
export const POST: APIRoute = ({ locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  return respond(
    Accounts.use((accounts) => accounts.revokeOtherSessions(caller.user.id, locals.sessionId)),
    (revoked) => json({ revoked, message: revoked === 1 ? "1 other session signed out." : `${revoked} other sessions signed out.` }),
  );
};
