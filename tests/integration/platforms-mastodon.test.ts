import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adapterOf, type PublishRequest } from "../../infra/platforms";
import { type Browser, signUp } from "../support/browser";
import { type FakeMastodon, startFakeMastodon } from "../support/mastodon";
import { platformRejection } from "../support/platforms";
import { useAppServer } from "../support/server";

/**
 * Mastodon, connected with the person's own instance and published to, against a local instance
 * that checks every request (tests/support/mastodon.ts): the app registered once per instance, OAuth
 * with PKCE through the app, statuses with media, a content warning and visibility under a stable
 * Idempotency-Key, mentions and replies, figures; and each way a connection fails, in a sentence.
 */

const env: Record<string, string> = { TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("hex") };
let instance: FakeMastodon;
/** An instance named in OUTBOUND_ALLOW_HOSTS that is not listening. */
let silent: string;

beforeAll(async () => {
  instance = await startFakeMastodon();
  const closed = await startFakeMastodon();
  silent = closed.host;
  await closed.close();
  env.OUTBOUND_ALLOW_HOSTS = `${instance.host},${silent}`;
  // The adapters called directly below run in this process.
  Object.assign(process.env, env);
});
afterAll(() => instance?.close());

const app = useAppServer({ env: () => env });

const flashOf = (browser: Browser) => JSON.parse(decodeURIComponent(browser.jar.get("flash") ?? "null"));

/** The flow as a browser follows it: the app → the instance's consent (approved at once) → the app's callback. */
const connect = async (browser: Browser, typed: string, tamper: (callback: URL) => void = () => {}) => {
  const start = await browser.get(`/api/auth/mastodon?instance=${encodeURIComponent(typed)}`);
  if (start.status !== 302) return start;
  const authorize = new URL(start.headers.get("location")!);
  const granted = await fetch(authorize, { redirect: "manual" });
  const callback = new URL(granted.headers.get("location")!);
  tamper(callback);
  return browser.get(`${callback.pathname}${callback.search}`);
};

describe("connecting a Mastodon account", () => {
  let browser: Browser;

  it("given an instance typed as a handle, when the person connects, then the app registers there once, signs in with PKCE and keeps the account with the instance's limits", async () => {
    ({ browser } = await signUp(app.server.url));
    const done = await connect(browser, `@bakery@${instance.host}`);
    expect(done.status).toBe(303);
    expect(flashOf(browser)).toMatchObject({ title: "Account Connected!", description: "Successfully connected your Mastodon account." });

    const [registration] = instance.requestsTo("/api/v1/apps", "POST");
    expect(registration!.json).toEqual({
      client_name: "SocialDesk",
      redirect_uris: `${app.server.url}/api/auth/mastodon/callback`,
      scopes: "read write",
      website: app.server.url,
    });
    const [authorize] = instance.requestsTo("/oauth/authorize", "GET");
    expect(authorize!.query).toMatchObject({
      response_type: "code",
      client_id: instance.apps[0]!.clientId,
      redirect_uri: `${app.server.url}/api/auth/mastodon/callback`,
      scope: "read write",
      code_challenge_method: "S256",
    });
    const [token] = instance.requestsTo("/oauth/token", "POST");
    expect(token!.form).toMatchObject({ grant_type: "authorization_code", client_id: instance.apps[0]!.clientId, client_secret: instance.apps[0]!.clientSecret });
    // The fake answered a token only because this verifier hashes to the challenge sent at /oauth/authorize.
    expect(token!.form.code_verifier).toMatch(/^[\w-]{43,}$/);
    const [verify] = instance.requestsTo("/api/v1/accounts/verify_credentials", "GET");
    expect(verify!.authorization).toMatch(/^Bearer token-/);

    const [account] = (await browser.get("/api/social-accounts")).data;
    expect(account).toMatchObject({
      platform: "mastodon",
      kind: "oauth",
      status: "connected",
      accountName: "Local Bakery",
      accountId: "109876",
      username: `bakery@${instance.host}`,
      followers: 321,
      avatar: `${instance.url}/avatars/bakery.png`,
      metadata: { instance: instance.url, maxCharacters: 1000, maxMedia: 4 },
    });
    const [credentials] = await app.sql`select ciphertext from account_credentials where account_id = ${account.id}`;
    expect(credentials!.ciphertext).toMatch(/^v1\./);
    const [kept] = await app.sql`select client_id, client_secret, max_characters from mastodon_instances where origin = ${instance.url}`;
    expect(kept!.client_secret).toMatch(/^v1\./);
    expect(kept!.client_secret).not.toContain(instance.apps[0]!.clientSecret);
    expect(kept!.max_characters).toBe(1000);
  });

  it("given an instance already registered, when another person connects to it, then the app is not registered again", async () => {
    const other = (await signUp(app.server.url)).browser;
    const done = await connect(other, `https://${instance.host}/about`.replace("https://", "http://"));
    expect(done.status).toBe(303);
    expect(flashOf(other)).toMatchObject({ title: "Account Connected!" });
    expect(instance.apps).toHaveLength(1);
    expect(instance.requestsTo("/api/v1/apps", "POST")).toHaveLength(1);
  });

  it("given a code the instance refuses, when the browser comes back, then the person reads why and nothing is connected", async () => {
    const other = (await signUp(app.server.url)).browser;
    const done = await connect(other, instance.host, (callback) => callback.searchParams.set("code", "wrong-code"));
    expect(done.status).toBe(303);
    expect(flashOf(other)).toMatchObject({
      title: "Connection Failed",
      description: `${instance.host} did not accept the sign-in (the code was wrong or already used). Please try connecting again.`,
    });
    expect((await other.get("/api/social-accounts")).data).toEqual([]);
  });

  it("given an instance on a private address, when the person connects, then it is refused in a sentence and nothing is called", async () => {
    const other = (await signUp(app.server.url)).browser;
    const before = instance.requests.length;
    const done = await other.get(`/api/auth/mastodon?instance=${encodeURIComponent("10.0.0.7")}`);
    expect(done.status).toBe(303);
    expect(flashOf(other)).toMatchObject({
      title: "Connection Failed",
      description: "10.0.0.7 is on a private or reserved network, which this server does not reach. Use a public address.",
    });
    expect(instance.requests.length).toBe(before);
  });

  it("given an instance that does not answer, when the person connects, then they read that it could not be reached", async () => {
    const other = (await signUp(app.server.url)).browser;
    const done = await other.get(`/api/auth/mastodon?instance=${encodeURIComponent(silent)}`);
    expect(done.status).toBe(303);
    expect(flashOf(other)).toMatchObject({ title: "Connection Failed", description: `Could not reach ${silent}: the connection was refused.` });
  });

  it("given a server that does not speak Mastodon's API, when the person connects, then they are told to check the address", async () => {
    const other = (await signUp(app.server.url)).browser;
    const elsewhere = await startFakeMastodon();
    try {
      // The app runs in this process and reads the setting at each call.
      process.env.OUTBOUND_ALLOW_HOSTS = `${env.OUTBOUND_ALLOW_HOSTS},${elsewhere.host}`;
      elsewhere.respondOnce("/api/v1/apps", 404, { error: "Not found" });
      await other.get(`/api/auth/mastodon?instance=${encodeURIComponent(elsewhere.host)}`);
      expect(flashOf(other)).toMatchObject({ title: "Connection Failed", description: `${elsewhere.host} does not offer Mastodon's API. Check the address of your server.` });
      expect(elsewhere.requestsTo("/api/v1/apps", "POST")).toHaveLength(1);
    } finally {
      process.env.OUTBOUND_ALLOW_HOSTS = env.OUTBOUND_ALLOW_HOSTS;
      await elsewhere.close();
    }
  });

  it("given a fresh server, when a person lists the platforms, then Mastodon is there to connect with no operator set-up", async () => {
    const other = (await signUp(app.server.url)).browser;
    const platforms = (await other.get("/api/platforms")).data as Array<{ id: string; connection: string; configured: boolean }>;
    expect(platforms.find((p) => p.id === "mastodon")).toMatchObject({ connection: "instance", configured: true, missingVariables: [] });
  });

  it("given something that is not a server address, when the person connects, then they are told what to type", async () => {
    const other = (await signUp(app.server.url)).browser;
    await other.get(`/api/auth/mastodon?instance=${encodeURIComponent("not a server")}`);
    expect(flashOf(other)).toMatchObject({ title: "Connection Failed", description: `"not a server" is not a server address. Enter your server's address, like mastodon.social.` });
  });
});

describe("publishing to Mastodon", () => {
  const adapter = adapterOf("mastodon")!;
  let credentials: Record<string, unknown>;
  const PNG = Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEklEQVR4nGP4z8CAB+GTG8HSALfKY52fOEyAAAAAAElFTkSuQmCC", "base64"));
  const post = (over: Partial<PublishRequest> = {}): PublishRequest => ({ text: "Fresh sourdough today", media: [], options: {}, idempotencyKey: `post-${randomBytes(4).toString("hex")}/account-1/0`, ...over });

  beforeEach(() => {
    credentials = { accessToken: instance.grantAccessToken(), refreshToken: null, expiresAt: null, instance: instance.url, externalId: "109876", metadata: { instance: instance.url } };
  });

  it("given an image, a content warning and a visibility, when it is published, then the media is uploaded and waited for, and the status carries them under our key", async () => {
    const request = post({
      media: [{ bytes: PNG, mimeType: "image/png", fileName: "loaf.png", alt: "A loaf on a board" }],
      options: { contentWarning: "Food", visibility: "unlisted" },
    });
    const published = await adapter.publish!.publish(credentials, request);
    const status = instance.statuses.at(-1)!;
    expect(published).toEqual({ platformPostId: status.id, url: status.url });
    const [upload] = instance.requestsTo("/api/v2/media", "POST").slice(-1);
    expect(upload!.bearer).toBe(credentials.accessToken);
    expect(upload!.multipart).toMatchObject({ file: { fileName: "loaf.png", type: "image/png", size: PNG.length }, description: "A loaf on a board" });
    const mediaId = (status.body.media_ids as string[])[0]!;
    // 202 at upload, 206 at the first poll: the status waits for 200.
    expect(instance.requestsTo(`/api/v1/media/${mediaId}`, "GET").length).toBe(2);
    const [sent] = instance.requestsTo("/api/v1/statuses", "POST").slice(-1);
    expect(sent!.headers["idempotency-key"]).toBe(request.idempotencyKey);
    expect(sent!.bearer).toBe(credentials.accessToken);
    expect(sent!.json).toEqual({ status: "Fresh sourdough today", media_ids: [mediaId], spoiler_text: "Food", sensitive: true, visibility: "unlisted" });
  });

  it("given the instance fails the first attempt, when it is retried, then the retry sends the same Idempotency-Key and one status exists", async () => {
    instance.respondOnce("/api/v1/statuses", 503, { error: "Service unavailable" });
    const request = post();
    const before = instance.statuses.length;
    expect(await platformRejection(adapter.publish!.publish(credentials, request))).toMatchObject({ platform: "mastodon", kind: "unavailable" });
    const first = await adapter.publish!.publish(credentials, request);
    // A repeat after it went out (a worker that died before recording it) answers the same status.
    const again = await adapter.publish!.publish(credentials, request);
    expect(again).toEqual(first);
    expect(instance.statuses.length).toBe(before + 1);
    const keys = instance.requestsTo("/api/v1/statuses", "POST").slice(-3).map((r) => r.headers["idempotency-key"]);
    expect(keys).toEqual([request.idempotencyKey, request.idempotencyKey, request.idempotencyKey]);
  });

  it("given a text over the instance's limit, when it is published, then it is rejected with the instance's words", async () => {
    const error = await platformRejection(adapter.publish!.publish(credentials, post({ text: "x".repeat(1001) })));
    expect(error).toMatchObject({ kind: "rejected", status: 422 });
    expect(error.message).toBe("Mastodon refused the post: Validation failed: Text character limit of 1000 exceeded");
  });

  it("given a revoked token, when it is published, then the account needs reconnecting", async () => {
    expect(await platformRejection(adapter.publish!.publish({ ...credentials, accessToken: "revoked" }, post()))).toMatchObject({ kind: "invalid_credentials", status: 401 });
  });

  it("given mentions and a reply to our status, when the inbox reads, then each arrives once with its author, and a reply is threaded with in_reply_to_id", async () => {
    const ours = await adapter.publish!.publish(credentials, post());
    const author = { id: "7", username: "ana", acct: "ana@other.social", display_name: "Ana", avatar: "https://other.social/ana.png", followers_count: 12 };
    instance.notifications.push(
      { id: "501", type: "mention", created_at: "2026-11-27T10:00:00.000Z", account: author, status: { id: "9001", in_reply_to_id: ours.platformPostId, content: "<p><span class=\"h-card\"><a href=\"#\">@<span>bakery</span></a></span> Is it vegan?</p>", url: "https://other.social/@ana/9001", created_at: "2026-11-27T10:00:00.000Z", favourites_count: 2 } },
      { id: "502", type: "favourite", created_at: "2026-11-27T10:01:00.000Z", account: author, status: { id: ours.platformPostId } },
      { id: "503", type: "mention", created_at: "2026-11-27T10:02:00.000Z", account: author, status: { id: "9002", in_reply_to_id: null, content: "<p>Best bread in town, @bakery</p>", url: "https://other.social/@ana/9002", created_at: "2026-11-27T10:02:00.000Z" } },
    );
    const poll = adapter.inbox!.poll!;
    const read = await poll(credentials, { cursor: null, posts: [{ platformPostId: ours.platformPostId, postId: "post-1", title: "Fresh sourdough" }] });
    const [call] = instance.requestsTo("/api/v1/notifications", "GET").slice(-1);
    expect(new URLSearchParams(call!.rawQuery).getAll("types[]")).toEqual(["mention"]);
    expect(read.cursor).toBe("503");
    expect(read.messages.map((m) => [m.type, m.externalId, m.postId, m.content])).toEqual([
      ["mention", "9002", null, "Best bread in town, @bakery"],
      ["comment", "9001", "post-1", "@bakery Is it vegan?"],
    ]);
    expect(read.messages[1]!.from).toEqual({ name: "Ana", username: "ana@other.social", avatar: "https://other.social/ana.png", verified: false, followers: 12 });
    expect((await poll(credentials, { cursor: "503", posts: [] })).messages).toEqual([]);

    const reply = await adapter.inbox!.reply!(credentials, {
      replyId: "reply-1",
      accountId: "account-1",
      platform: "mastodon",
      content: "Yes, it is!",
      isPublic: true,
      externalId: "9001",
      reference: read.messages[1]!.reference ?? {},
      account: { externalId: "109876", metadata: { instance: instance.url } },
    });
    const [sent] = instance.requestsTo("/api/v1/statuses", "POST").slice(-1);
    expect(sent!.json).toEqual({ status: "@ana@other.social Yes, it is!", in_reply_to_id: "9001" });
    expect(sent!.headers["idempotency-key"]).toBe("reply-1");
    expect(reply.externalId).toBe(instance.statuses.at(-1)!.id);
  });

  it("given published statuses, when their figures are read, then favourites, boosts and replies come per status and a deleted one is left out", async () => {
    const ours = await adapter.publish!.publish(credentials, post());
    Object.assign(instance.statuses.at(-1)!, { favourites: 5, reblogs: 2, replies: 1 });
    const figures = await adapter.engagement!(credentials, [ours.platformPostId, "404404"]);
    expect([...figures]).toEqual([[ours.platformPostId, { likes: 5, shares: 2, comments: 1 }]]);
  });
});
