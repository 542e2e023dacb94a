import type { APIRoute } from "astro";
import { Effect } from "effect";
import { SocialAccounts } from "../../../../infra/accounts/SocialAccounts";
import { sandboxProfile } from "../../../features/accounts/sandbox";
import { placeholderSchema } from "../../../features/accounts/schemas";
import { requireUser } from "../../../lib/auth-guard";
import { commandContext, json, parseJsonBody, respond } from "../../../lib/http";

/** GET /api/social-accounts: the workspace's connected accounts (no tokens). */
export const GET: APIRoute = ({ locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  return respond(SocialAccounts.use((accounts) => accounts.list(caller.user.workspaceId)), (list) => json(list));
};

/** POST /api/social-accounts: the spec's placeholder connect; it makes a clearly labelled sandbox account. */
export const POST: APIRoute = async ({ request, locals }) => {
  const caller = requireUser(locals);
  if (!caller.ok) return caller.response;
  const input = await parseJsonBody(request, placeholderSchema);
  if (!input.ok) return input.response;
  const { platform, accountName, followers, metadata, isActive } = input.data;
  const ctx = commandContext(locals, request);
  return respond(
    SocialAccounts.use((accounts) =>
      Effect.gen(function* () {
        const { account } = yield* accounts.connect(
          caller.user,
          { platform, kind: "sandbox", profile: sandboxProfile(accountName, followers, metadata), credentials: null, tokenExpiresAt: null },
          ctx,
        );
        return isActive === false ? yield* accounts.setActive(caller.user, account.id, false, ctx) : account;
      }),
    ),
    (account) => json(account, 201),
  );
};
