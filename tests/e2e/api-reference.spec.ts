import { expect, test } from "./fixtures";
import { screenshot } from "./support";

test.describe("the API reference", () => {
  test("open /api/docs, read the declared operations under the page's own policy, nothing refused", async ({ page }) => {
    const refused: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy|Refused/.test(message.text())) refused.push(message.text());
    });
    // Scalar's own animations never settle: the widths are set directly.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/api/docs");
    await expect(page.getByRole("heading", { name: "SocialDesk API", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Categories" }).first()).toBeVisible();
    await screenshot(page, "api-reference-1280");
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(page.getByRole("heading", { name: "SocialDesk API", level: 1 })).toBeVisible();
    await screenshot(page, "api-reference-360");
    expect(refused).toEqual([]);
  });
});
