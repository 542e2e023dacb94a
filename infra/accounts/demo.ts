import { Effect } from "effect";
import type { PlatformId } from "../../domain/accounts";
import type { Caller } from "../../domain/shared";
import { SocialAccounts } from "./SocialAccounts";

/** The demo workspace's accounts: sandboxes, so nothing ever reaches a real platform. */
const DEMO_ACCOUNTS: ReadonlyArray<{ platform: PlatformId; accountName: string; username: string; followers: number; metadata?: Record<string, unknown> }> = [
  { platform: "facebook", accountName: "Morgan Family Dental", username: "morganfamilydental", followers: 2340 },
  { platform: "instagram", accountName: "Morgan Family Dental", username: "morgan.dental", followers: 1180 },
  { platform: "linkedin", accountName: "Alex Morgan, DDS", username: "alexmorgan-dds", followers: 560 },
  {
    platform: "google_business",
    accountName: "Morgan Family Dental – Main St",
    username: "morgan-dental-main-st",
    followers: 0,
    metadata: { rating: 4.8, reviews: 127 },
  },
  { platform: "bluesky", accountName: "Morgan Family Dental", username: "morgandental.bsky.social", followers: 214 },
];

/** The demo workspace's sandbox accounts, made once. */
export const ensureDemoAccounts = Effect.fn("SocialAccounts.ensureDemo")(function* (caller: Caller) {
  const social = yield* SocialAccounts;
  if ((yield* social.list(caller.workspaceId)).length > 0) return;
  for (const account of DEMO_ACCOUNTS) {
    yield* social.connect(caller, {
      platform: account.platform,
      kind: "sandbox",
      profile: {
        externalId: `demo-${account.platform}`,
        accountName: account.accountName,
        username: account.username,
        avatarUrl: null,
        followers: account.followers,
        profileUrl: null,
        metadata: { ...account.metadata, sandbox: true },
      },
      credentials: null,
      tokenExpiresAt: null,
    });
  }
});
