import type { APIRoute } from "astro";
import { guard } from "../../../lib/auth-guard";
import { generateCodeVerifier, generateState } from "arctic";
import { normalizePlatformId, platformById } from "../../../../domain/accounts";
import { oauthPlatform } from "../../../../infra/platforms";
import { redirectUriFor, rememberFlow } from "../../../features/accounts/oauth-flow.server";
import { CONNECTION_FAILED_TITLE } from "../../../features/accounts/connected-toasts";
import { notFound } from "../../../lib/http";
import { setFlash } from "../../../lib/session-cookie";
import { notSetUp } from "../../../../domain/shared";
import { logger } from "../../../../infra/log";

/** GET /api/auth/{platform}: starts the platform's OAuth flow (state and PKCE in a short-lived cookie). */
export const GET: APIRoute = ({ params, locals, cookies, url, request, redirect }) => {
  const platform = normalizePlatformId(params.platform ?? "");
  const adapter = platform ? oauthPlatform(platform) : null;
  if (!platform || !adapter) return notFound();
  if (!locals.user) return redirect(`/login?next=${encodeURIComponent("/app/connect-accounts")}`, 302);
  const signedIn = guard(locals, request, { permission: "manage_accounts" });
  if (!signedIn.ok) return signedIn.response;
  const missing = adapter.missingVariables();
  if (missing.length > 0) {
    logger.warn({ platform, missing }, `${platformById(platform).name} needs ${missing.join(" and ")} to connect accounts`);
    setFlash(cookies, {
      title: CONNECTION_FAILED_TITLE,
      description: notSetUp(`Connecting ${platformById(platform).name}`),
      variant: "destructive",
    });
    return redirect("/app/connect-accounts", 303);
  }
  const flow = { platform, state: generateState(), codeVerifier: generateCodeVerifier() };
  const secure = url.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
  rememberFlow(cookies, flow, secure);
  return redirect(adapter.authorizationUrl({ ...flow, redirectUri: redirectUriFor(platform) }).href, 302);
};
