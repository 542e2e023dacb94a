import type { APIRoute } from "astro";
import { SignIn } from "../../../../infra/identity/SignIn";
import { loginSchema } from "../../../features/auth/schemas";
import { publicUser } from "../../../lib/auth-guard";
import { BODY_LIMITS, clientInfo, json, parseJsonBody, respond } from "../../../lib/http";
import { DEMO_COOKIE, DEVICE_COOKIE, setDeviceCookie, setSessionCookie } from "../../../lib/session-cookie";

/**
 * POST /api/auth/login: 200 with the user, a session cookie and the known-device cookie; 401 "Invalid
 * email or password."; 429 with the wait while the account's or the address's throttle holds.
 */
export const POST: APIRoute = async ({ request, cookies, url, clientAddress }) => {
  const input = await parseJsonBody(request, loginSchema, { maxBytes: BODY_LIMITS.auth });
  if (!input.ok) return input.response;
  const client = { ...clientInfo(request, clientAddress), device: cookies.get(DEVICE_COOKIE)?.value ?? null };
  return respond(
    SignIn.use((signIn) => signIn.signIn(input.data.email, input.data.password, client, new Date())),
    ({ user, token, device }) => {
      setSessionCookie(cookies, token, url, request);
      setDeviceCookie(cookies, device, url, request);
      cookies.delete(DEMO_COOKIE, { path: "/" });
      return json({ user: publicUser(user), redirectTo: "/app/dashboard" });
    },
  );
};
