import type { APIRoute } from "astro";
import { SocialAccounts } from "../../../../infra/accounts/SocialAccounts";
import { sandboxProfile } from "../../../features/accounts/sandbox";
import { sandboxSchema } from "../../../features/accounts/schemas";
import { guard } from "../../../lib/auth-guard";
import { commandContext, json, parseJsonBody, respond } from "../../../lib/http";

/** POST /api/social-accounts/sandbox {platform, accountName, businessKind?}: a test account for any platform. */
export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, { permission: "manage_accounts" });
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, sandboxSchema);
  if (!input.ok) return input.response;
  return respond(
    SocialAccounts.use((accounts) =>
      accounts.connect(signedIn.caller, {
        platform: input.data.platform,
        kind: "sandbox",
        profile: sandboxProfile(input.data.accountName, 0, input.data.businessKind ? { businessKind: input.data.businessKind } : {}),
        credentials: null,
        tokenExpiresAt: null,
      }),
    ),
    ({ account }) => json(account, 201),
  );
};
