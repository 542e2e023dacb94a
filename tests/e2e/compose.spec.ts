import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { addSandbox, newUser, registerByApi, screenshot, toast, watchScripts } from "./support";


const openCompose = async (page: Page, query = "") => {
  await page.goto(`/app/compose${query}`);
  await expect(page.getByTestId("compose")).toHaveAttribute("data-hydrated", "true");
};

const threadPost = (page: Page, n: number) => page.getByRole("textbox", { name: `Post ${n}`, exact: true });

const tomorrow = () => {
  const d = new Date(Date.now() + 36 * 60 * 60 * 1000);
  return d.toISOString().slice(0, 10);
};

test.describe("compose", () => {
  test("compose a post to two accounts and schedule it for tomorrow 10:00", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "facebook", "Lee Dental FB");
    await addSandbox(page.request, "bluesky", "Lee Dental Sky");
    await openCompose(page);

    const postNow = page.getByRole("button", { name: "Post Now" });
    const schedule = page.getByRole("button", { name: "Schedule", exact: true });
    await expect(postNow).toBeDisabled();
    await expect(schedule).toBeDisabled();
    await expect(page.getByTestId("scheduling")).toHaveCount(0);

    await page.getByLabel(/Lee Dental FB/).check();
    await page.getByLabel(/Lee Dental Sky/).check();
    await expect(postNow).toBeEnabled();
    await expect(schedule).toBeEnabled();
    await expect(page.getByTestId("account-list")).toContainText("Sandbox");

    // Bluesky counter turns red over 300.
    await page.getByLabel("Description").fill("x".repeat(301));
    await expect(page.getByTestId("counter-bluesky")).toHaveAttribute("data-over", "true");
    await expect(page.getByTestId("counter-facebook")).toHaveAttribute("data-over", "false");
    await expect(page.getByTestId("counter-bluesky")).toHaveCSS("color", /rgb\((2[0-9]{2}|1[5-9][0-9]), /);

    // AI: the server has an AI server (tests/e2e/ai-help.spec.ts follows the calls); the buttons are offered.
    const shorten = page.getByRole("button", { name: "Shorten" });
    await expect(shorten).toBeEnabled();
    await expect(shorten).not.toHaveAttribute("aria-disabled", "true");

    await page.getByLabel("Description").fill("Spring cleaning special at Lee Dental");
    await expect(page.getByTestId("counter-bluesky")).toHaveAttribute("data-over", "false");
    await expect(page.getByTestId("post-preview")).toContainText("Spring cleaning special at Lee Dental");

    // Per-platform options for the selected platforms.
    await page.getByTestId("platform-options").getByText("Facebook options").click();
    await page.getByLabel("First comment").fill("Book now!");

    await page.getByLabel("Schedule", { exact: true }).check();
    const date = tomorrow();
    await page.getByLabel("Date").fill(date);
    await expect(page.getByTestId("suggested-times").getByRole("button")).toHaveCount(3);
    await page.getByLabel("Time", { exact: true }).fill("10:00");
    await schedule.click();
    await expect(toast(page)).toContainText("Post created");

    // The form resets.
    await expect(page.getByLabel("Description")).toHaveValue("");
    await expect(page.getByLabel(/Lee Dental FB/)).not.toBeChecked();
    await expect(postNow).toBeDisabled();

    const response = await page.request.get("/api/posts?status=scheduled");
    expect(response.ok()).toBe(true);
    const posts = (await response.json()).items as Array<{
      content: string;
      status: string;
      scheduledAt: string;
      timeZone: string;
      options: Record<string, Record<string, unknown>>;
      targets: Array<{ platform: string }>;
    }>;
    expect(posts).toHaveLength(1);
    const [post] = posts;
    expect(post.content).toBe("Spring cleaning special at Lee Dental");
    expect(post.targets.map((t) => t.platform).sort()).toEqual(["bluesky", "facebook"]);
    expect(post.options.facebook?.firstComment).toBe("Book now!");
    const local = new Intl.DateTimeFormat("en-CA", {
      timeZone: post.timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(new Date(post.scheduledAt));
    expect(local.replace(",", "")).toBe(`${date} 10:00`);
  });

  test("an X thread: posts added in X's options, counted, previewed, refused over 280 with the server's message, then saved", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "twitter", "Lee Dental X");
    await openCompose(page);
    await page.getByLabel(/Lee Dental X/).check();
    await page.getByLabel("Description").fill("Five tips for a brighter smile 🧵");

    await page.getByTestId("platform-options").getByText("X (Twitter) options").click();
    await page.getByRole("button", { name: "Add to thread" }).click();
    await expect(threadPost(page, 2)).toBeFocused();
    await page.keyboard.type("1. Brush twice a day");
    await page.getByRole("button", { name: "Add to thread" }).click();
    await threadPost(page, 3).fill("x".repeat(281));
    await expect(page.getByTestId("platform-options").getByText("281/280")).toBeVisible();
    await expect(threadPost(page, 3)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("post-preview").getByRole("list", { name: "Thread" })).toContainText("1. Brush twice a day");
    await screenshot(page.getByTestId("post-preview"), "preview-thread-1280");

    await page.getByRole("button", { name: "Add to Drafts" }).click();
    // Said once, where it is shown beside its field: not again in a toast.
    await expect(page.getByText("Post 3 of the X thread is 281 characters; X (Twitter) allows 280.")).toHaveCount(1);
    await expect(page.getByText("Post 3 of the X thread is 281 characters; X (Twitter) allows 280.")).toBeVisible();
    await expect(toast(page)).toHaveCount(0);
    await expect(page.getByLabel("Description")).toHaveValue("Five tips for a brighter smile 🧵");

    await threadPost(page, 3).fill("2. Floss");
    await page.getByRole("button", { name: "Add to thread" }).click();
    await page.getByRole("button", { name: "Remove post 4" }).click();
    await page.getByRole("button", { name: "Add to Drafts" }).click();
    await expect(toast(page).filter({ hasText: /saved|created/i })).toBeVisible();

    const posts = (await (await page.request.get("/api/posts?status=draft")).json()).items as Array<{ options: { twitter?: { thread?: string[] } } }>;
    expect(posts).toHaveLength(1);
    expect(posts[0]!.options.twitter?.thread).toEqual(["1. Brush twice a day", "2. Floss"]);
  });

  test("a category limited to one platform limits the accounts and clears chosen ones", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "facebook", "Lee Dental FB");
    await addSandbox(page.request, "bluesky", "Lee Dental Sky");
    const created = await page.request.post("/api/categories", { data: { name: "Sky only", platforms: ["bluesky"] } });
    expect(created.status(), await created.text()).toBe(201);
    await openCompose(page);

    await page.getByLabel(/Lee Dental FB/).check();
    await expect(page.getByRole("option", { name: "Sky only" })).toBeAttached();
    await page.getByLabel("Category").selectOption({ label: "Sky only" });
    await expect(page.getByLabel(/Lee Dental FB/)).toHaveCount(0);
    await expect(page.getByLabel(/Lee Dental Sky/)).not.toBeChecked();
    await expect(page.getByRole("button", { name: "Post Now" })).toBeDisabled();
    await page.getByLabel("Category").selectOption({ label: "No category" });
    await expect(page.getByLabel(/Lee Dental FB/)).toBeVisible();
  });

  test("date query pre-fills the schedule date; the gallery shows its empty text; AI asks for text first", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "facebook", "Lee Dental FB");
    const date = tomorrow();
    await openCompose(page, `?date=${date}`);
    await page.getByLabel(/Lee Dental FB/).check();
    await expect(page.getByLabel("Date")).toHaveValue(date);

    await page.getByRole("button", { name: "Image" }).click();
    await page.getByRole("menuitem", { name: "Select from Media Gallery" }).click();
    await expect(page.getByTestId("gallery-empty")).toHaveText("No media files found. Upload some files to your Media Gallery first.");
    await page.keyboard.press("Escape");

    // Nothing to enhance: the AI asks for text first and calls nothing.
    await page.getByLabel("Description").fill("");
    await page.getByRole("button", { name: "Create Hook" }).press("Enter");
    await expect(toast(page)).toContainText("No content to enhance");
    await expect(toast(page)).toContainText("Please enter some content first");
    await expect(page.getByLabel("Description")).toHaveValue("");
  });

  test("?post={id} loads a draft and saves it with PUT", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "facebook", "Lee Dental FB");
    const created = await page.request.post("/api/posts", { data: { content: "Draft about flossing", platforms: ["facebook"] } });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await openCompose(page, `?post=${id}`);
    await expect(page.getByLabel("Description")).toHaveValue("Draft about flossing");
    await expect(page.getByLabel(/Lee Dental FB/)).toBeChecked();
    await page.getByLabel("Description").fill("Draft about flossing, edited");
    await page.getByRole("button", { name: "Add to Drafts" }).click();
    await expect(toast(page)).toContainText("Post updated");
    const after = (await (await page.request.get(`/api/posts/${id}`)).json()) as { content: string; status: string };
    expect(after).toMatchObject({ content: "Draft about flossing, edited", status: "draft" });
  });
});

for (const width of [1280, 360]) {
  test(`at ${width} px: Schedule with Post now chosen goes to the date; 09:37 typed and Asia/Kolkata found by searching are saved`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await registerByApi(page.request, newUser());
    // The person's own zone, outside the spec's seven: the field starts there.
    const zoneSaved = await page.request.post("/api/user/onboarding", { data: { timeZone: "Europe/Lisbon" } });
    expect(zoneSaved.status(), await zoneSaved.text()).toBeLessThan(300);
    await addSandbox(page.request, "facebook", "Lee Dental FB");
    await openCompose(page);
    await expect(page.getByLabel("Category")).toHaveValue("");
    await expect(page.getByLabel("Category").locator("option:checked")).toHaveText("No category");
    await page.getByLabel(/Lee Dental FB/).check();
    await page.getByLabel("Description").fill("Flu shots: walk in at 9:37");

    // "Post now" is chosen: Schedule switches to scheduling and puts the cursor in the date.
    await expect(page.getByLabel("Post now")).toBeChecked();
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(page.getByLabel("Schedule", { exact: true })).toBeChecked();
    await expect(page.getByLabel("Date")).toBeFocused();
    await page.getByLabel("Date").fill(tomorrow());

    // Any minute, typed as people write it; a time that is none says so.
    const time = page.getByLabel("Time", { exact: true });
    await time.fill("25:99");
    await time.blur();
    await expect(page.getByText("25:99 is not a time. Use HH:MM, from 00:00 to 23:59.")).toBeVisible();
    await expect(time).toHaveAttribute("aria-invalid", "true");
    await time.fill("9:37");
    await time.blur();
    await expect(time).toHaveValue("09:37");
    await expect(page.getByText(/is not a time/)).toHaveCount(0);

    // The zone: the person's own to start with; a made-up one is refused where it was typed.
    const zone = page.getByRole("combobox", { name: "Time zone" });
    await expect(zone).toHaveValue("Europe/Lisbon");
    await zone.fill("Nowhere/Atlantis");
    await zone.blur();
    await expect(page.getByText("Choose a time zone from the list, such as Europe/Lisbon.")).toBeVisible();

    // The whole list opens with the arrow: the spec's seven first.
    await zone.fill("");
    await zone.press("ArrowDown");
    const options = page.getByRole("listbox", { name: "Time zones" }).getByRole("option");
    await expect(options.nth(0)).toContainText("Eastern Time (New York)");
    await expect(options.nth(6)).toContainText("Tokyo");
    expect(await options.count()).toBeGreaterThan(300);
    await zone.press("Escape");
    await expect(page.getByRole("listbox", { name: "Time zones" })).toBeHidden();
    await expect(zone).toHaveValue("Europe/Lisbon");

    // Searched by part of a city and picked with Enter, by its old name, then by a click.
    await zone.fill("paris");
    await zone.press("Enter");
    await expect(zone).toHaveValue("Europe/Paris");
    await zone.fill("kolk");
    await expect(options).toHaveCount(1);
    await expect(options.first()).toContainText("Asia/Kolkata");
    await expect(options.first()).toContainText("GMT+5:30");
    const box = (await page.getByRole("listbox", { name: "Time zones" }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await options.first().click();
    await expect(zone).toHaveValue("Asia/Kolkata");
    await expect(zone).toBeFocused();
    await expect(page.getByText("Choose a time zone from the list")).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(toast(page)).toContainText("Your post is scheduled for");
    await expect(toast(page)).toContainText("9:37 AM");

    const [listed] = (await (await page.request.get("/api/posts?status=scheduled")).json()).items as Array<{ id: string }>;
    const post = (await (await page.request.get(`/api/posts/${listed!.id}`)).json()) as { scheduledAt: string; timeZone: string; content: string };
    expect(post.content).toBe("Flu shots: walk in at 9:37");
    expect(post.timeZone).toBe("Asia/Kolkata");
    const local = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Asia/Kolkata",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(new Date(post.scheduledAt));
    expect(local.replace(",", "")).toBe(`${tomorrow()} 09:37`);
    await toast(page).getByRole("button", { name: "View queue" }).click();
    await expect(page).toHaveURL(/\/app\/queue$/);
  });
}

test("?post={id}: a change made elsewhere meanwhile shows the conflict beside the save buttons; Reload reads the post again", async ({ page }) => {
  await registerByApi(page.request, newUser());
  await addSandbox(page.request, "facebook", "Lee Dental FB");
  const created = await page.request.post("/api/posts", { data: { content: "Draft about flossing", platforms: ["facebook"] } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await openCompose(page, `?post=${id}`);
  const text = page.getByLabel("Description");
  await expect(text).toHaveValue("Draft about flossing");

  // Someone else saves the post in between.
  const { version } = (await (await page.request.get(`/api/posts/${id}`)).json()) as { version: number };
  const elsewhere = await page.request.put(`/api/posts/${id}`, {
    data: { content: "Edited elsewhere", platforms: ["facebook"], status: "draft", expectedVersion: version },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);

  await text.fill("My edit");
  await page.getByRole("button", { name: "Add to Drafts" }).click();
  const conflict = page.getByTestId("version-conflict");
  await expect(conflict).toContainText("This item was changed by someone else. Reload and try again.");
  await expect(text).toHaveValue("My edit");
  expect(((await (await page.request.get(`/api/posts/${id}`)).json()) as { content: string }).content).toBe("Edited elsewhere");

  await conflict.getByRole("button", { name: "Reload" }).click();
  await expect(text).toHaveValue("Edited elsewhere");
  await expect(conflict).toHaveCount(0);

  // Saved twice in a row: the second save carries the version the first one answered.
  await text.fill("Edited elsewhere, then here");
  await page.getByRole("button", { name: "Add to Drafts" }).click();
  await expect(toast(page)).toContainText("Post updated");
  await text.fill("Edited elsewhere, then here twice");
  await page.getByRole("button", { name: "Add to Drafts" }).click();
  await expect(toast(page).filter({ hasText: "Post updated" })).toBeVisible();
  await expect(conflict).toHaveCount(0);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/posts/${id}`)).json()) as { content: string }).content)
    .toBe("Edited elsewhere, then here twice");
});

test.describe("compose toolbar and schedule options", () => {
  test("emoji, hashtags from earlier posts, fonts and formats work on the selection", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "facebook", "Lee Dental FB");
    for (const content of ["Smile! #LeeDental #smile", "Open late #LeeDental"]) {
      const created = await page.request.post("/api/posts", { data: { content, platforms: ["facebook"] } });
      expect(created.status(), await created.text()).toBe(201);
    }
    await openCompose(page);
    const text = page.getByLabel("Description");
    await text.fill("Hello world");

    // Emoji at the caret (after "Hello").
    await text.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(5, 5));
    await page.getByRole("button", { name: "Emoji" }).click();
    await page.getByRole("dialog", { name: "Emoji" }).getByRole("button", { name: "sparkles" }).click();
    await expect(text).toHaveValue("Hello✨ world");

    // Hashtags most used in the workspace's posts first; inserted at the end with a space.
    await text.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length));
    await page.getByRole("button", { name: "Hashtag" }).click();
    const tags = page.getByRole("menu", { name: "Hashtag" }).getByRole("menuitem");
    await expect(tags).toHaveText([/Insert #/, /#LeeDental/, /#smile/]);
    await tags.filter({ hasText: "#LeeDental" }).click();
    await expect(text).toHaveValue("Hello✨ world #LeeDental");

    // Bold on the selected word only, then back to normal.
    await text.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 5));
    await page.getByRole("button", { name: "Font" }).click();
    await page
      .getByRole("menuitem", { name: /^Bold\b/ })
      .first()
      .click();
    await expect(toast(page)).toContainText("Font Applied");
    await expect(text).toHaveValue("𝐇𝐞𝐥𝐥𝐨✨ world #LeeDental");

    // Keyboard: the Format menu opens with ArrowDown and picks with Enter; no selection → the whole text.
    await text.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 0));
    await page.getByRole("button", { name: "Format" }).focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "UPPERCASE" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toast(page)).toContainText("Text Formatted");
    await expect(text).toHaveValue("HELLO✨ WORLD #LEEDENTAL");
    await page.getByRole("button", { name: "Format" }).click();
    await expect(page.getByRole("menu", { name: "Format" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu", { name: "Format" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Format" })).toBeFocused();
  });

  test("media menus: image upload checks the type, Canva import, stock images say why they are unavailable, the AI image is offered", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "facebook", "Lee Dental FB");
    await openCompose(page);

    await page.getByRole("button", { name: "Image" }).click();
    await expect(page.getByRole("menuitem", { name: /Stock images/ })).toHaveAttribute("aria-disabled", "true");
    let chooser = page.waitForEvent("filechooser");
    await page.getByRole("menuitem", { name: "Upload Image" }).click();
    await (await chooser).setFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
    await expect(toast(page)).toContainText("Please select image files only");
    await expect(page.getByTestId("attached-media")).toHaveCount(0);

    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
    await page.getByRole("button", { name: "Image" }).click();
    chooser = page.waitForEvent("filechooser");
    await page.getByRole("menuitem", { name: "Upload Image" }).click();
    await (await chooser).setFiles({ name: "dot.png", mimeType: "image/png", buffer: png });
    await expect(toast(page)).toContainText("Files uploaded");
    await expect(page.getByTestId("attached-media").getByRole("img")).toHaveCount(1);

    // Video: an image is refused by Add Video.
    await page.getByRole("button", { name: "Video" }).click();
    await expect(page.getByRole("menuitem", { name: /Create or edit videos/ })).toHaveAttribute("target", "_blank");
    chooser = page.waitForEvent("filechooser");
    await page.getByRole("menuitem", { name: "Add Video" }).click();
    await (await chooser).setFiles({ name: "dot.png", mimeType: "image/png", buffer: png });
    await expect(toast(page)).toContainText("Please select video files only");

    await page.getByRole("button", { name: "Image" }).click();
    await page.getByRole("menuitem", { name: "Import from Canva" }).click();
    await page
      .getByRole("dialog", { name: "Create Design with Canva" })
      .getByRole("button", { name: /Social Post/ })
      .click();
    await expect(toast(page)).toContainText("Design Imported");
    await expect(page.getByTestId("attached-media").getByRole("img")).toHaveCount(2);

    await page.getByLabel("Description").fill("Teeth whitening offer");
    await page.getByRole("button", { name: "Image" }).click();
    const aiImage = page.getByRole("menuitem", { name: /Create AI-Generated Image/ });
    await expect(aiImage).not.toHaveAttribute("aria-disabled", "true");
    await expect(aiImage).toContainText("Made from the post's text");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("attached-media").getByRole("img")).toHaveCount(2);

    await page.getByRole("button", { name: "More", exact: true }).click();
    await page.getByRole("menuitem", { name: "Remove all media" }).click();
    await expect(page.getByTestId("attached-media")).toHaveCount(0);
  });

  test("given an Instagram sandbox account, when the post is text only, then Instagram's sentence shows and every button refuses until an image is attached; Yelp is not offered", async ({
    page,
  }) => {
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "instagram", "Lee Dental IG");
    await addSandbox(page.request, "yelp", "Lee Dental Yelp");
    await openCompose(page);
    // A review site takes no posts: not among the accounts, and the screen says why.
    await expect(page.getByTestId("account-list")).not.toContainText("Lee Dental Yelp");
    await expect(page.getByTestId("no-posting")).toContainText("Not offered: Yelp. No posting: the site allows none");

    await page.getByLabel(/Lee Dental IG/).check();
    await page.getByLabel("Description").fill("Spring cleaning special!");
    await expect(page.getByTestId("platform-problems")).toHaveText("Instagram needs a photo or video.");
    await expect(page.getByTestId("compose-refused")).toHaveText("Not yet: Instagram needs a photo or video.");
    for (const name of ["Post Now", "Add to Drafts"]) {
      await expect(page.getByRole("button", { name, exact: true })).toBeDisabled();
      await expect(page.getByRole("button", { name, exact: true })).toHaveAccessibleDescription("Not yet: Instagram needs a photo or video.");
    }
    await expect(page.getByRole("button", { name: "Schedule", exact: true })).toBeDisabled();
    await screenshot(page, "compose-instagram-needs-media");

    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
    await page.getByRole("button", { name: "Image" }).click();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("menuitem", { name: "Upload Image" }).click();
    await (await chooser).setFiles({ name: "spring.png", mimeType: "image/png", buffer: png });
    await expect(page.getByTestId("attached-media").getByRole("img")).toHaveCount(1);
    await expect(page.getByTestId("platform-problems")).toHaveCount(0);
    await expect(page.getByTestId("compose-refused")).toHaveCount(0);
    await page.getByRole("button", { name: "Add to Drafts" }).click();
    await expect(toast(page).filter({ hasText: "Post created" })).toBeVisible();
    const drafts = (await (await page.request.get("/api/posts?status=draft")).json()).items;
    expect(drafts.map((p: { content: string; platforms: string[]; media: string[] }) => [p.content, p.platforms, p.media.length])).toEqual([
      ["Spring cleaning special!", ["instagram"], 1],
    ]);
  });

  test("Schedule Options: Add to Timeslot schedules at the next best time; Choose date & time opens the date", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "facebook", "Lee Dental FB");
    await openCompose(page);
    await page.getByLabel(/Lee Dental FB/).check();
    await page.getByLabel("Description").fill("Queued for the best time");
    await expect(page.getByLabel("Queue order")).toHaveValue("optimal");
    await page.getByLabel("Queue order").selectOption("priority");

    await page.getByRole("button", { name: "Schedule Options" }).click();
    await page.getByRole("menuitem", { name: "Choose date & time" }).click();
    await expect(page.getByLabel("Schedule", { exact: true })).toBeChecked();
    await expect(page.getByLabel("Date")).toBeFocused();

    await page.getByRole("button", { name: "Schedule Options" }).click();
    await page.getByRole("menuitem", { name: /Add to Timeslot/ }).click();
    await expect(toast(page)).toContainText("Added to the next timeslot");
    const [post] = (await (await page.request.get("/api/posts?status=scheduled")).json()).items as Array<{ scheduledAt: string; timeZone: string; content: string }>;
    expect(post?.content).toBe("Queued for the best time");
    const time = new Intl.DateTimeFormat("en-CA", { timeZone: post!.timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
      new Date(post!.scheduledAt),
    );
    expect(["09:00", "13:00", "15:00"]).toContain(time);
    expect(Date.parse(post!.scheduledAt)).toBeGreaterThan(Date.now());
    await expect(page.getByLabel("Description")).toHaveValue("");
  });
});

test("at 360 px the toolbar menus stay on screen", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await registerByApi(page.request, newUser());
  await openCompose(page);
  for (const name of ["Image", "Font", "More"]) {
    await page.getByRole("button", { name, exact: true }).click();
    const box = (await page.getByRole("menu", { name }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await page.keyboard.press("Escape");
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
});

test("the preview shows each network's post: handle, styled hashtags and links, see more where the feed cuts, the first comment", async ({ page }) => {
  await registerByApi(page.request, newUser());
  await addSandbox(page.request, "facebook", "Lee Dental FB");
  await addSandbox(page.request, "instagram", "Lee Dental IG");
  await openCompose(page);
  await page.getByLabel(/Lee Dental FB/).check();
  await page.getByLabel(/Lee Dental IG/).check();
  const text = `Spring cleaning special at https://leedental.example with @drlee. ${"Bright smiles start with a check-up. ".repeat(4)}#smile`;
  await page.getByLabel("Description").fill(text);
  const instagram = page.getByTestId("preview-instagram");
  const facebook = page.getByTestId("preview-facebook");
  await expect(instagram).toContainText("Lee Dental IG");
  // Instagram cuts its caption at 125 characters; Facebook shows this one whole.
  await expect(instagram.getByRole("button", { name: "see more" })).toBeVisible();
  await expect(facebook.getByRole("button", { name: "see more" })).toHaveCount(0);
  await expect(facebook.locator(".pv-hashtag")).toHaveText("#smile");
  await expect(facebook.locator(".pv-link")).toHaveText("https://leedental.example");
  await expect(facebook.locator(".pv-mention")).toHaveText("@drlee");
  await screenshot(page.getByTestId("post-preview"), "preview-see-more-1280");
  await instagram.getByRole("button", { name: "see more" }).click();
  await expect(instagram.locator(".pv-hashtag")).toHaveText("#smile");
  // It follows the typing.
  await page.getByLabel("Description").fill("Open late on Thursdays #dentist");
  await expect(facebook).toContainText("Open late on Thursdays");
  await expect(instagram.getByRole("button", { name: "see more" })).toHaveCount(0);
  // The first comment, as it will appear under the post.
  await page.getByTestId("platform-options").getByText("Facebook options").click();
  await page
    .getByTestId("platform-options")
    .locator("details", { hasText: "Facebook options" })
    .getByLabel("First comment")
    .fill("Book at https://leedental.example");
  await expect(page.getByTestId("preview-comment-facebook")).toContainText("Book at https://leedental.example");
  await screenshot(page.getByTestId("post-preview"), "preview-1280");
});

/** A 1200×800 photo-like PNG drawn in the page, so the screenshots show each network's crop. */
const drawnPhoto = async (page: Page) =>
  Buffer.from(
    await page.evaluate(() => {
      const canvas = document.createElement("canvas");
      canvas.width = 1200;
      canvas.height = 800;
      const g = canvas.getContext("2d")!;
      const sky = g.createLinearGradient(0, 0, 1200, 800);
      sky.addColorStop(0, "#0ea5e9");
      sky.addColorStop(1, "#6366f1");
      g.fillStyle = sky;
      g.fillRect(0, 0, 1200, 800);
      g.fillStyle = "#ffffff";
      g.textAlign = "center";
      g.font = "bold 110px sans-serif";
      g.fillText("Lee Dental", 600, 380);
      g.font = "56px sans-serif";
      g.fillText("Spring cleaning special", 600, 480);
      return canvas.toDataURL("image/png").split(",")[1]!;
    }),
    "base64",
  );

for (const width of [1280, 360]) {
  test(`compose at ${width} px: text tools on the text box, the actions in one row on a wide screen, scheduling and the preview`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "facebook", "Lee Dental FB");
    await addSandbox(page.request, "instagram", "Lee Dental IG");
    await addSandbox(page.request, "twitter", "Lee Dental X");
    await openCompose(page);
    await page.getByLabel(/Lee Dental FB/).check();
    await page.getByLabel(/Lee Dental IG/).check();
    await page.getByLabel(/Lee Dental X/).check();
    await page.getByLabel("Description").fill("Spring cleaning special! Book at https://leedental.example with @drlee #smile");
    // The emoji menu is in the text box's toolbar, not in the media drop zone.
    const textTools = page.getByRole("toolbar", { name: "Text tools" });
    await expect(textTools.getByRole("button", { name: "Emoji" })).toBeVisible();
    await expect(page.getByRole("toolbar", { name: "Media" }).getByRole("button", { name: "Emoji" })).toHaveCount(0);
    if (width === 1280) {
      const tops = await page
        .locator(".compose-actions")
        .getByRole("button")
        .evaluateAll((items) => items.map((i) => Math.round(i.getBoundingClientRect().top)));
      expect(tops).toHaveLength(4);
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(4);
    }

    // Instagram asks for a picture until one is attached; then each network shows it in its own crop.
    await expect(page.getByTestId("preview-instagram")).toContainText("Instagram posts need a photo or a video.");
    await page.getByRole("button", { name: "Image" }).click();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("menuitem", { name: "Upload Image" }).click();
    await (await chooser).setFiles({ name: "spring.png", mimeType: "image/png", buffer: await drawnPhoto(page) });
    await expect(page.getByTestId("attached-media").getByRole("img")).toHaveCount(1);
    await toast(page).filter({ hasText: "Files uploaded" }).getByRole("button", { name: "Close notification" }).click();
    await expect(toast(page)).toHaveCount(0);
    const shapeOf = async (platform: string) => {
      const box = (await page.getByTestId(`preview-${platform}`).locator(".pv-media").boundingBox())!;
      return box.width / box.height;
    };
    expect(await shapeOf("instagram")).toBeCloseTo(1, 1);
    expect(await shapeOf("twitter")).toBeCloseTo(16 / 9, 1);
    expect(await shapeOf("facebook")).toBeCloseTo(1.91, 1);
    await expect(page.getByTestId("preview-instagram")).not.toContainText("Instagram posts need a photo or a video.");

    await page.getByLabel("Schedule", { exact: true }).check();
    await page.getByLabel("Date").fill(tomorrow());
    await page.getByLabel("Time", { exact: true }).fill("9:37");
    await page.getByRole("combobox", { name: "Time zone" }).fill("kolk");
    await page.getByRole("option", { name: /Asia\/Kolkata/ }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // The whole page in one tall window, so the side bar and the preview sit where they stick.
    await page.setViewportSize({ width, height: await page.evaluate(() => document.documentElement.scrollHeight) });
    await screenshot(page, `compose-${width}`);
    // A phone's long page also in screen-high parts, readable at their size.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0, part = 1; width < 600 && y < height; y += 1200, part++)
      await screenshot(page, `compose-${width}-part${part}`, { clip: { x: 0, y, width, height: Math.min(1200, height - y) } });
    await screenshot(page.getByTestId("post-preview"), `preview-${width}`);
    // The zone list open, as a person searching sees it.
    await page.getByRole("combobox", { name: "Time zone" }).fill("new");
    await screenshot(page.getByTestId("scheduling"), `zone-search-${width}`);
  });
}

test("the compose page's client JavaScript stays within 80 KB gzip until an account is chosen", async ({ page }) => {
  await registerByApi(page.request, newUser());
  await addSandbox(page.request, "facebook", "Lee Dental FB");
  const scripts = watchScripts(page);
  await openCompose(page);
  await page.waitForLoadState("networkidle");
  const firstPaint = await scripts.bytes();
  console.log(`compose client JS: ${firstPaint} B gzip (${(firstPaint / 1024).toFixed(1)} KB) in ${scripts.count()} files`);
  expect(firstPaint).toBeLessThanOrEqual(80 * 1024);

  // The scheduling card, the preview cards and the save code arrive once an account is chosen.
  const before = scripts.count();
  await page.getByLabel(/Lee Dental FB/).check();
  await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveCount(0);
  await page.getByLabel("Schedule", { exact: true }).check();
  await expect(page.getByRole("combobox", { name: "Time zone" })).toBeVisible();
  expect(scripts.count()).toBeGreaterThan(before);
});
