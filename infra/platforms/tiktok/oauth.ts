import { apiJson, count, fail, httpUrl, invalidResponse, obj, str } from "../http";
import type { OAuthDefinition } from "../oauth";

/**
 * TikTok Login Kit (v2). TikTok names the client id `client_key`, separates scopes with commas and
 * wants the client credentials in the form body. Access lasts 24 hours, the refresh token a year
 * and is replaced on refresh. The user info call answers 200 with `error.code` "ok" on success.
 */
export const tiktok: OAuthDefinition = {
  platform: "tiktok",
  prefix: "TIKTOK",
  endpoints: {
    authorizeUrl: "https://www.tiktok.com/v2/auth/authorize/",
    tokenUrl: "https://open.tiktokapis.com/v2/oauth/token/",
    apiBaseUrl: "https://open.tiktokapis.com/v2",
  },
  scopes: ["user.info.basic", "user.info.profile", "user.info.stats", "video.upload", "video.publish"],
  scopeSeparator: ",",
  clientIdParam: "client_key",
  pkce: true,
  clientAuth: "body",
  fetchProfile: async (flow, tokens) => {
    const fields = "open_id,union_id,avatar_url,display_name,username,follower_count,profile_deep_link";
    const body = await apiJson(flow, `${flow.settings.apiBaseUrl}/user/info/?fields=${fields}`, { bearer: tokens.accessToken });
    const code = str(obj(body.error).code);
    if (code && code !== "ok") {
      throw code === "access_token_invalid" || code === "scope_not_authorized"
        ? fail(flow, "invalid_credentials", `${flow.name} no longer accepts this connection. Reconnect the account.`, { code })
        : fail(flow, "invalid_response", `${flow.name} could not send the profile (${code}).`, { code });
    }
    const user = obj(obj(body.data).user);
    const openId = str(user.open_id);
    if (!openId) throw invalidResponse(flow, "a profile");
    const username = str(user.username);
    return {
      externalId: openId,
      accountName: str(user.display_name) ?? username ?? "TikTok account",
      username,
      avatarUrl: httpUrl(user.avatar_url),
      followers: count(user.follower_count),
      profileUrl: httpUrl(user.profile_deep_link) ?? (username ? `https://www.tiktok.com/@${username}` : null),
      metadata: str(user.union_id) ? { unionId: str(user.union_id) } : undefined,
    };
  },
};
