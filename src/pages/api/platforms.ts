import type { APIRoute } from "astro";
import { connectablePlatforms } from "../../../infra/platforms";
import { guard } from "../../lib/auth-guard";
import { json } from "../../lib/http";

/** GET /api/platforms: every platform, how it connects and whether this server is configured for it. */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  return json(connectablePlatforms({ seesServerSettings: Boolean(locals.user?.isOperator) && !locals.demo }));
};
