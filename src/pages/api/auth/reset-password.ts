import type { APIRoute } from "astro";
import { Accounts } from "../../../../infra/identity/Accounts";
import { resetPasswordSchema } from "../../../features/auth/schemas";
import { commandContext, json, parseJsonBody, respond } from "../../../lib/http";

/** POST /api/auth/reset-password: sets a new password with a valid link; signs out every session of the account. */
export const POST: APIRoute = async ({ request, locals }) => {
  const input = await parseJsonBody(request, resetPasswordSchema);
  if (!input.ok) return input.response;
  return respond(
    Accounts.use((accounts) => accounts.resetPassword(input.data.token, input.data.password, commandContext(locals, request))),
    () => json({ message: "Your password has been changed. Sign in with the new one.", redirectTo: "/login" }),
  );
};
