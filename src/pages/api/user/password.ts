import type { APIRoute } from "astro";
import { UserSettings } from "../../../../infra/identity/UserSettings";
import { changePasswordSchema, PASSWORD_CHANGED_DESCRIPTION } from "../../../features/settings/schemas";
import { guard } from "../../../lib/auth-guard";
import { BODY_LIMITS, commandContext, json, parseJsonBody, respond } from "../../../lib/http";

/**
 * POST /api/user/password {currentPassword, newPassword, confirmPassword}: a wrong current one is
 * 400 "Your current password is not correct." (and counts as a failed sign-in); otherwise
 * PasswordChanged (via settings), every other session signed out, this one kept.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, changePasswordSchema, { maxBytes: BODY_LIMITS.auth });
  if (!input.ok) return input.response;
  const { currentPassword, newPassword } = input.data;
  return respond(
    UserSettings.use((settings) => settings.changePasswordWithCurrent(signedIn.user.id, { currentPassword, newPassword }, locals.sessionId, signedIn.caller)),
    () => json({ message: PASSWORD_CHANGED_DESCRIPTION }),
  );
};
