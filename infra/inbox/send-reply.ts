import { Effect } from "effect";
import { normalizePlatformId, platformById } from "../../domain/accounts";
import type { CommandContext } from "../../domain/shared";
import { SocialAccounts } from "../accounts/SocialAccounts";
import { PlatformError } from "../platforms";
import { replyBluesky } from "../platforms/publish/bluesky";
import { Inbox, type ReplySender, type ReplyTarget } from "./Inbox";

/** The platforms' reply calls, with the account's stored credentials (renewed ones stored back). */
const platformSender =
  (accounts: SocialAccounts["Service"]): ReplySender =>
  (target: ReplyTarget) =>
    Effect.gen(function* () {
      const name = platformById(normalizePlatformId(target.platform) ?? "facebook").name;
      if (target.platform !== "bluesky")
        return yield* Effect.fail({ reason: `Replying on ${name} from SocialDesk isn't available yet. Answer it on ${name}.` });
      const credentials = yield* accounts.credentials<unknown>(target.accountId).pipe(Effect.orElseSucceed(() => null));
      if (!credentials) return yield* Effect.fail({ reason: "This Bluesky account has no stored session. Reconnect it with an app password." });
      const { cid, rootUri, rootCid } = target.reference;
      if (!cid || !rootUri || !rootCid)
        return yield* Effect.fail({ reason: "Bluesky did not say where this post sits in its thread, so the reply can't be threaded." });
      const published = yield* Effect.tryPromise({
        try: () =>
          replyBluesky(credentials, {
            idempotencyKey: `reply:${target.replyId}`,
            text: target.content,
            parent: { uri: target.externalId, cid },
            root: { uri: rootUri, cid: rootCid },
          }),
        catch: (error) => ({ reason: error instanceof PlatformError ? error.message : "Bluesky did not answer. Try again later." }),
      });
      if (published.credentials) yield* accounts.updateCredentials(target.accountId, published.credentials).pipe(Effect.orElseSucceed(() => undefined));
      return { externalId: published.platformPostId, url: published.url };
    });

/** The send_inbox_reply job: the inbox sends the reply once, through the platform's call. */
export const sendInboxReply = Effect.fn("sendInboxReply")(function* (ctx: CommandContext, messageId: string, replyId: string) {
  const inbox = yield* Inbox;
  const accounts = yield* SocialAccounts;
  return yield* inbox.sendReply(ctx, messageId, replyId, platformSender(accounts));
});
