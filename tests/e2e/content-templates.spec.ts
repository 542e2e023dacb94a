import type { Page } from "@playwright/test";
import { makePng } from "../../infra/media/fixtures";
import { expect, test } from "./fixtures";
import { screenshot, signedInUser, toast } from "./support";

/** The page once its island has hydrated (its buttons wait until then). */
const openTemplates = async (page: Page) => {
  await page.goto("/app/content-templates");
  await expect(page.getByRole("button", { name: "Create Template" })).toBeEnabled();
};

const noSideScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test.describe("content templates", () => {
  test("create a shared template with hashtags and a gallery image, find it, use it in compose, edit and delete it", async ({ page, baseURL, setPlan }) => {
    const user = await signedInUser(page);
    await setPlan(user.email, "starter");
    for (const [platform, accountName] of [
      ["facebook", "Lee Dental FB"],
      ["instagram", "Lee Dental IG"],
    ]) {
      const account = await page.request.post("/api/social-accounts/sandbox", { data: { platform, accountName } });
      expect(account.status(), await account.text()).toBe(201);
    }
    const upload = await page.request.post("/api/media/upload", {
      headers: { origin: baseURL! },
      multipart: { files: { name: "flu-shot.png", mimeType: "image/png", buffer: await makePng(640, 480, { r: 40, g: 160, b: 120 }) } },
    });
    expect(upload.status(), await upload.text()).toBe(201);

    await page.setViewportSize({ width: 1280, height: 860 });
    await openTemplates(page);
    await expect(page.getByRole("heading", { name: "Content Templates", level: 1 })).toBeVisible();
    await expect(page.getByTestId("templates-empty")).toContainText("No Templates");
    await screenshot(page, "templates-empty-1280");

    // Name and content are required.
    await page.getByRole("button", { name: "Create Template" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Template" });
    await expect(dialog.getByLabel("Template name")).toBeFocused();
    await dialog.getByRole("button", { name: "Create Template" }).click();
    await expect(dialog.getByText("Template name is required")).toBeVisible();
    await dialog.getByLabel("Template name").fill("Flu season reminder");
    await dialog.getByRole("button", { name: "Create Template" }).click();
    await expect(dialog.getByText("Template content is required")).toBeVisible();
    await expect(dialog.getByLabel("Content")).toBeFocused();
    await dialog.getByLabel("Content").fill("Flu shots are in! Book yours at the front desk or online.");

    // Only the active accounts' platforms are offered.
    await expect(dialog.getByRole("checkbox")).toHaveCount(3);
    await dialog.getByRole("checkbox", { name: "Facebook" }).check();
    await dialog.getByRole("checkbox", { name: "Instagram" }).check();

    // Enter adds a hashtag with its #; an empty or duplicate one is ignored.
    const hashtag = dialog.getByRole("textbox", { name: "Hashtags" });
    for (const typed of ["flu", "#Flu", "  ", "health", "#wellness"]) {
      await hashtag.fill(typed);
      await hashtag.press("Enter");
    }
    const tags = dialog.getByRole("list", { name: "Hashtags of this template" }).getByRole("listitem");
    await expect(tags).toHaveText(["#flu×", "#health×", "#wellness×"]);
    await dialog.getByRole("button", { name: "Remove #health" }).click();
    await hashtag.fill("health");
    await hashtag.press("Enter");
    await expect(tags).toHaveText(["#flu×", "#wellness×", "#health×"]);
    await expect(dialog).toBeVisible();

    // Media from the library, through the gallery picker compose uses.
    await dialog.getByRole("button", { name: "Add from Media Gallery" }).click();
    const gallery = page.getByRole("dialog", { name: "Select from Media Gallery" });
    await gallery.getByRole("button", { name: "flu-shot.png" }).click();
    await expect(toast(page)).toContainText("The file was added to the template.");
    await expect(dialog.getByTestId("attached-media").getByRole("listitem")).toHaveCount(1);

    await dialog.getByRole("checkbox", { name: /Share with team/ }).check();
    await screenshot(page, "template-dialog-1280");
    await dialog.getByRole("button", { name: "Create Template" }).click();
    await expect(toast(page)).toContainText("Template Created");
    await expect(dialog).toBeHidden();

    const card = page.getByTestId("template-card").filter({ hasText: "Flu season reminder" });
    await expect(card.getByText("Team Template")).toBeVisible();
    await expect(card.getByRole("list", { name: "Hashtags of Flu season reminder" }).getByRole("listitem")).toHaveText(["#flu", "#wellness", "#health"]);
    await expect(card.getByRole("list", { name: "Platforms of Flu season reminder" }).getByRole("listitem")).toHaveText(["Facebook", "Instagram"]);
    await expect(card).toContainText("1 file");
    await expect(card).toContainText("Not used yet");

    // A second one, made through the API, to search among.
    const other = await page.request.post("/api/content-templates", {
      data: {
        name: "Whitening offer",
        content: "20% off whitening in May.",
        platforms: ["facebook", "instagram", "twitter", "linkedin"],
        hashtags: ["smile", "a", "b", "c", "d", "e"],
      },
    });
    expect(other.status()).toBe(201);
    await page.reload();
    await expect(page.getByTestId("template-card")).toHaveCount(2);
    const offer = page.getByTestId("template-card").filter({ hasText: "Whitening offer" });
    await expect(offer.getByRole("list", { name: "Platforms of Whitening offer" }).getByRole("listitem")).toHaveCount(4);
    await expect(offer.getByRole("list", { name: "Platforms of Whitening offer" })).toContainText("+1");
    await expect(offer.getByRole("list", { name: "Hashtags of Whitening offer" })).toContainText("+1");
    await screenshot(page, "templates-grid-1280", { fullPage: true });

    const search = page.getByRole("searchbox", { name: "Search templates" });
    await search.fill("#wellness");
    await expect(page.getByTestId("template-card")).toHaveCount(1);
    await expect(page.getByTestId("template-card")).toContainText("Flu season reminder");
    await search.fill("nothing like this");
    await expect(page.getByText("No templates match “nothing like this”.")).toBeVisible();
    await search.fill("flu");

    // Use: counted, and compose opens filled in with its text, hashtags, platforms' accounts and media.
    await card.getByRole("button", { name: "Use Template Flu season reminder" }).click();
    await expect(page).toHaveURL(/\/app\/compose\?template=[0-9a-f-]{36}$/);
    await expect(toast(page)).toContainText("Template Used");
    await expect(toast(page)).toContainText("was copied to the compose window");
    await expect(page.getByTestId("compose")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByLabel("Description")).toHaveValue("Flu shots are in! Book yours at the front desk or online.\n\n#flu #wellness #health");
    await expect(page.getByLabel(/Lee Dental FB/)).toBeChecked();
    await expect(page.getByLabel(/Lee Dental IG/)).toBeChecked();
    await expect(page.getByTestId("attached-media").getByRole("listitem")).toHaveCount(1);
    await screenshot(page, "compose-from-template-1280");

    await openTemplates(page);
    await expect(card).toContainText("Used once");

    // Edit, then delete after confirming.
    await card.getByRole("button", { name: "Edit Flu season reminder" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Template" });
    await expect(edit.getByLabel("Template name")).toHaveValue("Flu season reminder");
    await expect(edit.getByRole("checkbox", { name: /Share with team/ })).toBeChecked();
    await edit.getByLabel("Template name").fill("Flu shots are in");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page)).toContainText("Template Updated");
    const renamed = page.getByTestId("template-card").filter({ hasText: "Flu shots are in" });
    await expect(renamed.getByRole("heading", { name: "Flu shots are in" })).toBeVisible();

    // At 360 px: one column, nothing wider than the screen, the dialog too.
    await page.setViewportSize({ width: 360, height: 780 });
    await search.fill("");
    await noSideScroll(page);
    await screenshot(page, "templates-grid-360", { fullPage: true });
    await renamed.getByRole("button", { name: "Edit Flu shots are in" }).click();
    await expect(edit).toBeVisible();
    await noSideScroll(page);
    await screenshot(page, "template-dialog-360");
    await page.keyboard.press("Escape");
    await expect(edit).toBeHidden();

    await renamed.getByRole("button", { name: "Delete Flu shots are in" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this template?" });
    await expect(confirm).toContainText("will be deleted for everyone in your team");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(renamed).toBeVisible();
    await renamed.getByRole("button", { name: "Delete Flu shots are in" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText("Template Deleted");
    await expect(page.getByTestId("template-card")).toHaveCount(1);
  });

  test("a template with its platforms' accounts and a file opens compose with no page error: the server renders the whole screen", async ({ page, setPlan }) => {
    const user = await signedInUser(page);
    await setPlan(user.email, "growth");
    for (const platform of ["instagram", "facebook"]) expect((await page.request.post("/api/social-accounts/sandbox", { data: { platform, accountName: "Lee Dental" } })).status()).toBe(201);
    const made = await page.request.post("/api/content-templates", {
      data: { name: "Smile week", content: "Brush twice a day.", hashtags: ["dental"], platforms: ["instagram", "facebook"], mediaUrls: ["https://images.example.com/smile.jpg"] },
    });
    expect(made.status()).toBe(201);
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" && !/Failed to load resource/.test(message.text())) problems.push(message.text());
    });
    await page.goto(`/app/compose?template=${(await made.json()).id}`);
    await expect(page.getByTestId("compose")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByLabel("Description")).toHaveValue("Brush twice a day.\n\n#dental");
    await expect(page.getByTestId("post-preview")).toContainText("Brush twice a day.");
    expect(problems).toEqual([]);
  });

  test("without a plan that has templates, the page says so and offers no Create", async ({ page }) => {
    await signedInUser(page);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto("/app/content-templates");
    await expect(page.getByTestId("templates-upgrade")).toContainText("This feature is not available in your current plan.");
    await expect(page.getByTestId("templates-empty")).toContainText("No Templates");
    await expect(page.getByRole("button", { name: "Create Template" })).toHaveCount(0);
    await noSideScroll(page);
    await screenshot(page, "templates-upgrade-360");
  });

  test("demo mode shows the sample templates, read only", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto("/app/content-templates?demo=true");
    await expect(page.getByTestId("template-card")).toHaveCount(3);
    await expect(page.getByText("Team Template")).toHaveCount(2);
    const welcome = page.getByTestId("template-card").filter({ hasText: "Welcome, new patients" });
    await expect(welcome.getByRole("list", { name: "Platforms of Welcome, new patients" })).toContainText("+1");
    await expect(welcome.getByRole("list", { name: "Hashtags of Welcome, new patients" })).toContainText("+1");
    await expect(page.getByRole("button", { name: /Use |Create Template/ })).toHaveCount(0);
    await screenshot(page, "templates-demo-1280", { fullPage: true });
  });
});
