import { Effect } from "effect";
import { normalizePlatformId, platformById } from "../../domain/accounts";
import type { CommandContext } from "../../domain/shared";
import { SocialAccounts } from "../accounts/SocialAccounts";
import { PlatformError } from "../platforms";
import { inboxReplierFor } from "../platforms/inbox";
import { replyBluesky } from "../platforms/publish/bluesky";
import type { ReplyTarget } from "../platforms/inbox";
import { Inbox, type ReplySender } from "./Inbox";

const reasonOf = (error: unknown, platformName: string) =>
  error instanceof PlatformError ? error.message : `${platformName} did not answer. Try again later.`;

/** Bluesky's answer: a post record threaded under the message (reply.root, reply.parent), under a record key from the reply's id. */
const replyOnBluesky = (credentials: unknown, target: ReplyTarget) => {
  const { cid, rootUri, rootCid } = target.reference;
  if (!cid || !rootUri || !rootCid) return Effect.fail({ reason: "Bluesky did not say where this post sits in its thread, so the reply can't be threaded." });
  return Effect.tryPromise({
    try: () =>
      replyBluesky(credentials, {
        idempotencyKey: `reply:${target.replyId}`,
        text: target.content,
        parent: { uri: target.externalId, cid },
        root: { uri: rootUri, cid: rootCid },
      }),
    catch: (error) => ({ reason: reasonOf(error, "Bluesky") }),
  }).pipe(Effect.map((published) => ({ externalId: published.platformPostId, url: published.url, credentials: published.credentials })));
};

/** The platforms' reply calls, with the account's stored credentials (renewed ones stored back). */
const platformSender =
  (accounts: SocialAccounts["Service"]): ReplySender =>
  (target: ReplyTarget) =>
    Effect.gen(function* () {
      const platform = normalizePlatformId(target.platform);
      const name = platform ? platformById(platform).name : target.platform;
      const replier = platform ? inboxReplierFor(platform) : null;
      if (platform !== "bluesky" && !replier)
        return yield* Effect.fail({ reason: `Replying on ${name} from SocialDesk isn't available yet. Answer it on ${name}.` });
      const credentials = yield* accounts.credentials<unknown>(target.accountId).pipe(Effect.orElseSucceed(() => null));
      if (!credentials) return yield* Effect.fail({ reason: `This ${name} account has no stored access. Reconnect it.` });
      if (platform === "bluesky") {
        const sent = yield* replyOnBluesky(credentials, target);
        if (sent.credentials) yield* accounts.updateCredentials(target.accountId, sent.credentials).pipe(Effect.orElseSucceed(() => undefined));
        return { externalId: sent.externalId, url: sent.url };
      }
      return yield* Effect.tryPromise({
        try: () => replier!({ ...(credentials as Record<string, unknown>), ...target.account }, target),
        catch: (error) => ({ reason: reasonOf(error, name) }),
      });
    });

/** The send_inbox_reply job: the inbox sends the reply once, through the platform's call. */
export const sendInboxReply = Effect.fn("sendInboxReply")(function* (ctx: CommandContext, messageId: string, replyId: string) {
  const inbox = yield* Inbox;
  const accounts = yield* SocialAccounts;
  return yield* inbox.sendReply(ctx, messageId, replyId, platformSender(accounts));
});
