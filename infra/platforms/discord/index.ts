import type { Provider } from "../provider";
import { publishDiscord } from "./publish";
import { connectDiscord } from "./webhook";

/**
 * Discord channels through a channel webhook the person creates and pastes. A webhook only posts:
 * it reads no messages, members or reactions, so there is no inbox and no figures.
 */
export const discord: Provider = {
  id: "discord",
  platforms: {
    discord: {
      connect: { kind: "discord", connect: connectDiscord },
      publish: { publish: publishDiscord },
    },
  },
};
