import type { APIRoute } from "astro";
import { connectablePlatforms } from "../../../infra/platforms";
import { requireUser } from "../../lib/auth-guard";
import { json } from "../../lib/http";

/** GET /api/platforms: every platform, how it connects and whether this server is configured for it. */
export const GET: APIRoute = ({ locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  return json(connectablePlatforms());
};
