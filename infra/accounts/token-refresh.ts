import { randomUUID } from "node:crypto";
import { Cause, Effect } from "effect";
import { platformById } from "../../domain/accounts";
import { config } from "../config";
import { logger } from "../log";
import { Mailer } from "../mail/Mailer";
import { ownerAlertsOf } from "../identity/queries";
import { oauthPlatform, PlatformError, type TokenSet } from "../platforms";
import { type DueRefresh, SocialAccounts } from "./SocialAccounts";
import { systemContext } from "../../domain/shared";

/** Tokens are renewed this long before they expire. */
export const REFRESH_AHEAD_MS = 30 * 60_000;

/** The workspace owner hears of it by e-mail when failure alerts are on (the default). */
const tellOwner = (due: DueRefresh, reason: string) =>
  Effect.gen(function* () {
    const owner = yield* ownerAlertsOf(due.workspaceId);
    if (!owner?.failureAlerts) return;
    const name = platformById(due.platform).name;
    yield* (yield* Mailer).queue({
      to: owner.email,
      subject: `Reconnect your ${name} account`,
      text: [
        `Hello ${owner.firstName},`,
        "",
        `${name} no longer accepts SocialDesk's access to one of your accounts (${reason}).`,
        "Posts to it are held until you reconnect it:",
        "",
        new URL("/app/connect-accounts", config().publicUrl).href,
      ].join("\n"),
    });
  });

/**
 * Renews the OAuth tokens that expire within the next half hour. A refresh the platform refuses
 * marks the account "Reconnect needed" (once) and tells its owner; a platform that cannot be reached
 * is tried again on the next run.
 */
export const refreshDueTokens = Effect.fn("Accounts.refreshDueTokens")(function* (now: Date) {
  const accounts = yield* SocialAccounts;
  const due = yield* accounts.dueForRefresh(new Date(now.getTime() + REFRESH_AHEAD_MS));
  let refreshed = 0;
  let failed = 0;
  for (const item of due) {
    const ctx = systemContext("tokens", now, `token-refresh-${randomUUID()}`);
    const adapter = oauthPlatform(item.platform);
    const tokens = yield* accounts.credentials<TokenSet>(item.accountId);
    if (!adapter || adapter.missingVariables().length > 0) continue;
    if (!tokens?.refreshToken) {
      if (yield* accounts.requireReconnect(item, "the access expired and the platform gave no way to renew it", ctx)) {
        yield* tellOwner(item, "its access expired");
      }
      failed++;
      continue;
    }
    const outcome = yield* Effect.exit(Effect.tryPromise({ try: () => adapter.refresh(tokens.refreshToken!), catch: (e) => e }));
    if (outcome._tag === "Success") {
      yield* accounts.recordRefresh(item, outcome.value, outcome.value.expiresAt, ctx);
      refreshed++;
      continue;
    }
    const failure = Cause.findErrorOption(outcome.cause);
    const cause = failure._tag === "Some" ? failure.value : null;
    if (cause instanceof PlatformError && cause.kind !== "unavailable") {
      if (yield* accounts.requireReconnect(item, cause.message, ctx)) yield* tellOwner(item, cause.message);
      failed++;
    } else {
      logger.warn({ account: item.accountId, platform: item.platform }, "Token refresh: platform unavailable, will retry");
    }
  }
  return { due: due.length, refreshed, failed };
});
