import type { APIRoute } from "astro";
import { SignIn } from "../../../../infra/identity/SignIn";
import { loginSchema } from "../../../features/auth/schemas";
import { publicUser } from "../../../lib/auth-guard";
import { BODY_LIMITS, clientInfo, json, parseJsonBody, respond } from "../../../lib/http";
import { DEMO_COOKIE, setSessionCookie } from "../../../lib/session-cookie";

/** POST /api/auth/login: 200 with the user and a session cookie; 401 "Invalid email or password."; 429 after 10 failures in 15 minutes. */
export const POST: APIRoute = async ({ request, cookies, url, clientAddress }) => {
  const input = await parseJsonBody(request, loginSchema, { maxBytes: BODY_LIMITS.auth });
  if (!input.ok) return input.response;
  return respond(
    SignIn.use((signIn) => signIn.signIn(input.data.email, input.data.password, clientInfo(request, clientAddress), new Date())),
    ({ user, token }) => {
      setSessionCookie(cookies, token, url, request);
      cookies.delete(DEMO_COOKIE, { path: "/" });
      return json({ user: publicUser(user), redirectTo: "/app/dashboard" });
    },
  );
};
