import type { APIRoute } from "astro";
import { guard, publicUser } from "../../../lib/auth-guard";
import { json } from "../../../lib/http";

/** GET /api/auth/user: the signed-in user (or the demo user in demo mode); 401 when signed out. */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request);
  return signedIn.ok ? json(publicUser(signedIn.user)) : signedIn.response;
};
