import { Effect } from "effect";
import { type Caller, InvalidInput, isUuid, NotFound } from "../../domain/shared";
import { connectedAccount } from "../accounts/queries";
import { Inbox } from "../inbox/Inbox";
import { messageIdOf } from "../inbox/ids";
import { InboxQueries } from "../inbox/InboxQueries";
import { Listening } from "./Listening";

const chooseAccount = "Choose one of your Bluesky accounts.";

/**
 * "Add to inbox": a found post becomes a mention of one of the workspace's Bluesky accounts, kept
 * once (its id comes from the account and the post), so it can be read, assigned and answered there.
 */
export const addToInbox = Effect.fn("Listening.addToInbox")(function* (caller: Caller, postId: string, accountId: string) {
  const listening = yield* Listening;
  const inbox = yield* Inbox;
  const post = yield* listening.post(caller.workspaceId, postId);
  if (!isUuid(accountId)) return yield* new InvalidInput({ message: chooseAccount, fields: { accountId: chooseAccount } });
  const account = yield* connectedAccount(caller.workspaceId, accountId);
  if (!account) return yield* new NotFound({ what: "account" });
  if (account.platform !== "bluesky") return yield* new InvalidInput({ message: chooseAccount, fields: { accountId: chooseAccount } });
  yield* inbox.receive(caller, { id: account.id, workspaceId: caller.workspaceId, platform: "bluesky" }, [
    {
      type: "mention",
      externalId: post.uri,
      threadId: post.root.uri,
      parentExternalId: null,
      postId: null,
      postTitle: null,
      from: { name: post.author.name, username: post.author.handle, avatar: post.author.avatar, verified: false, followers: null },
      content: post.text,
      sentAt: new Date(post.postedAt),
      url: post.url,
      likes: post.likes,
      reference: { cid: post.cid, rootUri: post.root.uri, rootCid: post.root.cid },
    },
  ]);
  return yield* (yield* InboxQueries).open(caller.workspaceId, messageIdOf(account.id, post.uri));
});

/** "Reply": the post goes to the inbox as above, and the answer goes out from there, threaded under it on Bluesky, once. */
export const replyToPost = Effect.fn("Listening.reply")(function* (
  caller: Caller,
  postId: string,
  input: { readonly accountId: string; readonly content: string },
) {
  const inbox = yield* Inbox;
  const thread = yield* addToInbox(caller, postId, input.accountId);
  yield* inbox.reply(caller, thread.message.id, { content: input.content, isPublic: true });
  return yield* (yield* InboxQueries).open(caller.workspaceId, thread.message.id);
});
