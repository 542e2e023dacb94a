import { apiJson, httpUrl, invalidResponse, str } from "../http";
import type { OAuthDefinition } from "../oauth";

/**
 * LinkedIn: "Sign In with LinkedIn using OpenID Connect" plus "Share on LinkedIn". The token
 * endpoint wants the client credentials in the form body, not HTTP Basic. Access lasts 60 days;
 * refresh tokens are granted only to apps LinkedIn approved for them, so most connections carry
 * none and are reconnected when the access expires. The userinfo endpoint has no follower count.
 */
export const linkedin: OAuthDefinition = {
  platform: "linkedin",
  prefix: "LINKEDIN",
  endpoints: {
    authorizeUrl: "https://www.linkedin.com/oauth/v2/authorization",
    tokenUrl: "https://www.linkedin.com/oauth/v2/accessToken",
    apiBaseUrl: "https://api.linkedin.com/v2",
  },
  scopes: ["openid", "profile", "email", "w_member_social"],
  pkce: false,
  clientAuth: "body",
  fetchProfile: async (flow, tokens) => {
    const info = await apiJson(flow, `${flow.settings.apiBaseUrl}/userinfo`, { bearer: tokens.accessToken });
    const sub = str(info.sub);
    if (!sub) throw invalidResponse(flow, "a profile");
    const name = str(info.name) ?? [str(info.given_name), str(info.family_name)].filter(Boolean).join(" ");
    return {
      externalId: sub,
      accountName: name || "LinkedIn member",
      username: null,
      avatarUrl: httpUrl(info.picture),
      followers: 0,
      profileUrl: null,
      // Posts are authored as this URN (ugcPosts / posts API).
      metadata: { urn: `urn:li:person:${sub}` },
    };
  },
};
