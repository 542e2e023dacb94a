import type { Provider } from "../provider";
import { readTwitter } from "./engagement";
import { pollTwitter, replyTwitter } from "./inbox";
import { twitter } from "./oauth";
import { publishTwitter } from "./publish";

/** X (the catalogue's `twitter`): posts and threads, mentions and replies, direct messages, public metrics. */
export const x: Provider = {
  id: "x",
  platforms: {
    twitter: {
      connect: { kind: "oauth", definition: twitter },
      publish: { publish: publishTwitter },
      inbox: { poll: pollTwitter, reply: replyTwitter },
      engagement: readTwitter,
    },
  },
};
