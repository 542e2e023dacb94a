import type { APIRoute } from "astro";
import { periodFigures } from "../../../../infra/publishing/analytics";
import { PERIODS } from "../../../features/dashboard/dashboard-data";
import { requireUser } from "../../../lib/auth-guard";
import { json, respond } from "../../../lib/http";

/** GET /api/dashboard/overview: for each period (7d, 30d, 90d) posts published, engagement, average and per platform. */
export const GET: APIRoute = ({ locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  return respond(periodFigures(caller.user.workspaceId, new Date(), PERIODS), (figures) => json(figures));
};
