import type { APIRoute } from "astro";
import { publicUser, requireUser } from "../../../lib/auth-guard";
import { json } from "../../../lib/http";

/** GET /api/auth/user: the signed-in user (or the demo user in demo mode); 401 when signed out. */
export const GET: APIRoute = ({ locals }) => {
  const caller = requireUser(locals);
  return caller.ok ? json(publicUser(caller.user)) : caller.response;
};
