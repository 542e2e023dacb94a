import { sandboxConversation } from "../../infra/inbox/sandbox";
import type { PostView } from "../../infra/publishing/PostQueries";
import { expect, test } from "./fixtures";
import { newUser, registerByApi, screenshot, seriousViolationsIn, toast } from "./support";

test.describe("social inbox", () => {
  test("people answer a sandbox post; the owner opens a message, answers it with a quick reply template, and archives two at once", async ({ page, setPlan }) => {
    test.setTimeout(60_000);
    const owner = newUser({ firstName: "Lee", lastName: "Park" });
    await registerByApi(page.request, owner);
    await setPlan(owner.email, "growth");
    expect((await page.request.post("/api/social-accounts/sandbox", { data: { platform: "facebook", accountName: "Lee Dental" } })).status()).toBe(201);
    await page.goto("/app/social-inbox");
    const inbox = page.getByTestId("social-inbox");
    await expect(inbox).toHaveAttribute("data-hydrated", "true");
    await expect(inbox.getByTestId("inbox-empty")).toHaveText("No messages found");

    // People answer the post (the worker's sandbox job, SANDBOX_REPLY_DELAY_SECONDS after it goes out): the open inbox shows them without a reload.
    const published = await page.request.post("/api/posts", {
      data: { content: "Free whitening consultations all week", platforms: ["facebook"], status: "published", media: [] },
    });
    expect(published.status()).toBe(201);
    const post = (await published.json()) as { id: string; content: string };
    const target = async () => ((await (await page.request.get(`/api/posts/${post.id}`)).json()) as PostView).targets[0];
    await expect.poll(async () => (await target())?.status, { timeout: 20_000 }).toBe("published");
    const { platformPostId, publishedAt } = (await target())!;
    // Who answers is drawn from the sandbox post's id: two or three comments, sometimes a direct message.
    const count = sandboxConversation(
      { platformPostId: platformPostId!, postId: post.id, content: post.content, publishedAt: new Date(publishedAt!) },
      { platform: "facebook", kind: "healthcare" },
    ).length;
    expect(count).toBeGreaterThanOrEqual(2);
    const items = inbox.getByTestId("inbox-message");
    await expect(items).toHaveCount(count, { timeout: 30_000 });
    await page.reload();
    await expect(inbox).toHaveAttribute("data-hydrated", "true");
    expect(Number(await page.getByTestId("sidebar").locator(".nav-count").first().textContent())).toBe(count);

    // Open the first: read at once, its thread beside it.
    const firstItem = items.first();
    const sender = (await firstItem.locator(".inbox-from strong").textContent())!;
    await firstItem.getByRole("button").click();
    const panel = page.getByRole("region", { name: "Conversation" });
    await expect(panel.getByRole("heading", { level: 2 })).toHaveText(sender);
    await expect(firstItem).not.toHaveClass(/inbox-unread/);

    // A quick reply template, written once, fills the reply.
    await panel.getByRole("button", { name: "Quick Reply Templates" }).click();
    const dialog = page.getByRole("dialog", { name: "Quick Reply Templates" });
    await dialog.getByRole("button", { name: "New template" }).click();
    await dialog.getByLabel("Title").fill("Thanks");
    await dialog.getByLabel("Text").fill("Thank you so much! We'd love to see you this week.");
    await dialog.getByRole("button", { name: "Save template" }).click();
    await expect(toast(page).filter({ hasText: "Template Created" })).toBeVisible();
    await dialog.getByTestId("reply-template").filter({ hasText: "Thanks" }).getByRole("button", { name: "Use" }).click();
    await expect(panel.getByLabel("Your reply")).toHaveValue("Thank you so much! We'd love to see you this week.");
    await panel.getByRole("button", { name: /Reply publicly|Send reply/ }).click();
    await expect(toast(page).filter({ hasText: "Reply Sent! ✅" })).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByTestId("inbox-reply")).toContainText("Sent");
    await expect(firstItem.getByText("Replied")).toBeVisible();
    await screenshot(page, "inbox-1280", { fullPage: true });

    // Two archived at once: out of the inbox, in the archive.
    await items.nth(0).getByRole("checkbox").check();
    await items.nth(1).getByRole("checkbox").check();
    await page.getByRole("toolbar", { name: "Bulk actions" }).getByRole("button", { name: "Archive" }).click();
    await expect(toast(page).filter({ hasText: "2 messages archived." })).toBeVisible();
    await expect(items).toHaveCount(count - 2);
    await inbox.getByLabel("Archived").check();
    await expect(items).toHaveCount(2);

    // On a phone: the list, then the message alone with a way back.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto("/app/reply-comments");
    await expect(inbox).toHaveAttribute("data-hydrated", "true");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "inbox-360", { fullPage: true });
    await inbox.getByRole("button", { name: "Filters" }).click();
    await inbox.getByLabel("Archived").check();
    await items.first().getByRole("button").click();
    await expect(panel.getByRole("button", { name: "← Messages" })).toBeVisible();
    await screenshot(page, "inbox-message-360", { fullPage: true });
  });

  test("New Message writes first from a sandbox X account (a Yelp or Instagram one is offered disabled, with the reason); the conversation is in the inbox as ours, and the filters narrow the list", async ({ page, setPlan }) => {
    const owner = newUser({ firstName: "Ana", lastName: "Lima" });
    await registerByApi(page.request, owner);
    await setPlan(owner.email, "growth");
    // X lets an app write first; Yelp has no direct messages and Instagram lets a business only answer: sandbox accounts keep those rules.
    for (const [platform, accountName] of [
      ["twitter", "Lima Dental"],
      ["yelp", "Lima Dental Yelp"],
      ["instagram", "Lima Dental IG"],
    ])
      expect((await page.request.post("/api/social-accounts/sandbox", { data: { platform, accountName } })).status()).toBe(201);
    await page.goto("/app/reply-dms");
    const inbox = page.getByTestId("social-inbox");
    await expect(inbox).toHaveAttribute("data-hydrated", "true");

    await inbox.getByRole("button", { name: "New Message" }).click();
    const dialog = page.getByRole("dialog", { name: "New Message" });
    await expect(dialog.getByLabel("From")).toHaveValue(/.+/);
    await expect(dialog.getByLabel("From").locator("option:checked")).toHaveText("Lima Dental · X (Twitter)");
    await expect(dialog.getByRole("option", { name: /Lima Dental Yelp/ })).toBeDisabled();
    // Why, in words visible without hovering (a phone has no hover).
    const refused = dialog.getByTestId("new-message-refused");
    await expect(refused).toContainText("Lima Dental Yelp · Yelp: Yelp has no direct messages: people reach you there through reviews. Answer them from Reviews.");
    await expect(refused).toContainText("Lima Dental IG · Instagram: Instagram doesn't let apps write to someone first.");
    expect(await seriousViolationsIn(page, "dialog[open]")).toEqual([]);
    await dialog.getByLabel("To").fill("@jane.smith");
    await dialog.getByLabel("Message").fill("Hi Jane, your crown is ready for fitting.");
    await screenshot(page, "inbox-new-message-1280");
    await dialog.getByRole("button", { name: "Send message" }).click();
    await expect(toast(page).filter({ hasText: "Message Sent! ✅" })).toBeVisible();
    await expect(dialog).toBeHidden();
    const panel = page.getByRole("region", { name: "Conversation" });
    await expect(panel.getByRole("heading", { level: 2 })).toHaveText("jane.smith");
    await expect(panel.getByTestId("inbox-reply")).toContainText("Hi Jane, your crown is ready for fitting.");
    await expect(panel.getByTestId("inbox-reply")).toContainText("Sent");
    const item = inbox.getByTestId("inbox-message").filter({ hasText: "You: Hi Jane" });
    await expect(item).toHaveCount(1);
    await screenshot(page, "inbox-conversation-1280", { fullPage: true });

    // Select all: the bulk actions act on every message listed.
    const bulk = inbox.getByRole("toolbar", { name: "Bulk actions" });
    await bulk.getByLabel("Select all").check();
    await expect(bulk).toContainText("1 selected");
    await bulk.getByRole("button", { name: "Mark read" }).click();
    await expect(toast(page).filter({ hasText: "1 message marked read." })).toBeVisible();
    // Done with those: the selection clears, and the bulk actions with it.
    await expect(bulk.getByLabel("Select all")).not.toBeChecked();
    await expect(item.getByRole("checkbox")).not.toBeChecked();
    await expect(bulk.getByRole("button", { name: "Mark read" })).toHaveCount(0);

    // A reply typed while the previous one is sending is kept (the first is held on its way until then).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/social-inbox/*/reply", async (route) => {
      await held;
      await route.continue();
    });
    const box = panel.getByLabel("Your reply");
    await box.fill("See you Tuesday at 10.");
    await panel.getByRole("button", { name: "Send reply" }).click();
    await expect(box).toHaveValue("");
    await box.fill("Bring your insurance card, please.");
    release();
    await expect(panel.getByTestId("inbox-reply").filter({ hasText: "See you Tuesday at 10." })).toContainText("Sent", { timeout: 30_000 });
    await expect(box).toHaveValue("Bring your insurance card, please.");
    await page.unroute("**/api/social-inbox/*/reply");
    await screenshot(page, "inbox-reply-kept", { widths: [1280, 360] });

    // A sandbox Yelp account brings nothing to the inbox, as a real one wouldn't: the filter says where its reviews are.
    await inbox.getByLabel("Platform").selectOption({ label: "Yelp (no inbox)" });
    await expect(inbox.getByRole("note")).toHaveText("Yelp reviews are answered from Reviews.");
    await inbox.getByLabel("Platform").selectOption({ label: "All platforms" });

    // The filters narrow the list: nobody's, a negative sentiment. A wide screen shows them in the bar, with no Filters button.
    await expect(inbox.getByRole("button", { name: /^Filters/ })).toBeHidden();
    await inbox.getByLabel("Assignee").selectOption("none");
    await expect(item).toHaveCount(1);
    await inbox.getByLabel("Sentiment").selectOption("negative");
    await expect(inbox.getByTestId("inbox-empty")).toHaveText("No messages found");

    // A phone: the messages first, the filters behind a button that says how many are on.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto("/app/reply-dms");
    await expect(inbox).toHaveAttribute("data-hydrated", "true");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const filters = inbox.getByRole("button", { name: /^Filters/ });
    await expect(filters).toHaveAttribute("aria-expanded", "false");
    await expect(inbox.getByLabel("Sentiment")).toBeHidden();
    expect((await item.boundingBox())!.y + 40).toBeLessThan(780);
    await screenshot(page, "inbox-phone-list-360");
    await filters.click();
    await expect(filters).toHaveAttribute("aria-expanded", "true");
    await inbox.getByLabel("Assignee").selectOption("none");
    await inbox.getByLabel("Archived").check();
    await expect(filters).toHaveAccessibleName("Filters 2 on");
    await expect(inbox.getByTestId("inbox-empty")).toHaveText("No messages found");
    await screenshot(page, "inbox-phone-filters-360");
    await inbox.getByRole("button", { name: "Clear filters" }).click();
    await expect(filters).toHaveAccessibleName("Filters");
    await filters.click();
    await expect(inbox.getByLabel("Sentiment")).toBeHidden();
    // A message opens alone at the phone's width, with the way back to the list.
    await item.getByRole("button").click();
    await expect(panel.getByRole("heading", { level: 2 })).toHaveText("jane.smith");
    await expect(item).toBeHidden();
    expect((await panel.boundingBox())!.width).toBeGreaterThan(300);
    await screenshot(page, "inbox-phone-message-360");
    await panel.getByRole("button", { name: "← Messages" }).click();
    await expect(item).toBeVisible();
    await expect(panel).toBeHidden();
    await inbox.getByRole("button", { name: "New Message" }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("new-message-refused")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "inbox-new-message-360");
  });

  test("a plan without the social inbox sees the premium gate", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await page.goto("/app/social-inbox");
    await expect(page.getByTestId("premium-gate")).toContainText("Premium Feature");
  });
});
