import type { APIRoute } from "astro";
import { rebuildProjections } from "../../../../../../infra/eventstore/rebuild";
import { projections } from "../../../../../../infra/modules";
import { apiError, json, respond } from "../../../../../lib/http";

/** POST /api/admin/projections/{name}/rebuild (operators only; the middleware answers 404 to others). */
export const POST: APIRoute = async ({ params }) => {
  const projection = projections.find((p) => p.name === params.name);
  if (!projection) return apiError(404, "not_found", "Not found.");
  return respond(rebuildProjections([projection]), (result) => json({ projection: projection.name, ...result }));
};
