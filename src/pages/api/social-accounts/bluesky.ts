import type { APIRoute } from "astro";
import { Effect } from "effect";
import { SocialAccounts } from "../../../../infra/accounts/SocialAccounts";
import { connectBluesky } from "../../../../infra/platforms";
import { ConnectionFailed } from "../../../../domain/shared";
import { blueskySchema } from "../../../features/accounts/schemas";
import { guard } from "../../../lib/auth-guard";
import { commandContext, json, parseJsonBody, respond } from "../../../lib/http";

/**
 * POST /api/social-accounts/bluesky {identifier, appPassword, service?}: signs in to the PDS (any,
 * self-hosted too) to check the app password, reads the profile, and keeps the password encrypted.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, { permission: "manage_accounts" });
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, blueskySchema);
  if (!input.ok) return input.response;
  const { identifier, appPassword, service = "https://bsky.social" } = input.data;
  return respond(
    Effect.gen(function* () {
      const connected = yield* Effect.tryPromise({
        try: () => connectBluesky({ identifier, appPassword, service }),
        catch: (error) => new ConnectionFailed({ message: error instanceof Error ? error.message : "Failed to connect account. Please try again." }),
      });
      const accounts = yield* SocialAccounts;
      return yield* accounts.connect(signedIn.caller, {
        platform: "bluesky",
        kind: "bluesky",
        profile: { ...connected.profile, metadata: { ...connected.profile.metadata, service } },
        // The session (renewed with resumeBluesky) and the app password, to sign in again if it lapses.
        credentials: { ...connected.session, identifier, appPassword },
        tokenExpiresAt: null,
      });
    }),
    ({ account }) => json(account, 201),
  );
};
