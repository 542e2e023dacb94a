import { expect, type Page, test } from "@playwright/test";
import { newUser, registerByApi, toast } from "./support";

/** The screen once its island has hydrated (its controls are disabled until then). */
const openCalendar = async (page: Page) => {
  await page.goto("/app/calendar");
  await expect(page.getByTestId("calendar")).toHaveAttribute("data-hydrated", "true");
};

/** The days of the grid shown whose button is enabled (today and later), in order. */
const openDays = async (page: Page) =>
  page.locator('[role="cell"][data-day]').evaluateAll((cells) =>
    cells.filter((c) => !(c.querySelector("button.cal-day-btn") as HTMLButtonElement).disabled).map((c) => c.getAttribute("data-day")!),
  );

/** Open days after today: a post moved to today at its time of day may land in the past, depending on when the test runs. */
const laterDays = async (page: Page) =>
  page.locator('[role="cell"][data-day]').evaluateAll((cells) =>
    cells
      .filter((c) => !(c.querySelector("button.cal-day-btn") as HTMLButtonElement).disabled && !c.querySelector('[aria-current="date"]'))
      .map((c) => c.getAttribute("data-day")!),
  );

const day = (page: Page, date: string) => page.getByTestId(`day-${date}`);

/** Sunday-first weeks from the week of `from` to the week of `to` (YYYY-MM-DD). */
const weeksBetween = (from: string, to: string) => {
  const sunday = (d: string) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return t - new Date(t).getUTCDay() * 86_400_000;
  };
  return Math.round((sunday(to) - sunday(from)) / (7 * 86_400_000));
};

/** Date and time of day of an instant in a zone. */
const wallClock = (iso: string, timeZone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
};

test.describe("calendar", () => {
  test("the grid, its controls, and a note added, edited and deleted on a future day", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await openCalendar(page);
    await expect(page.getByTestId("calendar-title")).toHaveText(/^[A-Z][a-z]+ \d{4}$/);
    await expect(page.getByRole("columnheader")).toHaveText(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
    for (const name of ["See All", "Scheduled Posts", "Published Posts", "Month", "Week", "Today"]) {
      await expect(page.getByRole("button", { name, exact: true })).toBeEnabled();
    }

    // Month navigation and back with Today.
    const title = await page.getByTestId("calendar-title").textContent();
    await page.getByRole("button", { name: "Next month" }).click();
    await expect(page.getByTestId("calendar-title")).not.toHaveText(title!);
    await page.getByRole("button", { name: "Today", exact: true }).click();
    await expect(page.getByTestId("calendar-title")).toHaveText(title!);

    const open = await openDays(page);
    const target = open[open.length - 1]!;
    const cell = day(page, target);

    // Choose dialog, then Add Note; empty content is refused.
    await cell.locator("button.cal-day-btn").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Would you like to Create New Post or Add Note on this date?" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Create Post" })).toHaveAttribute("href", `/app/compose?date=${target}`);
    await dialog.getByRole("button", { name: "Add Note" }).click();
    await expect(dialog.getByRole("heading", { name: "Add Note" })).toBeVisible();
    await expect(dialog.getByRole("radio")).toHaveCount(14);
    await expect(dialog.getByRole("radio", { name: "Amber" })).toBeChecked();
    await dialog.getByRole("button", { name: "Save Note" }).click();
    await expect(toast(page)).toContainText("Please enter some content for your note.");
    await dialog.getByLabel("Note", { exact: true }).fill("Dentist open day");
    await dialog.getByRole("radio", { name: "Blue" }).check();
    await dialog.getByRole("button", { name: "Save Note" }).click();
    await expect(toast(page)).toContainText("Note Created");
    await expect(cell.getByTestId("note-dot")).toHaveCount(1);
    await expect(cell.getByTestId("note-dot")).toHaveClass(/cal-color-60A5FA/);
    // The month cell shows the note's first words beside its colour, not only a dot.
    await expect(cell.getByTestId("note-line")).toHaveText("Dentist open day");

    // Two more notes: two dots, then "+".
    for (const text of ["Second note", "Third note"]) {
      await cell.locator("button.cal-day-btn").click();
      await dialog.getByRole("button", { name: "Add Note" }).click();
      await dialog.getByLabel("Note", { exact: true }).fill(text);
      await dialog.getByRole("button", { name: "Save Note" }).click();
      await expect(dialog).toBeHidden();
    }
    await expect(cell.getByTestId("note-dot")).toHaveCount(2);
    await expect(cell.getByTestId("note-more")).toHaveText("+");

    // Edit from the day's dialog.
    await cell.locator("button.cal-day-btn").click();
    await dialog.getByRole("button", { name: "Edit note: Dentist open day" }).click();
    await expect(dialog.getByRole("heading", { name: "Edit Note" })).toBeVisible();
    await expect(dialog.getByRole("radio", { name: "Blue" })).toBeChecked();
    await dialog.getByLabel("Note", { exact: true }).fill("Dentist open day, 9am");
    await dialog.getByRole("radio", { name: "Red" }).check();
    await dialog.getByRole("button", { name: "Update Note" }).click();
    await expect(toast(page)).toContainText("Note Updated");

    // Kept after a reload.
    await page.reload();
    await expect(page.getByTestId("calendar")).toHaveAttribute("data-hydrated", "true");
    await expect(cell.getByTestId("note-dot").first()).toHaveClass(/cal-color-F87171/);

    // Delete the three notes.
    for (const name of ["Dentist open day, 9am", "Second note", "Third note"]) {
      await cell.locator("button.cal-day-btn").click();
      await dialog.getByRole("button", { name: `Edit note: ${name}` }).click();
      await dialog.getByRole("button", { name: "Delete" }).click();
      await expect(toast(page)).toContainText("Note Deleted");
      await expect(dialog).toBeHidden();
    }
    await expect(cell.getByTestId("note-dots")).toHaveCount(0);
  });

  test("a scheduled post shows a Scheduled badge on its day and moves by drag, keeping its time", async ({ page }) => {
    await registerByApi(page.request, newUser());
    const sandbox = await page.request.post("/api/social-accounts/sandbox", { data: { platform: "facebook", accountName: "Lee Dental FB" } });
    expect(sandbox.status(), await sandbox.text()).toBe(201);
    const when = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    when.setUTCHours(15, 30, 0, 0);
    const created = await page.request.post("/api/posts", {
      data: { content: "Open house this weekend", platforms: ["facebook"], status: "scheduled", scheduledAt: when.toISOString() },
    });
    expect(created.status(), await created.text()).toBe(201);
    const post = (await created.json()) as { id: string; timeZone: string; scheduledAt: string };
    const before = wallClock(post.scheduledAt, post.timeZone);

    await openCalendar(page);
    if ((await page.getByTestId(`day-${before.date}`).count()) === 0) await page.getByRole("button", { name: "Next month" }).click();
    const from = day(page, before.date);
    await expect(from.getByTestId("badge-scheduled")).toHaveText("1 Scheduled");
    const chip = page.locator(`[data-post-id="${post.id}"]`);
    await expect(chip).toContainText("Open house this weekend");

    // The filter hides it under Published Posts only.
    await page.getByRole("button", { name: "Published Posts" }).click();
    await expect(chip).toHaveCount(0);
    await page.getByRole("button", { name: "See All" }).click();
    await expect(chip).toHaveCount(1);

    const targets = (await laterDays(page)).filter((d) => d > before.date);
    const target = targets[0] ?? (await laterDays(page)).find((d) => d !== before.date)!;
    await chip.dragTo(day(page, target));
    await expect(toast(page)).toContainText("Post moved to");
    await expect(day(page, target).getByTestId("badge-scheduled")).toHaveText("1 Scheduled");
    await expect(from.getByTestId("badge-scheduled")).toHaveCount(0);

    const moved = (await (await page.request.get(`/api/posts/${post.id}`)).json()) as { scheduledAt: string; status: string; content: string; platforms: string[] };
    const after = wallClock(moved.scheduledAt, post.timeZone);
    expect(after.date).toBe(target);
    expect(after.time).toBe(before.time);
    expect(moved.status).toBe("scheduled");
    expect(moved.content).toBe("Open house this weekend");
    expect(moved.platforms).toEqual(["facebook"]);

    // Keyboard way: week view's "Move to…" date input.
    await page.getByRole("button", { name: "Today", exact: true }).click();
    await page.getByRole("button", { name: "Week", exact: true }).click();
    // Go forward week by week to the post's week, each time once the grid shows that week's data.
    const grid = page.getByTestId("calendar-grid");
    const loaded = async () => expect(grid).toHaveAttribute("data-shown-range", (await grid.getAttribute("data-range"))!);
    await loaded();
    const today = (await page.locator('[role="cell"]:has(button[aria-current="date"])').getAttribute("data-day"))!;
    for (let i = 0; i < weeksBetween(today, target); i++) {
      await page.getByRole("button", { name: "Next week" }).click();
      await loaded();
    }
    let moveInput = page.getByLabel("Move post to another day: Open house this weekend");
    await expect(moveInput).toBeVisible();
    const next = (await laterDays(page)).find((d) => d !== target) ?? target;
    const finalDay = next === target ? before.date : next;
    moveInput = page.getByLabel("Move post to another day: Open house this weekend");
    await moveInput.fill(finalDay);
    await expect(toast(page)).toContainText("Post moved to");
    await expect
      .poll(async () => wallClock(((await (await page.request.get(`/api/posts/${post.id}`)).json()) as { scheduledAt: string }).scheduledAt, post.timeZone))
      .toEqual({ date: finalDay, time: before.time });
  });

  test("a drag of a post changed elsewhere since the calendar was read: it goes back, and Reload shows it as it is now", async ({ page }) => {
    await registerByApi(page.request, newUser());
    const sandbox = await page.request.post("/api/social-accounts/sandbox", { data: { platform: "facebook", accountName: "Lee Dental FB" } });
    expect(sandbox.status(), await sandbox.text()).toBe(201);
    const when = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    when.setUTCHours(15, 30, 0, 0);
    const created = await page.request.post("/api/posts", {
      data: { content: "Flu shots this week", platforms: ["facebook"], status: "scheduled", scheduledAt: when.toISOString() },
    });
    expect(created.status(), await created.text()).toBe(201);
    const post = (await created.json()) as { id: string; timeZone: string; scheduledAt: string };
    const { date } = wallClock(post.scheduledAt, post.timeZone);

    await openCalendar(page);
    if ((await page.getByTestId(`day-${date}`).count()) === 0) await page.getByRole("button", { name: "Next month" }).click();
    const chip = page.locator(`[data-post-id="${post.id}"]`);
    await expect(chip).toContainText("Flu shots this week");
    // Someone else edits it after the calendar listed it.
    const edited = await page.request.put(`/api/posts/${post.id}`, {
      data: { content: "Flu shots all month", platforms: ["facebook"], status: "scheduled", scheduledAt: post.scheduledAt },
    });
    expect(edited.status(), await edited.text()).toBe(200);

    const target = (await laterDays(page)).find((d) => d !== date)!;
    await chip.dragTo(day(page, target));
    await expect(toast(page)).toContainText("This item was changed by someone else. Reload and try again.");
    // Back where it was, on screen and on the server.
    await expect(day(page, date).locator(`[data-post-id="${post.id}"]`)).toBeVisible();
    await expect(day(page, target).getByTestId("badge-scheduled")).toHaveCount(0);
    const kept = (await (await page.request.get(`/api/posts/${post.id}`)).json()) as { scheduledAt: string };
    expect(kept.scheduledAt).toBe(post.scheduledAt);

    await toast(page).getByRole("button", { name: "Reload" }).click();
    await expect(chip).toContainText("Flu shots all month");
    // Read again, the move goes through.
    await chip.dragTo(day(page, target));
    await expect(toast(page)).toContainText("Post moved to");
    await expect(day(page, target).locator(`[data-post-id="${post.id}"]`)).toBeVisible();
  });

  test("a busy day lists its first three posts and \"+N more\" opens them all", async ({ page }) => {
    await registerByApi(page.request, newUser());
    const sandbox = await page.request.post("/api/social-accounts/sandbox", { data: { platform: "facebook", accountName: "Lee Dental FB" } });
    expect(sandbox.status(), await sandbox.text()).toBe(201);
    const base = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    base.setUTCHours(14, 0, 0, 0);
    let first: { scheduledAt: string; timeZone: string } | null = null;
    for (let i = 0; i < 5; i++) {
      const at = new Date(base.getTime() + i * 10 * 60 * 1000).toISOString();
      const created = await page.request.post("/api/posts", { data: { content: `Busy day post ${i + 1}`, platforms: ["facebook"], status: "scheduled", scheduledAt: at } });
      expect(created.status(), await created.text()).toBe(201);
      first ??= (await created.json()) as { scheduledAt: string; timeZone: string };
    }
    const { date } = wallClock(first!.scheduledAt, first!.timeZone);

    await openCalendar(page);
    if ((await page.getByTestId(`day-${date}`).count()) === 0) await page.getByRole("button", { name: "Next month" }).click();
    const cell = day(page, date);
    await expect(cell.getByTestId("badge-scheduled")).toHaveText("5 Scheduled");
    await expect(cell.getByTestId("calendar-post")).toHaveText([/Busy day post 1/, /Busy day post 2/, /Busy day post 3/]);
    await cell.getByTestId("more-posts").click();
    const list = page.getByRole("dialog").getByTestId("day-list");
    await expect(list.getByRole("link")).toHaveText(["Busy day post 1", "Busy day post 2", "Busy day post 3", "Busy day post 4", "Busy day post 5"]);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
  });

  test("a draft is marked as a draft, not shown at the time it was written", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await page.request.post("/api/social-accounts/sandbox", { data: { platform: "facebook", accountName: "Lee Dental FB" } });
    const created = await page.request.post("/api/posts", { data: { content: "Idea for the spring newsletter", platforms: ["facebook"], status: "draft" } });
    expect(created.status(), await created.text()).toBe(201);
    const draft = (await created.json()) as { id: string };
    await openCalendar(page);
    const chip = page.locator(`[data-post-id="${draft.id}"]`);
    await expect(chip).toContainText("Draft");
    await expect(chip).toContainText("Idea for the spring newsletter");
    await expect(chip.locator("time")).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath("calendar-month-1280.png"), fullPage: true });
  });

  test("at 360 px the grid keeps 7 columns without scrolling sideways", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await registerByApi(page.request, newUser());
    await openCalendar(page);
    const widths = await page.locator(".cal-row").first().locator('[role="columnheader"]').evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().width));
    expect(widths).toHaveLength(7);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await page.getByRole("button", { name: "Week", exact: true }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  });
});
