import { systemContext } from "../../domain/shared";
import { Inbox } from "../../infra/inbox/Inbox";
import type { IncomingMessage } from "../../infra/platforms/provider";

/**
 * A direct message reaching an account's inbox as the platforms' ingestion delivers it (an Effect
 * for the test's app to run): `content` from `from` (Ana Ruiz unless said), sent now.
 */
export const receiveDirectMessage = (
  account: { readonly id: string; readonly workspaceId: string; readonly platform: string },
  content: string,
  from = "Ana Ruiz",
) => {
  const message: IncomingMessage = {
    type: "dm",
    externalId: crypto.randomUUID(),
    threadId: null,
    parentExternalId: null,
    postId: null,
    postTitle: null,
    from: { name: from, username: from.toLowerCase().replace(" ", "."), avatar: null, verified: false, followers: null },
    content,
    sentAt: new Date(),
    url: null,
    likes: 0,
  };
  return Inbox.use((inbox) => inbox.receive(systemContext("ingestion", new Date(), crypto.randomUUID()), account, [message]));
};
