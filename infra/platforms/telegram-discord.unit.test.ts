import { afterEach, describe, expect, it } from "vitest";
import { parseDiscordWebhook } from "./discord/webhook";
import { telegramChatId } from "./telegram/connect";
import { telegramMessageUrl } from "./telegram/publish";

const TOKEN = "wh-token_abcdefghijklmnopqrstuvwxyz0123456789";

describe("reading what a person pastes for Telegram and Discord", () => {
  afterEach(() => {
    delete process.env.DISCORD_API_BASE;
  });

  it.each([
    ["@morgandental", "@morgandental"],
    ["morgandental", "@morgandental"],
    ["https://t.me/morgandental", "@morgandental"],
    ["t.me/morgandental/", "@morgandental"],
    [" -1001234567890 ", "-1001234567890"],
  ])("given the channel %j, when it is read, then the Bot API's chat_id is %j", (input, chatId) => expect(telegramChatId(input)).toBe(chatId));

  it("given a channel with or without a username, when a message's link is made, then it is its public t.me link or the members' one", () => {
    expect(telegramMessageUrl({ botToken: "t", chatId: "-1001234567890", username: "morgandental" }, "41")).toBe("https://t.me/morgandental/41");
    expect(telegramMessageUrl({ botToken: "t", chatId: "-1001234567890", username: null }, "41")).toBe("https://t.me/c/1234567890/41");
    expect(telegramMessageUrl({ botToken: "t", chatId: "-12345", username: null }, "41")).toBeNull();
  });

  it("given Discord webhook addresses, when they are read, then Discord's hosts (and API versions) are called on DISCORD_API_BASE and any other address is refused", () => {
    expect(parseDiscordWebhook(`https://discord.com/api/webhooks/112233445566778899/${TOKEN}`)).toEqual({
      id: "112233445566778899",
      token: TOKEN,
      url: `https://discord.com/api/webhooks/112233445566778899/${TOKEN}`,
    });
    expect(parseDiscordWebhook(`https://discordapp.com/api/v10/webhooks/112233445566778899/${TOKEN}`)?.url).toBe(
      `https://discord.com/api/webhooks/112233445566778899/${TOKEN}`,
    );
    expect(parseDiscordWebhook(`https://canary.discord.com/api/webhooks/112233445566778899/${TOKEN}/`)).not.toBeNull();
    for (const refused of [
      `http://discord.com/api/webhooks/112233445566778899/${TOKEN}`,
      `https://discord.com.evil.example/api/webhooks/112233445566778899/${TOKEN}`,
      `https://discord.com:8443/api/webhooks/112233445566778899/${TOKEN}`,
      `https://user:pw@discord.com/api/webhooks/112233445566778899/${TOKEN}`,
      "https://discord.com/api/webhooks/112233445566778899",
      `https://discord.com/api/webhooks/112233445566778899/${TOKEN}/github`,
      `http://10.0.0.7/api/webhooks/112233445566778899/${TOKEN}`,
      "not an address",
    ]) {
      expect(parseDiscordWebhook(refused), refused).toBeNull();
    }
    process.env.DISCORD_API_BASE = "http://127.0.0.1:4670/api";
    expect(parseDiscordWebhook(`https://discord.com/api/webhooks/112233445566778899/${TOKEN}`)?.url).toBe(
      `http://127.0.0.1:4670/api/webhooks/112233445566778899/${TOKEN}`,
    );
    expect(parseDiscordWebhook(`http://127.0.0.1:4670/api/webhooks/112233445566778899/${TOKEN}`)).not.toBeNull();
  });
});
