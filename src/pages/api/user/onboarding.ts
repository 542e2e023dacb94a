import type { APIRoute } from "astro";
import { UserSettings } from "../../../../infra/identity/UserSettings";
import { onboardingSchema } from "../../../features/auth/schemas";
import { guard, publicUser } from "../../../lib/auth-guard";
import { commandContext, json, parseJsonBody, respond } from "../../../lib/http";

/** POST /api/user/onboarding {timeZone}: saves the time zone and marks onboarding done. */
export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, onboardingSchema);
  if (!input.ok) return input.response;
  return respond(
    UserSettings.use((settings) => settings.completeOnboarding(signedIn.user.id, input.data.timeZone, signedIn.caller)),
    (user) => json({ user: publicUser(user), redirectTo: "/app/dashboard" }),
  );
};
