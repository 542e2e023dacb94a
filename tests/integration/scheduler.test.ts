import { randomBytes, randomUUID } from "node:crypto";
import { AtpAgent } from "@atproto/api";
import { Effect } from "effect";
import type { JobHelpers } from "graphile-worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlatformId } from "../../domain/accounts/platforms";
import { type PostEvent, postDecider, postsProjection, type PublishLimit, postStreamId, recordAttempt, reschedule } from "../../domain/publishing";
import { SocialAccounts } from "../../infra/accounts/SocialAccounts";
import { EventStore } from "../../infra/eventstore/EventStore";
import { handleCommand } from "../../infra/eventstore/handle";
import { writeChanges } from "../../infra/eventstore/row-changes";
import { taskList } from "../../infra/worker";
import { connectBluesky } from "../../infra/platforms";
import { blueskyRkey } from "../../infra/platforms";
import { idempotencyKeyOf, publishPost, type PublishRun } from "../../infra/publishing/publish-post";
import { auditSummaries } from "../../infra/modules";
import { PublishLimits } from "../../infra/publishing/PublishSlots";
import { PostQueries } from "../../infra/publishing/PostQueries";
import { analyticsSums, periodFigures } from "../../infra/publishing/analytics";
import { dashboardStats } from "../../infra/publishing/stats";
import { PUBLISH_LEAD_MS, PUBLISH_MAX_ATTEMPTS } from "../../infra/publishing/reactions";
import { publishToSandbox } from "../../infra/publishing/sandbox";
import { sweepDuePosts } from "../../infra/publishing/sweep";
import type { CurrentUser } from "../../infra/identity/current-user";
import { sandboxProfile } from "../../infra/accounts/sandbox";
import { createTestApp } from "../support/database";
import { startFakePlatforms } from "../support/oauth-provider";
import { asUser, callerFor, createTestPost, postContent, postMetadata, registerOwner } from "../support/publishing";
import { allowOutbound } from "../support/outbound";
import { useBluesky } from "../support/bluesky";

/**
 * The scheduler's publication of a post (publishPost, as the publish_post job runs it) on the
 * sandbox platform, an OAuth account and a real Bluesky PDS: every target once, never twice, an
 * interrupted attempt looked up or reported, failures back to drafts; and the sweep of overdue posts.
 */

process.env.TOKEN_ENCRYPTION_KEY ??= randomBytes(32).toString("hex");

let app: Awaited<ReturnType<typeof createTestApp>>;
let user: CurrentUser;
let jobs = 0;

const run = (overrides: Partial<PublishRun> = {}): PublishRun => ({
  now: new Date(),
  jobId: String(++jobs),
  attempt: 1,
  maxAttempts: PUBLISH_MAX_ATTEMPTS,
  ...overrides,
});

beforeAll(async () => {
  app = await createTestApp();
  user = await registerOwner(app, { firstName: "Sam", lastName: "Scheduler", emailPrefix: "sched", company: "Sched Co" });
});
afterAll(() => app?.close());

const connect = (platform: PlatformId, kind: "sandbox" | "oauth" | "bluesky", name: string, credentials: unknown = null, metadata = {}) =>
  app
    .run(
      SocialAccounts.use((accounts) =>
        accounts.connect(callerFor(user), {
          platform,
          kind,
          profile: { ...sandboxProfile(name), metadata },
          credentials,
          tokenExpiresAt: null,
        }),
      ),
    )
    .then((r) => r.account);

const metadata = () => postMetadata(user);

/** A post as the API would create it (events appended here, not through the API). */
const newPost = (text: string, targets: ReadonlyArray<{ accountId: string; platform: PlatformId }>, options: Parameters<typeof createTestPost>[4] = {}) =>
  createTestPost(app, user, text, targets, options);

const eventsOf = async (postId: string) =>
  app.sql<{ type: string; data: any; metadata: any }[]>`
    select type, data, metadata from events where stream_id = ${postStreamId(postId)} order by stream_version`;
const typesOf = async (postId: string) => (await eventsOf(postId)).map((e) => e.type);
const sandboxRows = (postId: string) =>
  app.sql<{ id: string; account_id: string; idempotency_key: string; content: string }[]>`
    select id, account_id, idempotency_key, content from sandbox_posts where post_id = ${postId} order by account_id`;
const publish = (postId: string, overrides: Partial<PublishRun> = {}) => app.run(publishPost(postId, run(overrides)));

describe("publishing a post to sandbox accounts", () => {
  let a: { id: string };
  let b: { id: string };

  beforeAll(async () => {
    a = await connect("twitter", "sandbox", "Sandbox X");
    b = await connect("linkedin", "sandbox", "Sandbox LinkedIn");
  });

  it("publishes to both accounts once, both attempts recorded before the calls, each result and the publication after, as the worker", async () => {
    const postId = await newPost(
      "Hello sandbox",
      [
        { accountId: a.id, platform: "twitter" },
        { accountId: b.id, platform: "linkedin" },
      ],
      { publishNow: true },
    );
    const result = await publish(postId, { jobId: "42" });
    expect(result).toMatchObject({ outcome: "published", published: 2, failed: 0 });

    const events = await eventsOf(postId);
    expect(events.map((e) => e.type)).toEqual([
      "PostDrafted",
      "PostPublishRequested",
      "PostPublishAttempted",
      "PostPublishAttempted",
      "PostPublishedToAccount",
      "PostPublishedToAccount",
      "PostPublished",
    ]);
    const worker = events.filter((e) => e.type !== "PostDrafted" && e.type !== "PostPublishRequested");
    for (const e of worker) expect(e.metadata).toMatchObject({ actorId: null, workspaceId: user.workspaceId, correlationId: "job-42" });

    const rows = await sandboxRows(postId);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.content)).toEqual(["Hello sandbox", "Hello sandbox"]);
    const published = events.filter((e) => e.type === "PostPublishedToAccount").map((e) => e.data);
    for (const row of rows) {
      expect(row.idempotency_key).toBe(idempotencyKeyOf(postId, row.account_id, 1));
      expect(published).toContainEqual(expect.objectContaining({ accountId: row.account_id, platformPostId: row.id, url: `/app/sandbox/${row.id}` }));
    }

    // The job again (a retry, a duplicate run): nothing new anywhere.
    expect(await publish(postId)).toMatchObject({ outcome: "skipped" });
    expect(await typesOf(postId)).toHaveLength(7);
    expect(await sandboxRows(postId)).toHaveLength(2);
  });

  it("does nothing for a draft or a scheduled post that is not due yet", async () => {
    const draft = await newPost("Just a draft", [{ accountId: a.id, platform: "twitter" }]);
    expect(await publish(draft)).toMatchObject({ outcome: "skipped", reason: "draft" });
    const later = await newPost("Later", [{ accountId: a.id, platform: "twitter" }], { scheduledAt: new Date(Date.now() + 3_600_000) });
    expect(await publish(later)).toMatchObject({ outcome: "skipped", reason: "not due yet" });
    expect(await typesOf(later)).toEqual(["PostDrafted", "PostScheduled"]);
    expect(await sandboxRows(later)).toHaveLength(0);
  });

  it("publishes a scheduled post at its time, with its lateness", async () => {
    const at = new Date(Date.now() + 60_000);
    const postId = await newPost("On time", [{ accountId: a.id, platform: "twitter" }], { scheduledAt: at });
    expect(await publish(postId, { now: new Date(at.getTime() + 250) })).toMatchObject({ outcome: "published" });
    const requested = (await eventsOf(postId)).find((e) => e.type === "PostPublishRequested")!;
    expect(requested.data).toMatchObject({ dueAt: at.toISOString(), occurrence: 1 });
    // The job's clock runs on from its start (250 ms late) while it reads the post and its accounts.
    expect(requested.data.lateByMs).toBeGreaterThanOrEqual(250);
    expect(requested.data.lateByMs).toBeLessThan(5_000);
  });

  it("finds the post of an attempt that died after the platform call and records it, without a second post", async () => {
    const postId = await newPost(
      "Interrupted",
      [
        { accountId: a.id, platform: "twitter" },
        { accountId: b.id, platform: "linkedin" },
      ],
      { publishNow: true },
    );
    // A worker recorded the attempt on A, the sandbox wrote the post, and the worker died.
    await app.run(handleCommand(postStreamId(postId), postDecider, recordAttempt({ accountId: a.id, now: new Date() }), asUser(user)));
    const first = await app.run(
      publishToSandbox({
        workspaceId: user.workspaceId,
        accountId: a.id,
        postId,
        idempotencyKey: idempotencyKeyOf(postId, a.id, 1),
        content: "Interrupted",
        media: [],
        options: {},
        now: new Date(),
      }),
    );
    expect(await publish(postId)).toMatchObject({ outcome: "published", published: 2 });
    const rows = await sandboxRows(postId);
    expect(rows).toHaveLength(2);
    const events = await eventsOf(postId);
    expect(events.filter((e) => e.type === "PostPublishAttempted").map((e) => e.data.accountId)).toEqual([a.id, b.id]);
    expect(events.find((e) => e.type === "PostPublishedToAccount" && e.data.accountId === a.id)!.data.platformPostId).toBe(first.platformPostId);
  });

  it("an attempt that died where the platform cannot tell fails for good; the other account is published and the post returns to drafts", async () => {
    const x = await connect("twitter", "oauth", "Real X", {
      accessToken: "token-x",
      refreshToken: "refresh-x",
    });
    const postId = await newPost(
      "Half way",
      [
        { accountId: a.id, platform: "twitter" },
        { accountId: x.id, platform: "twitter" },
      ],
      { publishNow: true },
    );
    await app.run(handleCommand(postStreamId(postId), postDecider, recordAttempt({ accountId: x.id, now: new Date() }), asUser(user)));
    expect(await publish(postId)).toMatchObject({
      outcome: "failed",
      published: 1,
      failed: 1,
    });

    const events = await eventsOf(postId);
    expect(events.map((e) => e.type).slice(-5)).toEqual([
      "PostPublishAttempted",
      "PostPublishedToAccount",
      "PostPublishFailedOnAccount",
      "PostPublishFailed",
      "PostReturnedToDrafts",
    ]);
    const failedOn = events.find((e) => e.type === "PostPublishFailedOnAccount")!.data;
    expect(failedOn).toMatchObject({ accountId: x.id, permanent: true });
    expect(failedOn.reason).toBe("The publication was interrupted; check X (Twitter) (Real X) before publishing again.");
    const back = events.at(-1)!.data.reason as string;
    expect(back).toContain("Publishing failed on X (Twitter) (Real X): The publication was interrupted");
    expect(back).toContain("Published on X (Twitter) (Sandbox X).");
    // Only the sandbox account's post exists; the owner was told (failure alerts are on by default).
    expect((await sandboxRows(postId)).map((r) => r.account_id)).toEqual([a.id]);
    const [mail] = await app.sql<{ to_address: string; subject: string; body_text: string }[]>`
      select to_address, subject, body_text from mail_outbox where subject = 'A post could not be published' order by id desc limit 1`;
    expect(mail).toMatchObject({ to_address: user.email });
    expect(mail!.body_text).toContain("The publication was interrupted");

    // Published again later (the user fixed it): only the failed account is sent, never the published one.
    expect(await publish(postId)).toMatchObject({ outcome: "skipped", reason: "draft" });
  });
});

describe("published, but something after it went wrong", () => {
  it("an X thread cut short: the account counts as published, the warning is on the post and in its history, nothing is retried", async () => {
    const { provider, close } = await startFakePlatforms(["twitter"], { publishing: true });
    try {
      const x = await connect("twitter", "oauth", "Thread X", { accessToken: provider.grantAccessToken(), refreshToken: null, expiresAt: null });
      const postId = await newPost("Five tips for a brighter smile", [{ accountId: x.id, platform: "twitter" }], {
        publishNow: true,
        platformOptions: { twitter: { thread: ["1. Brush twice a day", "2. Floss"] } },
      });
      provider.respondOnce("/api/twitter/tweets", 503, { title: "Service Unavailable" }, undefined, { after: 2 });
      expect(await publish(postId)).toMatchObject({ outcome: "published", published: 1, failed: 0 });

      const warning = "The thread stopped after 2 of 3 posts: X (Twitter) is not responding right now.";
      expect(provider.requestsTo("/api/twitter/tweets")).toHaveLength(3);
      const [target] = await app.sql`select status, warning, error from post_targets where post_id = ${postId}`;
      expect(target).toEqual({ status: "published", warning, error: null });
      const published = (await eventsOf(postId)).find((e) => e.type === "PostPublishedToAccount")!;
      expect(published.data.warnings).toEqual([warning]);
      expect(await publish(postId)).toMatchObject({ outcome: "skipped", reason: "already published" });
      expect(provider.requestsTo("/api/twitter/tweets")).toHaveLength(3);
    } finally {
      await close();
    }
  });
});

describe("transient failures", () => {
  it("retry through the job (the target pending again), then fail for good on the last attempt", async () => {
    // A Bluesky account whose server cannot be reached: `unavailable`, transient.
    const down = "http://127.0.0.1:9";
    allowOutbound(down);
    const account = await connect(
      "bluesky",
      "bluesky",
      "Down",
      {
        did: "did:plc:down",
        handle: "down.test",
        accessJwt: "a",
        refreshJwt: "r",
        service: down,
        pdsUrl: down,
        identifier: "down.test",
        appPassword: "xxxx-xxxx-xxxx-xxxx",
      },
      { service: down },
    );
    const postId = await newPost("Retry me", [{ accountId: account.id, platform: "bluesky" }], { publishNow: true });
    const first = await app.run(Effect.flip(publishPost(postId, run({ attempt: 1 }))));
    expect(first._tag).toBe("PublishRetryLater");
    expect((await eventsOf(postId)).at(-1)).toMatchObject({
      type: "PostPublishFailedOnAccount",
      data: { permanent: false, reason: `Could not reach the Bluesky server at ${down}. Retrying later.` },
    });

    expect(await publish(postId, { attempt: PUBLISH_MAX_ATTEMPTS })).toMatchObject({ outcome: "failed" });
    const types = await typesOf(postId);
    expect(types.slice(-4)).toEqual(["PostPublishAttempted", "PostPublishFailedOnAccount", "PostPublishFailed", "PostReturnedToDrafts"]);
    expect(types.filter((t) => t === "PostPublishAttempted")).toHaveLength(2);
    // The draft's reason says it is over, not that another try is coming.
    const failed = (await eventsOf(postId)).find((e) => e.type === "PostPublishFailed");
    expect(failed?.data.reason).toBe(
      `Publishing failed on Bluesky (Down): Could not reach the Bluesky server at ${down}. Gave up after ${PUBLISH_MAX_ATTEMPTS} attempts.`,
    );
  });
});

describe("publishing to Bluesky (a real PDS)", () => {
  const bluesky = useBluesky();
  let reader: AtpAgent;
  let account: { id: string };
  const HANDLE = "lee-dental.test";

  beforeAll(async () => {
    const service = bluesky.network.pds.url;
    reader = bluesky.lee;
    const appPassword = bluesky.appPassword;
    const connected = await connectBluesky({ identifier: HANDLE, appPassword, service });
    // As src/pages/api/social-accounts/bluesky.ts stores it.
    account = await app
      .run(
        SocialAccounts.use((accounts) =>
          accounts.connect(callerFor(user), {
            platform: "bluesky",
            kind: "bluesky",
            profile: {
              ...connected.profile,
              metadata: { ...connected.profile.metadata, service },
            },
            credentials: {
              ...connected.session,
              identifier: HANDLE,
              appPassword,
            },
            tokenExpiresAt: null,
          }),
        ),
      )
      .then((r) => r.account);
  }, 120_000);

  it("publishes the post to the account's repository under the key's record key", async () => {
    const postId = await newPost("Scheduled from SocialDesk", [{ accountId: account.id, platform: "bluesky" }], { publishNow: true });
    expect(await publish(postId)).toMatchObject({ outcome: "published", published: 1 });
    const published = (await eventsOf(postId)).find((e) => e.type === "PostPublishedToAccount")!.data;
    const rkey = blueskyRkey(idempotencyKeyOf(postId, account.id, 1));
    expect(published.platformPostId).toMatch(new RegExp(`^at://did:plc:[a-z0-9]+/app\\.bsky\\.feed\\.post/${rkey}$`));
    expect(published.url).toBe(`https://bsky.app/profile/${HANDLE}/post/${rkey}`);
    const record = await reader.com.atproto.repo.getRecord({ repo: reader.session!.did, collection: "app.bsky.feed.post", rkey });
    expect((record.data.value as { text: string }).text).toBe("Scheduled from SocialDesk");
  });

  it("finds the record of an interrupted attempt instead of posting again", async () => {
    const postId = await newPost("Posted before the crash", [{ accountId: account.id, platform: "bluesky" }], { publishNow: true });
    await app.run(handleCommand(postStreamId(postId), postDecider, recordAttempt({ accountId: account.id, now: new Date() }), asUser(user)));
    const rkey = blueskyRkey(idempotencyKeyOf(postId, account.id, 1));
    await reader.com.atproto.repo.createRecord({
      repo: reader.session!.did,
      collection: "app.bsky.feed.post",
      rkey,
      record: { $type: "app.bsky.feed.post", text: "Posted before the crash", createdAt: new Date().toISOString() },
    });
    expect(await publish(postId)).toMatchObject({ outcome: "published" });
    const types = await typesOf(postId);
    expect(types.filter((t) => t === "PostPublishAttempted")).toHaveLength(1);
    expect(types.at(-2)).toBe("PostPublishedToAccount");
    const list = await reader.com.atproto.repo.listRecords({ repo: reader.session!.did, collection: "app.bsky.feed.post", limit: 100 });
    expect(list.data.records.filter((r) => (r.value as { text: string }).text === "Posted before the crash")).toHaveLength(1);
  });

  it("a post Bluesky refuses (over 300 graphemes) fails for good and returns to drafts with the reason", async () => {
    // Appended as is: the API's own check refuses such content for Bluesky before it ever gets here.
    const postId = randomUUID();
    const long = "x".repeat(301);
    const events: ReadonlyArray<PostEvent> = [
      {
        type: "PostDrafted",
        data: {
          postId,
          workspaceId: user.workspaceId,
          authorId: user.id,
          timeZone: "Europe/Paris",
          ...postContent(long, [{ accountId: account.id, platform: "bluesky" }]),
        },
      },
      { type: "PostPublishRequested", data: { requestedAt: new Date().toISOString(), dueAt: null, lateByMs: 0, occurrence: 1, accountIds: [account.id] } },
    ];
    await app.run(
      EventStore.use((store) => store.append(postStreamId(postId), events, { expectedVersion: "no_stream", metadata: metadata(), now: new Date() })),
    );
    expect(await publish(postId)).toMatchObject({ outcome: "failed" });
    const all = await eventsOf(postId);
    expect(all.find((e) => e.type === "PostPublishFailedOnAccount")!.data).toMatchObject({ permanent: true });
    expect(all.at(-1)!.type).toBe("PostReturnedToDrafts");
    expect(all.at(-1)!.data.reason).toMatch(/^Publishing failed on Bluesky \(.+\): .*300/);
  });
});

describe("at the second", () => {
  it("given a post scheduled 3 s from now, its job starts 5 s ahead of the time and the publication waits for the second", async () => {
    const sandbox = await connect("bluesky", "sandbox", "Sandbox on time");
    const at = new Date(Date.now() + 3_000);
    const postId = await newPost("At the second", [{ accountId: sandbox.id, platform: "bluesky" }], { scheduledAt: at });
    const [job] = await app.sql<{ run_at: Date }[]>`select run_at from graphile_worker.jobs where key = ${`post:${postId}`}`;
    expect(job!.run_at.getTime()).toBe(at.getTime() - PUBLISH_LEAD_MS);

    expect(await publish(postId)).toMatchObject({ outcome: "published", published: 1 });
    const requested = (await eventsOf(postId)).find((e) => e.type === "PostPublishRequested")!.data;
    expect(new Date(requested.requestedAt).getTime()).toBeGreaterThanOrEqual(at.getTime());
    expect(requested.lateByMs).toBeLessThan(1_000);
  });

  it("given a post moved later while its job waited, the waiting job publishes nothing", async () => {
    const sandbox = await connect("bluesky", "sandbox", "Sandbox moved");
    const at = new Date(Date.now() + 2_000);
    const postId = await newPost("Moved", [{ accountId: sandbox.id, platform: "bluesky" }], { scheduledAt: at });
    const waiting = publish(postId);
    await new Promise((r) => setTimeout(r, 500));
    await app.run(
      handleCommand(
        postStreamId(postId),
        postDecider,
        reschedule({ scheduledAt: new Date(Date.now() + 3_600_000), timeZone: "UTC", now: new Date() }),
        asUser(user),
      ),
    );
    expect(await waiting).toMatchObject({ outcome: "skipped", reason: "status scheduled" });
    expect(await sandboxRows(postId)).toHaveLength(0);
  });
});

describe("a platform's publishing limits", () => {
  const limited = (limits: ReadonlyArray<PublishLimit>) => (postId: string) =>
    app.run(publishPost(postId, run()).pipe(Effect.provideService(PublishLimits, { bluesky: limits })));

  it("given a limit of 2 posts per 2 s, when 3 posts to one account go at once, then the third waits for its slot and its attempt records the delay and the limit", async () => {
    const sandbox = await connect("bluesky", "sandbox", "Sandbox limited");
    const limit: PublishLimit = { per: "account", count: 2, windowMs: 2_000, reason: "the test's limit of 2 posts per 2 seconds" };
    const posts = await Promise.all([1, 2, 3].map((n) => newPost(`Limited ${n}`, [{ accountId: sandbox.id, platform: "bluesky" }], { publishNow: true })));
    const results = await Promise.all(posts.map(limited([limit])));
    expect(results.map((r) => r.outcome)).toEqual(["published", "published", "published"]);

    const attempts = await Promise.all(posts.map(async (id) => (await eventsOf(id)).find((e) => e.type === "PostPublishAttempted")!.data));
    const held = attempts.filter((a) => a.delayReason);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ delayReason: "the test's limit of 2 posts per 2 seconds" });
    expect(held[0]!.delayedByMs).toBeGreaterThanOrEqual(1_000);
    for (const id of posts) expect(await sandboxRows(id)).toHaveLength(1);
    // The post's history says it.
    expect(auditSummaries.PostPublishAttempted!(held[0])).toMatch(
      /^Sending to Bluesky \(attempt 1\), held [12] s by the test's limit of 2 posts per 2 seconds$/,
    );
  });

  it("given a slot further away than a job waits, then the post records why it waits and gets a job for the slot; nothing is dropped", async () => {
    const sandbox = await connect("bluesky", "sandbox", "Sandbox hourly");
    const hourly: PublishLimit = { per: "account", count: 1, windowMs: 3_600_000, reason: "the test's limit of 1 post an hour" };
    const first = await newPost("First of the hour", [{ accountId: sandbox.id, platform: "bluesky" }], { publishNow: true });
    expect(await limited([hourly])(first)).toMatchObject({ outcome: "published" });
    const second = await newPost("Second of the hour", [{ accountId: sandbox.id, platform: "bluesky" }], { publishNow: true });
    expect(await limited([hourly])(second)).toMatchObject({ outcome: "in_progress" });

    const delayed = (await eventsOf(second)).find((e) => e.type === "PostPublishDelayed")!.data;
    expect(delayed).toMatchObject({ accountId: sandbox.id, platform: "bluesky", reason: "the test's limit of 1 post an hour" });
    const until = new Date(delayed.until).getTime();
    expect(until - Date.now()).toBeGreaterThan(3_500_000);
    const [job] = await app.sql<{ run_at: Date }[]>`select run_at from graphile_worker.jobs where key = ${`post:${second}`}`;
    expect(job!.run_at.getTime()).toBe(until - PUBLISH_LEAD_MS);
    const [target] = await app.sql<{ status: string; warning: string }[]>`select status, warning from post_targets where post_id = ${second}`;
    expect(target).toMatchObject({ status: "pending", warning: `Waiting until ${delayed.until}: the test's limit of 1 post an hour.` });
    const [post] = await app.sql<{ status: string }[]>`select status from posts where id = ${second}`;
    expect(post!.status).toBe("publishing");
    expect(await sandboxRows(second)).toHaveLength(0);
  });
});

describe("the sweep", () => {
  it("adds a job now for an overdue scheduled post that has none, and none for one that has its job", async () => {
    const sandbox = await connect("facebook", "sandbox", "Sandbox FB");
    const past = new Date(Date.now() - 10 * 60_000);
    const overdue = await newPost("Missed", [{ accountId: sandbox.id, platform: "facebook" }], { scheduledAt: new Date(past.getTime() + 60_000), now: past });
    const covered = await newPost("Has a job", [{ accountId: sandbox.id, platform: "facebook" }], {
      scheduledAt: new Date(past.getTime() + 60_000),
      now: past,
    });
    // The posts read model, in case the posts projection is not registered in this build yet.
    for (const postId of [overdue, covered]) {
      const [row] = await app.sql`select id from posts where id = ${postId}`;
      if (!row) {
        const stream = await app.run(EventStore.use((store) => store.readStream(postStreamId(postId))));
        for (const event of stream.events) await app.run(writeChanges(postsProjection.project(event as never)));
      }
    }
    await app.sql`select graphile_worker.remove_job(${`post:${overdue}`})`;
    await app.sql`select graphile_worker.add_job('publish_post', json_build_object('postId', ${covered}::text), job_key => ${`post:${covered}`})`;

    const result = await app.run(sweepDuePosts(new Date()));
    expect(result.postIds).toContain(overdue);
    expect(result.postIds).not.toContain(covered);
    const [job] = await app.sql<{ task_identifier: string; run_at: Date; max_attempts: number }[]>`
      select task_identifier, run_at, max_attempts from graphile_worker.jobs where key = ${`post:${overdue}`}`;
    expect(job).toMatchObject({ task_identifier: "publish_post", max_attempts: PUBLISH_MAX_ATTEMPTS });
    const payload = await app.sql<{ payload: unknown }[]>`
      select p.payload from graphile_worker._private_jobs p join graphile_worker.jobs j on j.id = p.id where j.key = ${`post:${overdue}`}`;
    expect(job!.run_at.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);

    // Swept again: the job is there now, nothing added.
    expect((await app.run(sweepDuePosts(new Date()))).postIds).not.toContain(overdue);

    // The worker's task with that job's payload publishes the post, late, with its lateness.
    const helpers = { job: { id: "77", attempts: 1, max_attempts: PUBLISH_MAX_ATTEMPTS, run_at: job!.run_at }, logger: { info() {}, warn() {}, debug() {}, error() {} } };
    await taskList(app.runtime as never).publish_post!(payload[0]!.payload as never, helpers as unknown as JobHelpers);
    const events = await eventsOf(overdue);
    expect(events.at(-1)).toMatchObject({ type: "PostPublished", metadata: { correlationId: "job-77" } });
    expect(events.find((e) => e.type === "PostPublishRequested")!.data.lateByMs).toBeGreaterThan(8 * 60_000);
  });

  it("given overdue posts whose jobs are locked, then it adds a job for the one locked by a worker no longer registered (dead), and none for the one a registered worker holds", async () => {
    const sandbox = await connect("facebook", "sandbox", "Sandbox FB (sweep)");
    const past = new Date(Date.now() - 10 * 60_000);
    const orphaned = await newPost("Locked by a dead worker", [{ accountId: sandbox.id, platform: "facebook" }], { scheduledAt: new Date(past.getTime() + 60_000), now: past });
    const held = await newPost("Locked by a live worker", [{ accountId: sandbox.id, platform: "facebook" }], { scheduledAt: new Date(past.getTime() + 60_000), now: past });
    await app.sql`insert into worker_heartbeats (worker_id, graphile_worker_ids) values ('sweep-test-live', ${["pool-sweep-live"]})`;
    await app.sql`update graphile_worker._private_jobs set locked_by = 'pool-sweep-dead', locked_at = now(), attempts = 1 where key = ${`post:${orphaned}`}`;
    await app.sql`update graphile_worker._private_jobs set locked_by = 'pool-sweep-live', locked_at = now(), attempts = 1 where key = ${`post:${held}`}`;
    try {
      const result = await app.run(sweepDuePosts(new Date()));

      expect(result.postIds).toContain(orphaned);
      expect(result.postIds).not.toContain(held);
      // The dead worker's job loses its key to a new one, free to run now.
      const jobs = await app.sql<{ key: string | null; locked_by: string | null }[]>`
        select key, locked_by from graphile_worker._private_jobs where key = ${`post:${orphaned}`}`;
      expect(jobs).toEqual([{ key: `post:${orphaned}`, locked_by: null }]);
    } finally {
      await app.sql`delete from worker_heartbeats where worker_id = 'sweep-test-live'`;
      await app.sql`select graphile_worker.remove_job(${`post:${held}`})`;
    }
  });
});

describe("a repeating post's occurrences", () => {
  it("given a daily post published at three of its occurrences, then the Published tab, Posts This Month, Recent Posts and analytics per platform each count 3", async () => {
    // A workspace of its own: the counts are the workspace's.
    const owner = await registerOwner(app, { firstName: "Rita", lastName: "Repeat", emailPrefix: "repeat", company: "Repeat Co" });
    const account = await app
      .run(
        SocialAccounts.use((accounts) =>
          accounts.connect(callerFor(owner), {
            platform: "twitter",
            kind: "sandbox",
            profile: sandboxProfile("Daily X"),
            credentials: null,
            tokenExpiresAt: null,
          }),
        ),
      )
      .then((r) => r.account);
    // Daily at 09:00 in Paris from Monday 5 October 2026, five times: the jobs run "at" the first three.
    const first = new Date("2026-10-05T07:00:00Z");
    const postId = await createTestPost(app, owner, "Tip of the day: floss", [{ accountId: account.id, platform: "twitter" }], {
      scheduledAt: first,
      now: new Date("2026-10-04T12:00:00Z"),
      recurrence: { frequency: "daily", end: { type: "after", count: 5 } },
    });
    for (let day = 0; day < 3; day++) {
      const at = new Date(first.getTime() + day * 86_400_000);
      expect(await publish(postId, { now: at })).toMatchObject({ outcome: "published" });
    }
    const [row] = await app.sql<{ status: string; occurrence: number }[]>`select status, occurrence from posts where id = ${postId}`;
    expect(row).toEqual({ status: "scheduled", occurrence: 4 });

    const { counts, recent, stats, sums, figures } = await app.run(
      Effect.gen(function* () {
        const queries = yield* PostQueries;
        return {
          counts: yield* queries.counts(owner.workspaceId, {}),
          recent: yield* queries.list(owner.workspaceId, { statuses: ["published"], sort: "published", limit: 3 }),
          stats: yield* dashboardStats(owner.workspaceId, new Date("2026-10-20T12:00:00Z"), "Europe/Paris"),
          sums: yield* analyticsSums(owner.workspaceId, { first: "2026-10-01", last: "2026-10-31", timeZone: "Europe/Paris", now: new Date("2026-10-31T12:00:00Z") }),
          figures: yield* periodFigures(owner.workspaceId, new Date("2026-10-20T12:00:00Z"), [{ id: "30d", days: 30 }]),
        };
      }),
    );
    // The Published tab.
    expect(counts).toMatchObject({ published: 3, scheduled: 1 });
    // Recent Posts: its three publications, newest first, each at its own time.
    expect(recent.items.map((p) => [p.id, p.status, p.publishedAt?.slice(0, 10)])).toEqual([
      [postId, "published", "2026-10-07"],
      [postId, "published", "2026-10-06"],
      [postId, "published", "2026-10-05"],
    ]);
    // Posts This Month.
    expect(stats.postsThisMonth).toBe(3);
    // Analytics per platform, and per day.
    expect(sums.platforms).toEqual([{ platform: "twitter", posts: 3, engagements: 0 }]);
    expect(sums.days.map((d) => [d.day, d.posts])).toEqual([
      ["2026-10-05", 1],
      ["2026-10-06", 1],
      ["2026-10-07", 1],
    ]);
    expect(figures["30d"].posts).toBe(3);
    expect(figures["30d"].byPlatform).toEqual([{ platform: "twitter", posts: 3, engagement: 0 }]);
  });
});
