import type { IncomingMessage, ServerResponse } from "node:http";
import { expect, test } from "./fixtures";
import { addSandbox, newUser, registerByApi, screenshot, toast } from "./support";

/** Telegram and Discord through their cards and in compose, against the local server playing the Bot API and Discord's webhooks (the app's TELEGRAM_API_BASE and DISCORD_API_BASE). */

const TOKEN = "123456789:AAH-test_token-abcdefghijklmnopqrstu";

/** The Bot API of a bot in @morgandental; `mayPost` says whether it is an administrator who may post. */
const botApi = (state: { mayPost: boolean; calls: string[] }) => (req: IncomingMessage, res: ServerResponse) => {
  const method = (req.url ?? "").split("/").pop() ?? "";
  state.calls.push(`${req.method} ${req.url}`);
  const ok = (result: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true, result }));
  req.resume();
  req.on("end", () => {
    if (method === "getMe") ok({ id: 123456789, is_bot: true, first_name: "Morgan Poster", username: "morgan_poster_bot" });
    else if (method === "getChat") ok({ id: -1001234567890, type: "channel", title: "Morgan Family Dental", username: "morgandental" });
    else if (method === "getChatMember") ok({ status: "administrator", can_post_messages: state.mayPost });
    else if (method === "getChatMemberCount") ok(1284);
    else res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ ok: false, error_code: 404, description: "Not Found" }));
  });
};

test("a person connects a Telegram channel through its card: a bot that may not post is told what to do, then the channel is added with its subscribers", async ({
  page,
  blog,
}) => {
  const state = { mayPost: false, calls: [] as string[] };
  blog.handle = botApi(state);
  await registerByApi(page.request, newUser());
  await page.goto("/app/connect-accounts");
  await expect(page.getByTestId("connect-accounts")).toHaveAttribute("data-hydrated", "true");

  const card = page.getByTestId("platform-telegram");
  await expect(card).toContainText("Your own bot (from BotFather), made an administrator of your channel.");
  await card.getByRole("button", { name: "Connect", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("/newbot");
  await dialog.getByLabel("Bot token").fill(TOKEN);
  await dialog.getByLabel("Channel").fill("@morgandental");
  await screenshot(page, "telegram-dialog", { widths: [1280, 360] });
  await dialog.getByRole("button", { name: "Connect" }).click();
  await expect(toast(page)).toContainText("The bot is not an administrator of Morgan Family Dental who may post messages.");
  await expect(dialog).toBeVisible();

  state.mayPost = true;
  await dialog.getByRole("button", { name: "Connect" }).click();
  await expect(toast(page).filter({ hasText: "Account Connected!" })).toBeVisible();
  await expect(page.getByTestId("account-telegram")).toContainText("Morgan Family Dental");
  await expect(page.getByTestId("account-telegram")).toContainText("1.3K followers");
  await expect(card.getByRole("button", { name: "Connected" })).toBeDisabled();
  expect(state.calls.filter((c) => c.endsWith("/getChatMember"))).toHaveLength(2);
  await screenshot(page, "telegram-connected", { widths: [1280, 360] });
});

test("compose counts a Telegram post against 4096 characters, or 1024 as a caption once an image is attached, and a Discord one against 2000, and previews both", async ({
  page,
}) => {
  await registerByApi(page.request, newUser());
  await addSandbox(page.request, "telegram", "Morgan Channel");
  await addSandbox(page.request, "discord", "Morgan Server");
  await page.goto("/app/compose");
  await expect(page.getByTestId("compose")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel(/Morgan Channel/).check();
  await page.getByLabel(/Morgan Server/).check();

  await page.getByLabel("Description").fill("x".repeat(1100));
  await expect(page.getByTestId("counter-telegram")).toHaveText("Telegram: 1100/4096");
  await expect(page.getByTestId("counter-discord")).toHaveText("Discord: 1100/2000");
  await page.getByLabel("Description").fill("x".repeat(2001));
  await expect(page.getByTestId("counter-discord")).toHaveAttribute("data-over", "true");
  await expect(page.getByTestId("counter-telegram")).toHaveAttribute("data-over", "false");

  await page.getByLabel("Description").fill("Open on Saturday this week. " + "x".repeat(1000));
  await page.getByRole("button", { name: "Image" }).click();
  await page.getByRole("menuitem", { name: "Import from Canva" }).click();
  await page.getByRole("dialog", { name: "Create Design with Canva" }).getByRole("button", { name: /Social Post/ }).click();
  await expect(page.getByTestId("attached-media").getByRole("img")).toHaveCount(1);
  await expect(page.getByTestId("counter-telegram")).toHaveText("Telegram: 1028/1024");
  await expect(page.getByTestId("counter-telegram")).toHaveAttribute("data-over", "true");
  await expect(page.getByTestId("post-preview")).toContainText("Open on Saturday this week.");
  await screenshot(page.getByTestId("post-preview"), "telegram-discord-preview-1280");
});

test("a person pastes a Discord webhook on its card: a deleted webhook is told plainly, a live one connects the channel", async ({ page, blog }) => {
  let deleted = true;
  const paths: string[] = [];
  blog.handle = (req, res) => {
    paths.push(`${req.method} ${req.url}`);
    res.writeHead(deleted ? 404 : 200, { "content-type": "application/json" });
    res.end(JSON.stringify(deleted ? { message: "Unknown Webhook", code: 10015 } : { type: 1, id: "112233445566778899", name: "Morgan announcements", guild_id: "5566", channel_id: "9988" }));
  };
  await registerByApi(page.request, newUser());
  await page.goto("/app/connect-accounts");
  await expect(page.getByTestId("connect-accounts")).toHaveAttribute("data-hydrated", "true");
  await page.getByTestId("platform-discord").getByRole("button", { name: "Connect", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Copy Webhook URL");
  await dialog.getByLabel("Webhook URL").fill("https://discord.com/api/webhooks/112233445566778899/wh-token_abcdefghijklmnopqrstuvwxyz0123456789");
  await screenshot(page, "discord-dialog", { widths: [1280, 360] });
  await dialog.getByRole("button", { name: "Connect" }).click();
  await expect(toast(page)).toContainText("Discord has no such webhook: it was deleted, or the address is incomplete.");

  deleted = false;
  await dialog.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByTestId("account-discord")).toContainText("Morgan announcements");
  expect(paths).toEqual([
    "GET /api/webhooks/112233445566778899/wh-token_abcdefghijklmnopqrstuvwxyz0123456789",
    "GET /api/webhooks/112233445566778899/wh-token_abcdefghijklmnopqrstuvwxyz0123456789",
  ]);
});
