import { expect, test } from "./fixtures";
import { newUser, registerByApi, screenshot, toast } from "./support";

test.describe("the approvals queue across an agency's clients", () => {
  test("on a phone, an agency owner reads every client's posts awaiting approval with the client named on each, approves one in its client from the agency, and narrows to another client and opens its post", async ({
    page,
    playwright,
    baseURL,
    setPlan,
  }) => {
    test.setTimeout(60_000);
    const owner = newUser({ firstName: "Mia", lastName: "Park", company: "Park Agency" });
    await registerByApi(page.request, owner);
    await setPlan(owner.email, "agency");
    const agencyId = ((await (await page.request.get("/api/workspaces")).json()) as Array<{ id: string }>)[0]!.id;
    // Each client's scheduling agent (an API key whose posts wait for a person) submits a post there.
    const submitted: Record<string, { id: string; workspaceId: string }> = {};
    const clients: Record<string, string> = {};
    for (const name of ["Lee Dental", "Rao Law"]) {
      const added = await page.request.post("/api/clients", { data: { name } });
      expect(added.status()).toBe(201);
      clients[name] = ((await added.json()) as { id: string }).id;
    }
    for (const [name, workspaceId] of Object.entries(clients)) {
      expect((await page.request.post("/api/workspaces/switch", { data: { workspaceId } })).status()).toBe(200);
      expect((await page.request.post("/api/social-accounts/sandbox", { data: { platform: "bluesky", accountName: name } })).status()).toBe(201);
      const key = await page.request.post("/api/api-keys", { data: { name: "Scheduling agent", access: "write", requireApproval: true } });
      expect(key.status(), await key.text()).toBe(201);
      const agent = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${((await key.json()) as { key: string }).key}` } });
      const post = await agent.post("/api/posts", {
        data: { content: `${name}: open on Saturday mornings from next week`, platforms: ["bluesky"], status: "scheduled", scheduledAt: new Date(Date.now() + 86_400_000).toISOString() },
      });
      expect(post.status(), await post.text()).toBe(201);
      expect(((await post.json()) as { status: string }).status).toBe("awaiting_approval");
      submitted[name] = { id: ((await post.json()) as { id: string }).id, workspaceId };
      await agent.dispose();
    }
    await page.request.post("/api/workspaces/switch", { data: { workspaceId: agencyId } });

    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto("/app/queue?tab=approval");
    const queue = page.getByTestId("queue");
    await expect(queue).toHaveAttribute("data-hydrated", "true");
    const posts = queue.getByTestId("queue-post");
    // The agency's own queue has none; All clients has both, each naming its client.
    await expect(queue.getByTestId("queue-empty")).toBeVisible();
    await queue.getByLabel("Workspace").selectOption({ label: "All clients" });
    await expect(posts).toHaveCount(2);
    for (const name of ["Lee Dental", "Rao Law"]) await expect(posts.filter({ hasText: `${name}: open` }).getByTestId("queue-client")).toHaveText(name);
    await expect(queue.getByTestId("count-approval")).toHaveText("2");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "agency-approvals", { fullPage: true, widths: [1280, 360] });

    // Lee Dental's, approved from the agency: scheduled in Lee Dental, off the queue.
    await posts.filter({ hasText: "Lee Dental: open" }).getByRole("button", { name: "Approve" }).click();
    await expect(toast(page).filter({ hasText: "Post Approved" })).toBeVisible();
    await expect(posts).toHaveCount(1);
    const approved = (await (await page.request.get(`/api/posts/${submitted["Lee Dental"]!.id}`)).json()) as { status: string; workspaceId: string };
    expect(approved).toMatchObject({ status: "scheduled", workspaceId: submitted["Lee Dental"]!.workspaceId });

    // One client: Rao Law's post only.
    await queue.getByLabel("Workspace").selectOption({ label: "Rao Law" });
    await expect(posts).toHaveCount(1);
    await expect(posts.first().getByTestId("queue-client")).toHaveText("Rao Law");
    await screenshot(page, "agency-approvals-one-client", { fullPage: true, widths: [1280, 360] });

    // Opened from there: the post's page in its own workspace, naming the client.
    await posts.first().getByRole("link", { name: /Open post/ }).click();
    await expect(page.getByTestId("post-client")).toHaveText("In Rao Law, one of your agency's clients.");
    await expect(page.getByTestId("post-status")).toHaveText("Awaiting approval");
  });
});
