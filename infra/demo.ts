import { randomUUID } from "node:crypto";
import { Effect } from "effect";
import type { PlatformId } from "../domain/accounts";
import { SocialAccounts } from "./accounts/SocialAccounts";
import type { Caller } from "../domain/shared";
import { callerOf } from "./identity/current-user";
import { Categories } from "./categories/Categories";
import { ensureDemoTemplates } from "./content-templates/demo";
import { DEMO_USER_ID, Registration } from "./identity/Registration";
import { Users } from "./identity/Users";
import { ensureDemoBioPage } from "./link-in-bio/demo";
import { ensureDemoMedia } from "./media/demo";
import { ensureDemoPosts } from "./publishing/demo";
import { ensureDemoReviews } from "./reviews/demo";

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

const DEMO_CATEGORIES = [
  { name: "Patient tips", description: "Oral-care advice and how-tos.", color: "blue", isDefault: true, platforms: ["facebook", "instagram", "bluesky"] },
  { name: "Offers", description: "Seasonal offers and whitening promotions.", color: "green", platforms: ["facebook", "instagram", "google_business"] },
  { name: "Team news", description: "New faces, awards and community events.", color: "purple", platforms: ["linkedin", "facebook"] },
];

/**
 * The made-up user of demo mode, on the professional plan, with a seeded workspace: sandbox
 * accounts, categories, content templates, sample media, posts and notes around today, and sample reviews (each made once; new
 * scheduled posts when the last ones have gone out).
 */
export const ensureDemo = Effect.fn("Demo.ensure")(function* (now: Date) {
  yield* (yield* Registration).ensureDemoWorkspace(now);
  const user = yield* (yield* Users).findById(DEMO_USER_ID);
  if (!user) return;
  const caller = callerOf(user, {
    now,
    correlationId: `demo-${randomUUID()}`,
    causationId: null,
  });
  yield* ensureDemoAccounts(caller);
  const categories = yield* Categories;
  if ((yield* categories.list(user.workspaceId)).length === 0) {
    for (const category of DEMO_CATEGORIES) yield* categories.create(caller, category);
  }
  // Handed to the posts' seeding, so that publishing does not read the categories module.
  const categoryIds = new Map((yield* categories.list(user.workspaceId)).map((c) => [c.name, c.id]));
  yield* ensureDemoTemplates(caller);
  yield* ensureDemoMedia({ userId: user.id, workspaceId: user.workspaceId, tier: user.subscriptionTier }, now);
  yield* ensureDemoPosts(user, now, categoryIds);
  yield* ensureDemoReviews(caller);
  yield* ensureDemoBioPage(caller);
});

const ensureDemoAccounts = Effect.fn("Demo.ensureAccounts")(function* (caller: Caller) {
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
