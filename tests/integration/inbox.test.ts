import { describe, expect, it } from "vitest";
import { systemContext } from "../../domain/shared";
import { Inbox } from "../../infra/inbox/Inbox";
import { SAMPLE_TEXTS } from "../../infra/accounts/sandbox-texts";
import { SANDBOX_ITEMS_A_DAY, SANDBOX_ITEMS_IN_ALL, SANDBOX_POSTS_A_DAY, writeSandboxConversation } from "../../infra/inbox/sandbox";
import { type Browser, publishedPost } from "../support/browser";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";
import { until } from "../support/wait";

/**
 * The social inbox over HTTP: messages kept once per platform id, read, archived, assigned, filtered
 * and answered once by the worker; quick reply templates; another workspace's message answers 404.
 */

const app = useAppServer();
const { owner, joined, email } = teamHelpers(app);

/** A sandbox account's post, published, and what people wrote on it (the job the publication queued, run now). */
const conversation = async (browser: Browser, platform = "facebook") => {
  const account = (await browser.post("/api/social-accounts/sandbox", { platform, accountName: "Lee Dental" })).data as { id: string };
  const post = await publishedPost(browser, { content: "Free whitening consultations all week", platforms: [platform] });
  const target = post.targets[0]!;
  const [job] = await app.sql`select task_identifier, key from graphile_worker.jobs where key = ${`sandbox-conversation:${target.platformPostId}`}`;
  expect(job).toMatchObject({ task_identifier: "sandbox_conversation" });
  const payload = { accountId: account.id, postId: post.id, platformPostId: target.platformPostId };
  await app.run(writeSandboxConversation(payload, { id: "test", now: new Date() }));
  return { account, post, payload };
};

describe("the social inbox", () => {
  it("given people answering a sandbox post, their messages are kept once, newest first, with sentiment and priority, and filtered", async () => {
    const { browser } = await owner("growth");
    const { payload } = await conversation(browser);
    // The job run again (a retry): nothing twice.
    await app.run(writeSandboxConversation(payload, { id: "again", now: new Date() }));
    const all = await browser.get("/api/social-inbox");
    expect(all.status, all.text).toBe(200);
    const messages = all.data.items as Array<Record<string, any>>;
    expect(all.data.next).toBeNull();
    const comments = messages.filter((m) => m.type === "comment");
    expect(comments.length).toBeGreaterThanOrEqual(2);
    expect(comments.length).toBeLessThanOrEqual(3);
    expect(messages.map((m) => m.timestamp)).toEqual([...messages.map((m) => m.timestamp)].sort().reverse());
    expect(comments[0]).toMatchObject({ platform: "facebook", status: "unread", isPublic: true, postTitle: "Free whitening consultations all week" });
    expect(["positive", "neutral", "negative"]).toContain(comments[0]!.sentiment);
    expect(["urgent", "high", "medium", "low"]).toContain(comments[0]!.priority);
    expect(comments[0]!.fromUser).toMatchObject({ name: expect.any(String), username: expect.any(String) });

    expect(((await browser.get("/api/social-inbox?type=comment")).data.items as unknown[]).length).toBe(comments.length);
    expect((await browser.get("/api/social-inbox?platform=twitter")).data.items).toEqual([]);
    const first = comments[0]!;
    const found = (await browser.get(`/api/social-inbox?q=${encodeURIComponent(first.fromUser.name)}`)).data.items as Array<{ id: string }>;
    expect(found.map((m) => m.id)).toContain(first.id);
    expect((await browser.get("/api/social-inbox?type=review")).data.detail).toBe("Choose a type: dm, comment or mention.");
    expect((await browser.get("/api/social-inbox/counts")).data).toMatchObject({ comment: comments.length, mention: 0 });

    // One page shape: `limit` at a time, `next` the cursor of the page after, null on the last.
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; data: { items: Array<{ id: string }>; next: string | null } } = await browser.get(
        `/api/social-inbox?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(page.status).toBe(200);
      pages.push(page.data.items.map((m) => m.id));
      cursor = page.data.next;
    } while (cursor && pages.length <= messages.length);
    expect(pages).toEqual(messages.map((m) => [m.id]));
    const stale = await browser.get("/api/social-inbox?cursor=not-a-cursor");
    expect(stale.status).toBe(400);
    expect(stale.data).toMatchObject({ detail: "This page link is not valid any more. Start from the newest.", errors: { cursor: "This page link is not valid any more." } });
    expect((await browser.get("/api/social-inbox?limit=0")).status).toBe(400);

    // Stored once even when delivered twice at the same moment.
    const direct = {
      type: "dm" as const,
      externalId: "mid.42",
      threadId: "t.jane",
      parentExternalId: null,
      postId: null,
      postTitle: null,
      from: { name: "Jane Smith", username: "jane", avatar: null, verified: false, followers: null },
      content: "This is the worst service I have ever had. Terrible!",
      sentAt: new Date(),
      url: null,
      likes: 0,
    };
    const [accountId, workspaceId] = [
      (first as { accountId: string }).accountId,
      (await app.sql`select workspace_id from social_accounts where id = ${first.accountId}`)[0]!.workspace_id as string,
    ];
    const deliveries = await Promise.all(
      [1, 2, 3].map(() =>
        app.run(
          Inbox.use((inbox) =>
            inbox.receive(systemContext("ingestion", new Date(), crypto.randomUUID()), { id: accountId, workspaceId, platform: "facebook" }, [direct]),
          ),
        ),
      ),
    );
    expect(deliveries.reduce((a, b) => a + b, 0)).toBe(1);
    const dms = (await browser.get("/api/social-inbox?type=dm&q=worst")).data.items as Array<Record<string, any>>;
    expect(dms).toHaveLength(1);
    expect(dms[0]).toMatchObject({ sentiment: "negative", priority: "high", isPublic: false });
  });

  it("given a message, it is read when opened, archived and back, assigned to a member; bulk actions act on all chosen", async () => {
    const { browser } = await owner("agency");
    await conversation(browser);
    const { user: maria } = await joined(browser, email("maria"), "member");
    const [a, b] = (await browser.get("/api/social-inbox?type=comment")).data.items as Array<{ id: string }>;

    const read = await browser.put(`/api/social-inbox/${a!.id}/status`, { status: "read" });
    expect(read.status, read.text).toBe(200);
    expect(read.data.status).toBe("read");
    expect((await browser.put(`/api/social-inbox/${a!.id}/status`, { status: "opened" })).data.detail).toBe("Choose a status: read or unread.");
    const opened = await browser.get(`/api/social-inbox/${a!.id}`);
    expect(opened.data.message.id).toBe(a!.id);
    expect(opened.data.thread.length).toBeGreaterThanOrEqual(2);
    expect(opened.data.replies).toEqual([]);

    expect((await browser.put(`/api/social-inbox/${a!.id}`, { archived: true })).data.archived).toBe(true);
    expect(((await browser.get("/api/social-inbox")).data.items as Array<{ id: string }>).map((m) => m.id)).not.toContain(a!.id);
    expect(((await browser.get("/api/social-inbox?archived=true")).data.items as Array<{ id: string }>).map((m) => m.id)).toEqual([a!.id]);
    expect((await browser.put(`/api/social-inbox/${a!.id}`, { archived: false, assigneeId: maria.id })).data).toMatchObject({
      archived: false,
      assigneeId: maria.id,
    });
    expect(((await browser.get(`/api/social-inbox?assignee=${maria.id}`)).data.items as Array<{ id: string }>).map((m) => m.id)).toEqual([a!.id]);
    const stranger = await owner("growth");
    expect((await browser.put(`/api/social-inbox/${a!.id}`, { assigneeId: stranger.user.id })).data.detail).toBe("Choose someone of your team.");

    const bulk = await browser.post("/api/social-inbox/bulk", { ids: [a!.id, b!.id], action: "archive" });
    expect(bulk.data).toEqual({ updated: 2 });
    expect(((await browser.get("/api/social-inbox?archived=true")).data.items as unknown[]).length).toBe(2);
    expect((await browser.post("/api/social-inbox/bulk", { ids: [a!.id], action: "assign" })).status).toBe(400);

    // Another workspace's message: 404 on every call, and nothing of it listed.
    expect((await stranger.browser.get(`/api/social-inbox/${a!.id}`)).status).toBe(404);
    expect((await stranger.browser.put(`/api/social-inbox/${a!.id}/status`, { status: "read" })).status).toBe(404);
    expect((await stranger.browser.post(`/api/social-inbox/${a!.id}/reply`, { content: "Hi" })).status).toBe(404);
    expect((await stranger.browser.put(`/api/social-inbox/${a!.id}`, { archived: true })).status).toBe(404);
    expect((await browser.post("/api/social-inbox/bulk", { ids: [a!.id, crypto.randomUUID()], action: "read" })).status).toBe(404);
  });

  it("given a reply, the worker sends it once and the message is replied; a blank one or one while another is sending is refused", async () => {
    const { browser } = await owner("growth");
    await conversation(browser);
    const [message] = (await browser.get("/api/social-inbox?type=comment")).data.items as Array<{ id: string }>;
    expect((await browser.post(`/api/social-inbox/${message!.id}/reply`, { content: "   ", isPublic: true })).data.detail).toBe("Write a reply first.");
    const sent = await browser.post(`/api/social-inbox/${message!.id}/reply`, { content: " Thank you, see you Saturday! ", isPublic: true });
    expect(sent.status, sent.text).toBe(202);
    expect(sent.data).toMatchObject({ content: "Thank you, see you Saturday!", isPublic: true, status: "sending" });
    const opened = await until(
      async () => (await browser.get(`/api/social-inbox/${message!.id}`)).data,
      (thread) => thread.replies[0]?.status === "sent",
    );
    expect(opened.replies).toHaveLength(1);
    expect(opened.replies[0]).toMatchObject({ status: "sent", content: "Thank you, see you Saturday!" });
    expect(opened.message.status).toBe("replied");
    const events = await app.sql<{ type: string }[]>`select type from events where stream_id = ${`inbox-${message!.id}`} order by stream_version`;
    expect(events.map((e) => e.type)).toEqual(["InboxMessageReceived", "InboxReplyRequested", "InboxReplyAttempted", "InboxReplySent"]);
  });

  it("given a sandbox account posting all day, people answer only its first three posts of the day, at most ten new items, in words that fit the business; the next day they answer again, until sixty in all", async () => {
    const { browser } = await owner("growth");
    const account = (await browser.post("/api/social-accounts/sandbox", { platform: "facebook", accountName: "Sunrise Bakery" })).data as { id: string };
    const posts: Array<Awaited<ReturnType<typeof publishedPost>>> = [];
    for (const n of [1, 2, 3, 4, 5]) posts.push(await publishedPost(browser, { content: `Today's bake number ${n}`, platforms: ["facebook"] }));
    // The jobs the publications queued, run now, in the order the posts went out (twice: a retry adds nothing).
    const run = (post: (typeof posts)[number], id: string) =>
      app.run(writeSandboxConversation({ accountId: account.id, postId: post.id, platformPostId: post.targets[0]!.platformPostId }, { id, now: new Date() }));
    for (const post of posts) await run(post, "first");
    for (const post of posts) await run(post, "again");
    const heard = await app.sql<{ post_id: string | null; type: string; content: string }[]>`
      select post_id, type, content from inbox_messages where account_id = ${account.id}`;
    const answered = new Set(heard.filter((m) => m.post_id).map((m) => m.post_id));
    expect([...answered].every((id) => posts.slice(0, SANDBOX_POSTS_A_DAY).some((p) => p.id === id))).toBe(true);
    expect(answered.size).toBe(SANDBOX_POSTS_A_DAY);
    expect(heard.length).toBeGreaterThanOrEqual(2 * SANDBOX_POSTS_A_DAY);
    expect(heard.length).toBeLessThanOrEqual(SANDBOX_ITEMS_A_DAY);
    const counts = (await browser.get("/api/social-inbox/counts")).data as Record<string, number>;
    expect(counts.dm! + counts.comment! + counts.mention!).toBe(heard.length);
    // A bakery hears about bread and cakes, not appointments; Facebook brings comments and messages, never mentions.
    const food = SAMPLE_TEXTS.food;
    expect(heard.every((m) => [...food.comments, ...food.messages].includes(m.content))).toBe(true);
    expect(heard.some((m) => m.type === "mention")).toBe(false);

    // The next day (the fourth post moved there), people answer again.
    await app.sql`update sandbox_posts set published_at = published_at + interval '1 day' where id::text = ${posts[3]!.targets[0]!.platformPostId}`;
    await run(posts[3]!, "next-day");
    const nextDay = await app.sql`select 1 from inbox_messages where account_id = ${account.id} and post_id = ${posts[3]!.id}`;
    expect(nextDay.length).toBeGreaterThanOrEqual(2);

    // Near the total (59 of SANDBOX_ITEMS_IN_ALL heard so far), a post two days on brings one item, and then the account stays quiet.
    const [{ heardSoFar, workspaceId }] = await app.sql<{ heardSoFar: number; workspaceId: string }[]>`
      select count(*)::int as "heardSoFar", min(workspace_id::text) as "workspaceId" from inbox_messages where account_id = ${account.id}`;
    const earlier = Array.from({ length: SANDBOX_ITEMS_IN_ALL - 1 - heardSoFar }, (_, i) => ({
      type: "comment" as const,
      externalId: `earlier-${i}`,
      threadId: "earlier",
      parentExternalId: "earlier",
      postId: null,
      postTitle: null,
      from: { name: "Jane Smith", username: "janesmith", avatar: null, verified: false, followers: null },
      content: "Lovely bread!",
      sentAt: new Date(Date.now() - 10 * 86_400_000),
      url: null,
      likes: 0,
    }));
    await app.run(
      Inbox.use((inbox) => inbox.receive(systemContext("ingestion", new Date(), crypto.randomUUID()), { id: account.id, workspaceId, platform: "facebook" }, earlier)),
    );
    await app.sql`update sandbox_posts set published_at = published_at + interval '2 days' where id::text = ${posts[4]!.targets[0]!.platformPostId}`;
    await run(posts[4]!, "two-days-on");
    const [{ total }] = await app.sql<{ total: number }[]>`select count(*)::int as total from inbox_messages where account_id = ${account.id}`;
    expect(total).toBe(SANDBOX_ITEMS_IN_ALL);
  });

  it("New Message writes first from an account that allows it; it appears in the inbox as ours and goes out once", async () => {
    const { browser } = await owner("growth");
    // X lets an app write first; a sandbox X account keeps that rule.
    const sandbox = (await browser.post("/api/social-accounts/sandbox", { platform: "twitter", accountName: "Lee Dental" })).data as { id: string };
    const started = await browser.post("/api/social-inbox/messages", {
      accountId: sandbox.id,
      to: "@jane.smith",
      content: " Your crown is ready for fitting. ",
    });
    expect(started.status, started.text).toBe(202);
    expect(started.data.message).toMatchObject({
      type: "dm",
      outgoing: true,
      content: "Your crown is ready for fitting.",
      fromUser: { username: "jane.smith" },
    });
    expect(started.data.replies).toMatchObject([{ content: "Your crown is ready for fitting.", status: "sending", isPublic: false }]);
    const opened = await until(
      async () => (await browser.get(`/api/social-inbox/${started.data.message.id}`)).data,
      (thread) => thread.replies[0]?.status === "sent",
    );
    expect(opened.replies[0].status).toBe("sent");
    expect(((await browser.get("/api/social-inbox?type=dm")).data.items as Array<{ id: string }>).map((m) => m.id)).toContain(started.data.message.id);

    const blank = await browser.post("/api/social-inbox/messages", { accountId: sandbox.id, to: " ", content: "Hello" });
    expect(blank.status).toBe(400);
    expect(blank.data.errors).toEqual({ to: "Say who to write to: their username on the platform." });
    expect((await browser.post("/api/social-inbox/messages", { accountId: sandbox.id, to: "jane", content: "" })).data.detail).toBe(
      "Write a reply first.",
    );
    const stranger = await owner("growth");
    const theirs = (await stranger.browser.post("/api/social-accounts/sandbox", { platform: "twitter", accountName: "Other" })).data as { id: string };
    expect((await browser.post("/api/social-inbox/messages", { accountId: theirs.id, to: "jane", content: "Hello" })).status).toBe(404);
    // An OAuth Facebook page can only answer: the reason, and nothing kept.
    const page = (await browser.post("/api/social-accounts/sandbox", { platform: "facebook", accountName: "Lee Dental" })).data as { id: string };
    await app.sql`update social_accounts set kind = 'oauth' where id = ${page.id}`;
    const refused = await browser.post("/api/social-inbox/messages", { accountId: page.id, to: "jane", content: "Hello" });
    expect(refused.status).toBe(409);
    expect(refused.data.detail).toBe(
      "Facebook doesn't let apps write to someone first. Start the conversation on Facebook; their answer will reach the inbox.",
    );
    const before = await app.sql`select 1 from inbox_messages where workspace_id = (select workspace_id from social_accounts where id = ${page.id})`;
    // The sandbox teaches what the real platforms allow: a sandbox account of a platform that lets no one write first is refused too, naming it and why.
    const refusals: Record<string, string> = {
      instagram: "Instagram doesn't let apps write to someone first. Start the conversation on Instagram; their answer will reach the inbox.",
      yelp: "Yelp has no direct messages: people reach you there through reviews. Answer them from Reviews.",
      healthgrades: "Healthgrades has no direct messages: people reach you there through reviews. Answer them from Reviews.",
      google_business: "Google Business Profile has no direct messages: people reach you there through reviews. Answer them from Reviews.",
      tiktok: "TikTok gives apps no direct messages to send or read.",
    };
    for (const [platform, reason] of Object.entries(refusals)) {
      const account = (await browser.post("/api/social-accounts/sandbox", { platform, accountName: `Lee Dental ${platform}` })).data as { id: string };
      const answer = await browser.post("/api/social-inbox/messages", { accountId: account.id, to: "jane", content: "Hello" });
      expect(answer.status, platform).toBe(409);
      expect(answer.data.detail).toBe(reason);
    }
    expect(await app.sql`select 1 from inbox_messages where workspace_id = (select workspace_id from social_accounts where id = ${page.id})`).toHaveLength(before.length);
  });

  it("quick reply templates are created, listed, changed and deleted; bad fields are refused by field", async () => {
    const { browser } = await owner("growth");
    const created = await browser.post("/api/reply-templates", { title: "Thanks", content: "Thank you for your kind words!", category: "gratitude" });
    expect(created.status, created.text).toBe(201);
    expect((await browser.get("/api/reply-templates")).data).toEqual([created.data]);
    const changed = await browser.put(`/api/reply-templates/${created.data.id}`, { title: "Thank you", content: "Thanks a lot!", category: "gratitude" });
    expect(changed.data).toMatchObject({ title: "Thank you", content: "Thanks a lot!" });
    const bad = await browser.post("/api/reply-templates", { title: "", content: "", category: "spam" });
    expect(bad.data.errors).toEqual({
      title: "Give the template a title of 1 to 80 characters.",
      content: "Write the template's text, at most 2,000 characters.",
      category: "Choose a category: gratitude, sales, support or reviews.",
    });
    expect((await browser.delete(`/api/reply-templates/${created.data.id}`)).status).toBe(204);
    expect((await browser.delete(`/api/reply-templates/${created.data.id}`)).status).toBe(404);
  });

  it("given an open inbox, a message arriving is announced on its event stream, and only to its workspace", async () => {
    const { browser } = await owner("growth");
    const other = await owner("growth");
    const account = (await browser.post("/api/social-accounts/sandbox", { platform: "facebook", accountName: "Lee Dental" })).data as { id: string };
    const workspaceId = (await app.sql`select workspace_id from social_accounts where id = ${account.id}`)[0]!.workspace_id as string;
    const listen = async (who: Browser) => {
      const controller = new AbortController();
      const response = await fetch(`${app.server.url}/api/social-inbox/events`, { headers: { cookie: who.cookieHeader() }, signal: controller.signal });
      expect(response.headers.get("content-type")).toBe("text/event-stream");
      const reader = response.body!.getReader();
      // The stream's first line comes once it is subscribed: every arrival after it is announced.
      let text = new TextDecoder().decode((await reader.read()).value);
      expect(text).toContain("retry: 5000");
      const read = async (until: number) => {
        while (Date.now() < until && !text.includes("event: arrived")) {
          const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, until - Date.now())))]);
          if (!chunk || chunk.done) break;
          text += new TextDecoder().decode(chunk.value);
        }
        controller.abort();
        return text;
      };
      return read;
    };
    const mine = await listen(browser);
    const theirs = await listen(other.browser);
    const incoming = {
      type: "comment" as const,
      externalId: "live-1",
      threadId: "p1",
      parentExternalId: null,
      postId: null,
      postTitle: null,
      from: { name: "Jane Smith", username: "jane", avatar: null, verified: false, followers: null },
      content: "Just saw this, lovely!",
      sentAt: new Date(),
      url: null,
      likes: 0,
    };
    await app.run(
      Inbox.use((inbox) =>
        inbox.receive(systemContext("ingestion", new Date(), crypto.randomUUID()), { id: account.id, workspaceId, platform: "facebook" }, [incoming]),
      ),
    );
    const [heard, notHeard] = await Promise.all([mine(Date.now() + 5_000), theirs(Date.now() + 1_500)]);
    expect(heard).toMatch(new RegExp(`event: arrived\ndata: \\{"id":"[0-9a-f-]{36}","type":"comment","workspaceId":"${workspaceId}"\\}`));
    expect(notHeard).not.toContain("event: arrived");
  });

  it("given a person with ten inbox streams open, when they open an eleventh, then the first ends saying why, the eleventh works and another person's stream is untouched", async () => {
    const { browser } = await owner("growth");
    const { member } = await joined(browser, email("member"), "member");
    const account = (await browser.post("/api/social-accounts/sandbox", { platform: "facebook", accountName: "Lee Dental" })).data as { id: string };
    const workspaceId = (await app.sql`select workspace_id from social_accounts where id = ${account.id}`)[0]!.workspace_id as string;
    const leave = new AbortController();
    /** An open stream: what it has said so far, and whether it ended. */
    const open = async (who: Browser) => {
      const response = await fetch(`${app.server.url}/api/social-inbox/events`, { headers: { cookie: who.cookieHeader() }, signal: leave.signal });
      expect(response.status).toBe(200);
      const state = { text: "", ended: false };
      const reader = response.body!.getReader();
      void (async () => {
        for (;;) {
          const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
          if (chunk.done) break;
          state.text += new TextDecoder().decode(chunk.value);
        }
        state.ended = true;
      })();
      // Its first line says it is open (and registered).
      await until(
        async () => state.text,
        (text) => text.includes("retry:"),
        5_000,
      );
      return state;
    };
    try {
      const theirs = await open(member);
      const mine = [];
      for (let n = 0; n < 10; n++) mine.push(await open(browser));
      expect(mine.some((s) => s.ended)).toBe(false);
      const eleventh = await open(browser);
      const first = mine[0]!;
      await until(
        async () => first.ended,
        (ended) => ended,
        5_000,
      );
      expect(first.ended).toBe(true);
      expect(first.text).toContain("event: closed");
      expect(first.text).toContain("more than 10 are open at once for you");
      expect(mine.slice(1).some((s) => s.ended)).toBe(false);

      await app.run(
        Inbox.use((inbox) =>
          inbox.receive(systemContext("ingestion", new Date(), crypto.randomUUID()), { id: account.id, workspaceId, platform: "facebook" }, [
            {
              type: "comment" as const,
              externalId: "cap-1",
              threadId: "p1",
              parentExternalId: null,
              postId: null,
              postTitle: null,
              from: { name: "Jane Smith", username: "jane", avatar: null, verified: false, followers: null },
              content: "Still open?",
              sentAt: new Date(),
              url: null,
              likes: 0,
            },
          ]),
        ),
      );
      await until(
        async () => eleventh.text + theirs.text,
        () => eleventh.text.includes("event: arrived") && theirs.text.includes("event: arrived"),
        5_000,
      );
      expect(eleventh.text).toContain("event: arrived");
      expect(theirs.text).toContain("event: arrived");
      expect(theirs.ended).toBe(false);
      expect(first.text).not.toContain("event: arrived");
    } finally {
      leave.abort();
    }
  });

  it("social listening says what it needs on a server without a Bluesky AppView", async () => {
    const { browser } = await owner("growth");
    const page = await browser.get("/app/social-listening");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Social listening isn&#39;t set up on this server yet. Ask your administrator.");
    expect(page.text).not.toContain("BLUESKY_APPVIEW_URL");
  });

  it("given a plan without the social inbox, the calls answer the plan's sentence", async () => {
    const { browser } = await owner("professional");
    const refused = await browser.get("/api/social-inbox");
    expect(refused.status).toBe(403);
    expect(refused.data.code).toBe("plan_limit");
  });
});
