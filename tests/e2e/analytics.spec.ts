import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { pdfText } from "../support/pdf-text";
import { expect, test } from "./fixtures";
import { addSandbox, newUser, registerByApi, screenshot } from "./support";


/** A post published now on the sandbox account, once the worker says it is published. */
const publishedPost = async (request: APIRequestContext, content: string) => {
  const response = await request.post("/api/posts", { data: { content, platforms: ["facebook"], status: "published" } });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/posts/${id}`)).json()) as { status: string }).status, { timeout: 20_000 })
    .toBe("published");
  return id;
};

test.describe("analytics and post history", () => {
  test("a published sandbox post is among the top posts, the period changes the data, and its history shows the publication", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "facebook", "Lee Dental FB");
    const id = await publishedPost(page.request, "Analytics e2e: fresh smiles all week");

    await page.goto("/app/analytics");
    await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Period")).toHaveValue("30d");
    for (const title of ["Impressions", "Engagements", "Reach", "Engagement Rate"]) {
      await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByTestId("performance-chart")).toBeVisible();
    await expect(page.getByTestId("performance-table").locator("tbody tr")).toHaveCount(30);
    await expect(page.getByTestId("platform-performance")).toContainText("Facebook");
    const top = page.getByTestId("top-post").filter({ hasText: "Analytics e2e: fresh smiles all week" });
    await expect(top).toHaveCount(1);
    await expect(page.getByTestId("top-post")).toHaveCount(1);

    // The select changes the data (server-rendered for ?period=).
    await page.getByLabel("Period").selectOption("7d");
    await expect(page).toHaveURL(/period=7d/);
    await expect(page.getByTestId("performance-table").locator("tbody tr")).toHaveCount(7);
    await page.getByLabel("Period").selectOption("365d");
    await expect(page).toHaveURL(/period=365d/);
    await expect(page.getByTestId("performance-table").locator("tbody tr")).toHaveCount(12);
    await expect(page.getByTestId("top-post")).toHaveCount(1);

    // Its history page.
    await page.getByTestId("top-post").getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/app/posts/${id}$`));
    await expect(page.getByTestId("post-status")).toHaveText("Published");
    await expect(page.getByTestId("post-targets")).toContainText("Lee Dental FB");
    const published = page.locator('[data-event-type="PostPublishedToAccount"]');
    await expect(published).toHaveCount(1);
    await expect(published).toContainText("Published");
    await expect(published).toContainText("Facebook (Lee Dental FB)");
    await expect(page.locator('[data-event-type="PostDrafted"]')).toContainText("by Jordan Rivera");
  });

  test("Export CSV and Export PDF download the figures of the period chosen, by keyboard too, at 1280 and 360 px", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "facebook", "Lee Dental FB");
    await publishedPost(page.request, "Export e2e: a week of smiles");

    await page.goto("/app/analytics");
    await page.getByLabel("Period").selectOption("7d");
    await expect(page).toHaveURL(/period=7d/);
    const csvLink = page.getByRole("link", { name: "Export CSV" });
    const pdfLink = page.getByRole("link", { name: "Export PDF" });
    await expect(csvLink).toHaveAttribute("href", "/api/analytics/export?format=csv&period=7d");
    await screenshot(page, "analytics-export", { widths: [1280, 360] });

    const [csv] = await Promise.all([page.waitForEvent("download"), csvLink.click()]);
    expect(csv.suggestedFilename()).toMatch(/^socialdesk-analytics-7d-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = readFileSync(await csv.path(), "utf8").trimEnd().split("\r\n");
    expect(rows[0]).toBe("Date,Platform,Posts,Impressions (estimated),Reach (estimated),Engagements");
    expect(rows.slice(1)).toHaveLength(1);
    expect(rows[1]).toMatch(/^\d{4}-\d{2}-\d{2},Facebook,1,\d+,\d+,\d+$/);

    // At 360 px, by keyboard: the PDF link takes the focus and Enter downloads it.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(pdfLink).toBeInViewport();
    await pdfLink.focus();
    await expect(pdfLink).toBeFocused();
    const [pdf] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(pdf.suggestedFilename()).toMatch(/^socialdesk-analytics-7d-\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = pdfText(readFileSync(await pdf.path()));
    expect(text).toContain("Analytics: Last 7 days");
    expect(text).toContain("Facebook");
    expect(text).toContain("Engagements per day");
  });

  test("another workspace's post is a 404", async ({ page, playwright, baseURL }) => {
    const other = await playwright.request.newContext({ baseURL });
    await registerByApi(other, newUser());
    await addSandbox(other, "facebook", "Other FB");
    const id = await publishedPost(other, "Not yours");
    await other.dispose();

    await registerByApi(page.request, newUser());
    const response = await page.goto(`/app/posts/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("not-found")).toBeVisible();
    await expect(page.getByText("Not yours")).toHaveCount(0);
  });
});
