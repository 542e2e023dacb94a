import type { APIRoute } from "astro";
import { Cause, Effect } from "effect";
import { normalizePlatformId, platformById } from "../../../../../domain/accounts";
import { ConnectionFailed } from "../../../../../domain/shared";
import { SocialAccounts } from "../../../../../infra/accounts/SocialAccounts";
import { logger } from "../../../../../infra/log";
import { oauthPlatform } from "../../../../../infra/platforms";
import { CONNECTION_FAILED_MESSAGE, CONNECTION_FAILED_TITLE, connectedToast } from "../../../../features/accounts/connected-toasts";
import { redirectUriFor, takeFlow } from "../../../../features/accounts/oauth-flow.server";
import { guard } from "../../../../lib/auth-guard";
import { notFound } from "../../../../lib/http";
import { runtime } from "../../../../runtime";
import { setFlash } from "../../../../lib/session-cookie";

const BACK = "/app/connect-accounts";

/**
 * GET /api/auth/{platform}/callback: the platform sends the browser back here with a code; we check
 * the state, exchange the code (with the PKCE verifier), read the profile and record AccountConnected
 * (or AccountReconnected for an account connected before). Every outcome returns to Connect Accounts
 * with a toast.
 */
export const GET: APIRoute = async ({ params, locals, cookies, url, request, redirect }) => {
  const platform = normalizePlatformId(params.platform ?? "");
  const adapter = platform ? oauthPlatform(platform) : null;
  if (!platform || !adapter) return notFound();
  if (!locals.user) return redirect(`/login?next=${encodeURIComponent(BACK)}`, 302);
  const signedIn = guard(locals, request, { permission: "manage_accounts" });
  if (!signedIn.ok) return signedIn.response;
  const fail = (description: string) => {
    setFlash(cookies, { title: CONNECTION_FAILED_TITLE, description, variant: "destructive" });
    return redirect(BACK, 303);
  };

  const flow = takeFlow(cookies);
  const code = url.searchParams.get("code");
  if (url.searchParams.get("error")) {
    return fail(`${platformById(platform).name} did not grant access (${url.searchParams.get("error_description") ?? url.searchParams.get("error")}).`);
  }
  if (!flow || flow.platform !== platform || flow.state !== url.searchParams.get("state") || !code) {
    return fail(`The sign-in with ${platformById(platform).name} expired or was started in another window. Please try again.`);
  }

  const exit = await runtime.runPromiseExit(
    Effect.gen(function* () {
      const connected = yield* Effect.tryPromise({
        try: async () => {
          const tokens = await adapter.exchangeCode({ code, codeVerifier: flow.codeVerifier, redirectUri: redirectUriFor(platform) });
          return { tokens, profile: await adapter.fetchProfile(tokens) };
        },
        catch: (error) => new ConnectionFailed({ message: error instanceof Error ? error.message : CONNECTION_FAILED_MESSAGE }),
      });
      return yield* (yield* SocialAccounts).connect(signedIn.caller, {
        platform,
        kind: "oauth",
        profile: { ...connected.profile, metadata: connected.profile.metadata ?? {} },
        credentials: connected.tokens,
        tokenExpiresAt: connected.tokens.expiresAt,
      });
    }),
  );
  if (exit._tag === "Success") {
    setFlash(cookies, connectedToast(platform));
    return redirect(BACK, 303);
  }
  // Typed failures carry a message for the person (the platform's refusal, the plan's limit); others are logged.
  const failure = Cause.findErrorOption(exit.cause);
  if (failure._tag === "Some" && "message" in failure.value) return fail(failure.value.message);
  logger.error({ platform, cause: Cause.pretty(exit.cause) }, "OAuth connection failed");
  return fail(CONNECTION_FAILED_MESSAGE);
};
