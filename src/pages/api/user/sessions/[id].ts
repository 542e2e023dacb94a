import type { APIRoute } from "astro";
import { Sessions } from "../../../../../infra/auth/Sessions";
import { guard } from "../../../../lib/auth-guard";
import { json, respond } from "../../../../lib/http";

/** DELETE /api/user/sessions/{id}: signs out one of the caller's sessions (its public id); any other id is 404. */
export const DELETE: APIRoute = ({ request, params, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Sessions.use((sessions) => sessions.revokeSession(signedIn.user.id, params.id ?? "")),
    () => json({ message: "Session signed out." }),
  );
};
