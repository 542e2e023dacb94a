import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { newUser, registerByApi, screenshot, toast, watchScripts } from "./support";

/** The screen once its island has hydrated (its controls are disabled until then). */
const openCalendar = async (page: Page) => {
  await page.goto("/app/calendar");
  await expect(page.getByTestId("calendar")).toHaveAttribute("data-hydrated", "true");
};

/** The days of the grid shown whose button is enabled (today and later), in order. */
const openDays = async (page: Page) =>
  page
    .locator('[role="cell"][data-day]')
    .evaluateAll((cells) =>
      cells.filter((c) => !(c.querySelector("button.cal-day-btn") as HTMLButtonElement).disabled).map((c) => c.getAttribute("data-day")!),
    );

/** Open days after today: a post moved to today at its time of day may land in the past, depending on when the test runs. */
const laterDays = async (page: Page) =>
  page
    .locator('[role="cell"][data-day]')
    .evaluateAll((cells) =>
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

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Switches to the week view and goes forward to the week of `day`, each week once its data is shown. */
const openWeekOf = async (page: Page, day: string) => {
  await page.getByRole("button", { name: "Week", exact: true }).click();
  const grid = page.getByTestId("calendar-grid");
  await expect(grid).toHaveAttribute("data-range", /^week:/);
  const loaded = async () => expect(grid).toHaveAttribute("data-shown-range", (await grid.getAttribute("data-range"))!);
  await loaded();
  const today = (await page.locator('[role="columnheader"]:has(button[aria-current="date"])').getAttribute("data-testid"))!.replace("week-day-", "");
  for (let i = 0; i < weeksBetween(today, day); i++) {
    await page.getByRole("button", { name: "Next week" }).click();
    await loaded();
  }
  return today;
};

/**
 * Scrolls the week grid so `minute` sits just under its sticky header and `day`'s column just right of
 * the sticky time gutter, and the grid into the window: what a person does before dragging.
 */
const scrollWeekTo = (page: Page, day: string, minute: number) =>
  page.locator(".cal-week-scroll").evaluate(
    (box, [day, minute]) => {
      const column = box.querySelector<HTMLElement>(`.cal-week-col[data-day="${day}"]`)!;
      const top = column.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
      box.scrollTop = top + (Number(minute) / 1440) * column.offsetHeight - box.querySelector<HTMLElement>(".cal-week-top")!.offsetHeight;
      box.scrollLeft = column.offsetLeft - box.querySelector<HTMLElement>(".cal-week-hours")!.offsetWidth;
      box.scrollIntoView({ block: "nearest" });
    },
    [day, String(minute)],
  );

/** The calendar shows the user's zone; these tests set it to one half an hour off the hour, where mistakes show. */
const ZONE = "Asia/Kolkata";

const setUpInZone = async (page: Page) => {
  await registerByApi(page.request, newUser());
  const zone = await page.request.post("/api/user/onboarding", { data: { timeZone: ZONE } });
  expect(zone.status(), await zone.text()).toBe(200);
  for (const [platform, accountName] of [
    ["facebook", "Lee Dental FB"],
    ["instagram", "leedental"],
    ["linkedin", "Lee Dental"],
  ] as const) {
    const account = await page.request.post("/api/social-accounts/sandbox", { data: { platform, accountName } });
    expect(account.status(), await account.text()).toBe(201);
  }
  return wallClock(new Date().toISOString(), ZONE).date;
};

/** A scheduled post, with a picture where a platform takes no post without one (Instagram). */
const schedule = async (page: Page, content: string, at: string, platforms: string[] = ["facebook"]) => {
  const media = platforms.includes("instagram") ? ["https://images.example.com/clinic.jpg"] : [];
  const created = await page.request.post("/api/posts", { data: { content, platforms, media, status: "scheduled", scheduledAt: at, timeZone: ZONE } });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: string; scheduledAt: string; timeZone: string };
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

    const moved = (await (await page.request.get(`/api/posts/${post.id}`)).json()) as {
      scheduledAt: string;
      status: string;
      content: string;
      platforms: string[];
    };
    const after = wallClock(moved.scheduledAt, post.timeZone);
    expect(after.date).toBe(target);
    expect(after.time).toBe(before.time);
    expect(moved.status).toBe("scheduled");
    expect(moved.content).toBe("Open house this weekend");
    expect(moved.platforms).toEqual(["facebook"]);

    // Keyboard way: in week view, the post opens with its date and time; a new date keeps the time.
    await page.getByRole("button", { name: "Today", exact: true }).click();
    await page.getByRole("button", { name: "Week", exact: true }).click();
    // Go forward week by week to the post's week, each time once the grid shows that week's data.
    const grid = page.getByTestId("calendar-grid");
    const loaded = async () => expect(grid).toHaveAttribute("data-shown-range", (await grid.getAttribute("data-range"))!);
    await loaded();
    const today = (await page.locator('[role="columnheader"]:has(button[aria-current="date"])').getAttribute("data-testid"))!.replace("week-day-", "");
    for (let i = 0; i < weeksBetween(today, target); i++) {
      await page.getByRole("button", { name: "Next week" }).click();
      await loaded();
    }
    const weekDays = await grid.locator(".cal-week-col").evaluateAll((cols) => cols.map((c) => c.getAttribute("data-day")!));
    const finalDay = weekDays.find((d) => d > today && d !== target) ?? before.date;
    const block = page.locator(`[data-post-id="${post.id}"]`);
    await block.getByRole("button").focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Scheduled post" });
    await expect(dialog).toContainText("Open house this weekend");
    await expect(dialog.getByLabel("Time", { exact: true })).toHaveValue(before.time);
    await dialog.getByLabel("Date", { exact: true }).fill(finalDay);
    await dialog.getByRole("button", { name: "Move post" }).click();
    await expect(dialog).toBeHidden();
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

  test('a busy day lists its first three posts and "+N more" opens them all', async ({ page }) => {
    await registerByApi(page.request, newUser());
    const sandbox = await page.request.post("/api/social-accounts/sandbox", { data: { platform: "facebook", accountName: "Lee Dental FB" } });
    expect(sandbox.status(), await sandbox.text()).toBe(201);
    const base = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    base.setUTCHours(14, 0, 0, 0);
    let first: { scheduledAt: string; timeZone: string } | null = null;
    for (let i = 0; i < 5; i++) {
      const at = new Date(base.getTime() + i * 10 * 60 * 1000).toISOString();
      const created = await page.request.post("/api/posts", {
        data: { content: `Busy day post ${i + 1}`, platforms: ["facebook"], status: "scheduled", scheduledAt: at },
      });
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
    await screenshot(page, "calendar-month-1280", { fullPage: true });
  });

  test("at 360 px the grid keeps 7 columns without scrolling sideways", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await registerByApi(page.request, newUser());
    await openCalendar(page);
    const widths = await page
      .locator(".cal-row")
      .first()
      .locator('[role="columnheader"]')
      .evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().width));
    expect(widths).toHaveLength(7);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await page.getByRole("button", { name: "Week", exact: true }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  });

  for (const width of [1280, 360]) {
    test(`week view at ${width} px: a post at 09:37 in its zone sits at 09:37, and a drag takes it to 14:15 on another day`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
      const today = await setUpInZone(page);
      const day = addDays(today, 2);
      // Another day of the same week after today: 14:15 there is still to come, whatever the hour of the run.
      const target = weekdayOf(day) < 6 ? addDays(day, 1) : addDays(day, -1);
      const post = await schedule(page, "Open house at the Indiranagar clinic", `${day}T09:37`, ["facebook", "instagram"]);
      expect(wallClock(post.scheduledAt, ZONE)).toEqual({ date: day, time: "09:37" });
      expect(post.timeZone).toBe(ZONE);

      await openCalendar(page);
      await openWeekOf(page, day);
      // The title names the week's dates ("Nov 22 – 28, 2026", "Nov 29 – Dec 5, 2026", "Dec 27, 2026 – Jan 2, 2027").
      await expect(page.getByTestId("calendar-title")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}(, \d{4})? – ([A-Z][a-z]{2} )?\d{1,2}, \d{4}$/);
      await expect(page.locator(".cal-week-col")).toHaveCount(7);

      const column = page.getByTestId(`day-${day}`);
      const block = column.locator(`[data-post-id="${post.id}"]`);
      await expect(block).toContainText("9:37 AM");
      await expect(block).toContainText("Open house at the");
      await expect(block.getByRole("button")).toHaveAccessibleName(/^9:37 AM\s*Facebook, Instagram\s*Open house at the Indiranagar clinic$/);
      // Drawn at its minute: 577 of the day's 1,440, down its column.
      const minute = await block.evaluate((el) => {
        const col = el.closest(".cal-week-col")!.getBoundingClientRect();
        return ((el.getBoundingClientRect().top - col.top) / col.height) * 1440;
      });
      expect(Math.abs(minute - 577)).toBeLessThan(2);

      // Dragged by its top edge to 14:15 on the target day.
      await scrollWeekTo(page, day < target ? day : target, 9 * 60);
      const targetColumn = page.getByTestId(`day-${target}`);
      const height = (await targetColumn.boundingBox())!.height;
      await block.dragTo(targetColumn, { sourcePosition: { x: 8, y: 4 }, targetPosition: { x: 8, y: ((14 * 60 + 15) / 1440) * height + 4 } });
      await expect(toast(page)).toContainText("Post moved to");
      await expect(targetColumn.locator(`[data-post-id="${post.id}"]`)).toContainText("2:15 PM");
      await expect(column.locator(`[data-post-id="${post.id}"]`)).toHaveCount(0);
      const moved = (await (await page.request.get(`/api/posts/${post.id}`)).json()) as { scheduledAt: string; timeZone: string; status: string };
      expect(wallClock(moved.scheduledAt, ZONE)).toEqual({ date: target, time: "14:15" });
      expect(moved.timeZone).toBe(ZONE);
      expect(moved.status).toBe("scheduled");
      // The page never scrolls sideways: on a phone the day columns scroll inside the grid.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);

      // The keyboard's way to the same: the post opens with its date and time.
      await targetColumn.locator(`[data-post-id="${post.id}"]`).getByRole("button").focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Scheduled post" });
      await expect(dialog.getByLabel("Date", { exact: true })).toHaveValue(target);
      await expect(dialog.getByLabel("Time", { exact: true })).toHaveValue("14:15");
      await expect(dialog).toContainText(`In ${ZONE} (GMT+5:30)`);
      await dialog.getByLabel("Date", { exact: true }).fill(day);
      await dialog.getByLabel("Time", { exact: true }).fill("16:45");
      await dialog.getByRole("button", { name: "Move post" }).click();
      await expect(dialog).toBeHidden();
      await expect(column.locator(`[data-post-id="${post.id}"]`)).toContainText("4:45 PM");
      await expect
        .poll(async () => wallClock(((await (await page.request.get(`/api/posts/${post.id}`)).json()) as { scheduledAt: string }).scheduledAt, ZONE))
        .toEqual({ date: day, time: "16:45" });
    });
  }

  for (const width of [1280, 360]) {
    test(`week view at ${width} px: five posts in one hour stack inside its row, none covering another, and "+3 more" lists all five by keyboard`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
      const today = await setUpInZone(page);
      const day = addDays(today, 2);
      const texts = ["Open house at the clinic", "Meet Dr. Rao, our orthodontist", "Five tips for healthier gums", "Whitening offer ends Friday", "Evening hours this week"];
      const posts = [];
      for (const [i, text] of texts.entries()) posts.push(await schedule(page, text, `${day}T14:${String(5 + 10 * i).padStart(2, "0")}`, i === 0 ? ["facebook", "instagram", "linkedin"] : ["facebook"]));

      await openCalendar(page);
      await openWeekOf(page, day);
      const column = page.getByTestId(`day-${day}`);
      const stack = column.getByRole("list", { name: "Posts at 2 PM" });
      const chips = stack.getByTestId("calendar-post");
      await expect(chips).toHaveCount(2);
      await expect(chips.nth(0).getByRole("button")).toHaveAccessibleName(/^2:05 PM\s*Facebook, Instagram, LinkedIn\s*Open house at the clinic$/);
      await expect(chips.nth(1)).toContainText("2:15");
      const more = stack.getByRole("button", { name: "+3 more at 2 PM" });
      await expect(more).toHaveText("+3 more");
      await scrollWeekTo(page, day, 13 * 60 + 30);

      // Every line inside the 2 PM row of its day's column, one under another, each showing its time whole and some of its words.
      const geometry = await column.evaluate((col) => {
        const box = col.getBoundingClientRect();
        const hour = { top: box.top + (14 / 24) * box.height, bottom: box.top + (15 / 24) * box.height };
        const lines = [...col.querySelectorAll<HTMLElement>('[data-hour="14"] > li')].map((li) => {
          const r = li.getBoundingClientRect();
          const time = li.querySelector("time");
          const text = li.querySelector<HTMLElement>(".cal-block-text");
          const button = li.querySelector<HTMLElement>("button")!;
          return {
            top: r.top,
            bottom: r.bottom,
            left: r.left,
            right: r.right,
            height: r.height,
            timeWhole: !time || time.getBoundingClientRect().right <= button.getBoundingClientRect().right + 0.5,
            // The part of the words inside the line (an overflowing line would push them out of sight).
            wordsWidth: text ? Math.min(text.getBoundingClientRect().right, button.getBoundingClientRect().right) - text.getBoundingClientRect().left : null,
            clipped: !text && button.scrollWidth > button.clientWidth + 1,
          };
        });
        return { column: { left: box.left, right: box.right }, hour, lines };
      });
      expect(geometry.lines).toHaveLength(3);
      for (const [i, line] of geometry.lines.entries()) {
        expect(line.top).toBeGreaterThanOrEqual(geometry.hour.top - 0.5);
        expect(line.bottom).toBeLessThanOrEqual(geometry.hour.bottom + 0.5);
        expect(line.left).toBeGreaterThanOrEqual(geometry.column.left);
        expect(line.right).toBeLessThanOrEqual(geometry.column.right + 0.5);
        // Readable: at least 11 px tall, the time whole, the first characters of the words (the rest ends in an ellipsis).
        expect(line.height).toBeGreaterThanOrEqual(11);
        expect(line.timeWhole).toBe(true);
        expect(line.clipped).toBe(false);
        if (line.wordsWidth !== null) expect(line.wordsWidth).toBeGreaterThanOrEqual(36);
        if (i > 0) expect(line.top).toBeGreaterThanOrEqual(geometry.lines[i - 1]!.bottom - 0.5);
      }

      // By keyboard: from the second chip, Tab reaches "+3 more", Enter lists the hour's five posts, Escape goes back.
      await chips.nth(1).getByRole("button").focus();
      await page.keyboard.press("Tab");
      await expect(more).toBeFocused();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: /, 2 PM$/ });
      await expect(dialog.getByTestId("day-list").getByRole("link")).toHaveText(texts);
      for (const post of posts) await expect(dialog.locator(`a[href="/app/posts/${post.id}"]`)).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(more).toBeFocused();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      await screenshot(page, `calendar-week-busy-hour-${width}`);
    });
  }

  test("the whole way at 1280 px: scheduled in compose at 09:37 in the person's zone, seen at 09:37 on the week, dragged to 14:15", async ({ page }) => {
    const today = await setUpInZone(page);
    const day = addDays(today, 2);
    const target = weekdayOf(day) < 6 ? addDays(day, 1) : addDays(day, -1);
    await page.goto("/app/compose");
    await expect(page.getByTestId("compose")).toHaveAttribute("data-hydrated", "true");
    await page.getByLabel(/Lee Dental FB/).check();
    await page.getByLabel("Description").fill("Flu shots: walk in from 9:37");
    await page.getByLabel("Schedule", { exact: true }).check();
    await page.getByLabel("Date").fill(day);
    await page.getByLabel("Time", { exact: true }).fill("9:37");
    await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue(ZONE);
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(toast(page)).toContainText("9:37 AM");

    await openCalendar(page);
    await openWeekOf(page, day);
    const block = page.getByTestId(`day-${day}`).locator(".cal-block", { hasText: "Flu shots" });
    await expect(block).toContainText("9:37 AM");
    const id = (await block.getAttribute("data-post-id"))!;
    await scrollWeekTo(page, day < target ? day : target, 9 * 60);
    const targetColumn = page.getByTestId(`day-${target}`);
    const height = (await targetColumn.boundingBox())!.height;
    await block.dragTo(targetColumn, { sourcePosition: { x: 8, y: 4 }, targetPosition: { x: 8, y: ((14 * 60 + 15) / 1440) * height + 4 } });
    await expect(targetColumn.locator(`[data-post-id="${id}"]`)).toContainText("2:15 PM");
    await expect(page.getByText(/^Post moved to /)).toBeVisible();
    const moved = (await (await page.request.get(`/api/posts/${id}`)).json()) as { scheduledAt: string; timeZone: string };
    expect(wallClock(moved.scheduledAt, ZONE)).toEqual({ date: target, time: "14:15" });
    expect(moved.timeZone).toBe(ZONE);
  });

  test("week view: a slot already past takes no drop; a time in the past typed for a post is refused with the server's reason", async ({ page }) => {
    const today = await setUpInZone(page);
    const post = await schedule(page, "Whitening offer", `${addDays(today, 1)}T11:00`);
    await openCalendar(page);
    await openWeekOf(page, today);
    // Today's first quarter hour is always past: a drag over it is not accepted (no preventDefault), and no slot shows.
    const accepted = await page.getByTestId(`day-${today}`).evaluate((column) => {
      const dataTransfer = new DataTransfer();
      dataTransfer.setData("application/x-socialdesk-post", "any");
      const top = column.getBoundingClientRect().top;
      const event = new DragEvent("dragover", { dataTransfer, clientY: top + 1, bubbles: true, cancelable: true });
      column.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(accepted).toBe(false);
    await expect(page.getByTestId("drop-slot")).toHaveCount(0);
    await expect(page.getByTestId("now-line")).toHaveCount(1);

    // Typed: today at 00:00 is refused, the post stays where it was.
    await page.getByRole("button", { name: "Today", exact: true }).click();
    await openWeekOf(page, addDays(today, 1));
    await page.locator(`[data-post-id="${post.id}"]`).getByRole("button").click();
    const dialog = page.getByRole("dialog", { name: "Scheduled post" });
    await dialog.getByLabel("Date", { exact: true }).fill(today);
    await dialog.getByLabel("Time", { exact: true }).fill("00:00");
    await dialog.getByRole("button", { name: "Move post" }).click();
    await expect(dialog.getByRole("form", { name: "Move post" }).getByRole("alert")).toHaveText("The scheduled time is in the past. Choose a later time.");
    await expect(page.getByTestId(`day-${addDays(today, 1)}`).locator(`[data-post-id="${post.id}"]`)).toContainText("11:00 AM");
    const kept = (await (await page.request.get(`/api/posts/${post.id}`)).json()) as { scheduledAt: string };
    expect(kept.scheduledAt).toBe(post.scheduledAt);
  });

  test("the page's client JavaScript stays under 80 KB gzip until the week view or a dialog is wanted", async ({ page }) => {
    await registerByApi(page.request, newUser());
    const scripts = watchScripts(page);
    await openCalendar(page);
    await page.waitForLoadState("networkidle");
    const firstLoad = await scripts.bytes();
    console.log(`calendar client JS: ${firstLoad} B gzip (${(firstLoad / 1024).toFixed(1)} KB) in ${scripts.count()} files`);
    expect(firstLoad).toBeLessThanOrEqual(80 * 1024);

    // The week view's code arrives when it is chosen.
    const before = scripts.count();
    await page.getByRole("button", { name: "Week", exact: true }).click();
    await expect(page.locator(".cal-week-col")).toHaveCount(7);
    expect(scripts.count()).toBeGreaterThan(before);
  });

  test("screenshots of the week and the month at 1280 and 360 px", async ({ page }) => {
    const today = await setUpInZone(page);
    // A busy week: overlapping posts, several platforms, a note and a draft. Two days on, so that the
    // other day of its week is after today too (tomorrow a Saturday made it today, 14:15 already past).
    const day = addDays(today, 2);
    const other = weekdayOf(day) < 6 ? addDays(day, 1) : addDays(day, -1);
    await schedule(page, "Open house at the Indiranagar clinic: free check-ups all morning", `${day}T09:37`, ["facebook", "instagram"]);
    await schedule(page, "Meet Dr. Rao, our new orthodontist", `${day}T10:00`, ["linkedin"]);
    await schedule(page, "Five tips for healthier gums", `${day}T10:15`, ["instagram"]);
    await schedule(page, "Whitening offer ends Friday", `${other}T14:15`, ["facebook", "linkedin", "instagram"]);
    await schedule(page, "Evening clinic hours this week", `${other}T18:30`, ["facebook"]);
    const draft = await page.request.post("/api/posts", { data: { content: "Idea for the spring newsletter", platforms: ["facebook"], status: "draft" } });
    expect(draft.status(), await draft.text()).toBe(201);
    const note = await page.request.post("/api/calendar-notes", { data: { date: other, content: "Staff training afternoon", color: "#60A5FA" } });
    expect(note.status(), await note.text()).toBe(201);

    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
      await openCalendar(page);
      await screenshot(page, `calendar-month-${width}`, { fullPage: true });
      await openWeekOf(page, day);
      await expect(page.locator(".cal-block")).not.toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      await screenshot(page, `calendar-week-${width}`);
    }
  });
});
