import { config } from "../config";
import type { PlatformId } from "../../domain/accounts";

/** The flow's state, PKCE verifier and platform, kept 10 minutes in a cookie only the callback reads. */
export const OAUTH_FLOW_COOKIE = "oauth_flow";
/** The cookie goes only to the OAuth operations (/api/auth/{platform} and its callback). */
export const OAUTH_FLOW_PATH = "/api/auth";
export const OAUTH_FLOW_MAX_AGE_SECONDS = 600;

export interface OAuthFlow {
  readonly platform: PlatformId;
  readonly state: string;
  readonly codeVerifier: string;
  /** Mastodon: the instance's origin the flow was started with. */
  readonly instance?: string;
}

export const redirectUriFor = (platform: PlatformId) => new URL(`/api/auth/${platform}/callback`, config().publicUrl).href;

/** The flow the cookie holds, or null when it is missing or not ours. */
export const readFlow = (raw: string | undefined): OAuthFlow | null => {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as OAuthFlow;
  } catch {
    return null;
  }
};
