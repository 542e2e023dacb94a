import { platformById } from "../../../domain/accounts/platforms";
import { characterCount } from "../../../domain/publishing/validation";
import { blobOf, isImage, isVideo, withLink } from "../call";
import { fail, obj, str } from "../http";
import type { Publisher, PublishMedia } from "../provider";
import { callBot, ctx, refusalOf } from "./bot";
import type { TelegramCredentials } from "./connect";

/**
 * Posts to the channel as its bot: `sendMessage` (text), `sendPhoto` / `sendVideo` (one file, the
 * text as caption), `sendMediaGroup` (an album of 2 to 10, the caption on the first). The Bot API
 * has no idempotency key: the scheduler's record of the attempt keeps a post from going out twice.
 */

const credentialsOf = (credentials: unknown): TelegramCredentials => {
  const c = obj(credentials);
  const botToken = str(c.botToken);
  const chatId = str(c.chatId);
  if (!botToken || !chatId) throw fail(ctx, "invalid_credentials", "Telegram has no stored bot for this channel. Connect it again.");
  return { botToken, chatId, username: str(c.username) };
};

/** The message's address: t.me/{username}/{id} for a public channel, t.me/c/{id}/{id} (members only) for a private one. */
export const telegramMessageUrl = (credentials: TelegramCredentials, messageId: string): string | null =>
  credentials.username
    ? `https://t.me/${credentials.username}/${messageId}`
    : credentials.chatId.startsWith("-100")
      ? `https://t.me/c/${credentials.chatId.slice(4)}/${messageId}`
      : null;

const kindOf = (m: PublishMedia): "photo" | "video" => {
  if (isImage(m)) return "photo";
  if (isVideo(m)) return "video";
  throw fail(ctx, "rejected", `Telegram takes photos and videos here; ${m.fileName} is neither.`);
};

export const publishTelegram: Publisher = async (credentials, request) => {
  const channel = credentialsOf(credentials);
  const text = withLink(request);
  const rules = platformById("telegram");
  const media = request.media;
  if (media.length > rules.posting.maxItems) throw fail(ctx, "rejected", `Telegram takes at most ${rules.posting.maxItems} photos or videos in one post.`);
  const limit = media.length > 0 ? rules.posting.maxCaptionCharacters! : rules.maxCharacters;
  if (characterCount(text) > limit) {
    throw fail(ctx, "rejected", `Telegram allows ${limit} characters${media.length > 0 ? " with photos or videos" : ""}; this post has ${characterCount(text)}.`);
  }

  let answer;
  if (media.length === 0) {
    answer = await callBot(channel.botToken, "sendMessage", { chat_id: channel.chatId, text });
  } else if (media.length === 1) {
    const kind = kindOf(media[0]!);
    const form = new FormData();
    form.set("chat_id", channel.chatId);
    if (text.trim() !== "") form.set("caption", text);
    form.set(kind, blobOf(media[0]!), media[0]!.fileName);
    answer = await callBot(channel.botToken, kind === "photo" ? "sendPhoto" : "sendVideo", form);
  } else {
    const form = new FormData();
    form.set("chat_id", channel.chatId);
    const album = media.map((m, i) => ({ type: kindOf(m), media: `attach://file${i}`, ...(i === 0 && text.trim() !== "" ? { caption: text } : {}) }));
    form.set("media", JSON.stringify(album));
    media.forEach((m, i) => form.set(`file${i}`, blobOf(m), m.fileName));
    answer = await callBot(channel.botToken, "sendMediaGroup", form);
  }
  if (!answer.ok) throw refusalOf(answer);
  // An album answers its messages in order: the first one stands for the post.
  const message = obj(Array.isArray(answer.result) ? answer.result[0] : answer.result);
  const messageId = str(message.message_id);
  if (!messageId) throw fail(ctx, "invalid_response", "Telegram sent the message without its id.");
  return { platformPostId: messageId, url: telegramMessageUrl(channel, messageId) };
};
