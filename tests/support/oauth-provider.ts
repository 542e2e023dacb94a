import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local OAuth 2 provider for tests: plays the authorization, token and profile endpoints of the
 * platforms (one server for all of them, each platform a client of its own), checks every request
 * as strictly as the real ones (client authentication where the platform wants it, redirect URI,
 * PKCE S256, one-time codes, rotating refresh tokens, bearer tokens) and logs it.
 *
 * Use: `startOAuthProvider()`, `installFakePlatform(provider, "twitter")`, then point the app at it
 * with `fakePlatformEnv("twitter", provider.url)` (process.env or a server's env).
 */

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  /** The query string as sent (without "?"), for encodings the parsed `query` no longer shows. */
  readonly rawQuery: string;
  readonly form: Record<string, string>;
  readonly authorization: string | null;
  /** Decoded HTTP Basic credentials, if any. */
  readonly basic: { readonly username: string; readonly password: string } | null;
  readonly bearer: string | null;
  readonly contentType: string;
  /** The parsed JSON body, if any. */
  readonly json: unknown;
  /** multipart/form-data fields: text as strings, files as their name, type and size. */
  readonly multipart: Record<string, string | { readonly fileName: string; readonly type: string; readonly size: number }>;
  readonly bodySize: number;
  /** The raw body, for uploads whose bytes a test compares. */
  readonly body: Uint8Array;
  /** Request headers, names in lower case (repeated ones joined). */
  readonly headers: Readonly<Record<string, string>>;
}

/** A JSON body sent as written, for what JSON.stringify cannot produce (int64 numbers beyond 2^53). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An API answer with a status and headers other than 200 (return it from a route handler). */
export class ApiReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export interface ProviderClient {
  readonly clientId: string;
  readonly clientSecret: string;
  /** Where the token endpoint expects the client credentials. */
  readonly auth: "basic" | "body";
  /** TikTok: client_key. */
  readonly clientIdParam?: string;
  /** Require a PKCE S256 challenge at /authorize and its verifier at /token. */
  readonly pkce: boolean;
  /** Does the code exchange grant a refresh token (Meta: no). */
  readonly refreshTokens: boolean;
  /** Does a refresh grant a new refresh token (X, TikTok) or keep the old one valid (Google, Reddit). */
  readonly rotate: boolean;
  /** Wrap the code exchange answer in `data: [ ... ]` (Instagram's documented shape). */
  readonly wrapInData?: boolean;
  readonly expiresIn?: number;
}

type ApiHandler = (request: RecordedRequest) => unknown | Promise<unknown>;

export interface RouteOptions {
  /** Answered without a bearer token (upload addresses that carry their own token, like TikTok's). */
  readonly anonymous?: boolean;
  /** The body of the 401 to a missing or invalid token, where the platform has its own shape. */
  readonly unauthorized?: unknown;
  /**
   * Only requests with this method; they are answered before a route of the same path without one
   * (X's GET /2/tweets reads, its POST publishes).
   */
  readonly method?: string;
}

interface Route {
  readonly handler: ApiHandler;
  readonly options: RouteOptions;
}

interface Grant {
  readonly client: ProviderClient;
  readonly redirectUri: string;
  readonly challenge: string | null;
  readonly scope: string;
}

/** Meta's GET token calls: the long-lived exchanges and renewals. */
const META_GRANTS = new Set(["fb_exchange_token", "ig_exchange_token", "th_exchange_token", "ig_refresh_token", "th_refresh_token"]);

export interface OAuthProvider {
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** When true, every refresh (refresh_token grant, Meta renewal) is refused like an expired grant. */
  failRefresh: boolean;
  addClient(client: ProviderClient): void;
  /** A JSON API endpoint (any method unless `options.method`), answered only with a valid bearer token unless `anonymous`. */
  route(path: string, handler: ApiHandler, options?: RouteOptions): void;
  /** The next request to this path (or the one after `after` others) gets this answer instead (to play outages and refusals). */
  respondOnce(path: string, status: number, body: unknown, headers?: Record<string, string>, options?: { readonly after?: number }): void;
  /** Requests whose path starts with this prefix. */
  requestsTo(prefix: string): RecordedRequest[];
  /** The access tokens currently valid. */
  isValidAccessToken(token: string): boolean;
  /** A new valid access token (e.g. a Facebook Page token derived from the user's). */
  grantAccessToken(): string;
  clear(): void;
  close(): Promise<void>;
}

/** An incoming request as the local platform servers record it (body read and parsed). */
export const readRequest = async (req: IncomingMessage): Promise<RecordedRequest> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? "/", "http://provider");
  const authorization = req.headers.authorization ?? null;
  let basic: RecordedRequest["basic"] = null;
  if (authorization?.startsWith("Basic ")) {
    const decoded = Buffer.from(authorization.slice(6), "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    basic = { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
  }
  const contentType = req.headers["content-type"] ?? "";
  const isForm = contentType.startsWith("application/x-www-form-urlencoded");
  const raw = Buffer.concat(chunks);
  let parsedJson: unknown = undefined;
  if (contentType.startsWith("application/json") && raw.length > 0) {
    try {
      parsedJson = JSON.parse(raw.toString("utf8"));
    } catch {
      parsedJson = undefined;
    }
  }
  const multipart: RecordedRequest["multipart"] = {};
  if (contentType.startsWith("multipart/form-data")) {
    const data = await new Response(raw, { headers: { "content-type": contentType } }).formData();
    for (const [name, value] of data.entries()) {
      multipart[name] = typeof value === "string" ? value : { fileName: value.name, type: value.type, size: value.size };
    }
  }
  return {
    method: req.method ?? "GET",
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    rawQuery: url.search.slice(1),
    form: isForm ? Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8"))) : {},
    authorization,
    basic,
    bearer: authorization?.startsWith("Bearer ") ? authorization.slice(7) : null,
    contentType,
    json: parsedJson,
    multipart,
    bodySize: raw.length,
    body: new Uint8Array(raw),
    headers: Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : (value ?? "")])),
  };
};

export const startOAuthProvider = async (): Promise<OAuthProvider> => {
  const clients = new Map<string, ProviderClient>();
  const routes = new Map<string, Route>();
  const once = new Map<string, { status: number; body: unknown; headers?: Record<string, string>; after: number }>();
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, ProviderClient>();
  const refreshTokens = new Map<string, ProviderClient>();
  const requests: RecordedRequest[] = [];
  let counter = 0;

  const token = (kind: string) => `${kind}-${++counter}-${randomBytes(6).toString("hex")}`;

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(body instanceof RawJson ? body.text : JSON.stringify(body));
  };

  const oauthError = (res: ServerResponse, status: number, error: string, description: string) => json(res, status, { error, error_description: description });

  const metaError = (res: ServerResponse, message: string) => json(res, 400, { error: { message, type: "OAuthException", code: 190, fbtrace_id: "fake" } });

  const issue = (client: ProviderClient, withRefresh: boolean, scope = "") => {
    const accessToken = token("access");
    accessTokens.set(accessToken, client);
    const body: Record<string, unknown> = { access_token: accessToken, token_type: "bearer", expires_in: client.expiresIn ?? 3600 };
    if (scope) body.scope = scope;
    if (withRefresh) {
      const refreshToken = token("refresh");
      refreshTokens.set(refreshToken, client);
      body.refresh_token = refreshToken;
    }
    return body;
  };

  /** The client a token request authenticates as, checked against where that client must put its credentials. */
  const authenticate = (request: RecordedRequest): ProviderClient | string => {
    const fromBody = request.form.client_id ?? request.form.client_key;
    const id = request.basic?.username ?? fromBody;
    const client = id ? clients.get(id) : undefined;
    if (!client) return "unknown client";
    if (client.auth === "basic") {
      if (!request.basic) return "client must authenticate with HTTP Basic";
      if (request.basic.password !== client.clientSecret) return "wrong client secret";
      if (request.form.client_secret) return "client secret must not be in the body";
    } else {
      if (request.basic) return "client must send its credentials in the body";
      if (request.form[client.clientIdParam ?? "client_id"] !== client.clientId) return `missing ${client.clientIdParam ?? "client_id"}`;
      if (request.form.client_secret !== client.clientSecret) return "wrong client secret";
    }
    return client;
  };

  const handleAuthorize = (request: RecordedRequest, res: ServerResponse) => {
    const q = request.query;
    const client = [...clients.values()].find((c) => q[c.clientIdParam ?? "client_id"] === c.clientId);
    if (!client) return json(res, 400, { error: "invalid_client" });
    if (q.response_type !== "code" || !q.redirect_uri || !q.state) return json(res, 400, { error: "invalid_request" });
    if (client.pkce && (q.code_challenge_method !== "S256" || !q.code_challenge)) {
      return json(res, 400, { error: "invalid_request", error_description: "PKCE S256 required" });
    }
    const code = token("code");
    codes.set(code, { client, redirectUri: q.redirect_uri, challenge: q.code_challenge ?? null, scope: q.scope ?? "" });
    const target = new URL(q.redirect_uri);
    target.searchParams.set("code", code);
    target.searchParams.set("state", q.state);
    res.writeHead(302, { location: target.toString() });
    res.end();
  };

  const handleToken = (request: RecordedRequest, res: ServerResponse) => {
    const authenticated = authenticate(request);
    if (typeof authenticated === "string") return oauthError(res, 401, "invalid_client", authenticated);
    const client = authenticated;
    const form = request.form;
    if (form.grant_type === "authorization_code") {
      const grant = codes.get(form.code ?? "");
      codes.delete(form.code ?? "");
      if (!grant || grant.client !== client) return oauthError(res, 400, "invalid_grant", "unknown or used code");
      if (form.redirect_uri !== grant.redirectUri) return oauthError(res, 400, "invalid_grant", "redirect_uri differs");
      if (grant.challenge !== null) {
        const expected = createHash("sha256")
          .update(form.code_verifier ?? "")
          .digest("base64url");
        if (!form.code_verifier || expected !== grant.challenge) return oauthError(res, 400, "invalid_grant", "code_verifier does not match");
      } else if (form.code_verifier) {
        return oauthError(res, 400, "invalid_request", "code_verifier without a challenge");
      }
      const body = issue(client, client.refreshTokens, grant.scope);
      return json(res, 200, client.wrapInData ? { data: [{ ...body, user_id: 17841400000000001, permissions: grant.scope }] } : body);
    }
    if (form.grant_type === "refresh_token") {
      const owner = refreshTokens.get(form.refresh_token ?? "");
      if (provider.failRefresh || owner !== client) return oauthError(res, 400, "invalid_grant", "refresh token expired or revoked");
      if (client.rotate) refreshTokens.delete(form.refresh_token!);
      return json(res, 200, issue(client, client.rotate));
    }
    if (form.grant_type === "client_credentials") {
      // An app-only token (Reddit's application-only OAuth, TikTok's client access token): no user, no refresh token.
      return json(res, 200, issue(client, false));
    }
    return oauthError(res, 400, "unsupported_grant_type", String(form.grant_type));
  };

  /** Meta: GET with the credentials and the token to trade in the query string. */
  const handleMetaGrant = (request: RecordedRequest, res: ServerResponse) => {
    const q = request.query;
    const traded = q.fb_exchange_token ?? q.access_token ?? "";
    const owner = accessTokens.get(traded);
    if (!owner) return metaError(res, "Error validating access token: the session is invalid.");
    if (q.grant_type === "fb_exchange_token" && (q.client_id !== owner.clientId || q.client_secret !== owner.clientSecret)) {
      return metaError(res, "Error validating client secret.");
    }
    if ((q.grant_type === "ig_exchange_token" || q.grant_type === "th_exchange_token") && q.client_secret !== owner.clientSecret) {
      return metaError(res, "Error validating client secret.");
    }
    if (provider.failRefresh) return metaError(res, "Error validating access token: Session has expired.");
    accessTokens.delete(traded);
    return json(res, 200, issue({ ...owner, expiresIn: 5_184_000 }, false));
  };

  const handleApi = async (request: RecordedRequest, res: ServerResponse, { handler, options }: Route) => {
    if (!options.anonymous && (!request.bearer || !accessTokens.has(request.bearer))) {
      return json(res, 401, options.unauthorized ?? { error: { code: "invalid_token", message: "Invalid OAuth access token." } });
    }
    const answer = await handler(request);
    if (answer instanceof ApiReply) return json(res, answer.status, answer.body, answer.headers);
    return json(res, 200, answer);
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const request = await readRequest(req);
    requests.push(request);

    const injected = once.get(request.path);
    if (injected && injected.after > 0) injected.after--;
    else if (injected) {
      once.delete(request.path);
      return json(res, injected.status, injected.body, injected.headers);
    }
    if (request.method === "GET" && request.path === "/authorize") return handleAuthorize(request, res);
    if (request.method === "GET" && META_GRANTS.has(request.query.grant_type ?? "")) return handleMetaGrant(request, res);
    if (request.method === "POST" && request.path === "/token") return handleToken(request, res);
    const route = routes.get(`${request.method} ${request.path}`) ?? routes.get(request.path);
    if (route) return handleApi(request, res, route);
    json(res, 404, { error: "not_found", path: request.path });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const provider: OAuthProvider = {
    url: `http://127.0.0.1:${port}`,
    requests,
    failRefresh: false,
    addClient: (client) => void clients.set(client.clientId, client),
    route: (path, handler, options = {}) => void routes.set(options.method ? `${options.method} ${path}` : path, { handler, options }),
    respondOnce: (path, status, body, headers, options) => void once.set(path, { status, body, headers, after: options?.after ?? 0 }),
    requestsTo: (prefix) => requests.filter((r) => r.path.startsWith(prefix)),
    isValidAccessToken: (t) => accessTokens.has(t),
    grantAccessToken: () => {
      const granted = token("access");
      accessTokens.set(granted, [...clients.values()][0]!);
      return granted;
    },
    clear: () => {
      requests.length = 0;
      once.clear();
      provider.failRefresh = false;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return provider;
};

// -----------------------------------------------------------------------------------------------
// The ten OAuth platforms as this provider plays them: client behaviour, endpoints, profile answers
// (shaped like each platform's documented responses).

export type FakeOAuthPlatform =
  "facebook" | "instagram" | "twitter" | "linkedin" | "tiktok" | "youtube" | "pinterest" | "google_business" | "threads" | "reddit";

interface FakePlatform {
  readonly client: Omit<ProviderClient, "clientId" | "clientSecret">;
  /** API paths under /api/<platform>, and what they answer. */
  readonly routes: Readonly<Record<string, ApiHandler>>;
}

const metaClient = { auth: "body", pkce: false, refreshTokens: false, rotate: false } as const;

export const FAKE_PLATFORMS: Readonly<Record<FakeOAuthPlatform, FakePlatform>> = {
  twitter: {
    client: { auth: "basic", pkce: true, refreshTokens: true, rotate: true, expiresIn: 7200 },
    routes: {
      "/users/me": () => ({
        data: {
          id: "2244994945",
          name: "SocialDesk Test",
          username: "socialdesk_test",
          profile_image_url: "https://pbs.twimg.com/profile_images/1/avatar_normal.jpg",
          public_metrics: { followers_count: 1234, following_count: 5, tweet_count: 10, listed_count: 0 },
        },
      }),
    },
  },
  linkedin: {
    // Refresh tokens are for approved partner apps; the fake grants them so the refresh path is exercised.
    client: { auth: "body", pkce: false, refreshTokens: true, rotate: false, expiresIn: 5_184_000 },
    routes: {
      "/userinfo": () => ({
        sub: "782bbtaQ",
        name: "Jane Doe",
        given_name: "Jane",
        family_name: "Doe",
        picture: "https://media.licdn.com/dms/image/jane.jpg",
        email: "jane@example.com",
        email_verified: true,
        locale: { country: "US", language: "en" },
      }),
    },
  },
  tiktok: {
    client: { auth: "body", clientIdParam: "client_key", pkce: true, refreshTokens: true, rotate: true, expiresIn: 86_400 },
    routes: {
      "/user/info/": () => ({
        data: {
          user: {
            open_id: "723f24d7-e717-40f8-a2b6-cb8464cd23b4",
            union_id: "c9c60f44-a68e-4f5d-84dd-ce22faeb0ba1",
            avatar_url: "https://p16-sign.tiktokcdn-us.com/avatar.jpeg",
            display_name: "Tik Tester",
            username: "tiktester",
            follower_count: 321,
            profile_deep_link: "https://vm.tiktok.com/ZMabc/",
          },
        },
        error: { code: "ok", message: "", log_id: "20220829194722CBE87ED59D524E727021" },
      }),
    },
  },
  youtube: {
    client: { auth: "basic", pkce: true, refreshTokens: true, rotate: false },
    routes: {
      "/channels": () => ({
        kind: "youtube#channelListResponse",
        items: [
          {
            id: "UC_x5XG1OV2P6uZZ5FSM9Ttw",
            snippet: {
              title: "Test Channel",
              customUrl: "@testchannel",
              thumbnails: { default: { url: "https://yt3.ggpht.com/a=s88" }, high: { url: "https://yt3.ggpht.com/a=s800" } },
            },
            statistics: { viewCount: "1000", subscriberCount: "4567", hiddenSubscriberCount: false, videoCount: "12" },
          },
        ],
      }),
    },
  },
  google_business: {
    client: { auth: "basic", pkce: true, refreshTokens: true, rotate: false },
    routes: {
      "/accounts": () => ({
        accounts: [{ name: "accounts/1234567890", accountName: "Joe's Pizza", type: "LOCATION_GROUP", verificationState: "VERIFIED" }],
      }),
      // Business Information API (GOOGLE_BUSINESS_INFO_API_BASE_URL → /api/google_business/info).
      "/info/accounts/1234567890/locations": () => ({
        locations: [
          {
            name: "locations/987654321",
            title: "Joe's Pizza Downtown",
            storefrontAddress: { addressLines: ["1 Main St"], locality: "Springfield", postalCode: "12345" },
            metadata: { mapsUri: "https://maps.google.com/maps?cid=123" },
          },
        ],
      }),
    },
  },
  pinterest: {
    client: { auth: "basic", pkce: false, refreshTokens: true, rotate: false, expiresIn: 2_592_000 },
    routes: {
      "/user_account": () => ({
        account_type: "BUSINESS",
        id: "549755885175",
        profile_image: "https://i.pinimg.com/600x600_R/42/f5/36/avatar.jpg",
        website_url: "https://example.com",
        username: "pinner",
        business_name: "Pinner Co",
        follower_count: 88,
        following_count: 3,
      }),
    },
  },
  reddit: {
    client: { auth: "basic", pkce: false, refreshTokens: true, rotate: false },
    routes: {
      "/api/v1/me": () => ({
        id: "abc123",
        name: "redditor",
        icon_img: "https://styles.redditmedia.com/t5_1/styles/profileIcon_x.png?width=256&amp;s=abc",
        snoovatar_img: "",
        subreddit: { display_name_prefixed: "u/redditor", subscribers: 17, url: "/user/redditor/" },
        total_karma: 1000,
      }),
    },
  },
  facebook: {
    client: metaClient,
    routes: {
      "/me/accounts": () => ({
        data: [
          {
            id: "101",
            name: "Joe's Pizza",
            username: "joespizza",
            link: "https://www.facebook.com/joespizza",
            picture: { data: { url: "https://scontent.xx.fbcdn.net/page.jpg", is_silhouette: false } },
            followers_count: 2500,
            fan_count: 2400,
          },
          { id: "102", name: "Second Page", followers_count: 3 },
        ],
        paging: { cursors: { before: "a", after: "b" } },
      }),
    },
  },
  instagram: {
    client: { ...metaClient, wrapInData: true },
    routes: {
      "/v23.0/me": () => ({
        id: "9999",
        user_id: "17841400000000001",
        username: "joes.pizza",
        name: "Joe's Pizza",
        account_type: "BUSINESS",
        profile_picture_url: "https://scontent.cdninstagram.com/avatar.jpg",
        followers_count: 999,
      }),
    },
  },
  threads: {
    client: metaClient,
    routes: {
      "/v1.0/me": () => ({
        id: "2580",
        username: "joes.threads",
        name: "Joe",
        threads_profile_picture_url: "https://scontent.cdninstagram.com/threads.jpg",
      }),
      "/v1.0/2580/threads_insights": () => ({
        data: [
          {
            name: "followers_count",
            period: "day",
            title: "followers_count",
            total_value: { value: 77 },
            id: "2580/insights/followers_count/day",
          },
        ],
      }),
    },
  },
};

const envPrefix = (platform: FakeOAuthPlatform) => platform.toUpperCase();

export const fakeClientId = (platform: FakeOAuthPlatform) => `${platform}-client-id`;
export const fakeClientSecret = (platform: FakeOAuthPlatform) => `${platform}-client-secret`;

/** Registers the platform's client and its API routes (under /api/<platform>) with the provider. */
export const installFakePlatform = (provider: OAuthProvider, platform: FakeOAuthPlatform) => {
  const fake = FAKE_PLATFORMS[platform];
  provider.addClient({ ...fake.client, clientId: fakeClientId(platform), clientSecret: fakeClientSecret(platform) });
  for (const [path, handler] of Object.entries(fake.routes)) provider.route(`/api/${platform}${path}`, handler);
};

/** The environment that points the platform's adapter at the provider. */
export const fakePlatformEnv = (platform: FakeOAuthPlatform, providerUrl: string): Record<string, string> => {
  const p = envPrefix(platform);
  const env: Record<string, string> = {
    [`${p}_CLIENT_ID`]: fakeClientId(platform),
    [`${p}_CLIENT_SECRET`]: fakeClientSecret(platform),
    [`${p}_AUTHORIZE_URL`]: `${providerUrl}/authorize`,
    [`${p}_TOKEN_URL`]: `${providerUrl}/token`,
    [`${p}_API_BASE_URL`]: `${providerUrl}/api/${platform}`,
  };
  if (platform === "google_business") env.GOOGLE_BUSINESS_INFO_API_BASE_URL = `${providerUrl}/api/google_business/info`;
  return env;
};

// -----------------------------------------------------------------------------------------------
// Publishing: the documented publish calls of each platform, checking what the real ones check
// (method, required fields, media present) and answering ids shaped like theirs.

const metaBad = (message: string, code = 100) => new ApiReply(400, { error: { message, type: "OAuthException", code, fbtrace_id: "fake" } });
const needs = (r: RecordedRequest, method: string) => (r.method !== method ? new ApiReply(405, { error: { message: `use ${method}` } }) : null);

export const installPublishRoutes = (provider: OAuthProvider) => {
  let n = 0;
  const id = () => String(++n).padStart(6, "0");
  const r = (path: string, handler: ApiHandler) => provider.route(path, handler);

  // Facebook Pages (Graph API).
  r(
    "/api/facebook/101",
    (q) => needs(q, "GET") ?? (q.query.fields === "access_token" ? { access_token: provider.grantAccessToken(), id: "101" } : { id: "101" }),
  );
  r("/api/facebook/101/feed", (q) => needs(q, "POST") ?? (q.form.message || q.form.link ? { id: `101_${id()}` } : metaBad("(#100) The post is empty.")));
  r("/api/facebook/101/photos", (q) => {
    const source = q.multipart.source;
    if (typeof source !== "object" || !source.type.startsWith("image/")) return metaBad("(#324) Requires upload file");
    const photo = id();
    return q.multipart.published === "false" ? { id: photo } : { id: photo, post_id: `101_${photo}` };
  });
  r("/api/facebook/101/videos", (q) => (typeof q.multipart.source === "object" ? { id: id() } : metaBad("(#352) The video file is missing")));

  // Instagram (graph.instagram.com/v23.0).
  const ig = "/api/instagram/v23.0";
  r(`${ig}/17841400000000001/media`, (q) => {
    if (q.form.media_type === "CAROUSEL") return q.form.children ? { id: `c${id()}` } : metaBad("children required");
    if (!q.form.image_url && !q.form.video_url) return metaBad("(#100) Only photo or video can be accepted as media type.", 9004);
    return { id: `c${id()}` };
  });
  r(`${ig}/17841400000000001/media_publish`, (q) => (q.form.creation_id ? { id: "18000000000000001" } : metaBad("creation_id required")));
  r(`${ig}/18000000000000001`, () => ({ permalink: "https://www.instagram.com/p/ABC123/", id: "18000000000000001" }));
  r(`${ig}/18000000000000001/comments`, (q) => (q.form.message ? { id: "comment-1" } : metaBad("message required")));

  // Threads (graph.threads.net/v1.0).
  const th = "/api/threads/v1.0";
  r(`${th}/me/threads`, (q) => {
    const type = q.form.media_type;
    if (q.form.is_carousel_item !== "true" && !["TEXT", "IMAGE", "VIDEO", "CAROUSEL"].includes(type ?? "")) return metaBad("media_type required");
    if (type === "IMAGE" && !q.form.image_url) return metaBad("image_url required");
    return { id: `t${id()}` };
  });
  r(`${th}/me/threads_publish`, (q) => (q.form.creation_id ? { id: "17890000000000001" } : metaBad("creation_id required")));
  r(`${th}/17890000000000001`, () => ({ permalink: "https://www.threads.net/@joes.threads/post/XYZ", id: "17890000000000001" }));

  // X (api.x.com/2).
  r("/api/twitter/media/upload", (q) =>
    typeof q.multipart.media === "object" && q.multipart.media_category
      ? { data: { id: "1880000000000000001", media_key: "3_1880000000000000001" } }
      : new ApiReply(400, { title: "Invalid Request", detail: "media is required" }),
  );
  r("/api/twitter/media/metadata", (q) =>
    (q.json as any)?.metadata?.alt_text?.text ? { data: { associated_metadata: true } } : new ApiReply(400, { detail: "alt text" }),
  );
  r("/api/twitter/tweets", (q) => {
    const body = q.json as Record<string, any> | undefined;
    if (!body?.text && !body?.media) return new ApiReply(400, { title: "Invalid Request", detail: "One or more parameters to your request was invalid." });
    // A reply (the next post of a thread) gets the id after the one it answers.
    const answered = body.reply?.in_reply_to_tweet_id;
    const tweetId = typeof answered === "string" ? String(BigInt(answered) + 1n) : "1890000000000000001";
    return new ApiReply(201, { data: { id: tweetId, text: body.text, edit_history_tweet_ids: [tweetId] } });
  });

  // LinkedIn (api.linkedin.com/rest; LINKEDIN_REST_API_BASE_URL → /api/linkedin/rest).
  r("/api/linkedin/rest/images", (q) => {
    if (q.query.action !== "initializeUpload" || !(q.json as any)?.initializeUploadRequest?.owner) return new ApiReply(400, { message: "bad init" });
    const image = `urn:li:image:C4E${id()}`;
    return {
      value: { uploadUrlExpiresAt: Date.now() + 3_600_000, uploadUrl: `${provider.url}/api/linkedin/upload?image=${encodeURIComponent(image)}`, image },
    };
  });
  r("/api/linkedin/rest/posts", (q) => {
    const body = q.json as Record<string, any> | undefined;
    if (q.authorization && !body?.author?.startsWith("urn:li:")) return new ApiReply(422, { message: "author is invalid", status: 422 });
    return new ApiReply(201, null, { "x-restli-id": `urn:li:share:7${id()}` });
  });

  r("/api/linkedin/upload", (q) => needs(q, "PUT") ?? (q.bodySize > 0 ? new ApiReply(201, null) : new ApiReply(400, { message: "empty upload" })));

  // Google Business Profile (mybusiness.googleapis.com/v4 → /api/google_business/v4).
  // An OFFER and an EVENT need event.title and event.schedule's dates, as Google says.
  for (const location of ["987654321", "555000111"]) {
    r(`/api/google_business/v4/accounts/1234567890/locations/${location}/localPosts`, (q) => {
      const body = q.json as Record<string, any> | undefined;
      const invalid = () => new ApiReply(400, { error: { code: 400, message: "Request contains an invalid argument.", status: "INVALID_ARGUMENT" } });
      if (!body?.summary || !body.languageCode || !["STANDARD", "EVENT", "OFFER"].includes(body.topicType)) return invalid();
      if (body.topicType !== "STANDARD" && (!body.event?.title || !body.event?.schedule?.startDate?.year || !body.event?.schedule?.endDate?.year))
        return invalid();
      if (body.topicType !== "STANDARD") {
        // Google Dates and TimeOfDays: a real day, the end not before the start.
        const { startDate: s, endDate: e, startTime, endTime } = body.event.schedule;
        const at = (d: any, t: any) => Date.UTC(d.year, d.month - 1, d.day, t?.hours ?? 0, t?.minutes ?? 0);
        const real = (d: any) => new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDate() === d.day && d.month >= 1 && d.month <= 12;
        const time = (t: any) => t === undefined || ((t.hours ?? 0) >= 0 && (t.hours ?? 0) <= 23 && (t.minutes ?? 0) >= 0 && (t.minutes ?? 0) <= 59);
        if (!real(s) || !real(e) || !time(startTime) || !time(endTime) || at(e, endTime) < at(s, startTime)) return invalid();
      }
      return {
        name: `accounts/1234567890/locations/${location}/localPosts/${id()}`,
        searchUrl: "https://local.google.com/place?id=1&use=posts",
        state: "LIVE",
        ...body,
      };
    });
  }

  // Pinterest (api.pinterest.com/v5).
  r("/api/pinterest/pins", (q) => {
    const body = q.json as Record<string, any> | undefined;
    if (!body?.board_id || !body.media_source) return new ApiReply(400, { code: 1, message: "Invalid request: board_id and media_source are required" });
    if (body.board_id === "missing") return new ApiReply(404, { code: 2, message: "Board not found." });
    return new ApiReply(201, { id: "813744226420795884", board_id: body.board_id, link: body.link ?? null });
  });

  // Reddit (oauth.reddit.com).
  r("/api/reddit/api/submit", (q) => {
    if (q.form.api_type !== "json") return "<html>not json</html>";
    if (q.form.sr === "doesnotexist") return { json: { errors: [["SUBREDDIT_NOEXIST", "that subreddit doesn't exist", "sr"]] } };
    if (q.form.sr === "busy") return { json: { errors: [["RATELIMIT", "you are doing that too much. try again in 5 minutes.", "ratelimit"]] } };
    return { json: { errors: [], data: { url: `https://www.reddit.com/r/${q.form.sr}/comments/1abcde/post/`, id: "1abcde", name: "t3_1abcde" } } };
  });

  // YouTube resumable upload (www.googleapis.com/upload/youtube/v3 → /api/youtube/upload).
  r("/api/youtube/upload/videos", (q) =>
    q.query.uploadType === "resumable" && (q.json as any)?.snippet?.title
      ? new ApiReply(200, null, { location: `${provider.url}/api/youtube/upload/session-1` })
      : new ApiReply(400, { error: { code: 400, message: "Bad metadata" } }),
  );
  r(
    "/api/youtube/upload/session-1",
    (q) => needs(q, "PUT") ?? (q.bodySize > 0 ? { id: "dQw4w9WgXcQ", kind: "youtube#video" } : new ApiReply(400, { error: { message: "empty" } })),
  );

  installTikTokPublishRoutes(provider, id);
};

/** The privacy levels the fake TikTok creator may post with (MUTUAL_FOLLOW_FRIENDS is not among them). */
export const FAKE_TIKTOK_PRIVACY_LEVELS = ["PUBLIC_TO_EVERYONE", "FOLLOWER_OF_CREATOR", "SELF_ONLY"];
/** Beyond 2^53: a JSON number parsed as a double would lose its last digits. */
export const FAKE_TIKTOK_POST_ID = "7412345678901234567";
/** The address prefix the fake TikTok app has verified: photos are pulled only from there. */
export const FAKE_TIKTOK_VERIFIED_PREFIX = "https://cdn.example.com/";

const MiB = 1024 * 1024;

/** The Media Transfer Guide's chunk rules, read strictly (5 MB as MiB, 64 MB as 10^6 bytes). */
const tiktokChunkRuleBroken = (size: unknown, chunk: unknown, count: unknown): string | null => {
  if (typeof size !== "number" || typeof chunk !== "number" || typeof count !== "number" || size <= 0 || chunk <= 0 || count < 1) {
    return "video_size, chunk_size and total_chunk_count are required";
  }
  if (count !== Math.floor(size / chunk)) return "total_chunk_count must be video_size / chunk_size rounded down";
  if (count > 1000) return "at most 1000 chunks";
  if (size < 5 * MiB && chunk !== size) return "a video under 5 MB is uploaded whole";
  if (size > 64_000_000 && count < 2) return "a video over 64 MB is uploaded in chunks";
  if (count > 1 && (chunk < 5 * MiB || chunk > 64_000_000)) return "chunks are 5 MB to 64 MB";
  if (size - (count - 1) * chunk > 128_000_000) return "the last chunk is at most 128 MB";
  return null;
};

/**
 * TikTok's Content Posting API (open.tiktokapis.com/v2 → /api/tiktok): creator info, video init and
 * its upload address (anonymous, sequential chunks checked against Content-Range), photo init by
 * URL, and the status. Every answer carries `error.code`, "ok" on success.
 */
const installTikTokPublishRoutes = (provider: OAuthProvider, id: () => string) => {
  const log_id = "202501010000000000FAKE";
  const ok = (data: unknown) => ({ data, error: { code: "ok", message: "", log_id } });
  const refuse = (status: number, code: string, message: string) => new ApiReply(status, { error: { code, message, log_id } });
  const unauthorized = { error: { code: "access_token_invalid", message: "The access token is invalid or not found in the request.", log_id } };
  const route = (path: string, handler: ApiHandler, options: RouteOptions = {}) => provider.route(`/api/tiktok${path}`, handler, { unauthorized, ...options });
  const badCall = (q: RecordedRequest) =>
    q.method !== "POST"
      ? refuse(405, "invalid_params", "Use POST.")
      : q.contentType !== "application/json; charset=UTF-8"
        ? refuse(400, "invalid_params", "Content-Type must be application/json; charset=UTF-8.")
        : null;
  const privacyRefused = (level: unknown) =>
    FAKE_TIKTOK_PRIVACY_LEVELS.includes(level as string)
      ? null
      : refuse(400, "privacy_level_option_mismatch", "privacy_level is not among the creator's privacy_level_options.");

  interface Upload {
    readonly size: number;
    readonly chunkSize: number;
    readonly count: number;
    received: number;
    chunks: number;
  }
  const uploads = new Map<string, Upload>();
  const publishes = new Map<string, { readonly upload: Upload | null }>();

  route(
    "/post/publish/creator_info/query/",
    (q) =>
      badCall(q) ??
      ok({
        creator_avatar_url: "https://p16-sign.tiktokcdn-us.com/avatar.jpeg",
        creator_username: "tiktester",
        creator_nickname: "Tik Tester",
        privacy_level_options: FAKE_TIKTOK_PRIVACY_LEVELS,
        comment_disabled: false,
        duet_disabled: false,
        stitch_disabled: false,
        max_video_post_duration_sec: 600,
      }),
  );

  route("/post/publish/video/init/", (q) => {
    const body = q.json as Record<string, any> | undefined;
    const info = body?.post_info;
    const source = body?.source_info;
    const refused = badCall(q) ?? privacyRefused(info?.privacy_level);
    if (refused) return refused;
    if (typeof info.title !== "string" || info.title.length > 2200) return refuse(400, "invalid_params", "title is at most 2200 characters.");
    if (source?.source !== "FILE_UPLOAD") return refuse(400, "invalid_params", "source_info.source must be FILE_UPLOAD or PULL_FROM_URL.");
    const broken = tiktokChunkRuleBroken(source.video_size, source.chunk_size, source.total_chunk_count);
    if (broken) return refuse(400, "invalid_params", broken);
    const uploadToken = randomBytes(6).toString("hex");
    const upload: Upload = { size: source.video_size, chunkSize: source.chunk_size, count: source.total_chunk_count, received: 0, chunks: 0 };
    uploads.set(uploadToken, upload);
    const publishId = `v_pub_file~v2-1.${id()}`;
    publishes.set(publishId, { upload });
    return ok({ publish_id: publishId, upload_url: `${provider.url}/api/tiktok/upload/video/?upload_id=${id()}&upload_token=${uploadToken}` });
  });

  route(
    "/upload/video/",
    (q) => {
      if (q.method !== "PUT") return new ApiReply(405, { error: { code: "invalid_params", message: "Use PUT.", log_id } });
      const upload = uploads.get(q.query.upload_token ?? "");
      if (!upload) return new ApiReply(404, { error: { code: "invalid_params", message: "Unknown upload.", log_id } });
      if (!q.headers["content-type"]?.startsWith("video/"))
        return new ApiReply(415, { error: { code: "invalid_params", message: "Content-Type must be the video's.", log_id } });
      const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(q.headers["content-range"] ?? "");
      if (!range) return new ApiReply(400, { error: { code: "invalid_params", message: "Content-Range is required.", log_id } });
      const [first, last, total] = range.slice(1).map(Number) as [number, number, number];
      const isLast = upload.chunks === upload.count - 1;
      const expected = isLast ? upload.size - upload.received : upload.chunkSize;
      if (
        total !== upload.size ||
        first !== upload.received ||
        last - first + 1 !== q.bodySize ||
        q.bodySize !== expected ||
        Number(q.headers["content-length"]) !== q.bodySize
      ) {
        return new ApiReply(416, {
          error: { code: "invalid_params", message: `Expected bytes ${upload.received}-${upload.received + expected - 1}/${upload.size}.`, log_id },
        });
      }
      upload.received += q.bodySize;
      upload.chunks += 1;
      return new ApiReply(isLast ? 201 : 206, null);
    },
    { anonymous: true },
  );

  route("/post/publish/content/init/", (q) => {
    const body = q.json as Record<string, any> | undefined;
    const refused = badCall(q) ?? privacyRefused(body?.post_info?.privacy_level);
    if (refused) return refused;
    if (body!.media_type !== "PHOTO" || body!.post_mode !== "DIRECT_POST")
      return refuse(400, "invalid_params", "media_type PHOTO and post_mode DIRECT_POST are required.");
    const { title = "", description = "" } = body!.post_info;
    if (title.length > 90 || description.length > 4000) return refuse(400, "invalid_params", "title is at most 90 characters, description 4000.");
    const source = body!.source_info;
    const images = source?.photo_images;
    if (source?.source !== "PULL_FROM_URL" || !Array.isArray(images) || images.length === 0 || images.length > 35) {
      return refuse(400, "invalid_params", "photo_images takes 1 to 35 addresses.");
    }
    if (!(source.photo_cover_index >= 0 && source.photo_cover_index < images.length))
      return refuse(400, "invalid_params", "photo_cover_index is out of range.");
    if (!images.every((url: unknown) => typeof url === "string" && url.startsWith(FAKE_TIKTOK_VERIFIED_PREFIX))) {
      return refuse(403, "url_ownership_unverified", "The domain of the photo URLs is not verified.");
    }
    const publishId = `p_pub_url~v2.${id()}`;
    publishes.set(publishId, { upload: null });
    return ok({ publish_id: publishId });
  });

  route("/post/publish/status/fetch/", (q) => {
    const refused = badCall(q);
    if (refused) return refused;
    const publish = publishes.get((q.json as { publish_id?: string } | undefined)?.publish_id ?? "");
    if (!publish) return refuse(400, "invalid_publish_id", "The publish_id does not exist.");
    const { upload } = publish;
    if (upload && upload.received < upload.size) return ok({ status: "PROCESSING_UPLOAD", uploaded_bytes: upload.received });
    return new RawJson(
      `{"data":{"status":"PUBLISH_COMPLETE","publicaly_available_post_id":[${FAKE_TIKTOK_POST_ID}],"uploaded_bytes":${upload?.size ?? 0}},` +
        `"error":{"code":"ok","message":"","log_id":"${log_id}"}}`,
    );
  });
};

/** The extra publishing endpoints (beyond `fakePlatformEnv`) pointing at the provider. */
export const fakePublishEnv = (providerUrl: string): Record<string, string> => ({
  LINKEDIN_REST_API_BASE_URL: `${providerUrl}/api/linkedin/rest`,
  GOOGLE_BUSINESS_POSTS_API_BASE_URL: `${providerUrl}/api/google_business/v4`,
  YOUTUBE_UPLOAD_API_BASE_URL: `${providerUrl}/api/youtube/upload`,
});

/**
 * A provider playing the given platforms, their endpoints (and the publishing ones) pointed at it
 * in process.env; `close` stops it and puts the environment back as it was.
 */
export const startFakePlatforms = async (platforms: ReadonlyArray<FakeOAuthPlatform>, options: { readonly publishing?: boolean } = {}) => {
  const saved = { ...process.env };
  const provider = await startOAuthProvider();
  for (const platform of platforms) {
    installFakePlatform(provider, platform);
    Object.assign(process.env, fakePlatformEnv(platform, provider.url));
  }
  if (options.publishing) {
    Object.assign(process.env, fakePublishEnv(provider.url));
    installPublishRoutes(provider);
  }
  const close = async () => {
    // By mutation: process.env must stay the real object.
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
    await provider.close();
  };
  return { provider, close };
};

// -----------------------------------------------------------------------------------------------
// Engagement: the documented read calls of each platform, checking what the real ones need (method,
// query, headers, id limits) and answering the figures a test set, shaped like each platform's.

export type FakeEngagementPlatform = "facebook" | "instagram" | "threads" | "twitter" | "linkedin" | "youtube" | "pinterest" | "reddit" | "tiktok";

/**
 * A post's figures under the names its platform gives them (absent: 0):
 * - facebook: `reactions`, `comments`, `shares`
 * - instagram: `like_count`, `comments_count`
 * - threads: `likes`, `replies`, `reposts`, `quotes`
 * - twitter: `like_count`, `retweet_count`, `quote_count`, `reply_count`
 * - linkedin: reaction types in capitals (`LIKE`, `PRAISE`, `EMPATHY`, ...), `comments`
 * - youtube: `likeCount`, `commentCount`, `viewCount`
 * - pinterest: `reaction`, `comment`, `impression` (lifetime metrics)
 * - reddit: `score`, `num_comments`
 * - tiktok: `like_count`, `comment_count`, `share_count`
 */
export type FakeMetrics = Readonly<Record<string, number>>;

export interface FakeEngagement {
  /** What the platform reports for this post from now on. */
  set(platform: FakeEngagementPlatform, postId: string, metrics: FakeMetrics): void;
  /** The post was deleted on the platform: answered as each platform answers a missing post. */
  remove(platform: FakeEngagementPlatform, postId: string): void;
}

/** Video ids beyond 2^53, like the real int64 ones: a JSON number parsed as a double would lose their last digits. */
export const FAKE_TIKTOK_VIDEO_IDS = ["7412345678901234567", "7412345678901234568", "7412345678901234569"];
const FAKE_LINKEDIN_VERSION_PATTERN = /^\d{6}$/;

export const installEngagementRoutes = (provider: OAuthProvider): FakeEngagement => {
  const posts = new Map<string, FakeMetrics | null>();
  const key = (platform: FakeEngagementPlatform, id: string) => `${platform}:${id}`;
  /** undefined: never existed; null: deleted. */
  const metricsOf = (platform: FakeEngagementPlatform, id: string) => posts.get(key(platform, id));
  const n = (m: FakeMetrics, name: string) => m[name] ?? 0;
  const idList = (value: string | undefined) => (value ? value.split(",") : []);

  const metaUnauthorized = {
    error: { message: "Invalid OAuth access token - Cannot parse access token", type: "OAuthException", code: 190, fbtrace_id: "fake" },
  };
  const metaMissing = (id: string) =>
    new ApiReply(400, {
      error: {
        message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        type: "GraphMethodException",
        code: 100,
        error_subcode: 33,
        fbtrace_id: "fake",
      },
    });
  const get = (path: string, handler: ApiHandler, options: RouteOptions = {}) => provider.route(path, handler, { ...options, method: "GET" });

  // Facebook: Page posts are read with a Page token (GET /{page}?fields=access_token), not the user's.
  const pageTokens = new Set<string>();
  get("/api/facebook/101", (q) => {
    if (q.query.fields !== "access_token") return { id: "101" };
    const token = provider.grantAccessToken();
    pageTokens.add(token);
    return { access_token: token, id: "101" };
  });
  const facebookFields = "reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),shares";
  const facebookPost = (id: string) => (q: RecordedRequest) => {
    if (!pageTokens.has(q.bearer ?? "")) return metaBad("(#210) A page access token is required to request this resource.", 210);
    if (q.query.fields !== facebookFields) return metaBad(`(#100) Unexpected fields: ${q.query.fields}`);
    const m = metricsOf("facebook", id);
    if (!m) return metaMissing(id);
    return {
      id,
      reactions: { data: [], summary: { total_count: n(m, "reactions"), viewer_reaction: "NONE" } },
      comments: { data: [], summary: { order: "ranked", total_count: n(m, "comments"), can_comment: true } },
      // Facebook leaves `shares` out of a post nobody shared.
      ...(n(m, "shares") > 0 ? { shares: { count: n(m, "shares") } } : {}),
    };
  };

  // Instagram (graph.instagram.com/v23.0/{media-id}).
  const instagramMedia = (id: string) => (q: RecordedRequest) => {
    if (q.query.fields !== "like_count,comments_count") return metaBad(`(#100) Unexpected fields: ${q.query.fields}`);
    const m = metricsOf("instagram", id);
    return m ? { like_count: n(m, "like_count"), comments_count: n(m, "comments_count"), id } : metaMissing(id);
  };

  // Threads (graph.threads.net/v1.0/{media-id}/insights): media metrics as `values`, period lifetime.
  const threadsInsights = (id: string) => (q: RecordedRequest) => {
    const metrics = idList(q.query.metric);
    if (metrics.length === 0 || metrics.some((name) => !["views", "likes", "replies", "reposts", "quotes", "shares"].includes(name))) {
      return metaBad(`(#100) metric must be one of views, likes, replies, reposts, quotes, shares`);
    }
    const m = metricsOf("threads", id);
    if (!m) return metaMissing(id);
    return {
      data: metrics.map((name) => ({
        name,
        period: "lifetime",
        values: [{ value: n(m, name) }],
        title: name[0]!.toUpperCase() + name.slice(1),
        description: `The number of ${name} of your post.`,
        id: `${id}/insights/${name}/lifetime`,
      })),
    };
  };

  // Pinterest (api.pinterest.com/v5/pins/{pin_id}): lifetime metrics only with pin_metrics=true.
  const pinterestPin = (id: string) => (q: RecordedRequest) => {
    const m = metricsOf("pinterest", id);
    if (!m) return new ApiReply(404, { code: 50, message: "Pin not found." });
    const pin = { id, board_id: "549755885175", created_at: "2025-01-01T00:00:00", title: "A pin", description: "" };
    if (q.query.pin_metrics !== "true") return pin;
    const lifetime = { pin_click: 0, impression: n(m, "impression"), clickthrough: 0, reaction: n(m, "reaction"), comment: n(m, "comment") };
    return { ...pin, pin_metrics: { "90d": { pin_click: 0, impression: n(m, "impression"), clickthrough: 0 }, lifetime_metrics: lifetime } };
  };

  const perPostRoutes: Partial<Record<FakeEngagementPlatform, (id: string) => void>> = {
    facebook: (id) => get(`/api/facebook/${id}`, facebookPost(id), { unauthorized: metaUnauthorized }),
    instagram: (id) => get(`/api/instagram/v23.0/${id}`, instagramMedia(id), { unauthorized: metaUnauthorized }),
    threads: (id) => get(`/api/threads/v1.0/${id}/insights`, threadsInsights(id), { unauthorized: metaUnauthorized }),
    pinterest: (id) => get(`/api/pinterest/pins/${id}`, pinterestPin(id), { unauthorized: { code: 2, message: "Authentication failed." } }),
  };

  // X (api.x.com/2/tweets?ids=...): up to 100 ids; deleted or unknown ones come back in `errors`.
  get("/api/twitter/tweets", (q) => {
    const ids = idList(q.query.ids);
    if (ids.length === 0 || ids.length > 100 || !ids.every((id) => /^\d{1,19}$/.test(id))) {
      return new ApiReply(400, {
        errors: [{ parameters: { ids }, message: "The `ids` query parameter value is not valid" }],
        title: "Invalid Request",
        type: "https://api.twitter.com/2/problems/invalid-request",
      });
    }
    if (q.query["tweet.fields"] !== "public_metrics")
      return new ApiReply(400, { title: "Invalid Request", detail: "tweet.fields must ask for public_metrics" });
    const found = ids.flatMap((id) => {
      const m = metricsOf("twitter", id);
      if (!m) return [];
      const metrics = {
        retweet_count: n(m, "retweet_count"),
        reply_count: n(m, "reply_count"),
        like_count: n(m, "like_count"),
        quote_count: n(m, "quote_count"),
        bookmark_count: 0,
        impression_count: 0,
      };
      return [{ id, text: "A post", edit_history_tweet_ids: [id], public_metrics: metrics }];
    });
    const missing = ids.filter((id) => !metricsOf("twitter", id));
    return {
      ...(found.length ? { data: found } : {}),
      ...(missing.length
        ? {
            errors: missing.map((id) => ({
              value: id,
              detail: `Could not find tweet with ids: [${id}].`,
              title: "Not Found Error",
              resource_type: "tweet",
              parameter: "ids",
              resource_id: id,
              type: "https://api.twitter.com/2/problems/resource-not-found",
            })),
          }
        : {}),
    };
  });

  // LinkedIn (api.linkedin.com/rest/socialMetadata?ids=List(...)): Rest.li 2.0 batch get, URNs URL-encoded in the list.
  get("/api/linkedin/rest/socialMetadata", (q) => {
    if (!FAKE_LINKEDIN_VERSION_PATTERN.test(q.headers["linkedin-version"] ?? ""))
      return new ApiReply(426, { status: 426, message: "A valid LinkedIn-Version header is required" });
    if (q.headers["x-restli-protocol-version"] !== "2.0.0")
      return new ApiReply(400, { status: 400, message: "Rest.li protocol 2.0.0 is required for this batch syntax" });
    const list = /^ids=List\(([^()]*)\)$/.exec(q.rawQuery);
    const encoded = list?.[1]?.split(",") ?? [];
    if (encoded.length === 0 || encoded.some((urn) => !/^urn%3Ali%3A/i.test(urn))) {
      return new ApiReply(400, { status: 400, message: "ids must be List(...) of URL-encoded URNs" });
    }
    const urns = encoded.map(decodeURIComponent);
    const results: Record<string, unknown> = {};
    const statuses: Record<string, number> = {};
    const errors: Record<string, unknown> = {};
    for (const urn of urns) {
      const m = metricsOf("linkedin", urn);
      if (!m) {
        statuses[urn] = 404;
        errors[urn] = { status: 404, message: "Not Found" };
        continue;
      }
      const reactions = Object.entries(m).filter(([name]) => /^[A-Z_]+$/.test(name));
      statuses[urn] = 200;
      results[urn] = {
        reactionSummaries: Object.fromEntries(reactions.map(([reactionType, count]) => [reactionType, { reactionType, count }])),
        commentsState: "OPEN",
        commentSummary: { count: n(m, "comments"), topLevelCount: n(m, "comments") },
        entity: urn,
      };
    }
    return { results, statuses, errors };
  });

  // YouTube (www.googleapis.com/youtube/v3/videos?part=statistics&id=...): up to 50 ids, counts as strings.
  get("/api/youtube/videos", (q) => {
    const ids = idList(q.query.id);
    const badRequest = (message: string) =>
      new ApiReply(400, { error: { code: 400, message, errors: [{ message, domain: "youtube.parameter", reason: "invalidValue" }] } });
    if (q.query.part !== "statistics") return badRequest("part must be statistics");
    if (ids.length === 0 || ids.length > 50) return badRequest("id takes 1 to 50 video ids");
    const items = ids.flatMap((id) => {
      const m = metricsOf("youtube", id);
      if (!m) return [];
      const statistics = {
        viewCount: String(n(m, "viewCount")),
        likeCount: String(n(m, "likeCount")),
        favoriteCount: "0",
        commentCount: String(n(m, "commentCount")),
      };
      return [{ kind: "youtube#video", etag: "fake", id, statistics }];
    });
    return { kind: "youtube#videoListResponse", etag: "fake", items, pageInfo: { totalResults: items.length, resultsPerPage: items.length } };
  });

  // Reddit (oauth.reddit.com/api/info?id=t3_a,t3_b): up to 100 fullnames; unknown ones are left out.
  get("/api/reddit/api/info", (q) => {
    const fullnames = idList(q.query.id);
    if (fullnames.length === 0 || fullnames.length > 100) return new ApiReply(400, { message: "Bad Request", error: 400 });
    const children = fullnames.flatMap((name) => {
      const m = name.startsWith("t3_") ? metricsOf("reddit", name) : undefined;
      if (!m) return [];
      return [
        {
          kind: "t3",
          data: { name, id: name.slice(3), title: "A post", score: n(m, "score"), ups: Math.max(0, n(m, "score")), num_comments: n(m, "num_comments") },
        },
      ];
    });
    return { kind: "Listing", data: { after: null, dist: children.length, modhash: "", children, before: null } };
  });

  // TikTok Display API (open.tiktokapis.com/v2/video/query/): POST, up to 20 ids, int64 ids as JSON numbers.
  const log_id = "202501010000000000FAKE";
  const tiktokRefusal = (status: number, code: string, message: string) => new ApiReply(status, { error: { code, message, log_id } });
  provider.route(
    "/api/tiktok/video/query/",
    (q) => {
      if (q.contentType !== "application/json; charset=UTF-8")
        return tiktokRefusal(400, "invalid_params", "Content-Type must be application/json; charset=UTF-8.");
      if (q.query.fields !== "id,like_count,comment_count,share_count") return tiktokRefusal(400, "invalid_params", `Unexpected fields: ${q.query.fields}`);
      const ids = (q.json as { filters?: { video_ids?: unknown } } | undefined)?.filters?.video_ids;
      if (!Array.isArray(ids) || ids.length === 0 || ids.length > 20 || !ids.every((id) => typeof id === "string" && /^\d+$/.test(id))) {
        return tiktokRefusal(400, "invalid_params", "filters.video_ids takes 1 to 20 video ids.");
      }
      const videos = (ids as string[]).flatMap((id) => {
        const m = metricsOf("tiktok", id);
        return m ? [`{"id":${id},"like_count":${n(m, "like_count")},"comment_count":${n(m, "comment_count")},"share_count":${n(m, "share_count")}}`] : [];
      });
      return new RawJson(`{"data":{"videos":[${videos.join(",")}],"cursor":0,"has_more":false},"error":{"code":"ok","message":"","log_id":"${log_id}"}}`);
    },
    { method: "POST", unauthorized: { error: { code: "access_token_invalid", message: "The access token is invalid or not found in the request.", log_id } } },
  );

  const routed = new Set<string>();
  const ensureRoute = (platform: FakeEngagementPlatform, id: string) => {
    const install = perPostRoutes[platform];
    if (!install || routed.has(key(platform, id))) return;
    routed.add(key(platform, id));
    install(id);
  };
  return {
    set: (platform, postId, metrics) => {
      posts.set(key(platform, postId), metrics);
      ensureRoute(platform, postId);
    },
    remove: (platform, postId) => {
      posts.set(key(platform, postId), null);
      ensureRoute(platform, postId);
    },
  };
};
