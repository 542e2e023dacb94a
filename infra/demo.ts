import { randomUUID } from "node:crypto";
import { Effect } from "effect";
import type { PlatformId } from "../domain/accounts";
import { SocialAccounts } from "./accounts/SocialAccounts";
import { Accounts, DEMO_USER_ID } from "./identity/Accounts";

/** The demo workspace's accounts: sandboxes, so nothing ever reaches a real platform. */
const DEMO_ACCOUNTS: ReadonlyArray<{ platform: PlatformId; accountName: string; username: string; followers: number; metadata?: Record<string, unknown> }> = [
  { platform: "facebook", accountName: "Morgan Family Dental", username: "morganfamilydental", followers: 2340 },
  { platform: "instagram", accountName: "Morgan Family Dental", username: "morgan.dental", followers: 1180 },
  { platform: "linkedin", accountName: "Alex Morgan, DDS", username: "alexmorgan-dds", followers: 560 },
  { platform: "google_business", accountName: "Morgan Family Dental – Main St", username: "morgan-dental-main-st", followers: 0, metadata: { rating: 4.8, reviews: 127 } },
  { platform: "bluesky", accountName: "Morgan Family Dental", username: "morgandental.bsky.social", followers: 214 },
];

/** The made-up user of demo mode, on the professional plan, with a seeded workspace (made once). */
export const ensureDemo = Effect.fn("Demo.ensure")(function* (now: Date) {
  const accounts = yield* Accounts;
  const social = yield* SocialAccounts;
  yield* accounts.ensureDemoWorkspace(now);
  const user = yield* accounts.findById(DEMO_USER_ID);
  if (!user || (yield* social.list(user.workspaceId)).length > 0) return;
  const ctx = { now, correlationId: `demo-${randomUUID()}`, actorId: DEMO_USER_ID };
  for (const account of DEMO_ACCOUNTS) {
    yield* social.connect(
      user,
      {
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
      },
      ctx,
    );
  }
});
