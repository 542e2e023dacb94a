import type { Provider } from "../provider";
import { connectBluesky } from "./connect";
import { pollBluesky, replyBluesky } from "./inbox";
import { findBluesky, publishBluesky } from "./publish";

/**
 * Bluesky's notifications need an AppView: read only where BLUESKY_APPVIEW_URL says the network has
 * one (https://api.bsky.app on the public network); otherwise the event stream alone brings messages.
 */
const hasAppView = (env: NodeJS.ProcessEnv = process.env) => Boolean(env.BLUESKY_APPVIEW_URL?.trim());

/**
 * Bluesky: an app password against any PDS; posts under a record key derived from our key (the one
 * platform where `find` answers an earlier attempt); the inbox from the event stream
 * (infra/inbox/bluesky-firehose.ts reads it with `inboxMessagesOf`) and, with an AppView, notifications.
 * Its figures are read with the session by the fetch_engagement job (infra/publishing/engagement.ts).
 */
export const bluesky: Provider = {
  id: "bluesky",
  platforms: {
    bluesky: {
      connect: { kind: "bluesky", connect: connectBluesky },
      publish: { publish: publishBluesky, find: findBluesky },
      inbox: { poll: pollBluesky, polls: hasAppView, reply: replyBluesky },
    },
  },
};
