import type { APIRoute } from "astro";
import { periodFigures } from "../../../../infra/publishing/analytics";
import { PERIODS } from "../../../features/dashboard/dashboard-data";
import { guard } from "../../../lib/auth-guard";
import { json, respond } from "../../../lib/http";

/** GET /api/dashboard/overview: for each period (7d, 30d, 90d) posts published, engagement, average and per platform. */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  return respond(periodFigures(signedIn.user.workspaceId, new Date(), PERIODS), (figures) => json(figures));
};
