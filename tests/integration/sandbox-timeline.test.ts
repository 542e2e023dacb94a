import { describe, expect, it } from "vitest";
import { SAMPLE_TEXTS } from "../../infra/accounts/sandbox-texts";
import { writeSandboxConversation } from "../../infra/inbox/sandbox";
import { publishedPost, signUp } from "../support/browser";
import { useAppServer } from "../support/server";

/** The sandbox timeline over HTTP: what a sandbox account's publication gives, its own page, the filter and isolation. */

const app = useAppServer();

describe("two sandbox accounts of one platform (a business with two locations)", () => {
  it("each has its own name, posts, timeline and inbox; a second one with the first's name is refused, and the plan's limit counts both", async () => {
    const { browser } = await signUp(app.server.url);
    const main = await browser.post("/api/social-accounts/sandbox", { platform: "facebook", accountName: "Sunrise Bakery Main Street" });
    // A name that says no trade: the kind of business chosen says it.
    const harbour = await browser.post("/api/social-accounts/sandbox", { platform: "facebook", accountName: "Harbour location", businessKind: "food" });
    expect(main.status, main.text).toBe(201);
    expect(harbour.status, harbour.text).toBe(201);
    const same = await browser.post("/api/social-accounts/sandbox", { platform: "facebook", accountName: "harbour Location" });
    expect(same.status).toBe(409);
    expect(same.data.detail).toBe(
      'You already have a Facebook sandbox account named "Harbour location". Give this one a name of its own, such as "Main Street location".',
    );
    const accounts = (await browser.get("/api/social-accounts")).data as Array<{ id: string; platform: string; accountName: string }>;
    expect(accounts.map((a) => [a.platform, a.accountName])).toEqual([
      ["facebook", "Sunrise Bakery Main Street"],
      ["facebook", "Harbour location"],
    ]);

    // A post to the Harbour account only: its timeline, and its people answering, are its own.
    const post = await publishedPost(browser, { content: "Fresh sourdough at the harbour from 7 am", platforms: ["facebook"], accountIds: [harbour.data.id] });
    expect(post.targets.map((t) => t.accountId)).toEqual([harbour.data.id]);
    expect((await browser.page(`/app/sandbox?account=${harbour.data.id}`)).text.match(/data-testid="sandbox-post"/g)).toHaveLength(1);
    expect((await browser.page(`/app/sandbox?account=${main.data.id}`)).text).not.toContain("Fresh sourdough at the harbour");
    await app.run(
      writeSandboxConversation({ accountId: harbour.data.id, postId: post.id, platformPostId: post.targets[0]!.platformPostId }, { id: "test", now: new Date() }),
    );
    const inbox = await app.sql<{ account_id: string; content: string }[]>`
      select account_id, content from inbox_messages where account_id in (${main.data.id as string}, ${harbour.data.id as string})`;
    expect(inbox.length).toBeGreaterThanOrEqual(2);
    expect(new Set(inbox.map((m) => m.account_id))).toEqual(new Set([harbour.data.id]));
    expect(inbox.every((m) => [...SAMPLE_TEXTS.food.comments, ...SAMPLE_TEXTS.food.messages].includes(m.content))).toBe(true);

    // A trial counts three accounts: a third location fits, a fourth does not.
    expect((await browser.post("/api/social-accounts/sandbox", { platform: "facebook", accountName: "Sunrise Bakery Old Town" })).status).toBe(201);
    const fourth = await browser.post("/api/social-accounts/sandbox", { platform: "facebook", accountName: "Sunrise Bakery Airport" });
    expect(fourth.status).toBe(403);
    expect(fourth.data.detail).toBe("You've reached your limit of 3 social accounts. Upgrade to connect more platforms.");
  });
});

describe("the sandbox timeline", () => {
  it("given a post published to two sandbox accounts, then each result's address is its page, the timeline lists both, newest first, and filters by account", async () => {
    const { browser } = await signUp(app.server.url);
    const x = (await browser.post("/api/social-accounts/sandbox", { platform: "twitter", accountName: "Smile X" })).data;
    const fb = (await browser.post("/api/social-accounts/sandbox", { platform: "facebook", accountName: "Smile FB" })).data;

    expect((await browser.page("/app/sandbox")).text).toContain("Nothing has been published to a sandbox account yet.");
    const post = await publishedPost(browser, {
      content: "Five tips for a brighter smile",
      platforms: ["twitter", "facebook"],
      options: { twitter: { thread: ["1. Brush twice a day", "2. Floss"] }, facebook: { firstComment: "Book a cleaning today" } },
    });
    const onX = post.targets.find((t) => t.accountId === x.id)!;
    expect(onX.url).toBe(`/app/sandbox/${onX.platformPostId}`);

    const page = await browser.page(onX.url);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Five tips for a brighter smile");
    expect(page.text).toContain("1. Brush twice a day");
    expect(page.text).toContain("Smile X");
    expect(page.text).toContain(`/app/posts/${post.id}`);

    const later = await publishedPost(browser, { content: "Open on Saturday", platforms: ["facebook"] });
    const timeline = await browser.page("/app/sandbox");
    expect(timeline.status).toBe(200);
    const order = ["Open on Saturday", "Book a cleaning today", "Five tips for a brighter smile"].map((text) => timeline.text.indexOf(text));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order[0]).toBeLessThan(order[2]!);
    expect(timeline.text.match(/data-testid="sandbox-post"/g)).toHaveLength(3);

    const onlyX = await browser.page(`/app/sandbox?account=${x.id}`);
    expect(onlyX.text.match(/data-testid="sandbox-post"/g)).toHaveLength(1);
    expect(onlyX.text).not.toContain("Open on Saturday");
    expect(later.targets[0]!.accountId).toBe(fb.id);
  });

  it("given another workspace's sandbox post, a malformed id or a cursor no list gave, then 404 or 400 and nothing of theirs shows", async () => {
    const owner = await signUp(app.server.url);
    await owner.browser.post("/api/social-accounts/sandbox", { platform: "bluesky", accountName: "Private Sky" });
    const post = await publishedPost(owner.browser, { content: "Only for us", platforms: ["bluesky"] });
    const stranger = await signUp(app.server.url);

    expect((await stranger.browser.page(post.targets[0]!.url)).status).toBe(404);
    const theirs = await stranger.browser.page("/app/sandbox");
    expect(theirs.status).toBe(200);
    expect(theirs.text).not.toContain("Only for us");
    expect(theirs.text).toContain("You have no sandbox accounts.");
    expect((await stranger.browser.page(`/app/sandbox?account=${post.targets[0]!.accountId}`)).text).not.toContain("Only for us");

    expect((await owner.browser.page("/app/sandbox/not-a-uuid")).status).toBe(404);
    const bad = await owner.browser.page("/app/sandbox?before=xyz");
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("This link is not one the timeline gave.");
    expect((await owner.browser.page("/app/sandbox?account=1")).status).toBe(400);
  });

  it("pages 50 at a time with Older posts, newest first", async () => {
    const { browser, user } = await signUp(app.server.url);
    const account = (await browser.post("/api/social-accounts/sandbox", { platform: "threads", accountName: "Paged" })).data;
    const [{ workspace_id: workspaceId }] = await app.sql`select workspace_id from users where id = ${user.id}`;
    // 51 rows as the sandbox publisher writes them, a minute apart.
    for (let i = 0; i < 51; i++) {
      await app.sql`insert into sandbox_posts (id, workspace_id, account_id, post_id, idempotency_key, content, published_at)
                    values (gen_random_uuid(), ${workspaceId}, ${account.id}, gen_random_uuid(), ${`paged-${user.id}-${i}`}, ${`Paged post #${i}#`}, ${new Date(Date.UTC(2026, 0, 1, 0, i))})`;
    }
    const first = await browser.page("/app/sandbox");
    expect(first.text.match(/data-testid="sandbox-post"/g)).toHaveLength(50);
    expect(first.text).toContain("Paged post #50#");
    expect(first.text).not.toContain("Paged post #0#");
    const older = /href="(\?before=[^"]+)"/.exec(first.text)![1]!.replaceAll("&amp;", "&");
    const second = await browser.page(`/app/sandbox${older}`);
    expect(second.text.match(/data-testid="sandbox-post"/g)).toHaveLength(1);
    expect(second.text).toContain("Paged post #0#");
    expect(second.text).not.toContain("Older posts");
  });
});
