import type { Provider } from "../provider";
import { connectTelegram, readTelegramSubscribers } from "./connect";
import { publishTelegram } from "./publish";

/**
 * Telegram channels: the person's own bot (token from BotFather) posting to a channel it administers.
 * Subscribers are read at connection and every 6 hours after (getChatMemberCount); the Bot API gives no figures per message
 * to bots, and a channel's comments live in its discussion group, so there is no inbox.
 */
export const telegram: Provider = {
  id: "telegram",
  platforms: {
    telegram: {
      connect: { kind: "telegram", connect: connectTelegram },
      publish: { publish: publishTelegram },
      audience: readTelegramSubscribers,
    },
  },
};
