import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlatformId } from "../../domain/accounts/platforms";
import { postStreamId } from "../../domain/publishing";
import { SocialAccounts } from "../../infra/accounts/SocialAccounts";
import { verifyProjections } from "../../infra/eventstore/rebuild";
import { CRONTAB, taskList } from "../../infra/worker";
import { projections } from "../../infra/modules";
import { analyticsSums } from "../../infra/publishing/analytics";
import { fetchEngagement, sandboxEngagement } from "../../infra/publishing/engagement";
import { publishPost } from "../../infra/publishing/publish-post";
import type { CurrentUser } from "../../infra/identity/current-user";
import { sandboxProfile } from "../../infra/accounts/sandbox";
import { engagementTotal } from "../../src/features/dashboard/dashboard-data";
import { createTestApp } from "../support/database";
import { callerFor, createTestPost, registerOwner } from "../support/publishing";

/** The fetch_engagement job on sandbox accounts: figures recorded on the post, the read model in step. */

process.env.TOKEN_ENCRYPTION_KEY ??= randomBytes(32).toString("hex");

let app: Awaited<ReturnType<typeof createTestApp>>;
let user: CurrentUser;
beforeAll(async () => {
  app = await createTestApp();
  user = await registerOwner(app, { firstName: "Eve", lastName: "Engaged", emailPrefix: "eng", company: "Engage Co" });
});
afterAll(() => app?.close());

const connect = (platform: PlatformId, name: string) =>
  app
    .run(
      SocialAccounts.use((a) =>
        a.connect(callerFor(user), {
          platform,
          kind: "sandbox",
          profile: sandboxProfile(name),
          credentials: null,
          tokenExpiresAt: null,
        }),
      ),
    )
    .then((r) => r.account);

const publishedPost = async (text: string, targets: ReadonlyArray<{ accountId: string; platform: PlatformId }>) => {
  const postId = await createTestPost(app, user, text, targets, { publishNow: true });
  const result = await app.run(publishPost(postId, { now: new Date(), jobId: "1", attempt: 1, maxAttempts: 5 }));
  expect(result).toMatchObject({ outcome: "published" });
  return postId;
};

describe("fetching engagement", () => {
  it("is a cron job every 15 minutes", () => {
    expect(CRONTAB).toContain("*/15 * * * * fetch_engagement");
  });

  it("gives a published sandbox post its engagement, once per change, in posts.engagement", async () => {
    const x = await connect("twitter", "Sandbox X");
    const li = await connect("linkedin", "Sandbox LinkedIn");
    const postId = await publishedPost("Engage me", [
      { accountId: x.id, platform: "twitter" },
      { accountId: li.id, platform: "linkedin" },
    ]);

    // As the worker runs it.
    await taskList(app.runtime as never).fetch_engagement!({}, { logger: { info: () => {} }, job: { id: "1" } } as never);

    const [row] = await app.sql<{ engagement: Record<string, { likes: number; shares: number; comments: number }>; published_at: Date }[]>`
      select engagement, published_at from posts where id = ${postId}`;
    const targets = await app.sql<{ account_id: string; published_at: Date }[]>`select account_id, published_at from post_targets where post_id = ${postId}`;
    expect(Object.keys(row!.engagement).sort()).toEqual(["linkedin", "twitter"]);
    expect(row!.engagement.twitter!.likes).toBeGreaterThanOrEqual(1);
    const events = await app.sql<{ type: string; data: any }[]>`
      select type, data from events where stream_id = ${postStreamId(postId)} and type = 'PostEngagementRecorded' order by stream_version`;
    expect(events).toHaveLength(2);
    expect(events.at(-1)!.data.engagement).toEqual(row!.engagement);

    // Unchanged figures: nothing new; later, they grow.
    const later = new Date(Date.now() + 48 * 3_600_000);
    const xTarget = targets.find((t) => t.account_id === x.id)!;
    expect(sandboxEngagement(postId, x.id, xTarget.published_at, later).likes).toBeGreaterThanOrEqual(row!.engagement.twitter!.likes);
    const at = new Date();
    await app.run(fetchEngagement(at));
    const again = await app.run(fetchEngagement(at));
    expect(again).toMatchObject({ recorded: 0 });
    expect(again.targets).toBeGreaterThanOrEqual(2);
    const grown = await app.run(fetchEngagement(later));
    expect(grown.recorded).toBeGreaterThanOrEqual(1);
    const [after] = await app.sql<{ engagement: Record<string, { likes: number }> }[]>`select engagement from posts where id = ${postId}`;
    expect(after!.engagement.twitter!.likes).toBe(sandboxEngagement(postId, x.id, xTarget.published_at, later).likes);

    // The analytics sums see it: the post's total, and each platform's share.
    const first = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const sums = await app.run(analyticsSums(user.workspaceId, { first, timeZone: "UTC", now: new Date(Date.now() + 60_000) }));
    expect(sums.top.find((p) => p.id === postId)?.engagements).toBe(engagementTotal(after!.engagement));
    expect(sums.platforms.find((p) => p.platform === "twitter")?.engagements).toBe(engagementTotal({ twitter: after!.engagement.twitter }));
    expect(sums.days.reduce((n, d) => n + d.engagements, 0)).toBe(engagementTotal(after!.engagement));

    expect((await app.run(verifyProjections(projections))).differences).toEqual([]);
  });
});
