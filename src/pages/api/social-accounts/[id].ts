import type { APIRoute } from "astro";
import { SocialAccounts } from "../../../../infra/accounts/SocialAccounts";
import { activeSchema } from "../../../features/accounts/schemas";
import { requireUser } from "../../../lib/auth-guard";
import { commandContext, isUuid, json, notFound, parseJsonBody, respond } from "../../../lib/http";


/** GET /api/social-accounts/{id}. */
export const GET: APIRoute = ({ locals, params }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  return respond(SocialAccounts.use((accounts) => accounts.get(caller.user.workspaceId, id)), (account) => json(account));
};

/** PUT /api/social-accounts/{id} {isActive}: pause or resume posting to the account. */
export const PUT: APIRoute = async ({ request, locals, params }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  const input = await parseJsonBody(request, activeSchema);
  if (!input.ok) return input.response;
  return respond(
    SocialAccounts.use((accounts) => accounts.setActive(caller.user, id, input.data.isActive, commandContext(locals, request))),
    (account) => json(account),
  );
};

/** DELETE /api/social-accounts/{id}: disconnect (its history stays; its tokens are forgotten). */
export const DELETE: APIRoute = ({ request, locals, params }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  return respond(
    SocialAccounts.use((accounts) => accounts.disconnect(caller.user, id, commandContext(locals, request))),
    () => json({ ok: true, message: "Account disconnected successfully!" }),
  );
};
