import type { APIRoute } from "astro";
import { Accounts } from "../../../../../infra/identity/Accounts";
import { requireUser } from "../../../../lib/auth-guard";
import { json, respond } from "../../../../lib/http";

/** DELETE /api/user/sessions/{id}: signs out one of the caller's sessions (its public id); any other id is 404. */
export const DELETE: APIRoute = ({ params, locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  return respond(
    Accounts.use((accounts) => accounts.revokeSession(caller.user.id, params.id ?? "")),
    () => json({ message: "Session signed out." }),
  );
};
