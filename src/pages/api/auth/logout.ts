import type { APIRoute } from "astro";
import { Sessions } from "../../../../infra/auth/Sessions";
import { Effect } from "effect";
import { json, respond } from "../../../lib/http";
import { clearSessionCookie, DEMO_COOKIE, setFlash } from "../../../lib/session-cookie";

/** POST /api/auth/logout: ends the session on the server. A plain form post is sent on to "/". */
export const POST: APIRoute = async ({ request, locals, cookies, redirect }) => {
  const sessionId = locals.sessionId;
  return respond(
    sessionId ? Sessions.use((sessions) => sessions.revoke(sessionId)) : Effect.void,
    () => {
      clearSessionCookie(cookies);
      cookies.delete(DEMO_COOKIE, { path: "/" });
      const isForm = (request.headers.get("content-type") ?? "").includes("form");
      if (isForm) {
        setFlash(cookies, { title: "Logged out successfully", description: "You've been signed out of your account." });
        return redirect("/", 303);
      }
      return json({ ok: true, redirectTo: "/" });
    },
  );
};
