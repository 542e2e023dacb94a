import { apiJson, count, httpUrl, invalidResponse, obj, str } from "../http";
import type { OAuthDefinition } from "../oauth";

/**
 * Reddit OAuth 2 for web apps: HTTP Basic at the token endpoint, `duration=permanent` for a
 * refresh token (which Reddit does not rotate), API calls on oauth.reddit.com with a named
 * User-Agent. Access lasts one hour.
 */
export const reddit: OAuthDefinition = {
  platform: "reddit",
  prefix: "REDDIT",
  endpoints: {
    authorizeUrl: "https://www.reddit.com/api/v1/authorize",
    tokenUrl: "https://www.reddit.com/api/v1/access_token",
    apiBaseUrl: "https://oauth.reddit.com",
  },
  scopes: ["identity", "submit", "read", "flair"],
  authorizeParams: { duration: "permanent" },
  pkce: false,
  clientAuth: "basic",
  fetchProfile: async (flow, tokens) => {
    const me = await apiJson(flow, `${flow.settings.apiBaseUrl}/api/v1/me`, { bearer: tokens.accessToken });
    const id = str(me.id);
    const name = str(me.name);
    if (!id || !name) throw invalidResponse(flow, "a profile");
    // Reddit HTML-escapes the ampersands of its image URLs.
    const image = (str(me.snoovatar_img) ?? str(me.icon_img))?.replaceAll("&amp;", "&");
    return {
      externalId: id,
      accountName: `u/${name}`,
      username: name,
      avatarUrl: httpUrl(image),
      // A user's followers are the subscribers of their profile subreddit.
      followers: count(obj(me.subreddit).subscribers),
      profileUrl: `https://www.reddit.com/user/${encodeURIComponent(name)}/`,
    };
  },
};
