import type { APIRoute } from "astro";
import { UserSettings } from "../../../../infra/identity/UserSettings";
import { profileSchema } from "../../../features/auth/schemas";
import { guard, publicUser } from "../../../lib/auth-guard";
import { commandContext, json, parseJsonBody, respond } from "../../../lib/http";

/** GET /api/user/profile: username, email, timezone. PUT saves them (ProfileUpdated). */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  const { username, email, timeZone } = signedIn.user;
  return json({ username, email, timezone: timeZone });
};

export const PUT: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, profileSchema);
  if (!input.ok) return input.response;
  const { username, email, timezone } = input.data;
  return respond(
    UserSettings.use((settings) => settings.updateProfile(signedIn.user.id, { username, email, timeZone: timezone }, signedIn.caller)),
    (user) => json({ user: publicUser(user), message: "Profile updated successfully!" }),
  );
};
