import type { APIRoute } from "astro";
import { z } from "zod";
import { Team } from "../../../../infra/team/Team";
import { guard } from "../../../lib/auth-guard";
import { json, parseJsonBody, respond } from "../../../lib/http";

const linkSchema = z.object({
  postIds: z
    .array(z.string(), { error: "Choose between 1 and 50 posts that await approval." })
    .min(1, "Choose between 1 and 50 posts that await approval.")
    .max(50, "Choose between 1 and 50 posts that await approval."),
  /** The client's address to e-mail the link to (optional). */
  email: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string({ error: "Please enter a valid e-mail address." }).optional()),
});

/**
 * GET /api/approval-links: the clients' links, open or expired in the last 14 days: id, postIds, createdAt,
 * expiresAt, outcome (approved | sent_back | waiting | expired) and posts {approved, sentBack, waiting}.
 * POST {postIds, email?}: a link for a client to approve those posts (each awaiting approval), 201 with
 * its `url`, shown this once; with `email`, e-mailed to the client under the agency's white label
 * where it has one. Owners and admins.
 */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request, { permission: "approve_posts" });
  if (!signedIn.ok) return signedIn.response;
  return respond(
    Team.use((team) => team.links(signedIn.user.workspaceId, signedIn.caller.now)),
    (links) => json(links),
  );
};

export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, { permission: "approve_posts" });
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, linkSchema);
  if (!input.ok) return input.response;
  return respond(
    Team.use((team) => team.createLink(signedIn.caller, input.data.postIds, input.data.email)),
    (link) => json(link, 201),
  );
};
