import type { APIRoute } from "astro";
import { verifyProjections } from "../../../../../../infra/eventstore/rebuild";
import { projections } from "../../../../../../infra/modules";
import { apiError, json, respond } from "../../../../../lib/http";

/** POST /api/admin/projections/{name}/verify: rebuilds into scratch tables and lists differing rows; changes nothing. */
export const POST: APIRoute = async ({ params }) => {
  const projection = projections.find((p) => p.name === params.name);
  if (!projection) return apiError(404, "not_found", "Not found.");
  return respond(verifyProjections([projection]), (result) => json({ projection: projection.name, ...result }));
};
