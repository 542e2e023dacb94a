import type { APIRoute } from "astro";
import { Registration } from "../../../../infra/identity/Registration";
import { SignIn } from "../../../../infra/identity/SignIn";
import { Effect } from "effect";
import { registerSchema } from "../../../features/auth/schemas";
import { publicUser } from "../../../lib/auth-guard";
import { BODY_LIMITS, clientInfo, commandContext, json, parseJsonBody, respond } from "../../../lib/http";
import { DEMO_COOKIE, setSessionCookie } from "../../../lib/session-cookie";

/** POST /api/auth/register: creates the account, its workspace and trial; answers 201 with the user and a session cookie. */
export const POST: APIRoute = async ({ request, locals, cookies, url, clientAddress }) => {
  const input = await parseJsonBody(request, registerSchema, { maxBytes: BODY_LIMITS.auth });
  if (!input.ok) return input.response;
  const ctx = commandContext(locals, request);
  return respond(
    Effect.gen(function* () {
      const user = yield* (yield* Registration).register({ ...input.data, timeZone: input.data.timeZone ?? "America/New_York" }, ctx);
      const session = yield* (yield* SignIn).startSession(user.id, clientInfo(request, clientAddress), ctx.now);
      return { user, session };
    }),
    ({ user, session }) => {
      setSessionCookie(cookies, session.token, url, request);
      cookies.delete(DEMO_COOKIE, { path: "/" });
      return json({ user: publicUser(user), redirectTo: "/app/onboarding" }, 201);
    },
  );
};
