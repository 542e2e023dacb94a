import type { AstroCookies } from "astro";
import { config } from "../../../infra/config";
import type { PlatformId } from "../../../domain/accounts";

/** The flow's state, PKCE verifier and platform, kept 10 minutes in a cookie only the callback reads. */
const COOKIE = "oauth_flow";

export interface OAuthFlow {
  readonly platform: PlatformId;
  readonly state: string;
  readonly codeVerifier: string;
}

export const redirectUriFor = (platform: PlatformId) => new URL(`/api/auth/${platform}/callback`, config().publicUrl).href;

export const rememberFlow = (cookies: AstroCookies, flow: OAuthFlow, secure: boolean) =>
  cookies.set(COOKIE, JSON.stringify(flow), { httpOnly: true, sameSite: "lax", secure, path: "/api/auth", maxAge: 600 });

/** The flow started in this browser, once: it is forgotten as it is read. */
export const takeFlow = (cookies: AstroCookies): OAuthFlow | null => {
  const raw = cookies.get(COOKIE)?.value;
  cookies.delete(COOKIE, { path: "/api/auth" });
  if (!raw) return null;
  try {
    return JSON.parse(raw) as OAuthFlow;
  } catch {
    return null;
  }
};
