import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { atWidth, newUser, openHydrated, registerByApi, screenshot, seriousViolationsIn, signedInUser, toast } from "./support";

const TAB = "/app/settings?tab=api-keys";

/** A program's HTTP client: no cookie jar, only the key it is given. */
const asProgram = async (playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } }, baseURL: string | undefined) =>
  playwright.request.newContext({ baseURL });

const fitsThePhone = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

/** A day a month from now, as a date field takes it, and as the list writes it. */
const inAMonth = () => {
  const at = new Date(Date.now() + 30 * 86_400_000);
  return {
    field: at.toISOString().slice(0, 10),
    shown: new Date(`${at.toISOString().slice(0, 10)}T12:00:00Z`).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" }),
  };
};

test.describe("Settings › API keys", () => {
  test("an owner creates an agent key, sees it once and copies it; a program reads posts with it; once revoked after a confirmation it is refused", async ({
    page,
    context,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await registerByApi(page.request, newUser({ firstName: "Lee", lastName: "Park" }));
    await openHydrated(page, TAB, "api-keys");
    await expect(page.getByRole("link", { name: "API keys" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("api-keys-empty")).toContainText("No API keys yet");
    await expect(page.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/api/docs");
    // How to add SocialDesk to an MCP client is on the screen before any key exists.
    await expect(page.getByTestId("mcp-endpoint")).toHaveText(`${baseURL}/mcp`);
    await expect(page.getByLabel("MCP configuration", { exact: true })).toContainText('"Authorization": "Bearer <your API key>"');
    expect(await seriousViolationsIn(page)).toEqual([]);
    await screenshot(page, "api-keys-empty", { fullPage: true, widths: [1280, 360] });

    // The form: the name is asked for beside its field, with the focus on it.
    const create = page.getByRole("button", { name: "Create your first API key" });
    await create.click();
    const form = page.getByTestId("new-api-key");
    await expect(form.getByLabel("Name")).toBeFocused();
    await form.getByRole("button", { name: "Create key" }).click();
    await expect(form.getByText("Give the key a name, such as the app that will use it.")).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    // Cancel closes it and gives the focus back; the keyboard opens it again.
    await form.getByRole("button", { name: "Cancel" }).click();
    await expect(form).toBeHidden();
    await expect(create).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(form.getByLabel("Name")).toBeFocused();

    // The API's own refusal lands beside its field too, and goes once the field is changed.
    await form.getByLabel("Name").fill("z".repeat(101));
    await form.getByRole("button", { name: "Create key" }).click();
    await expect(form.getByText("A key's name can be at most 100 characters.")).toBeVisible();
    await expect(form.getByLabel("Name")).toBeFocused();

    const expiry = inAMonth();
    await form.getByLabel("Name").fill("Zapier");
    await expect(form.getByText("A key's name can be at most 100 characters.")).toBeHidden();
    await form.getByRole("radio", { name: /Read and write/ }).check();
    await form.getByRole("checkbox", { name: /Require approval for posts \(agent key\)/ }).check();
    await form.getByLabel(/Expires on/).fill(expiry.field);
    expect(await seriousViolationsIn(page)).toEqual([]);
    await screenshot(page, "api-keys-form", { fullPage: true, widths: [1280, 360] });
    await form.getByRole("button", { name: "Create key" }).click();

    // Shown once, with how to use it: the header, the reference, the MCP configuration with the key.
    const created = page.getByTestId("created-api-key");
    await expect(created).toContainText("Copy this key now. You won't be able to see it again.");
    await expect(created.getByRole("heading", { name: "Your new key “Zapier”" })).toBeFocused();
    const key = await created.getByTestId("created-key-value").inputValue();
    expect(key).toMatch(/^sd_live_[A-Za-z0-9_-]{43}$/);
    await expect(created.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/api/docs");
    await expect(created.getByLabel("A first request with the key")).toContainText(`Authorization: Bearer ${key}`);
    const config = JSON.parse((await created.getByLabel("MCP configuration with this key").textContent()) ?? "");
    expect(config.mcpServers.socialdesk).toEqual({ type: "http", url: `${baseURL}/mcp`, headers: { Authorization: `Bearer ${key}` } });

    await created.getByRole("button", { name: "Copy key" }).click();
    await expect(toast(page)).toContainText("The API key is on your clipboard.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    expect(await seriousViolationsIn(page)).toEqual([]);
    await screenshot(page, "api-keys-created", { fullPage: true, widths: [1280, 360] });
    await atWidth(page, 360);
    await fitsThePhone(page);
    await atWidth(page, 1280);

    // A program calls the API with it: no cookie, no Origin.
    const program = await asProgram(playwright, baseURL);
    try {
      const posts = await program.get("/api/posts", { headers: { authorization: `Bearer ${key}` } });
      expect(posts.status(), await posts.text()).toBe(200);

      // Gone once dismissed: the list shows its last four, never the key, and its last use.
      await created.getByRole("button", { name: "Done, I've copied it" }).click();
      await expect(created).toBeHidden();
      await page.reload();
      await expect(page.getByTestId("api-keys")).toHaveAttribute("data-hydrated", "true");
      expect(await page.content()).not.toContain(key);
      const row = page.getByTestId("api-key").filter({ hasText: "Zapier" });
      await expect(row).toContainText("Read and write");
      await expect(row).toContainText("Agent key — posts wait for approval");
      await expect(row).toContainText(`sd_live_…${key.slice(-4)}`);
      await expect(row.locator("dd").filter({ hasText: "by Lee Park" })).toHaveText(/^\w{3} \d{1,2}, \d{4} by Lee Park$/);
      await expect(row.getByTestId("api-key-last-used")).toHaveText("Just now");
      await expect(row).toContainText(`End of ${expiry.shown}`);
      expect(await seriousViolationsIn(page)).toEqual([]);
      await screenshot(page, "api-keys-list", { fullPage: true, widths: [1280, 360] });

      // Revoking asks first, says it cannot be undone; Escape leaves the key as it was.
      const revoke = row.getByRole("button", { name: "Revoke Zapier" });
      await revoke.click();
      const confirm = page.getByRole("dialog", { name: "Revoke “Zapier”?" });
      await expect(confirm).toContainText("Revoking cannot be undone.");
      await expect(confirm.getByRole("button", { name: "Revoke key" })).not.toBeFocused();
      expect(await seriousViolationsIn(page, "dialog[open]")).toEqual([]);
      await screenshot(page, "api-keys-revoke", { widths: [1280, 360] });
      await page.keyboard.press("Escape");
      await expect(confirm).toBeHidden();
      await expect(revoke).toBeFocused();

      await page.keyboard.press("Enter");
      await confirm.getByRole("button", { name: "Revoke key" }).click();
      await expect(toast(page)).toContainText("“Zapier” no longer works.");
      await expect(row).toHaveAttribute("data-state", "revoked");
      await expect(row).toContainText(/Revoked on \w{3} \d{1,2}, \d{4}/);
      await expect(row.getByRole("button", { name: "Revoke Zapier" })).toHaveCount(0);
      await screenshot(page.getByTestId("api-key-list"), "api-keys-revoked", { widths: [1280, 360] });

      const refused = await program.get("/api/posts", { headers: { authorization: `Bearer ${key}` } });
      expect(refused.status()).toBe(401);
      expect((await refused.json()).detail).toBe("This API key was revoked. Create a new one in Settings › API keys.");
    } finally {
      await program.dispose();
    }
  });

  test("a member sees no API keys tab, and its address says an owner or admin is needed", async ({ page, browser, baseURL, outbox, setPlan }) => {
    const owner = await signedInUser(page);
    await setPlan(owner.email, "professional");
    const email = `maria-${Date.now().toString(36)}@leedental.example`;
    const invited = await page.request.post("/api/team-invites", { data: { email, role: "member" } });
    expect(invited.status(), await invited.text()).toBe(201);
    const token = /\/invite\/([A-Za-z0-9_-]+)/.exec((await outbox(email)).join("\n"))?.[1];
    expect(token).toBeTruthy();
    const maria = await browser.newContext({ baseURL });
    try {
      const joined = await maria.request.post(`/api/invitations/${token}`, {
        data: { firstName: "Maria", lastName: "Lopez", password: "hygienist-42", confirmPassword: "hygienist-42" },
      });
      expect(joined.status(), await joined.text()).toBe(201);
      const member = await maria.newPage();
      await member.goto("/app/settings");
      await expect(member.getByRole("navigation", { name: "Settings sections" }).getByRole("link")).toHaveText([
        "Profile",
        "Connected Accounts",
        "Notifications",
        "Billing",
        "Security",
      ]);
      const answer = await member.goto(TAB);
      expect(answer?.status()).toBe(403);
      await expect(member.getByTestId("api-keys-refused")).toContainText("Owners and admins only");
      await expect(member.getByTestId("api-keys-refused")).toContainText("Ask one of them to create a key for you.");
      await expect(member.getByTestId("api-keys")).toHaveCount(0);
    } finally {
      await maria.close();
    }
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("an owner creates a key as a plain form (refusals beside the fields, the key shown once on the answer) and revokes it after the page's confirmation", async ({
      page,
    }) => {
      await signedInUser(page);
      await page.goto(TAB);
      await page.getByRole("link", { name: "Create your first API key" }).click();
      await expect(page).toHaveURL(/tab=api-keys&new=1/);
      const form = page.getByTestId("new-api-key");
      await form.getByLabel("Name").fill("x".repeat(101));
      await form.getByRole("button", { name: "Create key" }).click();
      await expect(form.getByText("A key's name can be at most 100 characters.")).toBeVisible();

      await form.getByLabel("Name").fill("Nightly report");
      await form.getByRole("button", { name: "Create key" }).click();
      const created = page.getByTestId("created-api-key");
      await expect(created).toContainText("Copy this key now. You won't be able to see it again.");
      const key = await created.getByTestId("created-key-value").inputValue();
      expect(key).toMatch(/^sd_live_/);

      await page.goto(TAB);
      expect(await page.content()).not.toContain(key);
      const row = page.getByTestId("api-key").filter({ hasText: "Nightly report" });
      await expect(row).toContainText("Read only");
      await expect(row.getByTestId("api-key-last-used")).toHaveText("Never");

      await row.getByRole("link", { name: "Revoke Nightly report" }).click();
      const confirm = page.getByTestId("revoke-api-key");
      await expect(confirm).toContainText("Revoke “Nightly report”?");
      await expect(confirm).toContainText("Revoking cannot be undone.");
      await confirm.getByRole("button", { name: "Revoke key" }).click();
      await expect(page).toHaveURL(/\/app\/settings\?tab=api-keys$/);
      await expect(row).toHaveAttribute("data-state", "revoked");
      expect((await page.request.get("/api/posts", { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);
    });
  });
});
