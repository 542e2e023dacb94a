import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptSecret } from "../../infra/platforms/crypto";
import { OAUTH_DEFINITIONS } from "../../infra/platforms/providers";
import { readSettings } from "../../infra/platforms/settings";
import { adminGrant } from "../../scripts/lib/commands";
import { Browser, signUp } from "../support/browser";
import { runCommand } from "../support/commands";
import { type OAuthProvider, startOAuthProvider } from "../support/oauth-provider";
import { useAppServer } from "../support/server";
import { until } from "../support/wait";

/**
 * The operators' console for platform apps (issue 32): a client id and secret saved from
 * /api/admin/platforms take effect at once in the web server and, through the database's
 * notification, in every other process; the secret is kept encrypted and never answered; the
 * environment wins; Check plays a platform's client credentials grant on a local token endpoint.
 */

const SECRET = `li-console-secret-${randomBytes(6).toString("hex")}`;
const env: Record<string, string> = { TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("hex") };
let provider: OAuthProvider;

beforeAll(async () => {
  provider = await startOAuthProvider();
  provider.addClient({ clientId: "reddit-console-id", clientSecret: "reddit-console-secret", auth: "basic", pkce: false, refreshTokens: true, rotate: false });
  env.REDDIT_TOKEN_URL = `${provider.url}/token`;
});

afterAll(async () => {
  await provider?.close();
});

const app = useAppServer({ env: () => env });

let operator: Browser;
let person: Browser;

beforeAll(async () => {
  const signedUp = await signUp(app.server.url);
  operator = signedUp.browser;
  const granted = await runCommand(adminGrant, app, [signedUp.input.email]);
  expect(granted.code, granted.stdout + granted.stderr).toBe(0);
  person = (await signUp(app.server.url)).browser;
});

const linkedinOf = async () => ((await operator.get("/api/admin/platforms")).data as Array<Record<string, any>>).find((p) => p.platform === "linkedin")!;

/** Where GET /api/auth/linkedin sends a person, and with which client id. */
const linkedinStart = async () => {
  const start = await person.get("/api/auth/linkedin");
  const location = start.headers.get("location");
  const url = location ? new URL(location, app.server.url) : null;
  return { status: start.status, origin: url?.origin ?? null, clientId: url?.searchParams.get("client_id") ?? null };
};

const linkedin = OAUTH_DEFINITIONS.find((d) => d.platform === "linkedin")!;

describe("the platform apps console", { timeout: 60_000 }, () => {
  it("given a person who is not an operator, or no one signed in, then every operation answers 404", async () => {
    for (const browser of [person, new Browser(app.server.url)]) {
      expect((await browser.get("/api/admin/platforms")).status).toBe(404);
      expect((await browser.put("/api/admin/platforms/linkedin", { clientId: "x", clientSecret: "y" })).status).toBe(404);
      expect((await browser.delete("/api/admin/platforms/linkedin")).status).toBe(404);
      expect((await browser.post("/api/admin/platforms/linkedin/check")).status).toBe(404);
      expect((await browser.page("/admin/platforms")).status).toBe(404);
    }
    const [{ count }] = await app.sql<{ count: number }[]>`select count(*)::int as count from platform_apps`;
    expect(count).toBe(0);
  });

  it("given a fresh server, then LinkedIn is listed as not configured, with its redirect URI and scopes, and a person cannot start its sign-in", async () => {
    const listed = await linkedinOf();
    expect(listed).toMatchObject({
      name: "LinkedIn",
      configured: false,
      source: null,
      clientIdHint: null,
      redirectUri: `${app.server.url}/api/auth/linkedin/callback`,
      scopes: ["openid", "profile", "email", "w_member_social"],
      consoleUrl: "https://www.linkedin.com/developers/apps",
      saved: null,
    });
    expect(listed.steps.length).toBeGreaterThan(0);
    expect((await linkedinStart()).origin).not.toBe("https://www.linkedin.com");
    const platforms = (await person.get("/api/platforms")).data as Array<{ id: string; configured: boolean }>;
    expect(platforms.find((p) => p.id === "linkedin")?.configured).toBe(false);
  });

  it("given bad input, then the PUT answers 400 with a sentence per field, and an unknown or non-OAuth platform 404", async () => {
    const empty = await operator.put("/api/admin/platforms/linkedin", {});
    expect(empty.status, empty.text).toBe(400);
    expect(empty.data.errors).toEqual({
      clientId: "Enter the client id from the platform's developer console.",
      clientSecret: "Enter the client secret from the platform's developer console.",
    });
    const spaced = await operator.put("/api/admin/platforms/linkedin", { clientId: "two words", clientSecret: 42 });
    expect(spaced.status).toBe(400);
    expect(spaced.data.errors.clientSecret).toBe("The client secret must be text.");
    const spacedId = await operator.put("/api/admin/platforms/linkedin", { clientId: "two words", clientSecret: "s" });
    expect(spacedId.data.errors).toEqual({ clientId: "This value cannot contain spaces or line breaks: paste only the value." });
    expect((await operator.put("/api/admin/platforms/myspace", { clientId: "a", clientSecret: "b" })).status).toBe(404);
    expect((await operator.put("/api/admin/platforms/bluesky", { clientId: "a", clientSecret: "b" })).status).toBe(404);
    expect((await operator.post("/api/admin/platforms/myspace/check")).status).toBe(404);
    const [{ count }] = await app.sql<{ count: number }[]>`select count(*)::int as count from events where stream_id like 'platform-app-%'`;
    expect(count).toBe(0);
  });

  it("given an operator saves LinkedIn's app, then it is in use at once: source console, no secret answered, and a person's sign-in goes to LinkedIn with the new client id", async () => {
    const saved = await operator.put("/api/admin/platforms/linkedin", { clientId: "li-console-id-7431", clientSecret: ` ${SECRET} ` });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.data).toMatchObject({ platform: "linkedin", configured: true, source: "console", clientIdHint: "…7431", saved: { clientId: "li-console-id-7431" } });
    expect(saved.text).not.toContain(SECRET);
    const listed = await operator.get("/api/admin/platforms");
    expect(listed.text).not.toContain(SECRET);
    expect(await linkedinOf()).toMatchObject({ configured: true, source: "console", clientIdHint: "…7431" });

    expect(await linkedinStart()).toEqual({ status: 302, origin: "https://www.linkedin.com", clientId: "li-console-id-7431" });
    const platforms = (await person.get("/api/platforms")).data as Array<{ id: string; configured: boolean }>;
    expect(platforms.find((p) => p.id === "linkedin")?.configured).toBe(true);
    const page = await person.page("/app/connect-accounts");
    expect(page.status).toBe(200);

    // The worker's runtime (another copy of the settings, as another process has) hears the database's notification.
    const elsewhere = await until(async () => readSettings(linkedin), (s) => s.clientId === "li-console-id-7431");
    expect(elsewhere).toMatchObject({ source: "console", clientSecret: SECRET });
  });

  it("given the saved app, then the events, the read model and the audit trail hold the secret only encrypted", async () => {
    const events = await app.sql<{ type: string; data: string; actor: string | null }[]>`
      select type, data::text as data, metadata->>'actorId' as actor from events where stream_id = 'platform-app-linkedin' order by global_position`;
    expect(events.map((e) => e.type)).toEqual(["PlatformAppConfigured"]);
    expect(events[0]!.data).not.toContain(SECRET);
    expect(events[0]!.actor).not.toBeNull();
    const [row] = await app.sql<{ client_id: string; secret_encrypted: string; updated_by: string | null }[]>`select client_id, secret_encrypted, updated_by from platform_apps where platform = 'linkedin'`;
    expect(row!.secret_encrypted).toMatch(/^v1\./);
    expect(decryptSecret(row!.secret_encrypted)).toBe(SECRET);
    expect(row!.updated_by).toBe(events[0]!.actor);
    const audit = await until(
      () => app.sql<{ summary: string }[]>`select summary from audit_log where stream_id = 'platform-app-linkedin'`,
      (rows) => rows.length === 1,
    );
    expect(audit[0]!.summary).toBe("LinkedIn app saved in the console (client id, client secret)");
  });

  it("given a new client id with the secret left empty, then the saved secret is kept", async () => {
    const saved = await operator.put("/api/admin/platforms/linkedin", { clientId: "li-console-id-8888", clientSecret: "" });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.data.clientIdHint).toBe("…8888");
    const [row] = await app.sql<{ secret_encrypted: string }[]>`select secret_encrypted from platform_apps where platform = 'linkedin'`;
    expect(decryptSecret(row!.secret_encrypted)).toBe(SECRET);
    expect((await linkedinStart()).clientId).toBe("li-console-id-8888");
  });

  it("given another process changes the saved app, then this web server uses it once the database's notification arrives", async () => {
    await app.sql`update platform_apps set client_id = 'li-from-another-process' where platform = 'linkedin'`;
    const start = await until(linkedinStart, (s) => s.clientId === "li-from-another-process");
    expect(start.origin).toBe("https://www.linkedin.com");
  });

  it("given environment variables for LinkedIn, then they win over the console, and the console's app returns when they are gone", async () => {
    process.env.LINKEDIN_CLIENT_ID = "li-env-id-0001";
    process.env.LINKEDIN_CLIENT_SECRET = "li-env-secret";
    try {
      expect(await linkedinOf()).toMatchObject({ configured: true, source: "env", clientIdHint: "…0001", saved: { clientId: "li-from-another-process" } });
      expect((await linkedinStart()).clientId).toBe("li-env-id-0001");
    } finally {
      delete process.env.LINKEDIN_CLIENT_ID;
      delete process.env.LINKEDIN_CLIENT_SECRET;
    }
    expect(await linkedinOf()).toMatchObject({ source: "console" });
  });

  it("given Check on LinkedIn, then it says the sign-in address builds and what could not be checked without a person", async () => {
    const checked = await operator.post("/api/admin/platforms/linkedin/check");
    expect(checked.status, checked.text).toBe(200);
    expect(checked.data.checks).toEqual([
      { name: "authorize", ok: true, detail: "The sign-in address builds: https://www.linkedin.com/oauth/v2/authorization, with the client id …cess and the redirect URI." },
    ]);
    expect(checked.data.unchecked).toContain("LinkedIn offers no way to check a client secret without a person signing in.");
    expect(checked.text).not.toContain(SECRET);
  });

  it("given Reddit saved, then Check plays the client credentials grant on the token endpoint, and says so when the secret is wrong", async () => {
    expect((await operator.put("/api/admin/platforms/reddit", { clientId: "reddit-console-id", clientSecret: "reddit-console-secret" })).status).toBe(200);
    const before = provider.requestsTo("/token").length;
    const checked = await operator.post("/api/admin/platforms/reddit/check");
    expect(checked.status, checked.text).toBe(200);
    expect(checked.data.checks).toContainEqual({ name: "credentials", ok: true, detail: "Reddit accepted the client id and secret (client credentials grant)." });
    const [grant] = provider.requestsTo("/token").slice(before);
    expect(grant).toMatchObject({ method: "POST", form: { grant_type: "client_credentials" }, basic: { username: "reddit-console-id", password: "reddit-console-secret" } });

    expect((await operator.put("/api/admin/platforms/reddit", { clientId: "reddit-console-id", clientSecret: "not-the-secret" })).status).toBe(200);
    const refused = await operator.post("/api/admin/platforms/reddit/check");
    expect(refused.data.checks).toContainEqual({
      name: "credentials",
      ok: false,
      detail: "Reddit refused the client id and secret (HTTP 401): copy them again from its developer console.",
    });
  });

  it("given DELETE, then the console's app is forgotten in this process and the others, and a second DELETE changes nothing", async () => {
    expect((await operator.delete("/api/admin/platforms/linkedin")).status).toBe(204);
    expect(await linkedinOf()).toMatchObject({ configured: false, source: null, saved: null, clientIdHint: null });
    expect((await linkedinStart()).origin).not.toBe("https://www.linkedin.com");
    await until(async () => readSettings(linkedin), (s) => s.clientId === null);
    expect((await operator.delete("/api/admin/platforms/linkedin")).status).toBe(204);
    const events = await app.sql<{ type: string }[]>`select type from events where stream_id = 'platform-app-linkedin' order by global_position`;
    expect(events.map((e) => e.type)).toEqual(["PlatformAppConfigured", "PlatformAppConfigured", "PlatformAppCleared"]);
  });
});

describe("the platform apps page", { timeout: 60_000 }, () => {
  it("given an operator without JavaScript, then the page saves, refuses with sentences beside the fields, checks and clears through the same operations", async () => {
    const page = await operator.page("/admin/platforms");
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-platform="pinterest"');
    expect(page.text).toContain(`${app.server.url}/api/auth/pinterest/callback`);
    expect(page.text).toContain('href="/admin/platforms"');

    const refused = await operator.submit("/admin/platforms", { platform: "pinterest", action: "save", clientId: "", clientSecret: "" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Enter the client secret from the platform&#39;s developer console.");

    const saved = await operator.submit("/admin/platforms", { platform: "pinterest", action: "save", clientId: "pin-page-id", clientSecret: "pin-page-secret" });
    expect(saved.status, saved.text.slice(0, 300)).toBe(200);
    expect(saved.text).toContain("Pinterest now uses the app saved here.");
    expect(saved.text).toContain("leave empty to keep the current secret");
    expect(saved.text).not.toContain("pin-page-secret");

    const checked = await operator.submit("/admin/platforms", { platform: "pinterest", action: "check" });
    expect(checked.text).toContain("Passed:</strong> The sign-in address builds");
    expect(checked.text).toContain("Pinterest offers no way to check a client secret without a person signing in.");

    const cleared = await operator.submit("/admin/platforms", { platform: "pinterest", action: "clear" });
    expect(cleared.text).toContain("The app saved here is forgotten.");
    const [{ count }] = await app.sql<{ count: number }[]>`select count(*)::int as count from platform_apps where platform = 'pinterest'`;
    expect(count).toBe(0);
  });
});
