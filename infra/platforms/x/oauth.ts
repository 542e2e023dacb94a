import { apiJson, count, httpUrl, invalidResponse, obj, str } from "../http";
import type { OAuthDefinition } from "../oauth";

/**
 * X (Twitter) OAuth 2.0 Authorization Code with PKCE, as a confidential client (HTTP Basic at the
 * token endpoint). `offline.access` makes X grant a refresh token; X rotates it on every refresh.
 * Access tokens last 2 hours.
 */
export const twitter: OAuthDefinition = {
  platform: "twitter",
  prefix: "TWITTER",
  endpoints: {
    authorizeUrl: "https://x.com/i/oauth2/authorize",
    tokenUrl: "https://api.x.com/2/oauth2/token",
    apiBaseUrl: "https://api.x.com/2",
  },
  scopes: ["tweet.read", "tweet.write", "users.read", "media.write", "dm.read", "dm.write", "offline.access"],
  pkce: true,
  clientAuth: "basic",
  fetchProfile: async (flow, tokens) => {
    const url = `${flow.settings.apiBaseUrl}/users/me?user.fields=profile_image_url,public_metrics,verified`;
    const user = obj((await apiJson(flow, url, { bearer: tokens.accessToken })).data);
    const id = str(user.id);
    const username = str(user.username);
    if (!id || !username) throw invalidResponse(flow, "a profile");
    return {
      externalId: id,
      accountName: str(user.name) ?? username,
      username,
      // The default avatar is 48 px ("_normal"); "_400x400" is the documented larger size.
      avatarUrl: httpUrl(str(user.profile_image_url)?.replace("_normal.", "_400x400.")),
      followers: count(obj(user.public_metrics).followers_count),
      profileUrl: `https://x.com/${username}`,
    };
  },
};
