import type { APIRoute } from "astro";
import { Effect } from "effect";
import { platformById } from "../../../../domain/accounts";
import { InvalidInput } from "../../../../domain/shared";
import { SocialAccounts } from "../../../../infra/accounts/SocialAccounts";
import { validateListingUrl } from "../../../../infra/platforms";
import { listingSchema } from "../../../features/accounts/schemas";
import { guard } from "../../../lib/auth-guard";
import { commandContext, json, parseJsonBody, respond } from "../../../lib/http";

/**
 * POST /api/social-accounts/listing {platform, url}: a review site or Snapchat profile, connected by
 * its public address so reviews can be attached to it (these platforms allow no third-party posting).
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, { permission: "manage_accounts" });
  if (!signedIn.ok) return signedIn.response;
  const input = await parseJsonBody(request, listingSchema);
  if (!input.ok) return input.response;
  const { platform, url } = input.data;
  return respond(
    Effect.gen(function* () {
      if (platformById(platform).connection !== "listing") {
        return yield* new InvalidInput({
          message: `${platformById(platform).name} connects by signing in, not by a profile address.`,
          fields: { platform: "Choose a review site or Snapchat." },
        });
      }
      const checked = validateListingUrl(platform, url);
      if (!checked.ok) return yield* new InvalidInput({ message: checked.message, fields: { url: checked.message } });
      const accounts = yield* SocialAccounts;
      return yield* accounts.connect(signedIn.caller, {
        platform,
        kind: "listing",
        profile: {
          externalId: checked.url,
          accountName: checked.accountName,
          username: null,
          avatarUrl: null,
          followers: 0,
          profileUrl: checked.url,
          metadata: {},
        },
        credentials: null,
        tokenExpiresAt: null,
      });
    }),
    ({ account }) => json(account, 201),
  );
};
