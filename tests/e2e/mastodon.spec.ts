import { expect, test } from "./fixtures";
import { newUser, openHydrated, registerByApi, screenshot, toast } from "./support";

/**
 * Mastodon with the person's own instance (played by the worker's local instance, which checks every
 * request): connected from Connect Accounts by typing the server, then a post with a content warning
 * and a visibility published to it from compose, counted against the instance's own limit.
 */
test("a person connects their Mastodon instance and publishes to it with a content warning", async ({ page, app }) => {
  const mastodon = app.mastodon;
  mastodon.limits = { maxCharacters: 800, maxMedia: 4 };
  await registerByApi(page.request, newUser());

  await openHydrated(page, "/app/connect-accounts", "connect-accounts");
  await page.getByRole("searchbox", { name: "Search platforms" }).fill("Mastodon");
  const card = page.locator("li", { has: page.getByRole("heading", { name: "Mastodon", exact: true }) });
  await expect(card).toContainText("Your server's address");
  await screenshot(page, "connect-card", { widths: [1280, 360] });
  await card.getByRole("button", { name: "Connect", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Connect Mastodon" });
  await dialog.getByLabel("Your server").fill(mastodon.host);
  await screenshot(page, "instance-dialog", { widths: [1280, 360] });
  await dialog.getByRole("button", { name: "Continue to your server" }).click();

  // The instance approves at once and sends the browser back: the account is connected.
  await expect(page).toHaveURL(/\/app\/connect-accounts$/);
  await expect(toast(page)).toContainText("Successfully connected your Mastodon account.");
  const row = page.getByTestId("account-mastodon");
  await expect(row).toContainText("Local Bakery");
  await expect(row).toContainText(`@bakery@${mastodon.host}`);
  await expect(row).toContainText("321 followers");
  await screenshot(page, "connected", { widths: [1280, 360] });

  // Compose: the instance's 800 characters count, not Mastodon's default 500.
  await openHydrated(page, "/app/compose", "compose");
  await page.getByLabel(/Local Bakery/).check();
  await page.getByLabel("Description").fill("x".repeat(700));
  await expect(page.getByTestId("counter-mastodon")).toHaveAttribute("data-over", "false");
  await page.getByLabel("Description").fill("x".repeat(801));
  await expect(page.getByTestId("counter-mastodon")).toHaveAttribute("data-over", "true");
  const content = `Sourdough is back this Saturday ${Date.now().toString(36)}`;
  await page.getByLabel("Description").fill(content);
  await page.getByTestId("platform-options").getByText("Mastodon options").click();
  await page.getByLabel("Content warning").fill("Food");
  await page.getByLabel("Who can see it?").selectOption("unlisted");
  await expect(page.getByTestId("preview-cw-mastodon")).toContainText("Food");
  await screenshot(page, "compose", { widths: [1280, 360], fullPage: true });
  await page.getByRole("button", { name: "Post Now" }).click();
  await expect(toast(page)).toContainText(/Post (created|published)/);

  // The worker publishes it to the instance once, under the post's own key, and keeps its address.
  await expect.poll(() => mastodon.statuses.filter((s) => s.body.status === content).length, { timeout: 30_000 }).toBe(1);
  const status = mastodon.statuses.find((s) => s.body.status === content)!;
  expect(status.body).toMatchObject({ spoiler_text: "Food", visibility: "unlisted" });
  expect(status.idempotencyKey).toBeTruthy();
  const [post] = (await (await page.request.get(`/api/posts?q=${encodeURIComponent(content)}`)).json()).items as Array<{ id: string }>;
  await expect
    .poll(async () => ((await (await page.request.get(`/api/posts/${post!.id}`)).json()) as { status: string }).status, { timeout: 20_000 })
    .toBe("published");
  const published = (await (await page.request.get(`/api/posts/${post!.id}`)).json()) as { targets: Array<{ status: string; url: string | null }> };
  expect(published.targets).toEqual([expect.objectContaining({ status: "published", url: status.url })]);
});
