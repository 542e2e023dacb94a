import { apiJson, count, fail, httpUrl, invalidResponse, list, obj, str, tokenRequest, toTokenSet } from "../http";
import type { TokenSet } from "../types";
import type { Flow, OAuthDefinition } from "../oauth";
import { META_GRAPH_VERSION, THREADS_API_VERSION } from "./graph";

/**
 * Meta's three platforms. None grants refresh tokens: the code buys a short-lived token (1 hour),
 * which is traded at once for a long-lived one (60 days), and renewing means trading the
 * long-lived token again before it expires. So the long-lived access token doubles as the
 * TokenSet's refresh token, and `refresh(token)` performs that documented renewal.
 */

const longLived = (flow: Flow, raw: Record<string, unknown>): TokenSet => {
  const tokens = toTokenSet(flow, raw);
  return { ...tokens, refreshToken: tokens.accessToken };
};

/** A documented GET token call (the app secret rides in the query string, as Meta specifies). */
const metaTokenGet = async (flow: Flow, phase: "exchange" | "refresh", url: string, params: Record<string, string>) =>
  longLived(flow, await tokenRequest(flow, phase, { method: "GET", url, params }));

/**
 * Facebook Pages through Facebook Login. The connection is the first Page the user manages; all
 * of them are listed in metadata. The user token is kept: a Page token, which never expires when
 * derived from a long-lived user token, is read from /{page-id}?fields=access_token when posting.
 */
export const facebook: OAuthDefinition = {
  platform: "facebook",
  prefix: "FACEBOOK",
  endpoints: {
    authorizeUrl: `https://www.facebook.com/${META_GRAPH_VERSION}/dialog/oauth`,
    tokenUrl: `https://graph.facebook.com/${META_GRAPH_VERSION}/oauth/access_token`,
    apiBaseUrl: `https://graph.facebook.com/${META_GRAPH_VERSION}`,
  },
  scopes: ["pages_show_list", "pages_read_engagement", "pages_manage_posts", "pages_read_user_content", "pages_manage_engagement"],
  scopeSeparator: ",",
  pkce: false,
  clientAuth: "body",
  afterExchange: (flow, short) => exchangeFacebook(flow, "exchange", short.accessToken),
  refresh: (flow, longLivedToken) => exchangeFacebook(flow, "refresh", longLivedToken),
  fetchProfile: async (flow, tokens) => {
    const url = new URL(`${flow.settings.apiBaseUrl}/me/accounts`);
    url.searchParams.set("fields", "id,name,username,link,picture{url},followers_count,fan_count");
    url.searchParams.set("limit", "100");
    const pages = list((await apiJson(flow, url, { bearer: tokens.accessToken })).data);
    const page = pages[0];
    if (!page) {
      throw fail(flow, "not_eligible", "This Facebook account manages no Page. Connect an account that manages a Facebook Page.");
    }
    const id = str(page.id);
    if (!id) throw invalidResponse(flow, "a Page");
    return {
      externalId: id,
      accountName: str(page.name) ?? "Facebook Page",
      username: str(page.username),
      avatarUrl: httpUrl(obj(obj(page.picture).data).url),
      followers: count(page.followers_count ?? page.fan_count),
      profileUrl: httpUrl(page.link) ?? `https://www.facebook.com/${id}`,
      metadata: { pages: pages.map((p) => ({ id: str(p.id), name: str(p.name) })) },
    };
  },
};

const exchangeFacebook = (flow: Flow, phase: "exchange" | "refresh", token: string) =>
  metaTokenGet(flow, phase, flow.settings.tokenUrl, {
    grant_type: "fb_exchange_token",
    client_id: flow.settings.clientId,
    client_secret: flow.settings.clientSecret,
    fb_exchange_token: token,
  });

/**
 * Instagram through "Instagram API with Instagram Login" (Business Login for Instagram):
 * professional (business or creator) accounts sign in with Instagram itself, no Facebook Page
 * needed. The client id and secret are the Instagram app's (App Dashboard > Instagram > API setup
 * with Instagram login), not the Facebook app's. Renewal needs a token at least 24 hours old.
 */
export const instagram: OAuthDefinition = {
  platform: "instagram",
  prefix: "INSTAGRAM",
  endpoints: {
    authorizeUrl: "https://www.instagram.com/oauth/authorize",
    tokenUrl: "https://api.instagram.com/oauth/access_token",
    apiBaseUrl: "https://graph.instagram.com",
  },
  scopes: [
    "instagram_business_basic",
    "instagram_business_content_publish",
    "instagram_business_manage_comments",
    "instagram_business_manage_messages",
  ],
  scopeSeparator: ",",
  pkce: false,
  clientAuth: "body",
  afterExchange: (flow, short) =>
    metaTokenGet(flow, "exchange", `${flow.settings.apiBaseUrl}/access_token`, {
      grant_type: "ig_exchange_token",
      client_secret: flow.settings.clientSecret,
      access_token: short.accessToken,
    }),
  refresh: (flow, longLivedToken) =>
    metaTokenGet(flow, "refresh", `${flow.settings.apiBaseUrl}/refresh_access_token`, {
      grant_type: "ig_refresh_token",
      access_token: longLivedToken,
    }),
  fetchProfile: async (flow, tokens) => {
    const url = `${flow.settings.apiBaseUrl}/${META_GRAPH_VERSION}/me?fields=id,user_id,username,name,account_type,profile_picture_url,followers_count`;
    const me = await apiJson(flow, url, { bearer: tokens.accessToken });
    // user_id is the professional account's id (the one webhooks and publishing use); id is app-scoped.
    const id = str(me.user_id) ?? str(me.id);
    const username = str(me.username);
    if (!id || !username) throw invalidResponse(flow, "a profile");
    return {
      externalId: id,
      accountName: str(me.name) ?? username,
      username,
      avatarUrl: httpUrl(me.profile_picture_url),
      followers: count(me.followers_count),
      profileUrl: `https://www.instagram.com/${encodeURIComponent(username)}/`,
      metadata: { accountType: str(me.account_type), appScopedId: str(me.id) },
    };
  },
};

/**
 * Threads API. Its own app id and secret (the Threads use case of a Meta app). Followers come from
 * the user insights (threads_manage_insights); when they cannot be read the count is 0 rather than
 * a failed connection.
 */
export const threads: OAuthDefinition = {
  platform: "threads",
  prefix: "THREADS",
  endpoints: {
    authorizeUrl: "https://threads.net/oauth/authorize",
    tokenUrl: "https://graph.threads.net/oauth/access_token",
    apiBaseUrl: "https://graph.threads.net",
  },
  scopes: ["threads_basic", "threads_content_publish", "threads_manage_replies", "threads_read_replies", "threads_manage_insights"],
  scopeSeparator: ",",
  pkce: false,
  clientAuth: "body",
  afterExchange: (flow, short) =>
    metaTokenGet(flow, "exchange", `${flow.settings.apiBaseUrl}/access_token`, {
      grant_type: "th_exchange_token",
      client_secret: flow.settings.clientSecret,
      access_token: short.accessToken,
    }),
  refresh: (flow, longLivedToken) =>
    metaTokenGet(flow, "refresh", `${flow.settings.apiBaseUrl}/refresh_access_token`, {
      grant_type: "th_refresh_token",
      access_token: longLivedToken,
    }),
  fetchProfile: async (flow, tokens) => {
    const base = `${flow.settings.apiBaseUrl}/${THREADS_API_VERSION}`;
    const me = await apiJson(flow, `${base}/me?fields=id,username,name,threads_profile_picture_url`, { bearer: tokens.accessToken });
    const id = str(me.id);
    const username = str(me.username);
    if (!id || !username) throw invalidResponse(flow, "a profile");
    const followers = await apiJson(flow, `${base}/${encodeURIComponent(id)}/threads_insights?metric=followers_count`, {
      bearer: tokens.accessToken,
    }).then(
      (insights) => {
        const metric = list(insights.data).find((m) => m.name === "followers_count");
        return count(obj(metric?.total_value).value ?? list(metric?.values).at(-1)?.value);
      },
      () => 0,
    );
    return {
      externalId: id,
      accountName: str(me.name) ?? username,
      username,
      avatarUrl: httpUrl(me.threads_profile_picture_url),
      followers,
      profileUrl: `https://www.threads.net/@${encodeURIComponent(username)}`,
    };
  },
};
