import type { APIRoute } from "astro";
import { Effect } from "effect";
import { acceptInvitation } from "../../../../../infra/team/accept-invitation";
import { Team } from "../../../../../infra/team/Team";
import { SignIn } from "../../../../../infra/identity/SignIn";
import { joinSchema } from "../../../../features/team/team-schemas";
import { publicUser } from "../../../../lib/auth-guard";
import { BODY_LIMITS, clientInfo, commandContext, json, parseJsonBody, respond } from "../../../../lib/http";
import { setSessionCookie } from "../../../../lib/session-cookie";

/**
 * GET /api/invitations/{token}: the invitation the link opens (workspaceName, invitedBy, email, role,
 * expiresAt); 404 when unknown or withdrawn, 409 when used or expired, with the sentence to show.
 * POST {firstName, lastName, password, confirmPassword, timeZone?}: the person's account in the
 * workspace, signed in (201 with the user and a session cookie); the link is used up.
 */
export const GET: APIRoute = ({ params, locals, request }) =>
  respond(
    Team.use((team) => team.invitation(params.token ?? "", commandContext(locals, request).now)),
    ({ workspaceId: _workspace, selectedPlan: _plan, ...shown }) => json(shown),
  );

export const POST: APIRoute = async ({ params, request, locals, cookies, url, clientAddress }) => {
  const input = await parseJsonBody(request, joinSchema, { maxBytes: BODY_LIMITS.auth });
  if (!input.ok) return input.response;
  const ctx = commandContext(locals, request);
  const { firstName, lastName, password, timeZone } = input.data;
  return respond(
    Effect.gen(function* () {
      const user = yield* acceptInvitation(params.token ?? "", { firstName, lastName, password, timeZone: timeZone ?? "America/New_York" }, ctx);
      const session = yield* (yield* SignIn).startSession(user.id, clientInfo(request, clientAddress), ctx.now);
      return { user, session };
    }),
    ({ user, session }) => {
      setSessionCookie(cookies, session.token, url, request);
      return json({ user: publicUser(user), redirectTo: "/app/dashboard" }, 201);
    },
  );
};
