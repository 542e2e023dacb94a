import { randomBytes } from "node:crypto";
import { Effect, ManagedRuntime } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshDueTokens } from "../../infra/accounts/token-refresh";
import { Database } from "../../infra/db/Database";
import { servicesOn } from "../../infra/layers";
import { type Browser, signUp } from "../support/browser";
import { fakePlatformEnv, installFakePlatform, type OAuthProvider, startOAuthProvider } from "../support/oauth-provider";
import { useAppServer } from "../support/server";
import { runCommand } from "../support/commands";
import { adminGrant } from "../../scripts/lib/commands";

/**
 * An OAuth connection through the app, end to end, against a local provider that checks every
 * request: the start redirect, the callback, the account and its encrypted tokens, a refresh by the
 * job, a refused refresh that asks for a reconnect (and tells the owner), and the reconnect.
 */

const env = { TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("hex") };
let provider: OAuthProvider;
let runtime: ManagedRuntime.ManagedRuntime<any, any>;

beforeAll(async () => {
  provider = await startOAuthProvider();
  installFakePlatform(provider, "twitter");
  Object.assign(env, fakePlatformEnv("twitter", provider.url));
  // The refresh job runs in this process too: same provider, same key.
  Object.assign(process.env, env);
}, 180_000);

// Registered before the app's hooks, so it runs after the app has stopped.
afterAll(async () => {
  await provider?.close();
});

// Hooks run in order: the provider is up and `env` complete when the app starts.
const app = useAppServer({ env: () => env });

beforeAll(() => {
  runtime = ManagedRuntime.make(servicesOn(Database.layerFrom(Effect.succeed(app.database.url))));
});

afterAll(async () => {
  await runtime?.dispose();
});

/** Follows the flow as a browser would: app → provider's authorize → back to the app's callback. */
const connectTwitter = async (browser: Browser) => {
  const start = await browser.get("/api/auth/twitter");
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get("location")!);
  expect(authorize.origin).toBe(provider.url);
  expect(authorize.searchParams.get("redirect_uri")).toBe(`${app.server.url}/api/auth/twitter/callback`);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  const granted = await fetch(authorize, { redirect: "manual" });
  const callback = new URL(granted.headers.get("location")!);
  expect(callback.pathname).toBe("/api/auth/twitter/callback");
  return browser.get(`${callback.pathname}${callback.search}`);
};

const flashOf = (browser: Browser) => JSON.parse(decodeURIComponent(browser.jar.get("flash") ?? "null"));

describe("connecting X through OAuth", () => {
  let browser: Browser;
  let accountId: string;

  it("given a configured platform, the round trip records the account with its profile and keeps the tokens encrypted", async () => {
    ({ browser } = await signUp(app.server.url));
    const done = await connectTwitter(browser);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/app/connect-accounts");
    expect(flashOf(browser)).toMatchObject({ title: "Account Connected!", description: "Successfully connected your X (Twitter) account." });
    const [account] = (await browser.get("/api/social-accounts")).data;
    expect(account).toMatchObject({
      platform: "twitter",
      kind: "oauth",
      status: "connected",
      accountName: "SocialDesk Test",
      username: "socialdesk_test",
      followers: 1234,
    });
    // The profile picture, at the larger of X's documented sizes, for the account's avatar everywhere it is listed.
    expect(account.avatar).toBe("https://pbs.twimg.com/profile_images/1/avatar_400x400.jpg");
    accountId = account.id;
    const [stored] = await app.sql`select ciphertext, expires_at from account_credentials where account_id = ${accountId}`;
    expect(stored.ciphertext).toMatch(/^v1\./);
    const token = provider.requestsTo("/token").at(-1)!;
    expect(token.form).toMatchObject({ grant_type: "authorization_code", redirect_uri: `${app.server.url}/api/auth/twitter/callback` });
    expect(token.form.code_verifier).toMatch(/^[\w-]{43,}$/);
    expect(token.basic?.username).toBe("twitter-client-id");
    expect(stored.expires_at.getTime()).toBeGreaterThan(Date.now());
  });

  it("a callback with a state this browser did not start is refused", async () => {
    const stranger = (await signUp(app.server.url)).browser;
    const forged = await stranger.get("/api/auth/twitter/callback?code=abc&state=forged");
    expect(forged.status).toBe(303);
    expect(flashOf(stranger)).toMatchObject({ title: "Connection Failed", variant: "destructive" });
    expect((await stranger.get("/api/social-accounts")).data).toEqual([]);
  });

  it("when the token nears its expiry, the job renews it", async () => {
    await app.sql`update account_credentials set expires_at = now() + interval '5 minutes' where account_id = ${accountId}`;
    const result = await runtime.runPromise(refreshDueTokens(new Date()));
    expect(result).toMatchObject({ refreshed: 1, failed: 0 });
    const [stored] = await app.sql`select expires_at from account_credentials where account_id = ${accountId}`;
    expect(stored.expires_at.getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
    const events = await app.sql`select type from events where stream_id = ${`account-${accountId}`} order by stream_version`;
    expect(events.map((e) => e.type)).toEqual(["AccountConnected", "AccountTokensRefreshed"]);
  });

  it("when the platform refuses the refresh, the account needs a reconnect and the owner is told once", async () => {
    provider.failRefresh = true;
    await app.sql`update account_credentials set expires_at = now() where account_id = ${accountId}`;
    expect(await runtime.runPromise(refreshDueTokens(new Date()))).toMatchObject({ refreshed: 0, failed: 1 });
    expect(await runtime.runPromise(refreshDueTokens(new Date()))).toMatchObject({ due: 0 });
    const [account] = (await browser.get("/api/social-accounts")).data;
    expect(account).toMatchObject({ status: "reconnect_needed", isConnected: false });
    const mail = await app.sql`select subject from mail_outbox where subject like 'Reconnect your%'`;
    expect(mail.map((m) => m.subject)).toEqual(["Reconnect your X (Twitter) account"]);
    provider.failRefresh = false;
  });

  it("reconnecting keeps the account's id and history, even at the plan's limit", async () => {
    // The trial's three places taken: X and two sandbox accounts.
    for (const platform of ["facebook", "linkedin"]) {
      expect((await browser.post("/api/social-accounts/sandbox", { platform, accountName: `Lee Dental ${platform}` })).status).toBe(201);
    }
    expect((await browser.post("/api/social-accounts/sandbox", { platform: "reddit", accountName: "One too many" })).status).toBe(403);
    const done = await connectTwitter(browser);
    expect(done.status).toBe(303);
    expect(flashOf(browser)).toMatchObject({ title: "Account Connected!" });
    const accounts = (await browser.get("/api/social-accounts")).data;
    expect(accounts).toHaveLength(3);
    expect(accounts.find((a: { platform: string }) => a.platform === "twitter")).toMatchObject({ id: accountId, status: "connected", isConnected: true });
    const events = await app.sql`select type from events where stream_id = ${`account-${accountId}`} order by stream_version`;
    expect(events.map((e) => e.type)).toEqual(["AccountConnected", "AccountTokensRefreshed", "AccountNeedsReconnect", "AccountReconnected"]);
  });
});

describe("platforms that are not configured", () => {
  it("say so in a plain sentence instead of redirecting to a broken sign-in; the variables are the operator's, listed by /api/platforms to operators only", async () => {
    const { browser, input } = await signUp(app.server.url);
    const start = await browser.get("/api/auth/linkedin");
    expect(start.status).toBe(303);
    expect(flashOf(browser).description).toBe("Connecting LinkedIn isn't set up on this server yet. Ask your administrator.");
    const asCustomer = (await browser.get("/api/platforms")).data;
    expect(asCustomer.find((p: any) => p.id === "linkedin")).toMatchObject({ configured: false, missingVariables: [] });

    expect((await runCommand(adminGrant, app, [input.email])).code).toBe(0);
    const platforms = (await browser.get("/api/platforms")).data;
    expect(platforms.find((p: any) => p.id === "linkedin")).toMatchObject({ configured: false, missingVariables: ["LINKEDIN_CLIENT_ID", "LINKEDIN_CLIENT_SECRET"] });
    expect(platforms.find((p: any) => p.id === "twitter")).toMatchObject({ configured: true, missingVariables: [] });
    expect(platforms.find((p: any) => p.id === "yelp")).toMatchObject({ connection: "listing", configured: true });
    expect((await browser.get("/api/auth/yelp")).status).toBe(404);
  });
});
