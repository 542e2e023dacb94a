import type postgres from "postgres";
import { randomUUID } from "node:crypto";
import { type PlatformId, platformById } from "../../domain/accounts/platforms";
import { createPost, type PostContent, postDecider, postStreamId, type RecurrenceRule } from "../../domain/publishing";
import { type CommandContext, type EventMetadata, metadataOf } from "../../domain/shared";
import { SocialAccounts } from "../../infra/accounts/SocialAccounts";
import { handleCommand } from "../../infra/eventstore/handle";
import { Registration } from "../../infra/identity/Registration";
import { callerOf, type CurrentUser } from "../../infra/identity/current-user";
import type { createTestApp } from "./database";

/** Posts written straight through the post's decider (as the API would), for the scheduler's and engagement's tests. */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Target = { readonly accountId: string; readonly platform: PlatformId };

/** A test's command: a visitor (registering) or, through `callerFor`, the signed-in user. */
export const commandContext = (now = new Date()): CommandContext => ({
  actor: { kind: "visitor" },
  now,
  correlationId: `test-${randomUUID()}`,
  causationId: null,
});

/** The user acting in their workspace, as the edge's guard makes them. */
export const callerFor = (user: CurrentUser, now = new Date()) => callerOf(user, commandContext(now));

/** A new workspace owner in Paris, on the agency plan so tests can connect many accounts. */
export const registerOwner = async (
  app: TestApp,
  who: { readonly firstName: string; readonly lastName: string; readonly emailPrefix: string; readonly company: string },
) => {
  const user = await app.run(
    Registration.use((registration) =>
      registration.register(
        {
          firstName: who.firstName,
          lastName: who.lastName,
          email: `${who.emailPrefix}-${randomUUID().slice(0, 8)}@example.com`,
          company: who.company,
          password: "correct horse battery",
          selectedPlan: "agency",
          timeZone: "Europe/Paris",
        },
        commandContext(),
      ),
    ),
  );
  return { ...user, subscriptionTier: "agency" } satisfies CurrentUser;
};

/**
 * The least a post to these platforms must carry (the platform table's `posting.requires`): a video
 * where one needs a video, a photo where one needs a photo or video, else nothing. Tests about
 * something else than media post what the platforms accept.
 */
export const requiredMedia = (platforms: ReadonlyArray<PlatformId>): string[] => {
  const needs = platforms.map((platform) => platformById(platform).posting.requires);
  if (needs.includes("video")) return ["https://media.example.com/clip.mp4"];
  if (needs.includes("media")) return ["https://media.example.com/photo.jpg"];
  return [];
};

export const postContent = (text: string, targets: ReadonlyArray<Target>): PostContent => ({
  content: text,
  media: requiredMedia(targets.map((t) => t.platform)),
  platforms: [...new Set(targets.map((t) => t.platform))],
  targets,
  postType: "standard",
  businessData: {},
  locationIds: [],
  categoryId: null,
  options: {},
});

/** The events' metadata of a user's write. */
export const postMetadata = (user: CurrentUser): EventMetadata => metadataOf(callerFor(user), user.workspaceId);

/** handleCommand's options for a write by `user`. */
export const asUser = (user: CurrentUser, now = new Date()) => ({
  ctx: callerFor(user, now),
  workspaceId: user.workspaceId,
});

/** A post created as the API would: a draft, or scheduled, or published now (its job is the test's to run). */
export const createTestPost = async (
  app: Pick<TestApp, "run">,
  user: CurrentUser,
  text: string,
  targets: ReadonlyArray<Target>,
  options: {
    readonly publishNow?: boolean;
    readonly scheduledAt?: Date;
    readonly now?: Date;
    readonly platformOptions?: PostContent["options"];
    readonly recurrence?: RecurrenceRule;
  } = {},
) => {
  const postId = randomUUID();
  const now = options.now ?? new Date();
  await app.run(
    handleCommand(
      postStreamId(postId),
      postDecider,
      createPost({
        postId,
        workspaceId: user.workspaceId,
        authorId: user.id,
        content: { ...postContent(text, targets), options: options.platformOptions ?? {} },
        timeZone: "Europe/Paris",
        now,
        scheduledAt: options.scheduledAt ?? null,
        publishNow: options.publishNow ?? false,
        recurrence: options.recurrence ?? null,
      }),
      asUser(user, now),
    ),
  );
  return postId;
};

/** An OAuth account connected as the connect flow stores it: the platform's id of the account and a token the test provider granted. */
export const connectOAuthAccount = (app: TestApp, user: CurrentUser, platform: PlatformId, externalId: string, accessToken: string) =>
  app
    .run(
      SocialAccounts.use((a) =>
        a.connect(callerFor(user), {
          platform,
          kind: "oauth",
          profile: { externalId, accountName: `${platform} ${externalId}`, username: null, avatarUrl: null, followers: 0, profileUrl: null, metadata: {} },
          credentials: { accessToken, refreshToken: null, expiresAt: null, scope: null },
          tokenExpiresAt: null,
        }),
      ),
    )
    .then((r) => ({ ...r.account, accessToken }));

/** Waits until the clock reads `at` (ms since the epoch): a test of what happens at a moment of real time (a crash before a post's time). */
export const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/** Posts of `postIds` on the sandbox timeline: how many publications went out, how many more than once, and the last one's time. */
export const sandboxPublication = async (sql: postgres.Sql, postIds: ReadonlyArray<string>) => {
  const [row] = await sql<{ published: number; duplicates: number; last: Date | null }[]>`
    select count(distinct (post_id, account_id))::int as published,
           (count(*) - count(distinct (post_id, account_id)))::int as duplicates,
           max(published_at) as last
    from sandbox_posts where post_id = any(${postIds}::uuid[])`;
  return row!;
};
