import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { addSandbox, newUser, openHydrated, registerByApi, toast } from "./support";

/** One post's way through the screens: compose → queue → calendar → publish now → published → dashboard. */



/** The YYYY-MM-DD of an instant in a zone. */
const dayIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso));

/** Shows the month holding `day` (the post is at most a few days ahead). */
const showDay = async (page: Page, day: string) => {
  if ((await page.getByTestId(`day-${day}`).count()) === 0) await page.getByRole("button", { name: "Next month" }).click();
  return page.getByTestId(`day-${day}`);
};

test("a post composed for two accounts is scheduled, seen in the queue and on the calendar, published now, and shown as published everywhere", async ({ page }) => {
  await registerByApi(page.request, newUser());
  await addSandbox(page.request, "facebook", "Lee Dental FB");
  await addSandbox(page.request, "linkedin", "Lee Dental LI");
  const content = `Free whitening consultations all week ${Date.now().toString(36)}`;

  // Compose and schedule for two days ahead at 10:00.
  await openHydrated(page, "/app/compose", "compose");
  await page.getByLabel(/Lee Dental FB/).check();
  await page.getByLabel(/Lee Dental LI/).check();
  await page.getByLabel("Description").fill(content);
  await page.getByLabel("Schedule", { exact: true }).check();
  const date = new Date(Date.now() + 48 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await page.getByLabel("Date").fill(date);
  await page.getByLabel("Time", { exact: true }).fill("10:00");
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(toast(page)).toContainText("Post created");

  const [post] = (await (await page.request.get(`/api/posts?q=${encodeURIComponent(content)}`)).json()).items as Array<{ id: string; scheduledAt: string; timeZone: string }>;
  expect(post).toBeDefined();
  const scheduledDay = dayIn(post!.scheduledAt, post!.timeZone);
  expect(scheduledDay).toBe(date);

  // Queue > Scheduled.
  await openHydrated(page, "/app/queue", "queue");
  await expect(page.getByTestId("count-scheduled")).toHaveText("1");
  const card = page.getByTestId("queue-post").filter({ hasText: content });
  await expect(card).toContainText("Scheduled for");
  await expect(card.getByRole("list", { name: "Platforms" })).toContainText("Facebook");
  await expect(card.getByRole("list", { name: "Platforms" })).toContainText("LinkedIn");

  // The calendar day.
  await openHydrated(page, "/app/calendar", "calendar");
  const cell = await showDay(page, scheduledDay);
  await expect(cell.getByTestId("badge-scheduled")).toHaveText("1 Scheduled");
  await expect(cell.locator(`[data-post-id="${post!.id}"]`)).toContainText(content.slice(0, 30));

  // Publish now from the queue; the worker publishes it to both sandbox accounts.
  await openHydrated(page, "/app/queue", "queue");
  await card.getByRole("button", { name: "Publish now" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Publish now" }).click();
  await expect(toast(page)).toContainText("Post published successfully!");
  await expect
    .poll(async () => ((await (await page.request.get(`/api/posts/${post!.id}`)).json()) as { status: string }).status, { timeout: 20_000 })
    .toBe("published");
  const published = (await (await page.request.get(`/api/posts/${post!.id}`)).json()) as { scheduledAt: string | null; publishedAt: string; targets: Array<{ status: string; url: string | null }> };
  expect(published.targets.map((t) => t.status)).toEqual(["published", "published"]);

  await page.reload();
  await expect(page.getByTestId("queue")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByTestId("count-scheduled")).toHaveText("0");
  await expect(page.getByTestId("count-published")).toHaveText("1");
  await page.getByRole("tab", { name: /Published Posts/ }).click();
  const results = page.getByTestId("queue-post").filter({ hasText: content }).getByRole("list", { name: "Results per account" });
  await expect(results).toContainText("Lee Dental FB:");
  await expect(results).toContainText("Lee Dental LI:");
  await expect(results.getByText(/^Published/)).toHaveCount(2);

  // Each sandbox account's result opens its post on the sandbox timeline, in the app.
  await results.locator("li", { hasText: "Lee Dental LI:" }).getByRole("link", { name: "Published (view)" }).click();
  await expect(page).toHaveURL(/\/app\/sandbox\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("sandbox-post")).toContainText(content);
  await expect(page.getByTestId("sandbox-post")).toContainText("Lee Dental LI");
  await page.getByRole("link", { name: "Back to the sandbox timeline" }).click();
  await expect(page.getByTestId("sandbox-timeline").getByTestId("sandbox-post")).toHaveCount(1);
  await page.getByRole("link", { name: "All sandbox accounts" }).click();
  await expect(page.getByTestId("sandbox-timeline").getByTestId("sandbox-post")).toHaveCount(2);

  // The calendar shows it published on the day it went out (Publish now moved it to now), no longer scheduled.
  await openHydrated(page, "/app/calendar", "calendar");
  const publishedCell = await showDay(page, dayIn(published.scheduledAt ?? published.publishedAt, post!.timeZone));
  await expect(publishedCell.getByTestId("badge-published")).toHaveText("1 Published");
  await expect(page.getByTestId("badge-scheduled")).toHaveCount(0);

  // Dashboard: Recent Posts.
  await page.goto("/app/dashboard");
  await expect(page.getByTestId("recent-posts")).toContainText(content.slice(0, 40));
});
