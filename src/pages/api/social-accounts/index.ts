import type { APIRoute } from "astro";
import { Effect } from "effect";
import { SocialAccounts } from "../../../../infra/accounts/SocialAccounts";
import { sandboxProfile } from "../../../features/accounts/sandbox";
import { placeholderSchema } from "../../../features/accounts/schemas";
import { guard } from "../../../lib/auth-guard";
import { commandContext, json, parseJsonBody, respond } from "../../../lib/http";

/** GET /api/social-accounts: the workspace's connected accounts (no tokens). */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  return respond(
    SocialAccounts.use((accounts) => accounts.list(signedIn.user.workspaceId)),
    (list) => json(list),
  );
};

/** POST /api/social-accounts: the spec's placeholder connect; it makes a clearly labelled sandbox account. */
export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, { permission: "manage_accounts" });
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, placeholderSchema);
  if (!input.ok) return input.response;
  const { platform, accountName, followers, metadata, isActive } = input.data;
  return respond(
    SocialAccounts.use((accounts) =>
      Effect.gen(function* () {
        const { account } = yield* accounts.connect(signedIn.caller, {
          platform,
          kind: "sandbox",
          profile: sandboxProfile(accountName, followers, metadata),
          credentials: null,
          tokenExpiresAt: null,
        });
        return isActive === false ? yield* accounts.setActive(signedIn.caller, account.id, false) : account;
      }),
    ),
    (account) => json(account, 201),
  );
};
