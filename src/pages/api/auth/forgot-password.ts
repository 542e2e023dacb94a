import type { APIRoute } from "astro";
import { SignIn } from "../../../../infra/identity/SignIn";
import { FORGOT_PASSWORD_SENT, forgotPasswordSchema } from "../../../features/auth/schemas";
import { BODY_LIMITS, json, parseJsonBody, respond } from "../../../lib/http";

/** POST /api/auth/forgot-password: mails a one-hour, single-use reset link; the answer never tells whether the email has an account. */
export const POST: APIRoute = async ({ request }) => {
  const input = await parseJsonBody(request, forgotPasswordSchema, { maxBytes: BODY_LIMITS.auth });
  if (!input.ok) return input.response;
  return respond(
    SignIn.use((signIn) => signIn.requestPasswordReset(input.data.email, new Date())),
    () => json({ message: FORGOT_PASSWORD_SENT }),
  );
};
