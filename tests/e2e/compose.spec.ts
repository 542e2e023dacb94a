import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { registerByApi, newUser, toast } from "./support";

const addSandbox = async (request: APIRequestContext, platform: string, accountName: string) => {
  const response = await request.post("/api/social-accounts/sandbox", { data: { platform, accountName } });
  expect(response.status(), await response.text()).toBe(201);
};

const openCompose = async (page: Page, query = "") => {
  await page.goto(`/app/compose${query}`);
  await expect(page.getByTestId("compose")).toHaveAttribute("data-hydrated", "true");
};

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

    // AI: blank content does not call; otherwise the failure toast.
    await page.getByLabel("Description").fill("");
    await page.getByRole("button", { name: "Shorten" }).click();
    await expect(toast(page)).toContainText("No content to enhance");

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
    await page.getByLabel("Time", { exact: true }).selectOption("10:00");
    await schedule.click();
    await expect(toast(page)).toContainText("Post created");

    // The form resets.
    await expect(page.getByLabel("Description")).toHaveValue("");
    await expect(page.getByLabel(/Lee Dental FB/)).not.toBeChecked();
    await expect(postNow).toBeDisabled();

    const response = await page.request.get("/api/posts?status=scheduled");
    expect(response.ok()).toBe(true);
    const posts = (await response.json()) as Array<{ content: string; status: string; scheduledAt: string; timeZone: string; options: Record<string, Record<string, unknown>>; targets: Array<{ platform: string }> }>;
    expect(posts).toHaveLength(1);
    const [post] = posts;
    expect(post.content).toBe("Spring cleaning special at Lee Dental");
    expect(post.targets.map((t) => t.platform).sort()).toEqual(["bluesky", "facebook"]);
    expect(post.options.facebook?.firstComment).toBe("Book now!");
    const local = new Intl.DateTimeFormat("en-CA", { timeZone: post.timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(post.scheduledAt));
    expect(local.replace(",", "")).toBe(`${date} 10:00`);
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
    await page.getByLabel("Category").selectOption({ label: "All accounts" });
    await expect(page.getByLabel(/Lee Dental FB/)).toBeVisible();
  });

  test("date query pre-fills the schedule date; the gallery shows its empty text; AI failure toast", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "facebook", "Lee Dental FB");
    const date = tomorrow();
    await openCompose(page, `?date=${date}`);
    await page.getByLabel(/Lee Dental FB/).check();
    await expect(page.getByLabel("Date")).toHaveValue(date);

    await page.getByRole("button", { name: "Select from Media Gallery" }).click();
    await expect(page.getByTestId("gallery-empty")).toHaveText("No media files found. Upload some files to your Media Gallery first.");
    await page.keyboard.press("Escape");

    await page.getByLabel("Description").fill("Hello");
    await page.getByRole("button", { name: "Create Hook" }).click();
    await expect(toast(page)).toContainText("Enhancement Failed");
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
