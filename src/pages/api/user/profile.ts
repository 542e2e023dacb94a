import type { APIRoute } from "astro";
import { Accounts } from "../../../../infra/identity/Accounts";
import { profileSchema } from "../../../features/auth/schemas";
import { publicUser, requireUser } from "../../../lib/auth-guard";
import { commandContext, json, parseJsonBody, respond } from "../../../lib/http";

/** GET /api/user/profile: username, email, timezone. PUT saves them (ProfileUpdated). */
export const GET: APIRoute = ({ locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  const { username, email, timeZone } = caller.user;
  return json({ username, email, timezone: timeZone });
};

export const PUT: APIRoute = async ({ request, locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  const input = await parseJsonBody(request, profileSchema);
  if (!input.ok) return input.response;
  const { username, email, timezone } = input.data;
  return respond(
    Accounts.use((accounts) =>
      accounts.updateProfile(caller.user.id, { username, email, timeZone: timezone }, commandContext(locals, request)),
    ),
    (user) => json({ user: publicUser(user), message: "Profile updated successfully!" }),
  );
};
