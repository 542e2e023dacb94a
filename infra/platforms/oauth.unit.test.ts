import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PLATFORMS } from "../../domain/accounts/platforms";
import { connectablePlatforms, oauthPlatform, OAUTH_DEFINITIONS } from "./index";
import { readSettings } from "./settings";

/** Authorization URLs against the platforms' documented endpoints, and the settings behind them (no network). */

const PREFIXES = ["FACEBOOK", "INSTAGRAM", "TWITTER", "LINKEDIN", "TIKTOK", "YOUTUBE", "PINTEREST", "GOOGLE_BUSINESS", "THREADS", "REDDIT", "GOOGLE"];
let saved: NodeJS.ProcessEnv;

/** Puts the environment back as it was (by mutation: process.env must stay the real one). */
const restoreEnv = (snapshot: NodeJS.ProcessEnv) => {
  for (const name of Object.keys(process.env)) if (!(name in snapshot)) delete process.env[name];
  Object.assign(process.env, snapshot);
};

beforeEach(() => {
  saved = { ...process.env };
  for (const name of Object.keys(process.env)) if (PREFIXES.some((p) => name.startsWith(`${p}_`))) delete process.env[name];
});

afterEach(() => {
  restoreEnv(saved);
});

const configure = (prefix: string) => {
  process.env[`${prefix}_CLIENT_ID`] = `${prefix.toLowerCase()}-id`;
  process.env[`${prefix}_CLIENT_SECRET`] = `${prefix.toLowerCase()}-secret`;
};

const input = { state: "state-1", codeVerifier: "verifier-0123456789-0123456789-0123456789", redirectUri: "https://app.example/api/auth/x/callback" };

describe("oauthPlatform", () => {
  it("exists for exactly the catalogue's OAuth platforms", () => {
    for (const p of PLATFORMS) expect(oauthPlatform(p.id) !== null, p.id).toBe(p.connection === "oauth");
    expect(OAUTH_DEFINITIONS).toHaveLength(10);
  });

  it("reads its variables when called, not when imported", () => {
    const x = oauthPlatform("twitter")!;
    expect(x.missingVariables()).toEqual(["TWITTER_CLIENT_ID", "TWITTER_CLIENT_SECRET"]);
    configure("TWITTER");
    expect(x.missingVariables()).toEqual([]);
  });

  it.each([
    ["twitter", "https://x.com/i/oauth2/authorize", "client_id", " ", true],
    ["linkedin", "https://www.linkedin.com/oauth/v2/authorization", "client_id", " ", false],
    ["tiktok", "https://www.tiktok.com/v2/auth/authorize/", "client_key", ",", true],
    ["youtube", "https://accounts.google.com/o/oauth2/v2/auth", "client_id", " ", true],
    ["google_business", "https://accounts.google.com/o/oauth2/v2/auth", "client_id", " ", true],
    ["pinterest", "https://www.pinterest.com/oauth/", "client_id", ",", false],
    ["reddit", "https://www.reddit.com/api/v1/authorize", "client_id", " ", false],
    ["facebook", "https://www.facebook.com/v23.0/dialog/oauth", "client_id", ",", false],
    ["instagram", "https://www.instagram.com/oauth/authorize", "client_id", ",", false],
    ["threads", "https://threads.net/oauth/authorize", "client_id", ",", false],
  ] as const)("%s: authorization URL on %s", (id, endpoint, idParam, separator, pkce) => {
    const definition = OAUTH_DEFINITIONS.find((d) => d.platform === id)!;
    configure(definition.prefix);
    const url = oauthPlatform(id)!.authorizationUrl(input);
    expect(`${url.origin}${url.pathname}`).toBe(endpoint);
    expect(url.searchParams.get(idParam)).toBe(`${definition.prefix.toLowerCase()}-id`);
    expect(url.searchParams.get("redirect_uri")).toBe(input.redirectUri);
    expect(url.searchParams.get("state")).toBe(input.state);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("scope")).toBe(definition.scopes.join(separator));
    expect(url.searchParams.has("code_challenge")).toBe(pkce);
    // The secret never goes to the browser.
    expect(url.toString()).not.toContain("secret");
  });

  it("every endpoint can be overridden, and the scopes too", () => {
    configure("PINTEREST");
    process.env.PINTEREST_AUTHORIZE_URL = "https://gateway.example/pinterest/authorize";
    process.env.PINTEREST_SCOPES = "user_accounts:read, pins:write";
    const url = oauthPlatform("pinterest")!.authorizationUrl(input);
    expect(`${url.origin}${url.pathname}`).toBe("https://gateway.example/pinterest/authorize");
    expect(url.searchParams.get("scope")).toBe("user_accounts:read,pins:write");
  });
});

describe("readSettings", () => {
  it("YouTube and Business Profile fall back to GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET", () => {
    expect(oauthPlatform("youtube")!.missingVariables()).toEqual(["YOUTUBE_CLIENT_ID", "YOUTUBE_CLIENT_SECRET"]);
    configure("GOOGLE");
    expect(oauthPlatform("youtube")!.missingVariables()).toEqual([]);
    expect(oauthPlatform("google_business")!.missingVariables()).toEqual([]);
    process.env.YOUTUBE_CLIENT_ID = "own-youtube-id";
    const youtube = OAUTH_DEFINITIONS.find((d) => d.platform === "youtube")!;
    expect(readSettings(youtube)).toMatchObject({ clientId: "own-youtube-id", clientSecret: "google-secret" });
  });

  it("trims base URLs of trailing slashes and names extra endpoints <PREFIX>_<NAME>_URL", () => {
    const business = OAUTH_DEFINITIONS.find((d) => d.platform === "google_business")!;
    expect(readSettings(business, {})).toMatchObject({
      apiBaseUrl: "https://mybusinessaccountmanagement.googleapis.com/v1",
      extra: { INFO_API_BASE: "https://mybusinessbusinessinformation.googleapis.com/v1" },
    });
    const overridden = readSettings(business, {
      GOOGLE_BUSINESS_API_BASE_URL: "http://127.0.0.1:9/gbp/",
      GOOGLE_BUSINESS_INFO_API_BASE_URL: "http://127.0.0.1:9/info//",
      GOOGLE_BUSINESS_CLIENT_ID: " ",
    });
    expect(overridden).toMatchObject({ apiBaseUrl: "http://127.0.0.1:9/gbp", extra: { INFO_API_BASE: "http://127.0.0.1:9/info" }, clientId: null });
  });
});

describe("connectablePlatforms", () => {
  it("lists the 19 platforms; Bluesky and listings are always configured", () => {
    configure("REDDIT");
    const all = connectablePlatforms();
    expect(all.map((p) => p.id)).toEqual(PLATFORMS.map((p) => p.id));
    expect(all.find((p) => p.id === "bluesky")).toMatchObject({ connection: "bluesky", configured: true, missingVariables: [] });
    expect(all.find((p) => p.id === "yelp")).toMatchObject({ category: "review", connection: "listing", configured: true });
    expect(all.find((p) => p.id === "reddit")).toMatchObject({ connection: "oauth", configured: true, missingVariables: [] });
    expect(all.find((p) => p.id === "tiktok")).toMatchObject({
      name: "TikTok",
      configured: false,
      missingVariables: ["TIKTOK_CLIENT_ID", "TIKTOK_CLIENT_SECRET"],
    });
  });
});
