import { receiveDirectMessage } from "../support/inbox";
import { expect, test } from "./fixtures";
import { newUser, registerByApi, screenshot, toast } from "./support";

test.describe("the inbox across an agency's clients", () => {
  test("on a phone, an agency owner sees which clients wait in the top bar's menu, reads every client's messages with the client named on each, narrows to one and answers it", async ({
    page,
    app,
    setPlan,
  }) => {
    test.setTimeout(60_000);
    const owner = newUser({ firstName: "Mia", lastName: "Park", company: "Park Agency" });
    await registerByApi(page.request, owner);
    await setPlan(owner.email, "agency");
    const agencyId = ((await (await page.request.get("/api/workspaces")).json()) as Array<{ id: string }>)[0]!.id;
    const clients: Record<string, string> = { "Park Agency": agencyId };
    for (const name of ["Lee Dental", "Rao Law"]) {
      const added = await page.request.post("/api/clients", { data: { name } });
      expect(added.status()).toBe(201);
      clients[name] = ((await added.json()) as { id: string }).id;
    }
    // A direct message reaches a sandbox page of each workspace, as a platform would deliver it.
    const from: Record<string, string> = { "Park Agency": "Ana Ruiz", "Lee Dental": "Tom Becker", "Rao Law": "Priya Nair" };
    for (const [name, workspaceId] of Object.entries(clients)) {
      expect((await page.request.post("/api/workspaces/switch", { data: { workspaceId } })).status()).toBe(200);
      const account = await page.request.post("/api/social-accounts/sandbox", { data: { platform: "facebook", accountName: `${name} page` } });
      expect(account.status()).toBe(201);
      const accountId = ((await account.json()) as { id: string }).id;
      await app.run(receiveDirectMessage({ id: accountId, workspaceId, platform: "facebook" }, `Hello ${name}, do you have time this week?`, from[name]));
    }
    await page.request.post("/api/workspaces/switch", { data: { workspaceId: agencyId } });

    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto("/app/social-inbox");
    const inbox = page.getByTestId("social-inbox");
    await expect(inbox).toHaveAttribute("data-hydrated", "true");
    // The top bar names the workspace worked in; its menu says where messages wait.
    await expect(page.getByTestId("topbar-workspace")).toContainText("Park Agency");
    await page.getByTestId("topbar-workspace").click();
    const menu = page.getByTestId("workspace-menu");
    for (const name of ["Park Agency", "Lee Dental", "Rao Law"]) await expect(menu.getByRole("button", { name: `${name} 1 unread` })).toBeVisible();
    await page.keyboard.press("Escape");

    // All clients: every workspace's message, each with its client's name.
    const items = inbox.getByTestId("inbox-message");
    await expect(items).toHaveCount(1);
    await inbox.getByLabel("Workspace").selectOption({ label: "All clients" });
    await expect(items).toHaveCount(3);
    for (const [name, person] of Object.entries(from)) await expect(items.filter({ hasText: person }).getByTestId("inbox-client")).toHaveText(name);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "agency-inbox-360", { fullPage: true });

    // One client, and its message answered in it.
    await inbox.getByLabel("Workspace").selectOption({ label: "Lee Dental" });
    await expect(items).toHaveCount(1);
    await items.first().getByRole("button").click();
    const panel = page.getByRole("region", { name: "Conversation" });
    await expect(panel.getByRole("heading", { level: 2 })).toHaveText("Tom Becker");
    await expect(panel.getByTestId("inbox-open-client")).toHaveText(" · Lee Dental");
    await panel.getByLabel("Your reply").fill("Yes, Thursday at 10 works.");
    await panel.getByRole("button", { name: /Reply publicly|Send reply/ }).click();
    await expect(toast(page).filter({ hasText: "Reply Sent! ✅" })).toBeVisible({ timeout: 30_000 });
    await screenshot(page, "agency-inbox-reply-360", { fullPage: true });
  });
});
