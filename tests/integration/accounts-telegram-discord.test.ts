import type { IncomingMessage } from "node:http";
import { Effect, ManagedRuntime } from "effect";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { publisherFor, type PublishRequest, WEBHOOK_URL_HINT, WRONG_BOT_TOKEN_MESSAGE, UNKNOWN_WEBHOOK_MESSAGE } from "../../infra/platforms";
import { refreshAudiences } from "../../infra/accounts/audience-refresh";
import { Database } from "../../infra/db/Database";
import { servicesOn } from "../../infra/layers";
import { publishedPost, signUp } from "../support/browser";
import { type LocalServer, startLocalServer } from "../support/local-servers";
import { allowOutbound } from "../support/outbound";
import { useAppServer } from "../support/server";

/**
 * Telegram channels and Discord channel webhooks, connected with the person's own credentials and
 * published to: a local server plays the Bot API and another Discord's webhook API, and every
 * request the app sends is recorded (method, path, body) and checked.
 */

const TOKEN = "123456789:AAH-test_token-abcdefghijklmnopqrstu";
const BOT_ID = 123456789;
const CHANNEL_ID = -1001234567890;
const WEBHOOK_ID = "112233445566778899";
const WEBHOOK_TOKEN = "wh-token_abcdefghijklmnopqrstuvwxyz0123456789";

interface Seen {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly type: string;
  readonly json: Record<string, any> | null;
  readonly form: Map<string, string | { name: string; type: string; size: number }> | null;
}

const read = async (req: IncomingMessage): Promise<Seen> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const url = new URL(req.url ?? "/", "http://local");
  const type = req.headers["content-type"] ?? "";
  let json = null;
  let form = null;
  if (type.startsWith("application/json") && body.length) json = JSON.parse(body.toString("utf8"));
  if (type.startsWith("multipart/form-data")) {
    const parsed = await new Request("http://local", { method: "POST", headers: { "content-type": type }, body }).formData();
    form = new Map<string, string | { name: string; type: string; size: number }>();
    for (const [key, value] of parsed) form.set(key, typeof value === "string" ? value : { name: value.name, type: value.type, size: value.size });
  }
  return { method: req.method ?? "", path: url.pathname, query: url.search, type, json, form };
};

/** A local API: each request is recorded, then answered by `answer` (status and JSON body). */
const playing = (server: LocalServer, seen: Seen[], answer: (request: Seen) => [number, unknown]) => {
  server.handle = (req, res) => {
    void read(req).then((request) => {
      seen.push(request);
      const [status, body] = answer(request);
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
  };
};

const botOk = (result: unknown): [number, unknown] => [200, { ok: true, result }];
const botError = (status: number, description: string): [number, unknown] => [status, { ok: false, error_code: status, description }];

/** The Bot API of a bot that administers @morgandental, with what a test changes. */
const botApi = (overrides: { member?: Record<string, unknown>; unknownChat?: boolean; wrongToken?: boolean } = {}) => (request: Seen): [number, unknown] => {
  if (overrides.wrongToken) return botError(401, "Unauthorized");
  const method = request.path.split("/").pop();
  switch (method) {
    case "getMe":
      return botOk({ id: BOT_ID, is_bot: true, first_name: "Morgan Poster", username: "morgan_poster_bot" });
    case "getChat":
      return overrides.unknownChat ? botError(400, "Bad Request: chat not found") : botOk({ id: CHANNEL_ID, type: "channel", title: "Morgan Family Dental", username: "morgandental" });
    case "getChatMember":
      return botOk({ status: "administrator", can_post_messages: true, user: { id: BOT_ID, is_bot: true }, ...overrides.member });
    case "getChatMemberCount":
      return botOk(1284);
    case "sendMessage":
      return botOk({ message_id: 41, chat: { id: CHANNEL_ID }, text: request.json?.text });
    case "sendPhoto":
      return botOk({ message_id: 42, chat: { id: CHANNEL_ID } });
    case "sendMediaGroup":
      return botOk([{ message_id: 43 }, { message_id: 44 }]);
    default:
      return botError(404, "Not Found");
  }
};

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const image = (fileName: string) => ({ bytes: PNG, mimeType: "image/png", fileName, alt: `Alt of ${fileName}` });
const request = (overrides: Partial<PublishRequest>): PublishRequest => ({ text: "", media: [], options: {}, idempotencyKey: `key-${Math.random()}`, ...overrides });

let telegram: LocalServer;
let discord: LocalServer;
const seen: Seen[] = [];

beforeAll(async () => {
  telegram = await startLocalServer();
  discord = await startLocalServer();
  allowOutbound(telegram.url);
  allowOutbound(discord.url);
  process.env.TELEGRAM_API_BASE = telegram.url;
  process.env.DISCORD_API_BASE = `${discord.url}/api`;
});
afterAll(async () => {
  delete process.env.TELEGRAM_API_BASE;
  delete process.env.DISCORD_API_BASE;
  await Promise.all([telegram.close(), discord.close()]);
});
beforeEach(() => {
  seen.length = 0;
});

const app = useAppServer();

describe("connecting a Telegram channel", () => {
  it("given a bot that administers the channel, when its token and the channel are sent, then the channel is connected with its subscribers and the token kept encrypted", async () => {
    playing(telegram, seen, botApi());
    const { browser } = await signUp(app.server.url);
    const created = await browser.post("/api/social-accounts/telegram", { botToken: TOKEN, chatId: "@morgandental" });
    expect(created.status, created.text).toBe(201);
    expect(created.data).toMatchObject({
      platform: "telegram",
      kind: "telegram",
      status: "connected",
      accountId: String(CHANNEL_ID),
      accountName: "Morgan Family Dental",
      username: "morgandental",
      followers: 1284,
      profileUrl: "https://t.me/morgandental",
    });
    expect(seen.map((s) => [s.method, s.path, s.json])).toEqual([
      ["POST", `/bot${TOKEN}/getMe`, {}],
      ["POST", `/bot${TOKEN}/getChat`, { chat_id: "@morgandental" }],
      ["POST", `/bot${TOKEN}/getChatMember`, { chat_id: String(CHANNEL_ID), user_id: BOT_ID }],
      ["POST", `/bot${TOKEN}/getChatMemberCount`, { chat_id: String(CHANNEL_ID) }],
    ]);
    const [stored] = await app.sql`select ciphertext from account_credentials where account_id = ${created.data.id}`;
    expect(stored.ciphertext).not.toContain(TOKEN.split(":")[1]);
  });

  it("given a token Telegram does not know, a channel the bot is not in, or a bot that may not post, then each answers 400 with its own sentence and nothing is added", async () => {
    const { browser } = await signUp(app.server.url);
    playing(telegram, seen, botApi({ wrongToken: true }));
    const wrong = await browser.post("/api/social-accounts/telegram", { botToken: TOKEN, chatId: "@morgandental" });
    expect([wrong.status, wrong.data.detail]).toEqual([400, WRONG_BOT_TOKEN_MESSAGE]);

    playing(telegram, seen, botApi({ unknownChat: true }));
    const missing = await browser.post("/api/social-accounts/telegram", { botToken: TOKEN, chatId: "https://t.me/nosuchchannel" });
    expect(missing.status).toBe(400);
    expect(missing.data.detail).toBe(
      "Telegram found no channel @nosuchchannel with this bot in it. Check the channel's @username (or its id), and add the bot to the channel as an administrator.",
    );

    playing(telegram, seen, botApi({ member: { status: "administrator", can_post_messages: false } }));
    const notAdmin = await browser.post("/api/social-accounts/telegram", { botToken: TOKEN, chatId: String(CHANNEL_ID) });
    expect(notAdmin.status).toBe(400);
    expect(notAdmin.data.detail).toBe(
      'The bot is not an administrator of Morgan Family Dental who may post messages. In the channel, open Administrators → Add admin, choose the bot and leave "Post messages" on.',
    );
    playing(telegram, seen, botApi({ member: { status: "member" } }));
    expect((await browser.post("/api/social-accounts/telegram", { botToken: TOKEN, chatId: String(CHANNEL_ID) })).status).toBe(400);

    const malformed = await browser.post("/api/social-accounts/telegram", { botToken: "not a token", chatId: "" });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.data.errors).sort()).toEqual(["botToken", "chatId"]);
    expect((await browser.get("/api/social-accounts")).data).toEqual([]);
  });
});

describe("a Telegram channel's subscribers", () => {
  it("given a connected channel, when the audience job runs, then a changed subscriber count is kept and a removed bot asks for a reconnect", async () => {
    let subscribers = 1284;
    let removed = false;
    playing(telegram, seen, (request) =>
      removed
        ? botError(403, "Forbidden: bot was kicked from the channel chat")
        : request.path.endsWith("/getChatMemberCount")
          ? botOk(subscribers)
          : botApi()(request),
    );
    const { browser } = await signUp(app.server.url);
    const account = (await browser.post("/api/social-accounts/telegram", { botToken: TOKEN, chatId: "@morgandental" })).data;
    const runtime = ManagedRuntime.make(servicesOn(Database.layerFrom(Effect.succeed(app.database.url))));
    try {
      const run = () => runtime.runPromise(refreshAudiences(new Date()));
      const unchanged = await run();
      expect(unchanged.changed).toBe(0);
      subscribers = 1301;
      seen.length = 0;
      await run();
      expect(seen.filter((s) => s.json?.chat_id === String(CHANNEL_ID)).map((s) => s.path)).toContain(`/bot${TOKEN}/getChatMemberCount`);
      expect((await browser.get(`/api/social-accounts/${account.id}`)).data).toMatchObject({ followers: 1301, accountName: "Morgan Family Dental", status: "connected" });
      removed = true;
      await run();
      expect((await browser.get(`/api/social-accounts/${account.id}`)).data).toMatchObject({ followers: 1301, status: "reconnect_needed" });
    } finally {
      await runtime.dispose();
    }
  });
});

describe("publishing to a Telegram channel", () => {
  const credentials = { botToken: TOKEN, chatId: String(CHANNEL_ID), username: "morgandental" };
  const publish = publisherFor("telegram")!;

  it("given a connected channel, when a text post is published through the scheduler, then sendMessage carries it and the message id and link are kept", async () => {
    playing(telegram, seen, botApi());
    const { browser } = await signUp(app.server.url);
    const account = (await browser.post("/api/social-accounts/telegram", { botToken: TOKEN, chatId: "@morgandental" })).data;
    seen.length = 0;
    const post = await publishedPost(browser, { content: "Open on Saturday this week.", platforms: ["telegram"], accountIds: [account.id] });
    expect(post.targets[0]).toMatchObject({ platformPostId: "41", url: "https://t.me/morgandental/41" });
    expect(seen.map((s) => [s.method, s.path, s.json])).toEqual([["POST", `/bot${TOKEN}/sendMessage`, { chat_id: String(CHANNEL_ID), text: "Open on Saturday this week." }]]);
  });

  it("given one photo, then sendPhoto uploads it with the text as caption; given several, sendMediaGroup sends an album with the caption on the first", async () => {
    playing(telegram, seen, botApi());
    const one = await publish(credentials, request({ text: "Our new waiting room", media: [image("room.png")] }));
    expect(one).toEqual({ platformPostId: "42", url: "https://t.me/morgandental/42" });
    const photo = seen[0]!;
    expect([photo.method, photo.path]).toEqual(["POST", `/bot${TOKEN}/sendPhoto`]);
    expect(photo.form?.get("chat_id")).toBe(String(CHANNEL_ID));
    expect(photo.form?.get("caption")).toBe("Our new waiting room");
    expect(photo.form?.get("photo")).toEqual({ name: "room.png", type: "image/png", size: PNG.length });

    seen.length = 0;
    const album = await publish({ ...credentials, username: null }, request({ text: "Before and after", media: [image("a.png"), image("b.png")] }));
    expect(album).toEqual({ platformPostId: "43", url: "https://t.me/c/1234567890/43" });
    const group = seen[0]!;
    expect([group.method, group.path]).toEqual(["POST", `/bot${TOKEN}/sendMediaGroup`]);
    expect(JSON.parse(group.form?.get("media") as string)).toEqual([
      { type: "photo", media: "attach://file0", caption: "Before and after" },
      { type: "photo", media: "attach://file1" },
    ]);
    expect(group.form?.get("file1")).toEqual({ name: "b.png", type: "image/png", size: PNG.length });
  });

  it("given a caption over 1024 characters with a photo, a removed bot, or a limit, then each is the failure the scheduler needs", async () => {
    playing(telegram, seen, botApi());
    await expect(publish(credentials, request({ text: "a".repeat(1025), media: [image("a.png")] }))).rejects.toMatchObject({ kind: "rejected" });
    expect(seen).toEqual([]);
    playing(telegram, seen, () => botError(403, "Forbidden: bot is not a member of the channel chat"));
    await expect(publish(credentials, request({ text: "Hello" }))).rejects.toMatchObject({ kind: "invalid_credentials" });
    playing(telegram, seen, () => [429, { ok: false, error_code: 429, description: "Too Many Requests: retry after 7", parameters: { retry_after: 7 } }]);
    await expect(publish(credentials, request({ text: "Hello" }))).rejects.toMatchObject({ kind: "rate_limited", retryAfterSeconds: 7 });
  });
});

describe.each([
  {
    platform: "telegram",
    server: () => telegram,
    credentials: () => ({ botToken: TOKEN, chatId: String(CHANNEL_ID), username: "morgandental" }),
    refusal: (status: number, message: string, retryAfter?: number): [number, unknown] => [
      status,
      { ok: false, error_code: status, description: `Bad Request: ${message}`, ...(retryAfter ? { parameters: { retry_after: retryAfter } } : {}) },
    ],
  },
  {
    platform: "discord",
    server: () => discord,
    credentials: () => ({ webhookUrl: `${discord.url}/api/webhooks/${WEBHOOK_ID}/${WEBHOOK_TOKEN}`, guildId: "1", channelId: "2" }),
    refusal: (status: number, message: string, retryAfter?: number): [number, unknown] => [status, { message, code: 50006, ...(retryAfter ? { retry_after: retryAfter } : {}) }],
  },
] as const)("the publish contract of $platform", ({ platform, server, credentials, refusal }) => {
  const publish = (text = "Hello") => publisherFor(platform)!(credentials(), request({ text }));

  it("given the platform refuses the post (400), when it is published, then it is rejected with the platform's words", async () => {
    playing(server(), seen, () => refusal(400, "message text is empty"));
    await expect(publish()).rejects.toMatchObject({ platform, kind: "rejected", status: 400, message: expect.stringMatching(/refused the post: message text is empty$/) });
  });

  it("given the platform limits requests (429), when it is published, then it is rate_limited with the seconds to wait", async () => {
    playing(server(), seen, () => refusal(429, "Too Many Requests", 30));
    await expect(publish()).rejects.toMatchObject({ platform, kind: "rate_limited", status: 429, retryAfterSeconds: 30 });
  });

  it("given the platform fails (503), when it is published, then it is unavailable, to be tried again", async () => {
    playing(server(), seen, () => [503, {}]);
    await expect(publish()).rejects.toMatchObject({ platform, kind: "unavailable" });
  });
});

describe("connecting a Discord channel webhook", () => {
  const pasted = `https://discord.com/api/webhooks/${WEBHOOK_ID}/${WEBHOOK_TOKEN}`;
  const webhookPath = `/api/webhooks/${WEBHOOK_ID}/${WEBHOOK_TOKEN}`;
  const webhook = { type: 1, id: WEBHOOK_ID, name: "Morgan announcements", channel_id: "998877665544332211", guild_id: "556677889900112233", avatar: null, token: WEBHOOK_TOKEN };

  it("given a webhook URL, when it is pasted, then it is read once and the channel connected with the address kept encrypted", async () => {
    playing(discord, seen, () => [200, webhook]);
    const { browser } = await signUp(app.server.url);
    const created = await browser.post("/api/social-accounts/discord", { webhookUrl: pasted });
    expect(created.status, created.text).toBe(201);
    expect(created.data).toMatchObject({
      platform: "discord",
      kind: "discord",
      status: "connected",
      accountId: WEBHOOK_ID,
      accountName: "Morgan announcements",
      profileUrl: "https://discord.com/channels/556677889900112233/998877665544332211",
      metadata: { guildId: "556677889900112233", channelId: "998877665544332211" },
    });
    expect(JSON.stringify(created.data)).not.toContain(WEBHOOK_TOKEN);
    expect(seen.map((s) => [s.method, s.path])).toEqual([["GET", webhookPath]]);
    const [stored] = await app.sql`select ciphertext from account_credentials where account_id = ${created.data.id}`;
    expect(stored.ciphertext).not.toContain(WEBHOOK_TOKEN);

    // Published through the scheduler: ?wait=true, so the message id is kept.
    playing(discord, seen, () => [200, { id: "1300000000000000001", channel_id: webhook.channel_id }]);
    seen.length = 0;
    const post = await publishedPost(browser, { content: "Open on Saturday this week.", platforms: ["discord"], accountIds: [created.data.id] });
    expect(post.targets[0]).toMatchObject({
      platformPostId: "1300000000000000001",
      url: "https://discord.com/channels/556677889900112233/998877665544332211/1300000000000000001",
    });
    expect(seen.map((s) => [s.method, s.path, s.query, s.json])).toEqual([["POST", webhookPath, "?wait=true", { content: "Open on Saturday this week.", allowed_mentions: { parse: [] } }]]);
  });

  it("given an unknown webhook, another site's address, or a Discord API on a private address, then each answers 400 with a sentence and nothing is added", async () => {
    const { browser } = await signUp(app.server.url);
    playing(discord, seen, () => [404, { message: "Unknown Webhook", code: 10015 }]);
    const unknown = await browser.post("/api/social-accounts/discord", { webhookUrl: pasted });
    expect([unknown.status, unknown.data.detail]).toEqual([400, UNKNOWN_WEBHOOK_MESSAGE]);

    const elsewhere = await browser.post("/api/social-accounts/discord", { webhookUrl: `http://10.0.0.7/api/webhooks/${WEBHOOK_ID}/${WEBHOOK_TOKEN}` });
    expect([elsewhere.status, elsewhere.data.detail]).toEqual([400, WEBHOOK_URL_HINT]);

    seen.length = 0;
    process.env.DISCORD_API_BASE = "http://10.0.0.7/api";
    try {
      const privateAddress = await browser.post("/api/social-accounts/discord", { webhookUrl: pasted });
      expect(privateAddress.status).toBe(400);
      expect(privateAddress.data.detail).toBe(
        "Could not reach Discord. 10.0.0.7 is on a private or reserved network, which this server does not reach. Use a public address. Please try again later.",
      );
    } finally {
      process.env.DISCORD_API_BASE = `${discord.url}/api`;
    }
    expect(seen).toEqual([]);
    expect((await browser.get("/api/social-accounts")).data).toEqual([]);
  });

  it("given photos, when they are published, then they go as attachments (files[n] and payload_json) and the message id is kept", async () => {
    playing(discord, seen, () => [200, { id: "1300000000000000002", channel_id: webhook.channel_id }]);
    const published = await publisherFor("discord")!(
      { webhookUrl: `${discord.url}${webhookPath}`, guildId: webhook.guild_id, channelId: webhook.channel_id },
      request({ text: "Before and after", media: [image("a.png"), image("b.png")] }),
    );
    expect(published.platformPostId).toBe("1300000000000000002");
    const sent = seen[0]!;
    expect([sent.method, sent.path, sent.query]).toEqual(["POST", webhookPath, "?wait=true"]);
    expect(JSON.parse(sent.form?.get("payload_json") as string)).toEqual({
      content: "Before and after",
      attachments: [
        { id: 0, filename: "a.png", description: "Alt of a.png" },
        { id: 1, filename: "b.png", description: "Alt of b.png" },
      ],
      // "@everyone" in a scheduled post stays text: the post pings no one.
      allowed_mentions: { parse: [] },
    });
    expect(sent.form?.get("files[0]")).toEqual({ name: "a.png", type: "image/png", size: PNG.length });
    expect(sent.form?.get("files[1]")).toEqual({ name: "b.png", type: "image/png", size: PNG.length });

    playing(discord, seen, () => [404, { message: "Unknown Webhook", code: 10015 }]);
    await expect(publisherFor("discord")!({ webhookUrl: `${discord.url}${webhookPath}` }, request({ text: "Hi" }))).rejects.toMatchObject({ kind: "invalid_credentials" });
  });
});
