import { count, fail, obj, str } from "../http";
import type { PlatformProfile } from "../types";
import { callBot, ctx, refusalOf } from "./bot";

/**
 * A Telegram channel, posted to by the person's own bot (made with BotFather, added to the channel
 * as an administrator who may post messages). Before the account is added the bot, the channel and
 * the bot's rights there are read, each refusal with its own sentence.
 */

export const WRONG_BOT_TOKEN_MESSAGE = "Telegram does not know this bot token. Copy it again from BotFather (/mybots → your bot → API Token).";
export const chatNotFoundMessage = (chatId: string) =>
  `Telegram found no channel ${chatId} with this bot in it. Check the channel's @username (or its id), and add the bot to the channel as an administrator.`;
export const notAdminMessage = (title: string) =>
  `The bot is not an administrator of ${title} who may post messages. In the channel, open Administrators → Add admin, choose the bot and leave "Post messages" on.`;
export const PRIVATE_CHAT_MESSAGE = "This is a conversation with a person, not a channel. Enter the channel's @username or id.";

/** What is kept (encrypted) to post: the bot's token, the channel's id and its public @username (for links). */
export interface TelegramCredentials {
  readonly botToken: string;
  readonly chatId: string;
  readonly username: string | null;
}

export interface TelegramConnection {
  readonly profile: PlatformProfile;
  readonly credentials: TelegramCredentials;
}

/** "@name", "name", "https://t.me/name" or a numeric id ("-100…") as the Bot API's chat_id. */
export const telegramChatId = (input: string): string => {
  const text = input.trim();
  if (/^-?\d+$/.test(text)) return text;
  const link = /^(?:https?:\/\/)?(?:www\.)?(?:t|telegram)\.me\/([A-Za-z0-9_]+)\/?$/i.exec(text);
  const name = link ? link[1]! : text.replace(/^@/, "");
  return `@${name}`;
};

const MAY_POST = (member: Record<string, unknown>, chatType: string): boolean => {
  const status = str(member.status);
  if (status === "creator") return true;
  if (chatType === "channel") return status === "administrator" && member.can_post_messages === true;
  // In a group anyone present may write, unless restricted from sending.
  return status === "administrator" || status === "member" || (status === "restricted" && member.can_send_messages === true);
};

/** The channel's subscribers now (getChatMemberCount), for the accounts' audience refresh. */
export const readTelegramSubscribers = async (credentials: unknown): Promise<number> => {
  const c = obj(credentials);
  const botToken = str(c.botToken);
  const chatId = str(c.chatId);
  if (!botToken || !chatId) throw fail(ctx, "invalid_credentials", "Telegram has no stored bot for this channel. Connect it again.");
  const answer = await callBot(botToken, "getChatMemberCount", { chat_id: chatId });
  if (!answer.ok) throw refusalOf(answer);
  return count(answer.result);
};

export const connectTelegram = async (input: { botToken: string; chatId: string }): Promise<TelegramConnection> => {
  const botToken = input.botToken.trim();
  const chatId = telegramChatId(input.chatId);

  const me = await callBot(botToken, "getMe", {});
  if (!me.ok) {
    if (me.error_code === 401 || me.error_code === 404) throw fail(ctx, "invalid_credentials", WRONG_BOT_TOKEN_MESSAGE, { status: me.error_code });
    throw fail(ctx, "unavailable", "Telegram is not responding right now. Please try again later.", { status: me.error_code });
  }
  const bot = obj(me.result);

  const chatAnswer = await callBot(botToken, "getChat", { chat_id: chatId });
  if (!chatAnswer.ok) {
    if (chatAnswer.error_code === 400 || chatAnswer.error_code === 403) throw fail(ctx, "invalid_credentials", chatNotFoundMessage(chatId), { status: chatAnswer.error_code });
    throw fail(ctx, "unavailable", "Telegram is not responding right now. Please try again later.", { status: chatAnswer.error_code });
  }
  const chat = obj(chatAnswer.result);
  const chatType = str(chat.type) ?? "channel";
  if (chatType === "private") throw fail(ctx, "invalid_credentials", PRIVATE_CHAT_MESSAGE);
  const id = str(chat.id);
  if (!id) throw fail(ctx, "invalid_response", "Telegram sent a channel that could not be read.");
  const title = str(chat.title) ?? chatId;

  const member = await callBot(botToken, "getChatMember", { chat_id: id, user_id: bot.id });
  if (!member.ok || !MAY_POST(obj(member.result), chatType)) throw fail(ctx, "invalid_credentials", notAdminMessage(title), { status: member.error_code });

  // Subscribers: a figure Telegram may refuse to give (then 0), never a reason not to connect.
  const members = await callBot(botToken, "getChatMemberCount", { chat_id: id }).catch(() => null);
  const username = str(chat.username);
  return {
    profile: {
      externalId: id,
      accountName: title,
      username,
      avatarUrl: null,
      followers: members?.ok ? count(members.result) : 0,
      profileUrl: username ? `https://t.me/${username}` : null,
      metadata: { chatType, bot: str(bot.username) },
    },
    credentials: { botToken, chatId: id, username },
  };
};
