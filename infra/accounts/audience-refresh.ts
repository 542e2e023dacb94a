import { randomUUID } from "node:crypto";
import { Effect } from "effect";
import { systemContext } from "../../domain/shared";
import { logger } from "../log";
import { audienceReadablePlatforms, audienceReaderFor, PlatformError } from "../platforms";
import { SocialAccounts } from "./SocialAccounts";

/**
 * Reads the followers of the accounts whose platform counts them only on request (Telegram's
 * subscribers): a changed count is kept as the account's profile refresh, so Connect Accounts and
 * the dashboard show it. A token the platform no longer accepts marks the account "Reconnect
 * needed", as publishing would; anything else waits for the next run.
 */
export const refreshAudiences = Effect.fn("Accounts.refreshAudiences")(function* (now: Date) {
  const accounts = yield* SocialAccounts;
  const due = yield* accounts.audiencesOf(audienceReadablePlatforms());
  let changed = 0;
  for (const item of due) {
    const read = audienceReaderFor(item.platform)!;
    const credentials = yield* accounts.credentials<unknown>(item.accountId);
    const outcome = yield* Effect.result(Effect.tryPromise({ try: () => read(credentials), catch: (e) => e }));
    const ctx = systemContext("audiences", now, `audience-refresh-${randomUUID()}`);
    if (outcome._tag === "Success") {
      if (outcome.success === item.followers) continue;
      yield* accounts.recordAudience(item, outcome.success, ctx).pipe(Effect.catchTag("NotFound", () => Effect.void));
      changed++;
    } else if (outcome.failure instanceof PlatformError && (outcome.failure.kind === "invalid_credentials" || outcome.failure.kind === "refresh_failed")) {
      yield* accounts.requireReconnect(item, outcome.failure.message, ctx).pipe(Effect.catchTag("NotFound", () => Effect.succeed(false)));
    } else {
      logger.warn({ account: item.accountId, platform: item.platform }, "Audience refresh: platform unavailable, will retry");
    }
  }
  return { read: due.length, changed };
});
