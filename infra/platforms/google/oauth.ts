import { apiJson, count, fail, httpUrl, invalidResponse, list, obj, str } from "../http";
import type { OAuthDefinition } from "../oauth";

/**
 * Google OAuth 2 for web server apps, with PKCE and HTTP Basic at the token endpoint.
 * `access_type=offline` asks for a refresh token and `prompt=consent` makes Google send one on
 * every connect (it otherwise sends it only the first time a user consents). Access lasts one
 * hour; refreshes answer no new refresh token, so the one in use is kept.
 *
 * One Google Cloud OAuth client usually serves both YouTube and Business Profile: GOOGLE_CLIENT_ID
 * and GOOGLE_CLIENT_SECRET are used when the platform's own variables are unset.
 */
const googleOAuth = {
  authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
  tokenUrl: "https://oauth2.googleapis.com/token",
};
const googleAuthorizeParams = { access_type: "offline", prompt: "consent", include_granted_scopes: "true" };

/** YouTube Data API v3: the signed-in user's own channel and its subscriber count. */
export const youtube: OAuthDefinition = {
  platform: "youtube",
  prefix: "YOUTUBE",
  sharedClientPrefix: "GOOGLE",
  endpoints: { ...googleOAuth, apiBaseUrl: "https://www.googleapis.com/youtube/v3" },
  scopes: [
    "https://www.googleapis.com/auth/youtube.readonly",
    "https://www.googleapis.com/auth/youtube.upload",
    "https://www.googleapis.com/auth/youtube.force-ssl",
  ],
  authorizeParams: googleAuthorizeParams,
  pkce: true,
  clientAuth: "basic",
  fetchProfile: async (flow, tokens) => {
    const url = `${flow.settings.apiBaseUrl}/channels?part=snippet,statistics&mine=true`;
    const channel = list((await apiJson(flow, url, { bearer: tokens.accessToken })).items)[0];
    if (!channel) {
      throw fail(flow, "not_eligible", "This Google account has no YouTube channel. Create one on YouTube, then connect again.");
    }
    const id = str(channel.id);
    if (!id) throw invalidResponse(flow, "a channel");
    const snippet = obj(channel.snippet);
    const statistics = obj(channel.statistics);
    const handle = str(snippet.customUrl);
    const thumbnails = obj(snippet.thumbnails);
    return {
      externalId: id,
      accountName: str(snippet.title) ?? handle ?? "YouTube channel",
      username: handle,
      avatarUrl: httpUrl(obj(thumbnails.high).url ?? obj(thumbnails.medium).url ?? obj(thumbnails.default).url),
      followers: statistics.hiddenSubscriberCount === true ? 0 : count(statistics.subscriberCount),
      profileUrl: handle ? `https://www.youtube.com/${handle.startsWith("@") ? handle : `@${handle}`}` : `https://www.youtube.com/channel/${id}`,
    };
  },
};

/**
 * Google Business Profile: the Account Management API lists the accounts the user manages, the
 * Business Information API their locations. The connection is the first account; its locations
 * are kept in metadata (posts and reviews are per location). Business Profile has no followers.
 */
export const googleBusiness: OAuthDefinition = {
  platform: "google_business",
  prefix: "GOOGLE_BUSINESS",
  sharedClientPrefix: "GOOGLE",
  endpoints: {
    ...googleOAuth,
    apiBaseUrl: "https://mybusinessaccountmanagement.googleapis.com/v1",
    extra: { INFO_API_BASE: "https://mybusinessbusinessinformation.googleapis.com/v1" },
  },
  scopes: ["https://www.googleapis.com/auth/business.manage"],
  authorizeParams: googleAuthorizeParams,
  pkce: true,
  clientAuth: "basic",
  fetchProfile: async (flow, tokens) => {
    const accounts = list((await apiJson(flow, `${flow.settings.apiBaseUrl}/accounts`, { bearer: tokens.accessToken })).accounts);
    const account = accounts[0];
    if (!account) {
      throw fail(flow, "not_eligible", "This Google account manages no Business Profile. Add your business on Google, then connect again.");
    }
    const accountId = str(account.name);
    if (!accountId) throw invalidResponse(flow, "an account");
    const url = new URL(`${flow.settings.extra.INFO_API_BASE}/${accountId}/locations`);
    url.searchParams.set("readMask", "name,title,storefrontAddress,metadata");
    url.searchParams.set("pageSize", "100");
    const locations = list((await apiJson(flow, url, { bearer: tokens.accessToken })).locations).map((location) => {
      const address = obj(location.storefrontAddress);
      return {
        id: str(location.name),
        title: str(location.title),
        address: [...(Array.isArray(address.addressLines) ? address.addressLines : []), address.locality, address.postalCode]
          .filter((part): part is string => typeof part === "string" && part !== "")
          .join(", ") || null,
        mapsUri: httpUrl(obj(location.metadata).mapsUri),
      };
    });
    const only = locations.length === 1 ? locations[0] : null;
    return {
      externalId: accountId,
      accountName: only?.title ?? str(account.accountName) ?? "Business Profile",
      username: null,
      avatarUrl: null,
      followers: 0,
      profileUrl: only?.mapsUri ?? null,
      metadata: { accountType: str(account.type), locations, otherAccounts: accounts.length - 1 },
    };
  },
};
