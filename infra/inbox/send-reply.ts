import { Effect } from "effect";
import { normalizePlatformId, platformById } from "../../domain/accounts";
import type { CommandContext } from "../../domain/shared";
import { SocialAccounts } from "../accounts/SocialAccounts";
import type { ReplyTarget } from "../platforms/provider";
import { inboxReplierFor } from "../platforms/providers";
import { PlatformError } from "../platforms/types";
import { Inbox, type ReplySender } from "./Inbox";

const reasonOf = (error: unknown, platformName: string) =>
  error instanceof PlatformError ? error.message : `${platformName} did not answer. Try again later.`;

/** The platforms' reply calls, with the account's stored credentials (renewed ones stored back). */
const platformSender =
  (accounts: SocialAccounts["Service"]): ReplySender =>
  (target: ReplyTarget) =>
    Effect.gen(function* () {
      const platform = normalizePlatformId(target.platform);
      const name = platform ? platformById(platform).name : target.platform;
      const replier = platform ? inboxReplierFor(platform) : null;
      if (!replier) return yield* Effect.fail({ reason: `Replying on ${name} from SocialDesk isn't available yet. Answer it on ${name}.` });
      const credentials = yield* accounts.credentials<unknown>(target.accountId).pipe(Effect.orElseSucceed(() => null));
      if (!credentials) return yield* Effect.fail({ reason: `This ${name} account has no stored access. Reconnect it.` });
      const sent = yield* Effect.tryPromise({
        try: () => replier({ ...(credentials as Record<string, unknown>), ...target.account }, target),
        catch: (error) => ({ reason: reasonOf(error, name) }),
      });
      // Bluesky's refresh JWT rotates: the renewed session is stored back.
      if (sent.credentials !== undefined) yield* accounts.updateCredentials(target.accountId, sent.credentials).pipe(Effect.orElseSucceed(() => undefined));
      return { externalId: sent.externalId, url: sent.url };
    });

/** The send_inbox_reply job: the inbox sends the reply once, through the platform's call. */
export const sendInboxReply = Effect.fn("sendInboxReply")(function* (ctx: CommandContext, messageId: string, replyId: string) {
  const inbox = yield* Inbox;
  const accounts = yield* SocialAccounts;
  return yield* inbox.sendReply(ctx, messageId, replyId, platformSender(accounts));
});
