import type { APIRoute } from "astro";
import { z } from "zod";
import { BRAND_MESSAGES } from "../../../domain/team/rules";
import { Team } from "../../../infra/team/Team";
import { guard } from "../../lib/auth-guard";
import { parseFormOrJson } from "../../lib/form-or-json";
import { json, respond } from "../../lib/http";
import { setFlash } from "../../lib/session-cookie";

const WHITE_LABEL = { permission: "manage_clients", feature: "white_label" } as const;

const brandSchema = z.object({
  name: z.string({ error: BRAND_MESSAGES.name }).max(60, BRAND_MESSAGES.name),
  logoUrl: z.preprocess((v) => (v === "" ? null : v), z.string({ error: BRAND_MESSAGES.logo }).max(500, BRAND_MESSAGES.logo).nullable().default(null)),
  color: z.string({ error: BRAND_MESSAGES.color }),
});

/**
 * GET /api/brand: the agency's white label ({name, logoUrl, color}, or null). PUT or a plain form's
 * POST {name, logoUrl?, color (a preset)}: shown on its clients' approval pages instead of the product's.
 */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request, WHITE_LABEL);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Team.use((team) => team.brandOf(signedIn.user.workspaceId)),
    (brand) => json(brand),
  );
};

const save: APIRoute = async ({ request, locals, redirect, cookies }) => {
  const signedIn = guard(locals, request, WHITE_LABEL);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseFormOrJson(request, brandSchema);
  if (!input.ok) return input.response;
  return respond(
    Team.use((team) => team.setBrand(signedIn.caller, input.data)),
    (brand) => {
      if (!input.back) return json(brand);
      setFlash(cookies, { title: "White Label Saved", description: `Your clients now see ${brand.name} on their approval pages.` });
      return redirect(input.back, 303);
    },
  );
};

export const PUT = save;
export const POST = save;
