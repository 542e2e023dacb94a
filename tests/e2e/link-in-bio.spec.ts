import { BIO_MESSAGES } from "../../domain/link-in-bio/rules";
import { makePng } from "../../infra/media/fixtures";
import { expect, test } from "./fixtures";
import { atWidth, newUser, registerByApi, screenshot, toast } from "./support";

test.describe("Link in bio", () => {
  test("a page of three links is built, reordered, themed and published; a signed-out visitor sees it without script, and a click is counted", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const owner = newUser({ firstName: "Ann", lastName: "Lee", company: "Lee Dental" });
    await registerByApi(page.request, owner);
    const username = `lee-${Date.now().toString(36)}`;

    await page.goto("/app/link-in-bio");
    const editor = page.getByTestId("link-in-bio");
    await expect(editor).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByRole("tab", { name: "Editor" })).toHaveAttribute("aria-selected", "true");
    await expect(editor.getByTestId("bio-links-empty")).toBeVisible();
    await screenshot(page, "editor-empty", { fullPage: true, widths: [1280, 360] });

    // The tabs are a tablist: arrow keys move between them.
    await page.getByRole("tab", { name: "Editor" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Design" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "Design" })).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("tab", { name: "Editor" })).toHaveAttribute("aria-selected", "true");

    // Title and bio are saved when left; each save offers its undo.
    const title = editor.getByLabel("Title", { exact: true });
    await expect(title).toHaveValue("Lee Dental");
    await title.fill("Lee Family Dental");
    await title.press("Enter");
    await expect(toast(page).filter({ hasText: "Title saved" })).toBeVisible();
    // Closed, so that the next save's toast (the same words) is known to be the next one.
    await toast(page).getByRole("button", { name: "Close notification" }).click();
    await expect(toast(page)).toHaveCount(0);
    await title.fill("Lee Dental Care");
    await title.press("Enter");
    await expect(toast(page).filter({ hasText: "Title saved" })).toBeVisible();
    await toast(page).getByRole("button", { name: "Undo" }).click();
    await expect(toast(page).filter({ hasText: "Change undone" })).toBeVisible();
    await expect(title).toHaveValue("Lee Family Dental");
    const bio = editor.getByLabel("Bio", { exact: true });
    await bio.fill("Family dentistry in Springfield. Gentle care since 1998.");
    await bio.press("Tab");
    await expect(toast(page).filter({ hasText: "Bio saved" })).toBeVisible();
    await expect(editor.getByText("56/500")).toBeVisible();

    const addLink = async (name: string, url: string, type?: string) => {
      await editor.getByRole("button", { name: "Add Link" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Link" });
      await dialog.getByLabel("Title").fill(name);
      if (type) await dialog.getByLabel("Type").selectOption({ label: type });
      await dialog.getByLabel("URL").fill(url);
      await dialog.getByRole("button", { name: "Add Link" }).click();
      return dialog;
    };
    await addLink("Book a visit", `${baseURL}/help`);
    await expect(toast(page).filter({ hasText: "Link added" })).toBeVisible();

    // A javascript: address is refused, in the dialog and by the API.
    const refused = await addLink("Email us", "javascript:alert(1)");
    await expect(refused.getByText(BIO_MESSAGES.urlInvalid)).toBeVisible();
    const api = await page.request.post("/api/link-in-bio/links", { data: { title: "Trap", url: "javascript:alert(1)", type: "link" } });
    expect(api.status()).toBe(400);
    expect((await api.json()).errors.url).toBe(BIO_MESSAGES.urlInvalid);
    await refused.getByLabel("Type").selectOption({ label: "Email" });
    await refused.getByLabel("URL").fill("hello@leedental.example");
    await screenshot(page, "add-link-dialog-1280");
    await refused.getByRole("button", { name: "Add Link" }).click();
    await expect(refused).toBeHidden();
    await addLink("Old blog", "blog.example.com");
    await expect(toast(page).filter({ hasText: "Link added" })).toBeVisible();

    const rows = editor.getByTestId("bio-link-row");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText("hello@leedental.example");
    await expect(rows.nth(2)).toContainText("blog.example.com");

    // Keyboard reorder: the handle of "Email us", arrow up, puts it first and keeps the focus.
    await editor.getByRole("button", { name: /^Reorder Email us/ }).focus();
    await page.keyboard.press("ArrowUp");
    await expect(rows.first()).toContainText("Email us");
    await expect(editor.getByRole("button", { name: /^Reorder Email us/ })).toBeFocused();
    await expect(toast(page).filter({ hasText: "Link moved" })).toContainText('"Email us" is now number 1.');
    // A move by button, then its undo (the Undo of that move's toast, not of the one before).
    await editor.getByRole("button", { name: "Move Old blog up" }).click();
    await expect(rows.nth(1)).toContainText("Old blog");
    const moved = toast(page).filter({ hasText: '"Old blog" is now number 2.' });
    await expect(moved).toBeVisible();
    await moved.getByRole("button", { name: "Undo" }).click();
    await expect(rows.nth(2)).toContainText("Old blog");
    await expect(rows.first()).toContainText("Email us");

    // Hide one: it stays in the list, marked hidden, and leaves the preview.
    await editor.getByRole("switch", { name: "Show Old blog on the page" }).click();
    await expect(toast(page).filter({ hasText: "Link hidden" })).toBeVisible();
    await expect(rows.nth(2)).toContainText("Hidden");
    await expect(page.getByTestId("bio-preview").getByTestId("bio-link")).toHaveText(["Email us", "Book a visit"]);
    await screenshot(page, "editor", { fullPage: true, widths: [1280, 360] });

    // Design: the six themes as a radio group.
    await page.getByRole("tab", { name: "Design" }).click();
    await expect(page.getByRole("radio")).toHaveCount(6);
    await page.getByTestId("bio-theme").filter({ hasText: "Dark" }).click();
    await expect(toast(page).filter({ hasText: "Theme changed to Dark" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
    await expect(page.getByTestId("bio-preview").getByTestId("bio-page")).toHaveAttribute("data-theme", "dark");
    await screenshot(page, "design", { fullPage: true, widths: [1280, 360] });

    // Settings: no username, no publication; then a username, and the page is published.
    await page.getByRole("tab", { name: "Settings" }).click();
    const usernameField = editor.getByLabel("Username");
    await expect(usernameField).not.toHaveValue("");
    await usernameField.fill("");
    // No address for an empty, malformed or reserved username.
    await expect(editor.getByTestId("bio-address")).toHaveCount(0);
    await expect(editor.getByTestId("bio-address-missing")).toBeVisible();
    await editor.getByRole("switch", { name: "Published" }).click();
    await expect(editor.getByText(BIO_MESSAGES.publishWithoutUsername)).toBeVisible();
    await expect(editor.getByRole("switch", { name: "Published" })).not.toBeChecked();
    await usernameField.fill("-lee");
    await expect(editor.getByTestId("bio-address")).toHaveCount(0);
    await usernameField.fill("Admin");
    await usernameField.press("Enter");
    await expect(editor.getByText(BIO_MESSAGES.usernameReserved)).toBeVisible();
    await expect(editor.getByTestId("bio-address")).toHaveCount(0);
    await expect(page.getByTestId("bio-preview").getByText("Made with SocialDesk")).toBeVisible();
    await screenshot(page, "settings-reserved", { fullPage: true, widths: [1280, 360] });
    await usernameField.fill(username);
    await usernameField.press("Enter");
    await expect(toast(page).filter({ hasText: "Username saved" })).toBeVisible();
    await expect(editor.getByTestId("bio-address")).toHaveText(`${baseURL}/bio/${username}`);
    await editor.getByRole("switch", { name: "Published" }).click();
    await expect(toast(page).filter({ hasText: "Page published" })).toBeVisible();
    await expect(editor.getByRole("img", { name: `QR code of ${baseURL}/bio/${username}` })).toBeVisible();
    await expect(editor.getByRole("link", { name: "Preview" })).toHaveAttribute("href", `/bio/${username}`);
    await screenshot(page, "settings", { fullPage: true, widths: [1280, 360] });

    // Share without a share sheet copies the address.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined, configurable: true }));
    await editor.getByRole("button", { name: "Share" }).click();
    await expect(toast(page).filter({ hasText: "Link copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/bio/${username}`);

    // The public page, signed out: title, the two visible links in order, the theme, no script, no cookie.
    const visitor = await browser.newContext({ baseURL });
    try {
      const publicPage = await visitor.newPage();
      const response = await publicPage.goto(`/bio/${username}`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["set-cookie"]).toBeUndefined();
      await expect(publicPage).toHaveTitle("Lee Family Dental");
      await expect(publicPage.getByRole("heading", { name: "Lee Family Dental" })).toBeVisible();
      await expect(publicPage.getByTestId("bio-page")).toHaveAttribute("data-theme", "dark");
      await expect(publicPage.getByTestId("bio-link")).toHaveText(["Email us", "Book a visit"]);
      await expect(publicPage.locator("script")).toHaveCount(0);
      await expect(publicPage.locator('meta[property="og:type"]')).toHaveAttribute("content", "profile");
      await expect(publicPage.locator('meta[name="description"]')).toHaveAttribute("content", "Family dentistry in Springfield. Gentle care since 1998.");
      await expect(publicPage.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/bio/${username}`);
      await expect(publicPage.getByRole("link", { name: "Email us" })).toHaveAttribute("href", /\/go\//);
      await screenshot(publicPage, "public", { fullPage: true, widths: [1280, 360] });
      await publicPage.getByRole("link", { name: "Book a visit" }).click();
      await publicPage.waitForURL(`${baseURL}/help`);
      expect((await visitor.cookies()).length).toBe(0);

      const missing = await publicPage.goto(`/bio/${username}-nobody`);
      expect(missing?.status()).toBe(404);
      await expect(publicPage.getByRole("heading", { name: "This page isn't available" })).toBeVisible();
    } finally {
      await visitor.close();
    }

    // Back in the app: the click, its visitor and the link in Top Links.
    await page.getByRole("tab", { name: "Analytics" }).click();
    await expect(page.getByTestId("bio-total-clicks")).toContainText("1");
    await expect(page.getByTestId("bio-unique-visitors")).toContainText("1");
    await expect(page.getByTestId("bio-top-links")).toContainText("Book a visit");
    await expect(page.getByTestId("bio-top-links")).toContainText("1 click");
    await expect(page.getByTestId("bio-clicks-chart")).toBeVisible();
    await screenshot(page, "analytics", { fullPage: true, widths: [1280, 360] });
    await page.getByRole("tab", { name: "Editor" }).click();
    await expect(rows.nth(1)).toContainText("1 click");

    // Unpublished, the address answers 404.
    await page.getByRole("tab", { name: "Settings" }).click();
    await editor.getByRole("switch", { name: "Published" }).click();
    await expect(toast(page).filter({ hasText: "Page unpublished" })).toBeVisible();
    expect((await page.request.get(`/bio/${username}`)).status()).toBe(404);
  });

  test("typing is kept over a late answer; a deleted link comes back with Undo; a page without clicks shows the empty analytics; the phone preview folds at 360 px; demo mode is read-only", async ({
    page,
    browser,
    baseURL,
  }) => {
    await registerByApi(page.request, newUser());
    const added = await page.request.post("/api/link-in-bio/links", { data: { title: "Shop", url: "https://shop.example.com", type: "product" } });
    expect(added.status()).toBe(201);
    // The fields arrive filled by the server and take no typing until the island has hydrated.
    const html = await (await page.request.get("/app/link-in-bio")).text();
    const titleInput = /<input[^>]*-title"[^>]*>/.exec(html)?.[0] ?? "";
    expect(titleInput).toContain('disabled=""');
    expect(titleInput).toMatch(/value="[^"]+"/);

    await page.goto("/app/link-in-bio");
    const editor = page.getByTestId("link-in-bio");
    await expect(editor).toHaveAttribute("data-hydrated", "true");

    // An answer that comes back after more was typed does not replace what was typed.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/link-in-bio", async (route) => {
      if (route.request().method() === "PUT") await held;
      await route.continue();
    });
    const title = editor.getByLabel("Title", { exact: true });
    await title.fill("First title");
    await title.press("Enter");
    await expect(page.getByTestId("bio-save-status")).toHaveText("Saving…");
    await title.fill("Typed while saving");
    release();
    await expect(toast(page).filter({ hasText: "Title saved" })).toBeVisible();
    await expect(page.getByTestId("bio-save-status")).toHaveText("Saved");
    await expect(title).toHaveValue("Typed while saving");
    await page.unroute("**/api/link-in-bio");
    await title.press("Enter");
    await expect.poll(async () => (await (await page.request.get("/api/link-in-bio")).json()).title).toBe("Typed while saving");

    await editor.getByRole("button", { name: "Delete Shop" }).click();
    await expect(editor.getByTestId("bio-links-empty")).toBeVisible();
    // The deletion's own Undo (the title's save has one too, in the toast shown a moment before).
    await toast(page).filter({ hasText: "Link deleted" }).getByRole("button", { name: "Undo" }).click();
    await expect(toast(page).filter({ hasText: "Link restored" })).toBeVisible();
    await expect(editor.getByTestId("bio-link-row")).toHaveText([/Shop/]);

    // The profile image comes from the media library, and can be removed again (with an undo).
    const upload = await page.request.post("/api/media/upload", {
      headers: { origin: baseURL! },
      multipart: { files: { name: "portrait.png", mimeType: "image/png", buffer: await makePng(320, 320, { r: 200, g: 120, b: 160 }) } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    await editor.getByRole("button", { name: "Choose from Media Library" }).click();
    await page.getByRole("dialog", { name: "Select from Media Gallery" }).getByRole("button", { name: "portrait.png" }).click();
    await expect(toast(page).filter({ hasText: "Profile image changed" })).toBeVisible();
    await expect(editor.getByRole("img", { name: "Profile image" })).toHaveAttribute("src", /^\/media\//);
    await expect(page.getByTestId("bio-preview").locator("img.bio-avatar")).toBeVisible();
    await editor.getByRole("button", { name: "Remove", exact: true }).click();
    await expect(toast(page).filter({ hasText: "Profile image removed" })).toBeVisible();
    await expect(editor.getByRole("img", { name: "Profile image" })).toHaveCount(0);
    await toast(page).getByRole("button", { name: "Undo" }).click();
    await expect(editor.getByRole("img", { name: "Profile image" })).toBeVisible();

    await page.getByRole("tab", { name: "Analytics" }).click();
    await expect(page.getByTestId("bio-analytics-empty")).toContainText("No clicks yet");
    await page.getByLabel("Period").selectOption("7d");
    await expect(page.getByTestId("bio-analytics-empty")).toContainText("last 7 days");

    await atWidth(page, 360);
    await expect(page.getByTestId("bio-preview")).toBeHidden();
    await page.getByRole("button", { name: "Phone preview" }).click();
    await expect(page.getByTestId("bio-preview")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Demo mode reads the page and changes nothing.
    const demo = await browser.newContext({ baseURL });
    try {
      const demoPage = await demo.newPage();
      await demoPage.goto("/app/link-in-bio?demo=true");
      await expect(demoPage.getByTestId("link-in-bio")).toHaveAttribute("data-hydrated", "true");
      await expect(demoPage.getByRole("note")).toContainText("Demo mode is read-only");
      await expect(demoPage.getByLabel("Title", { exact: true })).toBeDisabled();
      await expect(demoPage.getByRole("button", { name: "Add Link" })).toHaveCount(0);
    } finally {
      await demo.close();
    }
  });
});
