import type { APIRoute } from "astro";
import { SocialAccounts } from "../../../../infra/accounts/SocialAccounts";
import { activeSchema } from "../../../features/accounts/schemas";
import { guard } from "../../../lib/auth-guard";
import { commandContext, isUuid, json, notFound, parseJsonBody, respond } from "../../../lib/http";


/** GET /api/social-accounts/{id}. */
export const GET: APIRoute = ({ request, locals, params }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  return respond(
    SocialAccounts.use((accounts) => accounts.get(signedIn.user.workspaceId, id)),
    (account) => json(account),
  );
};

/** PUT /api/social-accounts/{id} {isActive}: pause or resume posting to the account. */
export const PUT: APIRoute = async ({ request, locals, params }) => {
  const signedIn = guard(locals, request, { permission: "manage_accounts" });
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  const input = await parseJsonBody(request, activeSchema);
  if (!input.ok) return input.response;
  return respond(
    SocialAccounts.use((accounts) => accounts.setActive(signedIn.caller, id, input.data.isActive)),
    (account) => json(account),
  );
};

/** DELETE /api/social-accounts/{id}: disconnect (its history stays; its tokens are forgotten). */
export const DELETE: APIRoute = ({ request, locals, params }) => {
  const signedIn = guard(locals, request, { permission: "manage_accounts" });
  if (!signedIn.ok) return signedIn.response;
  const id = params.id;
  if (!isUuid(id)) return notFound();
  return respond(
    SocialAccounts.use((accounts) => accounts.disconnect(signedIn.caller, id)),
    () => json({ ok: true, message: "Account disconnected successfully!" }),
  );
};
