import { generateCodeVerifier, generateState } from "arctic";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connectablePlatforms, oauthPlatform, PlatformError, type PlatformProfile, type TokenSet } from "../../infra/platforms";
import {
  fakeClientId,
  fakeClientSecret,
  type FakeOAuthPlatform,
  fakePlatformEnv,
  type OAuthProvider,
  type RecordedRequest,
  startFakePlatforms,
} from "../support/oauth-provider";
import { freePort } from "../support/ports";
import { platformRejection } from "../support/platforms";

/**
 * The ten OAuth adapters against a local provider that plays each platform's endpoints: the
 * authorization redirect (followed here like a browser would), the code exchange, the profile,
 * a refresh, and a refused refresh. Every request the provider received is checked.
 */

let provider: OAuthProvider;
let stopPlatforms: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ provider, close: stopPlatforms } = await startFakePlatforms(ALL));
});

afterAll(() => stopPlatforms?.());

beforeEach(() => provider.clear());

const redirectUriFor = (platform: string) => `http://127.0.0.1:4321/api/auth/${platform}/callback`;

interface Case {
  readonly platform: FakeOAuthPlatform;
  readonly pkce: boolean;
  readonly clientAuth: "basic" | "body";
  readonly clientIdParam?: string;
  readonly scopeSeparator: " " | ",";
  readonly scopeIncludes: string;
  readonly authorizeParams?: Record<string, string>;
  /** Meta: the long-lived exchange after the code exchange, and the renewal, as GET calls. */
  readonly meta?: { readonly exchange: [path: string, grantType: string]; readonly refresh: [path: string, grantType: string] };
  /** What a refresh does to the refresh token. */
  readonly refreshToken: "rotates" | "kept" | "is the access token";
  readonly profilePaths: ReadonlyArray<string>;
  readonly profile: Partial<PlatformProfile>;
}

const google = { access_type: "offline", prompt: "consent" };

const CASES: ReadonlyArray<Case> = [
  {
    platform: "twitter",
    pkce: true,
    clientAuth: "basic",
    scopeSeparator: " ",
    scopeIncludes: "offline.access",
    refreshToken: "rotates",
    profilePaths: ["/api/twitter/users/me"],
    profile: {
      externalId: "2244994945",
      accountName: "SocialDesk Test",
      username: "socialdesk_test",
      avatarUrl: "https://pbs.twimg.com/profile_images/1/avatar_400x400.jpg",
      followers: 1234,
      profileUrl: "https://x.com/socialdesk_test",
    },
  },
  {
    platform: "linkedin",
    pkce: false,
    clientAuth: "body",
    scopeSeparator: " ",
    scopeIncludes: "openid",
    refreshToken: "kept",
    profilePaths: ["/api/linkedin/userinfo"],
    profile: {
      externalId: "782bbtaQ",
      accountName: "Jane Doe",
      username: null,
      avatarUrl: "https://media.licdn.com/dms/image/jane.jpg",
      followers: 0,
      profileUrl: null,
      metadata: { urn: "urn:li:person:782bbtaQ" },
    },
  },
  {
    platform: "tiktok",
    pkce: true,
    clientAuth: "body",
    clientIdParam: "client_key",
    scopeSeparator: ",",
    scopeIncludes: "user.info.stats",
    refreshToken: "rotates",
    profilePaths: ["/api/tiktok/user/info/"],
    profile: {
      externalId: "723f24d7-e717-40f8-a2b6-cb8464cd23b4",
      accountName: "Tik Tester",
      username: "tiktester",
      avatarUrl: "https://p16-sign.tiktokcdn-us.com/avatar.jpeg",
      followers: 321,
      profileUrl: "https://vm.tiktok.com/ZMabc/",
    },
  },
  {
    platform: "youtube",
    pkce: true,
    clientAuth: "basic",
    scopeSeparator: " ",
    scopeIncludes: "https://www.googleapis.com/auth/youtube.upload",
    authorizeParams: google,
    refreshToken: "kept",
    profilePaths: ["/api/youtube/channels"],
    profile: {
      externalId: "UC_x5XG1OV2P6uZZ5FSM9Ttw",
      accountName: "Test Channel",
      username: "@testchannel",
      avatarUrl: "https://yt3.ggpht.com/a=s800",
      followers: 4567,
      profileUrl: "https://www.youtube.com/@testchannel",
    },
  },
  {
    platform: "google_business",
    pkce: true,
    clientAuth: "basic",
    scopeSeparator: " ",
    scopeIncludes: "https://www.googleapis.com/auth/business.manage",
    authorizeParams: google,
    refreshToken: "kept",
    profilePaths: ["/api/google_business/accounts", "/api/google_business/info/accounts/1234567890/locations"],
    profile: {
      externalId: "accounts/1234567890",
      accountName: "Joe's Pizza Downtown",
      username: null,
      followers: 0,
      profileUrl: "https://maps.google.com/maps?cid=123",
      metadata: {
        accountType: "LOCATION_GROUP",
        otherAccounts: 0,
        locations: [
          {
            id: "locations/987654321",
            title: "Joe's Pizza Downtown",
            address: "1 Main St, Springfield, 12345",
            mapsUri: "https://maps.google.com/maps?cid=123",
          },
        ],
      },
    },
  },
  {
    platform: "pinterest",
    pkce: false,
    clientAuth: "basic",
    scopeSeparator: ",",
    scopeIncludes: "pins:write",
    refreshToken: "kept",
    profilePaths: ["/api/pinterest/user_account"],
    profile: {
      externalId: "549755885175",
      accountName: "Pinner Co",
      username: "pinner",
      followers: 88,
      profileUrl: "https://www.pinterest.com/pinner/",
    },
  },
  {
    platform: "reddit",
    pkce: false,
    clientAuth: "basic",
    scopeSeparator: " ",
    scopeIncludes: "submit",
    authorizeParams: { duration: "permanent" },
    refreshToken: "kept",
    profilePaths: ["/api/reddit/api/v1/me"],
    profile: {
      externalId: "abc123",
      accountName: "u/redditor",
      username: "redditor",
      avatarUrl: "https://styles.redditmedia.com/t5_1/styles/profileIcon_x.png?width=256&s=abc",
      followers: 17,
      profileUrl: "https://www.reddit.com/user/redditor/",
    },
  },
  {
    platform: "facebook",
    pkce: false,
    clientAuth: "body",
    scopeSeparator: ",",
    scopeIncludes: "pages_manage_posts",
    meta: { exchange: ["/token", "fb_exchange_token"], refresh: ["/token", "fb_exchange_token"] },
    refreshToken: "is the access token",
    profilePaths: ["/api/facebook/me/accounts"],
    profile: {
      externalId: "101",
      accountName: "Joe's Pizza",
      username: "joespizza",
      avatarUrl: "https://scontent.xx.fbcdn.net/page.jpg",
      followers: 2500,
      profileUrl: "https://www.facebook.com/joespizza",
      metadata: {
        pages: [
          { id: "101", name: "Joe's Pizza" },
          { id: "102", name: "Second Page" },
        ],
      },
    },
  },
  {
    platform: "instagram",
    pkce: false,
    clientAuth: "body",
    scopeSeparator: ",",
    scopeIncludes: "instagram_business_content_publish",
    meta: {
      exchange: ["/api/instagram/access_token", "ig_exchange_token"],
      refresh: ["/api/instagram/refresh_access_token", "ig_refresh_token"],
    },
    refreshToken: "is the access token",
    profilePaths: ["/api/instagram/v23.0/me"],
    profile: {
      externalId: "17841400000000001",
      accountName: "Joe's Pizza",
      username: "joes.pizza",
      avatarUrl: "https://scontent.cdninstagram.com/avatar.jpg",
      followers: 999,
      profileUrl: "https://www.instagram.com/joes.pizza/",
    },
  },
  {
    platform: "threads",
    pkce: false,
    clientAuth: "body",
    scopeSeparator: ",",
    scopeIncludes: "threads_content_publish",
    meta: {
      exchange: ["/api/threads/access_token", "th_exchange_token"],
      refresh: ["/api/threads/refresh_access_token", "th_refresh_token"],
    },
    refreshToken: "is the access token",
    profilePaths: ["/api/threads/v1.0/me", "/api/threads/v1.0/2580/threads_insights"],
    profile: {
      externalId: "2580",
      accountName: "Joe",
      username: "joes.threads",
      avatarUrl: "https://scontent.cdninstagram.com/threads.jpg",
      followers: 77,
      profileUrl: "https://www.threads.net/@joes.threads",
    },
  },
];

const ALL = CASES.map((c) => c.platform);

/** Like a browser: open the authorization URL, take the code from the provider's redirect. */
const authorize = async (url: URL, state: string, redirectUri: string) => {
  const response = await fetch(url, { redirect: "manual" });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("location")!);
  expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
  expect(location.searchParams.get("state")).toBe(state);
  return location.searchParams.get("code")!;
};

const tokenRequests = () => provider.requests.filter((r) => r.path === "/token" && r.method === "POST");

const expectClientAuth = (request: RecordedRequest, c: Case) => {
  const idParam = c.clientIdParam ?? "client_id";
  if (c.clientAuth === "basic") {
    expect(request.basic).toEqual({ username: fakeClientId(c.platform), password: fakeClientSecret(c.platform) });
    expect(request.form.client_secret).toBeUndefined();
  } else {
    expect(request.basic).toBeNull();
    expect(request.form[idParam]).toBe(fakeClientId(c.platform));
    expect(request.form.client_secret).toBe(fakeClientSecret(c.platform));
  }
};

/** The user-facing text of an error must never carry a secret. */
const expectNoSecrets = (error: PlatformError, secrets: ReadonlyArray<string | null | undefined>) => {
  for (const secret of secrets) if (secret) expect(error.message).not.toContain(secret);
};

describe.each(CASES)("$platform", (c) => {
  it("connects: authorization redirect, code exchange, profile, refresh, refused refresh", async () => {
    const platform = oauthPlatform(c.platform)!;
    expect(platform.platform).toBe(c.platform);
    expect(platform.missingVariables()).toEqual([]);
    const redirectUri = redirectUriFor(c.platform);
    const state = generateState();
    const codeVerifier = generateCodeVerifier();

    // 1. The authorization URL, and the provider's redirect back with a code.
    const url = platform.authorizationUrl({ state, codeVerifier, redirectUri });
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.url}/authorize`);
    const code = await authorize(url, state, redirectUri);
    const [authorizeRequest] = provider.requestsTo("/authorize");
    expect(authorizeRequest.method).toBe("GET");
    expect(authorizeRequest.query[c.clientIdParam ?? "client_id"]).toBe(fakeClientId(c.platform));
    if (c.clientIdParam) expect(authorizeRequest.query.client_id).toBeUndefined();
    expect(authorizeRequest.query.redirect_uri).toBe(redirectUri);
    expect(authorizeRequest.query.response_type).toBe("code");
    expect(authorizeRequest.query.state).toBe(state);
    expect(authorizeRequest.query.scope.split(c.scopeSeparator)).toContain(c.scopeIncludes);
    if (c.scopeSeparator === ",") expect(authorizeRequest.query.scope).not.toContain(" ");
    expect(authorizeRequest.query.code_challenge_method).toBe(c.pkce ? "S256" : undefined);
    expect(Boolean(authorizeRequest.query.code_challenge)).toBe(c.pkce);
    expect(authorizeRequest.query).toMatchObject(c.authorizeParams ?? {});

    // 2. The code exchange (and Meta's long-lived exchange).
    const tokens = await platform.exchangeCode({ code, codeVerifier, redirectUri });
    const [exchange] = tokenRequests();
    expect(exchange.form.grant_type).toBe("authorization_code");
    expect(exchange.form.code).toBe(code);
    expect(exchange.form.redirect_uri).toBe(redirectUri);
    expect(exchange.form.code_verifier).toBe(c.pkce ? codeVerifier : undefined);
    expectClientAuth(exchange, c);
    expect(provider.isValidAccessToken(tokens.accessToken)).toBe(true);
    expect(tokens.expiresAt).toBeInstanceOf(Date);
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    if (c.meta) {
      const [path, grantType] = c.meta.exchange;
      const longLived = provider.requests.filter((r) => r.query.grant_type === grantType);
      expect(longLived).toHaveLength(1);
      expect(longLived[0].method).toBe("GET");
      expect(longLived[0].path).toBe(path);
      expect(longLived[0].query.client_secret).toBe(fakeClientSecret(c.platform));
      expect(tokens.refreshToken).toBe(tokens.accessToken);
      // Long-lived: about 60 days.
      expect(tokens.expiresAt!.getTime() - Date.now()).toBeGreaterThan(50 * 86_400_000);
    } else {
      expect(tokens.refreshToken).toMatch(/^refresh-/);
    }

    // 3. The profile, read with the bearer token.
    const profile = await platform.fetchProfile(tokens);
    expect(profile).toMatchObject(c.profile);
    const apiRequests = provider.requestsTo(`/api/${c.platform}`).filter((r) => !r.query.grant_type);
    expect(apiRequests.map((r) => r.path)).toEqual(c.profilePaths);
    for (const request of apiRequests) {
      expect(request.method).toBe("GET");
      expect(request.bearer).toBe(tokens.accessToken);
    }

    // 4. A refresh: new access, the refresh token rotated, kept, or (Meta) the new long-lived token.
    provider.clear();
    const renewed: TokenSet = await platform.refresh(tokens.refreshToken!);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    expect(provider.isValidAccessToken(renewed.accessToken)).toBe(true);
    if (c.meta) {
      const [path, grantType] = c.meta.refresh;
      expect(provider.requests).toHaveLength(1);
      expect(provider.requests[0]).toMatchObject({ method: "GET", path, query: expect.objectContaining({ grant_type: grantType }) });
      const traded = provider.requests[0].query.fb_exchange_token ?? provider.requests[0].query.access_token;
      expect(traded).toBe(tokens.refreshToken);
    } else {
      const [refresh] = tokenRequests();
      expect(refresh.form).toMatchObject({ grant_type: "refresh_token", refresh_token: tokens.refreshToken });
      expect(refresh.form.code).toBeUndefined();
      expectClientAuth(refresh, c);
    }
    if (c.refreshToken === "rotates") expect(renewed.refreshToken).not.toBe(tokens.refreshToken);
    if (c.refreshToken === "kept") expect(renewed.refreshToken).toBe(tokens.refreshToken);
    if (c.refreshToken === "is the access token") expect(renewed.refreshToken).toBe(renewed.accessToken);
    expect(await platform.fetchProfile(renewed)).toMatchObject(c.profile);

    // 5. A refused refresh: the account needs reconnecting.
    provider.failRefresh = true;
    const error = await platformRejection(platform.refresh(renewed.refreshToken!));
    expect(error.kind).toBe("refresh_failed");
    expect(error.platform).toBe(c.platform);
    expect(error.message).toMatch(/Reconnect the account/);
    expectNoSecrets(error, [renewed.accessToken, renewed.refreshToken, fakeClientSecret(c.platform)]);
  });
});

// ---------------------------------------------------------------------------------------------
// Failures, with X and a few others standing for the rest (they share the code paths).

const connect = async (platformId: FakeOAuthPlatform) => {
  const platform = oauthPlatform(platformId)!;
  const redirectUri = redirectUriFor(platformId);
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const code = await authorize(platform.authorizationUrl({ state, codeVerifier, redirectUri }), state, redirectUri);
  return { platform, redirectUri, code, codeVerifier };
};

describe("failures", () => {
  it("a rotated-away refresh token is refused (X rotates refresh tokens)", async () => {
    const { platform, code, codeVerifier, redirectUri } = await connect("twitter");
    const tokens = await platform.exchangeCode({ code, codeVerifier, redirectUri });
    await platform.refresh(tokens.refreshToken!);
    const error = await platformRejection(platform.refresh(tokens.refreshToken!));
    expect(error).toMatchObject({ kind: "refresh_failed", code: "invalid_grant" });
  });

  it("a used code, or a wrong PKCE verifier, is refused as invalid_credentials", async () => {
    const { platform, code, codeVerifier, redirectUri } = await connect("twitter");
    const wrongVerifier = await platformRejection(platform.exchangeCode({ code, codeVerifier: generateCodeVerifier(), redirectUri }));
    expect(wrongVerifier).toMatchObject({ kind: "invalid_credentials", code: "invalid_grant" });
    expect(wrongVerifier.message).toBe("X (Twitter) did not accept the sign-in. Please try connecting again.");
    // The code was spent by the refused attempt, as real providers do.
    const reused = await platformRejection(platform.exchangeCode({ code, codeVerifier, redirectUri }));
    expect(reused.kind).toBe("invalid_credentials");
    expectNoSecrets(reused, [code, codeVerifier]);
  });

  it("a token endpoint that fails or rate-limits is unavailable, for arctic's and the hand-written requests", async () => {
    const x = await connect("twitter");
    provider.respondOnce("/token", 503, { error: "temporarily_unavailable" });
    expect(await platformRejection(x.platform.exchangeCode(x))).toMatchObject({ kind: "unavailable", status: 503 });

    const linkedin = await connect("linkedin");
    provider.respondOnce("/token", 429, { message: "Too many requests" });
    const limited = await platformRejection(linkedin.platform.exchangeCode(linkedin));
    expect(limited).toMatchObject({ kind: "unavailable", status: 429 });
    expect(limited.message).toBe("LinkedIn is limiting requests right now. Please try again in a few minutes.");
  });

  it("TikTok's 200 answer with an error body is a refusal", async () => {
    const tiktok = await connect("tiktok");
    provider.respondOnce("/token", 200, { error: "invalid_grant", error_description: "Authorization code is expired.", log_id: "x" });
    expect(await platformRejection(tiktok.platform.exchangeCode(tiktok))).toMatchObject({ kind: "invalid_credentials", code: "invalid_grant" });

    const tokens = await tiktok.platform.exchangeCode(await connect("tiktok"));
    provider.respondOnce("/api/tiktok/user/info/", 200, {
      data: {},
      error: { code: "access_token_invalid", message: "The access token is invalid or not found in the request." },
    });
    expect(await platformRejection(tiktok.platform.fetchProfile(tokens))).toMatchObject({ kind: "invalid_credentials", code: "access_token_invalid" });
  });

  it("profile calls: a revoked token is invalid_credentials, a server error or rate limit unavailable, junk invalid_response", async () => {
    const x = await connect("twitter");
    const tokens = await x.platform.exchangeCode(x);
    const revoked = await platformRejection(x.platform.fetchProfile({ ...tokens, accessToken: "revoked-token" }));
    expect(revoked).toMatchObject({ kind: "invalid_credentials", status: 401 });
    expect(revoked.message).toBe("X (Twitter) no longer accepts this connection. Reconnect the account.");
    expectNoSecrets(revoked, ["revoked-token"]);

    provider.respondOnce("/api/twitter/users/me", 500, { title: "Internal Error" });
    expect(await platformRejection(x.platform.fetchProfile(tokens))).toMatchObject({ kind: "unavailable", status: 500 });
    provider.respondOnce("/api/twitter/users/me", 429, { title: "Too Many Requests" });
    expect(await platformRejection(x.platform.fetchProfile(tokens))).toMatchObject({ kind: "unavailable", status: 429 });
    provider.respondOnce("/api/twitter/users/me", 200, { data: { name: "no id" } });
    expect(await platformRejection(x.platform.fetchProfile(tokens))).toMatchObject({ kind: "invalid_response" });
  });

  it("an account with no Facebook Page, YouTube channel or Business Profile is not eligible", async () => {
    const cases: Array<[FakeOAuthPlatform, string, unknown, RegExp]> = [
      ["facebook", "/api/facebook/me/accounts", { data: [] }, /manages no Page/],
      ["youtube", "/api/youtube/channels", { kind: "youtube#channelListResponse", items: [] }, /no YouTube channel/],
      ["google_business", "/api/google_business/accounts", {}, /no Business Profile/],
    ];
    for (const [id, path, body, message] of cases) {
      const flow = await connect(id);
      const tokens = await flow.platform.exchangeCode(flow);
      provider.respondOnce(path, 200, body);
      const error = await platformRejection(flow.platform.fetchProfile(tokens));
      expect(error.kind).toBe("not_eligible");
      expect(error.message).toMatch(message);
    }
  });

  it("Threads without readable insights connects with 0 followers", async () => {
    const flow = await connect("threads");
    const tokens = await flow.platform.exchangeCode(flow);
    provider.respondOnce("/api/threads/v1.0/2580/threads_insights", 403, { error: { message: "missing permission", code: 10 } });
    expect(await flow.platform.fetchProfile(tokens)).toMatchObject({ externalId: "2580", followers: 0 });
  });

  it("a provider that cannot be reached is unavailable", async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const flow = await connect("reddit");
    process.env.REDDIT_TOKEN_URL = `${closed}/token`;
    process.env.PINTEREST_API_BASE_URL = `${closed}/v5`;
    try {
      const error = await platformRejection(flow.platform.exchangeCode(flow));
      expect(error.kind).toBe("unavailable");
      expect(error.message).toBe("Could not reach Reddit. Please try again in a few minutes.");
      const pinterest = oauthPlatform("pinterest")!;
      const profileError = await platformRejection(pinterest.fetchProfile({ accessToken: "a", refreshToken: null, expiresAt: null }));
      expect(profileError.kind).toBe("unavailable");
    } finally {
      Object.assign(process.env, fakePlatformEnv("reddit", provider.url), fakePlatformEnv("pinterest", provider.url));
    }
  });
});

describe("configuration", () => {
  it("an unconfigured platform names the variables to set, and refuses to start a flow", () => {
    const saved = { id: process.env.LINKEDIN_CLIENT_ID, secret: process.env.LINKEDIN_CLIENT_SECRET };
    delete process.env.LINKEDIN_CLIENT_ID;
    delete process.env.LINKEDIN_CLIENT_SECRET;
    try {
      const linkedin = oauthPlatform("linkedin")!;
      expect(linkedin.missingVariables()).toEqual(["LINKEDIN_CLIENT_ID", "LINKEDIN_CLIENT_SECRET"]);
      const entry = connectablePlatforms().find((p) => p.id === "linkedin")!;
      expect(entry).toMatchObject({ configured: false, missingVariables: ["LINKEDIN_CLIENT_ID", "LINKEDIN_CLIENT_SECRET"] });
      expect(() => linkedin.authorizationUrl({ state: "s", codeVerifier: "v", redirectUri: "http://127.0.0.1/cb" })).toThrow(
        "Connecting LinkedIn isn't set up on this server yet. Ask your administrator.",
      );
    } finally {
      process.env.LINKEDIN_CLIENT_ID = saved.id;
      process.env.LINKEDIN_CLIENT_SECRET = saved.secret;
    }
    expect(connectablePlatforms().find((p) => p.id === "linkedin")!.configured).toBe(true);
  });
});
