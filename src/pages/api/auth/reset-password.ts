import type { APIRoute } from "astro";
import { SignIn } from "../../../../infra/identity/SignIn";
import { resetPasswordSchema } from "../../../features/auth/schemas";
import { BODY_LIMITS, commandContext, json, parseJsonBody, respond } from "../../../lib/http";

/** POST /api/auth/reset-password: sets a new password with a valid link; signs out every session of the account. */
export const POST: APIRoute = async ({ request, locals }) => {
  const input = await parseJsonBody(request, resetPasswordSchema, { maxBytes: BODY_LIMITS.auth });
  if (!input.ok) return input.response;
  return respond(
    SignIn.use((signIn) => signIn.resetPassword(input.data.token, input.data.password, commandContext(locals, request))),
    () => json({ message: "Your password has been changed. Sign in with the new one.", redirectTo: "/login" }),
  );
};
