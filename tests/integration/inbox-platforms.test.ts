import { randomBytes } from "node:crypto";
import { Effect } from "effect";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PlatformId } from "../../domain/accounts/platforms";
import {
  completePublication,
  type PostEvent,
  type PostState,
  postDecider,
  postStreamId,
  recordAttempt,
  recordPublishedToAccount,
} from "../../domain/publishing";
import { systemContext } from "../../domain/shared";
import type { AccountView } from "../../infra/accounts/SocialAccounts";
import { handleCommand } from "../../infra/eventstore/handle";
import type { CurrentUser } from "../../infra/identity/current-user";
import { Inbox } from "../../infra/inbox/Inbox";
import { InboxQueries } from "../../infra/inbox/InboxQueries";
import type { IncomingMessage } from "../../infra/platforms/provider";
import { pollInbox } from "../../infra/inbox/poll";
import { sendInboxReply } from "../../infra/inbox/send-reply";
import { createTestApp } from "../support/database";
import { FAKE_INBOX_ACCOUNTS, type FakeInbox, installCommentReplyRoutes, installInboxRoutes } from "../support/inbox-platforms";
import { type OAuthProvider, startFakePlatforms } from "../support/oauth-provider";
import { asUser, callerFor, connectOAuthAccount, createTestPost, registerOwner } from "../support/publishing";

/**
 * The inbox on OAuth platforms, against the local provider that checks each request: X mentions,
 * YouTube comment threads, LinkedIn comments and Threads replies polled from a cursor, backing off
 * on rate limits; answers through each platform's documented call (Meta's Graph API included), once.
 */

process.env.TOKEN_ENCRYPTION_KEY ??= randomBytes(32).toString("hex");

let app: Awaited<ReturnType<typeof createTestApp>>;
let user: CurrentUser;
let provider: OAuthProvider;
let fake: FakeInbox;
let stopPlatforms: (() => Promise<void>) | undefined;
type Polled = "twitter" | "youtube" | "linkedin" | "threads";
let accounts: Record<Polled | "facebook" | "instagram", AccountView & { accessToken: string }>;
const OUR = { twitter: "1900000000000000100", youtube: "vidOurs01", linkedin: "urn:li:share:7000000000000000100", threads: "17890000000000100" } as const;
let postId: string;

const connect = (platform: PlatformId, externalId: string, accessToken = provider.grantAccessToken()) =>
  connectOAuthAccount(app, user, platform, externalId, accessToken);

beforeAll(async () => {
  app = await createTestApp();
  user = await registerOwner(app, { firstName: "Ines", lastName: "Inbox", emailPrefix: "inbox-platforms", company: "Answer Co" });
  // Only workspaces whose plan has the inbox are read.
  await app.sql`update workspaces set subscription_tier = 'growth', subscription_status = 'active' where id = ${user.workspaceId}`;
  ({ provider, close: stopPlatforms } = await startFakePlatforms(["facebook", "instagram", "twitter", "linkedin", "threads", "youtube"], { publishing: true }));
  fake = installInboxRoutes(provider);
  accounts = {
    twitter: await connect("twitter", FAKE_INBOX_ACCOUNTS.twitter),
    youtube: await connect("youtube", FAKE_INBOX_ACCOUNTS.youtube),
    linkedin: await connect("linkedin", FAKE_INBOX_ACCOUNTS.linkedin),
    threads: await connect("threads", FAKE_INBOX_ACCOUNTS.threads),
    facebook: await connect("facebook", FAKE_INBOX_ACCOUNTS.facebook),
    instagram: await connect("instagram", FAKE_INBOX_ACCOUNTS.instagram),
  };
  // A post published to the four polled accounts: comments on it are linked to it.
  postId = await createTestPost(
    app,
    user,
    "Spring opening hours",
    (Object.keys(OUR) as Polled[]).map((p) => ({ accountId: accounts[p].id, platform: p })),
    { publishNow: true },
  );
  const on = <E>(decide: (state: PostState) => Effect.Effect<ReadonlyArray<PostEvent>, E>) =>
    app.run(handleCommand(postStreamId(postId), postDecider, decide, asUser(user)));
  for (const p of Object.keys(OUR) as Polled[]) {
    await on(recordAttempt({ accountId: accounts[p].id, now: new Date() }));
    await on(recordPublishedToAccount({ accountId: accounts[p].id, platformPostId: OUR[p], url: null, publishedAt: new Date() }));
  }
  await on(completePublication({ now: new Date() }));
}, 120_000);

afterAll(async () => {
  await stopPlatforms?.();
  await app?.close();
});

beforeEach(() => provider.clear());

const messagesOf = (platform: string) =>
  app.sql<
    {
      id: string;
      type: string;
      external_id: string;
      from_name: string;
      content: string;
      post_id: string | null;
      post_title: string | null;
      parent_external_id: string | null;
    }[]
  >`
    select id, type, external_id, from_name, content, post_id, post_title, parent_external_id from inbox_messages where platform = ${platform} order by sent_at, external_id`;
const pollOf = async (account: { id: string }) =>
  (
    await app.sql<
      { cursor: string | null; next_poll_at: Date; failures: number; last_error: string | null }[]
    >`select * from inbox_polls where account_id = ${account.id}`
  )[0];
const minutes = (n: number, from = Date.now()) => new Date(from + n * 60_000);

describe("reading the inbox of X, YouTube, LinkedIn and Threads", () => {
  it("keeps each answer and mention once, linked to the post answered, without the account's own words; the next read starts where this one stopped", async () => {
    const t0 = Date.now();
    fake.tweet({
      id: "1900000000000000200",
      text: "Are you open on Easter Monday?",
      author: { id: "77", username: "jane", name: "Jane Smith" },
      createdAt: new Date(t0 - 60_000).toISOString(),
      conversationId: OUR.twitter,
      repliedTo: OUR.twitter,
    });
    fake.tweet({
      id: "1900000000000000300",
      text: "Shout-out to @answerco for the great service",
      author: { id: "78", username: "marcus", name: "Marcus Reed", verified: true, followers: 52_000 },
      createdAt: new Date(t0 - 50_000).toISOString(),
      conversationId: "1900000000000000300",
    });
    fake.tweet({
      id: "1900000000000000400",
      text: "Thanks all!",
      author: { id: FAKE_INBOX_ACCOUNTS.twitter, username: "answerco", name: "Answer Co" },
      createdAt: new Date(t0 - 40_000).toISOString(),
      conversationId: OUR.twitter,
      repliedTo: "1900000000000000200",
    });
    fake.youtubeComment({
      id: "Ugz1",
      threadId: "Ugz1",
      videoId: OUR.youtube,
      author: "Priya Patel",
      authorChannelId: "UCpriya",
      text: "Great video, very helpful",
      publishedAt: new Date(t0 - 90_000).toISOString(),
    });
    fake.youtubeComment({
      id: "Ugz1.a",
      threadId: "Ugz1",
      parentId: "Ugz1",
      videoId: OUR.youtube,
      author: "Answer Co",
      authorChannelId: FAKE_INBOX_ACCOUNTS.youtube,
      text: "Thank you!",
      publishedAt: new Date(t0 - 80_000).toISOString(),
    });
    fake.youtubeComment({
      id: "Ugz1.b",
      threadId: "Ugz1",
      parentId: "Ugz1",
      videoId: OUR.youtube,
      author: "Tom Becker",
      authorChannelId: "UCtom",
      text: "What camera do you use?",
      publishedAt: new Date(t0 - 70_000).toISOString(),
    });
    fake.linkedInComment({ id: "6001", postUrn: OUR.linkedin, actor: "urn:li:person:abc", text: "Congratulations on the new office!", time: t0 - 30_000 });
    fake.linkedInComment({
      id: "6002",
      postUrn: OUR.linkedin,
      actor: `urn:li:person:${FAKE_INBOX_ACCOUNTS.linkedin}`,
      text: "Thank you all",
      time: t0 - 20_000,
    });
    fake.threadsReply({
      id: "1790001",
      postId: OUR.threads,
      username: "ana_souza",
      text: "Do you take walk-ins?",
      timestamp: new Date(t0 - 15_000).toISOString(),
    });
    fake.threadsReply({
      id: "1790002",
      postId: OUR.threads,
      username: "answerco",
      text: "Yes we do",
      timestamp: new Date(t0 - 10_000).toISOString(),
      mine: true,
    });
    fake.threadsReply({
      id: "1790003",
      postId: "1790999",
      username: "localeats",
      text: "Our pick of the week: @answerco",
      timestamp: new Date(t0 - 5_000).toISOString(),
      mention: true,
    });

    const first = await app.run(pollInbox(new Date(t0)));
    expect(first).toEqual({ accounts: 4, received: 7 });

    expect((await messagesOf("twitter")).map((m) => [m.type, m.external_id, m.from_name, m.post_title])).toEqual([
      ["comment", "1900000000000000200", "Jane Smith", "Spring opening hours"],
      ["mention", "1900000000000000300", "Marcus Reed", null],
    ]);
    expect((await messagesOf("youtube")).map((m) => [m.external_id, m.from_name, m.post_id])).toEqual([
      ["Ugz1", "Priya Patel", postId],
      ["Ugz1.b", "Tom Becker", postId],
    ]);
    expect((await messagesOf("linkedin")).map((m) => [m.external_id, m.content])).toEqual([
      [`urn:li:comment:(${OUR.linkedin},6001)`, "Congratulations on the new office!"],
    ]);
    expect((await messagesOf("threads")).map((m) => [m.type, m.external_id, m.from_name])).toEqual([
      ["comment", "1790001", "ana_souza"],
      ["mention", "1790003", "localeats"],
    ]);
    // The verified sender with many followers is high priority; the question is medium.
    const priorities = await app.sql<{ external_id: string; priority: string }[]>`select external_id, priority from inbox_messages where platform = 'twitter'`;
    expect(Object.fromEntries(priorities.map((p) => [p.external_id, p.priority]))).toEqual({ "1900000000000000200": "medium", "1900000000000000300": "high" });

    // Each read as documented, with the account's own token.
    const mentionsRead = provider.requestsTo(`/api/twitter/users/${FAKE_INBOX_ACCOUNTS.twitter}/mentions`);
    expect(mentionsRead).toHaveLength(1);
    expect(mentionsRead[0]!.bearer).toBe(accounts.twitter.accessToken);
    expect(mentionsRead[0]!.query.since_id).toBeUndefined();
    expect(provider.requestsTo("/api/youtube/commentThreads")[0]!.query).toMatchObject({
      allThreadsRelatedToChannelId: FAKE_INBOX_ACCOUNTS.youtube,
      order: "time",
    });
    expect(provider.requestsTo("/api/linkedin/rest/socialActions")[0]!.headers).toMatchObject({ "x-restli-protocol-version": "2.0.0" });
    // The account's own post is the newest read: the cursor moves past it.
    expect(await pollOf(accounts.twitter)).toMatchObject({ cursor: "1900000000000000400", failures: 0, last_error: null });

    // Not due yet: nothing is asked.
    provider.clear();
    expect(await app.run(pollInbox(minutes(1, t0)))).toEqual({ accounts: 0, received: 0 });
    expect(provider.requestsTo("/api/twitter")).toEqual([]);

    // Two minutes on: read from the cursor; only what is new is kept.
    fake.tweet({
      id: "1900000000000000500",
      text: "Booked for Tuesday, thanks",
      author: { id: "77", username: "jane", name: "Jane Smith" },
      createdAt: new Date(t0 + 30_000).toISOString(),
      conversationId: OUR.twitter,
      repliedTo: OUR.twitter,
    });
    const second = await app.run(pollInbox(minutes(2.5, t0)));
    expect(second).toEqual({ accounts: 4, received: 1 });
    expect(provider.requestsTo(`/api/twitter/users/${FAKE_INBOX_ACCOUNTS.twitter}/mentions`)[0]!.query.since_id).toBe("1900000000000000400");
    expect(await messagesOf("twitter")).toHaveLength(3);
    expect(await messagesOf("youtube")).toHaveLength(2);
    expect(await messagesOf("threads")).toHaveLength(2);
  });

  it("backs off when the platform limits reads, for as long as it asks, and reads again after", async () => {
    const t0 = Date.now() + 10 * 60_000;
    provider.respondOnce(
      `/api/twitter/users/${FAKE_INBOX_ACCOUNTS.twitter}/mentions`,
      429,
      { title: "Too Many Requests", detail: "Too Many Requests", status: 429 },
      { "retry-after": "900" },
    );
    await app.run(pollInbox(new Date(t0)));
    const limited = await pollOf(accounts.twitter);
    expect(limited).toMatchObject({ failures: 1, cursor: "1900000000000000500" });
    expect(limited!.last_error).toBe("X (Twitter) is limiting how often this account is read; reading again in 15 min.");
    expect(limited!.next_poll_at.getTime()).toBe(t0 + 900_000);
    // The other accounts were read as usual.
    expect((await pollOf(accounts.youtube))!.failures).toBe(0);

    provider.clear();
    await app.run(pollInbox(minutes(5, t0)));
    expect(provider.requestsTo("/api/twitter")).toEqual([]);
    fake.tweet({
      id: "1900000000000000600",
      text: "Any parking nearby?",
      author: { id: "79", username: "tbecker", name: "Tom Becker" },
      createdAt: new Date(t0).toISOString(),
      conversationId: OUR.twitter,
      repliedTo: OUR.twitter,
    });
    await app.run(pollInbox(minutes(16, t0)));
    expect(provider.requestsTo(`/api/twitter/users/${FAKE_INBOX_ACCOUNTS.twitter}/mentions`)[0]!.query.since_id).toBe("1900000000000000500");
    expect(await pollOf(accounts.twitter)).toMatchObject({ failures: 0, last_error: null, cursor: "1900000000000000600" });
    expect((await messagesOf("twitter")).map((m) => m.external_id)).toContain("1900000000000000600");

    // A refused token backs off too, and says why.
    provider.respondOnce(`/api/twitter/users/${FAKE_INBOX_ACCOUNTS.twitter}/mentions`, 401, { title: "Unauthorized", status: 401 });
    await app.run(pollInbox(minutes(30, t0)));
    const refused = await pollOf(accounts.twitter);
    expect(refused).toMatchObject({ failures: 1, last_error: "X (Twitter) no longer accepts this connection. Reconnect the account." });
    expect(refused!.next_poll_at.getTime()).toBe(minutes(31, t0).getTime());
  });
});

const receive = (account: AccountView, message: Partial<IncomingMessage> & Pick<IncomingMessage, "type" | "externalId" | "content">) =>
  app.run(
    Inbox.use((inbox) =>
      inbox.receive(
        systemContext("ingestion", new Date(), crypto.randomUUID()),
        { id: account.id, workspaceId: user.workspaceId, platform: account.platform },
        [
          {
            threadId: null,
            parentExternalId: null,
            postId: null,
            postTitle: null,
            from: { name: "Jane Smith", username: "jane", avatar: null, verified: false, followers: null },
            sentAt: new Date(),
            url: null,
            likes: 0,
            ...message,
          },
        ],
      ),
    ),
  );

const messageId = async (account: AccountView, externalId: string) =>
  (await app.sql<{ id: string }[]>`select id from inbox_messages where account_id = ${account.id} and external_id = ${externalId}`)[0]!.id;

/** Answers the message as the owner and runs the reply's job (twice: a second run sends nothing). */
const answer = async (account: AccountView, externalId: string, content: string) => {
  const id = await messageId(account, externalId);
  const replyId = await app.run(Inbox.use((inbox) => inbox.reply(callerFor(user), id, { content })));
  const ctx = systemContext("ingestion", new Date(), crypto.randomUUID());
  const outcome = await app.run(sendInboxReply(ctx, id, replyId));
  expect(await app.run(sendInboxReply(ctx, id, replyId))).toBe("done");
  const [row] = await app.sql<
    { status: string; reason: string | null; external_id: string | null }[]
  >`select status, reason, external_id from inbox_replies where id = ${replyId}`;
  return { outcome, ...row! };
};

describe("answering from the inbox", () => {
  it("answers on each platform through its documented call, once", async () => {
    const posted = (path: string) => {
      const calls = provider.requests.filter((r) => r.path === path && r.method === "POST");
      expect(calls, path).toHaveLength(1);
      return calls[0]!;
    };

    expect(await answer(accounts.twitter, "1900000000000000300", "Thank you Marcus!")).toMatchObject({
      outcome: "sent",
      status: "sent",
      external_id: "1900000000000000301",
    });
    expect(posted("/api/twitter/tweets").json).toEqual({ text: "Thank you Marcus!", reply: { in_reply_to_tweet_id: "1900000000000000300" } });

    expect(await answer(accounts.youtube, "Ugz1.b", "A Sony A7 IV")).toMatchObject({ status: "sent", external_id: expect.stringMatching(/^Ugz1\.reply/) });
    // YouTube threads one level deep: the answer goes under the thread's first comment.
    expect(posted("/api/youtube/comments")).toMatchObject({
      query: { part: "snippet" },
      json: { snippet: { parentId: "Ugz1", textOriginal: "A Sony A7 IV" } },
      bearer: accounts.youtube.accessToken,
    });

    expect(await answer(accounts.linkedin, `urn:li:comment:(${OUR.linkedin},6001)`, "Thank you!")).toMatchObject({ status: "sent" });
    expect(posted(`/api/linkedin/rest/socialActions/${encodeURIComponent(OUR.linkedin)}/comments`).json).toEqual({
      actor: `urn:li:person:${FAKE_INBOX_ACCOUNTS.linkedin}`,
      object: OUR.linkedin,
      parentComment: `urn:li:comment:(${OUR.linkedin},6001)`,
      message: { text: "Thank you!" },
    });

    expect(await answer(accounts.threads, "1790001", "Walk-ins welcome until 4 pm")).toMatchObject({
      status: "sent",
      external_id: expect.stringMatching(/^1789/),
    });
    expect(posted(`/api/threads/v1.0/${FAKE_INBOX_ACCOUNTS.threads}/threads`).form).toEqual({
      media_type: "TEXT",
      text: "Walk-ins welcome until 4 pm",
      reply_to_id: "1790001",
    });
    expect(posted(`/api/threads/v1.0/${FAKE_INBOX_ACCOUNTS.threads}/threads_publish`).form.creation_id).toMatch(/^container/);

    // Facebook and Instagram: a comment answered under it, a message with messaging_type RESPONSE to its sender.
    installCommentReplyRoutes(provider, "101_c9", "17900000000000042");
    await receive(accounts.facebook, { type: "comment", externalId: "101_c9", threadId: "101_p1", content: "Nice!" });
    await receive(accounts.facebook, { type: "dm", externalId: "m_in1", threadId: "dm:991", content: "Can I book online?", reference: { senderId: "991" } });
    await receive(accounts.instagram, { type: "comment", externalId: "17900000000000042", content: "Love it" });
    await receive(accounts.instagram, { type: "dm", externalId: "aWdfin1", threadId: "dm:555", content: "Hi there", reference: { senderId: "555" } });

    expect(await answer(accounts.facebook, "101_c9", "Thanks!")).toMatchObject({ status: "sent", external_id: "101_c9_r1" });
    const facebookComment = posted("/api/facebook/101_c9/comments");
    expect(facebookComment.form).toEqual({ message: "Thanks!" });
    expect(facebookComment.bearer).not.toBe(accounts.facebook.accessToken);
    expect(await answer(accounts.facebook, "m_in1", "Yes, on our website")).toMatchObject({ status: "sent", external_id: expect.stringMatching(/^m_/) });
    expect(posted("/api/facebook/101/messages").json).toEqual({
      recipient: { id: "991" },
      messaging_type: "RESPONSE",
      message: { text: "Yes, on our website" },
    });
    expect(await answer(accounts.instagram, "17900000000000042", "Thank you!")).toMatchObject({ status: "sent" });
    expect(posted("/api/instagram/v23.0/17900000000000042/replies")).toMatchObject({ form: { message: "Thank you!" }, bearer: accounts.instagram.accessToken });
    expect(await answer(accounts.instagram, "aWdfin1", "Hello!")).toMatchObject({ status: "sent" });
    expect(posted(`/api/instagram/v23.0/${FAKE_INBOX_ACCOUNTS.instagram}/messages`).json).toMatchObject({
      recipient: { id: "555" },
      message: { text: "Hello!" },
    });
  });

  it("New Message on X writes a direct message to the person named, once", async () => {
    const thread = await app.run(
      Inbox.use((inbox) => inbox.startConversation(callerFor(user), { accountId: accounts.twitter.id, to: "@jane", content: "Your order is ready." })).pipe(
        Effect.flatMap((messageId) => InboxQueries.use((queries) => queries.open(callerFor(user).workspaceId, messageId))),
      ),
    );
    expect(thread.message).toMatchObject({ type: "dm", outgoing: true, status: "read", fromUser: { username: "jane" }, content: "Your order is ready." });
    const [reply] = thread.replies;
    const ctx = systemContext("ingestion", new Date(), crypto.randomUUID());
    expect(await app.run(sendInboxReply(ctx, thread.message.id, reply!.id))).toBe("sent");
    expect(await app.run(sendInboxReply(ctx, thread.message.id, reply!.id))).toBe("done");
    const sent = provider.requests.filter((r) => r.path === "/api/twitter/dm_conversations/with/77/messages");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ json: { text: "Your order is ready." }, bearer: accounts.twitter.accessToken });
    expect((await app.sql`select status from inbox_replies where id = ${reply!.id}`)[0]!.status).toBe("sent");

    // Facebook lets a page only answer: refused before anything is kept.
    await expect(
      app.run(Inbox.use((inbox) => inbox.startConversation(callerFor(user), { accountId: accounts.facebook.id, to: "jane", content: "Hello" }))),
    ).rejects.toThrow("Facebook doesn't let apps write to someone first.");
  });

  it("keeps the platform's refusal as the reply's reason, and refuses a message past Meta's 24 hours before calling", async () => {
    provider.respondOnce("/api/twitter/tweets", 403, { detail: "You are not allowed to reply to this post.", title: "Forbidden", status: 403 });
    await receive(accounts.twitter, { type: "mention", externalId: "1900000000000000900", content: "Hey @answerco" });
    const refused = await answer(accounts.twitter, "1900000000000000900", "Hello!");
    expect(refused).toMatchObject({ outcome: "failed", status: "failed" });
    expect(refused.reason).toContain("You are not allowed to reply to this post.");

    await receive(accounts.facebook, {
      type: "dm",
      externalId: "m_old",
      content: "Hello?",
      sentAt: new Date(Date.now() - 25 * 3_600_000),
      reference: { senderId: "992" },
    });
    const old = await messageId(accounts.facebook, "m_old");
    await expect(app.run(Inbox.use((inbox) => inbox.reply(callerFor(user), old, { content: "Sorry!" })))).rejects.toThrow(/within 24 hours/);
    expect(provider.requestsTo("/api/facebook/101/messages")).toEqual([]);
  });
});
