import { apiJson, count, httpUrl, invalidResponse, str } from "../http";
import type { OAuthDefinition } from "../oauth";

/**
 * Pinterest API v5. Scopes are comma separated; the token endpoint takes HTTP Basic. Access lasts
 * 30 days, the refresh token a year; a refresh answers a new access token only, so the refresh
 * token in use is kept.
 */
export const pinterest: OAuthDefinition = {
  platform: "pinterest",
  prefix: "PINTEREST",
  endpoints: {
    authorizeUrl: "https://www.pinterest.com/oauth/",
    tokenUrl: "https://api.pinterest.com/v5/oauth/token",
    apiBaseUrl: "https://api.pinterest.com/v5",
  },
  scopes: ["user_accounts:read", "boards:read", "boards:write", "pins:read", "pins:write"],
  scopeSeparator: ",",
  pkce: false,
  clientAuth: "basic",
  fetchProfile: async (flow, tokens) => {
    const account = await apiJson(flow, `${flow.settings.apiBaseUrl}/user_account`, { bearer: tokens.accessToken });
    const username = str(account.username);
    if (!username) throw invalidResponse(flow, "a profile");
    return {
      externalId: str(account.id) ?? username,
      accountName: str(account.business_name) ?? username,
      username,
      avatarUrl: httpUrl(account.profile_image),
      followers: count(account.follower_count),
      profileUrl: `https://www.pinterest.com/${encodeURIComponent(username)}/`,
      metadata: { accountType: str(account.account_type) },
    };
  },
};
