import type { Page } from "@playwright/test";
import { BULK_MESSAGES } from "../../domain/publishing/bulk";
import { notATime } from "../../domain/shared/clock-time";
import { expect, test } from "./fixtures";
import { newUser, registerByApi, screenshot, toast } from "./support";

/** A Starter workspace (bulk upload comes with Starter) with sandbox Instagram and Facebook accounts. */
const starter = async (page: Page, setPlan: (email: string, tier: "starter") => Promise<void>) => {
  const owner = newUser({ firstName: "Dana", lastName: "Okafor" });
  await registerByApi(page.request, owner);
  await setPlan(owner.email, "starter");
  for (const platform of ["instagram", "facebook"]) {
    const added = await page.request.post("/api/social-accounts/sandbox", { data: { platform, accountName: `Okafor Dental ${platform}` } });
    expect(added.status(), await added.text()).toBe(201);
  }
};

const openBulkUpload = async (page: Page) => {
  await page.goto("/app/bulk-upload");
  await expect(page.getByTestId("bulk-upload")).toHaveAttribute("data-hydrated", "true");
};

// A quoted comma, two platforms, pictures (Instagram takes no post without one), CRLF line ends and a date that does not exist (February 30th).
const FILE =
  "\uFEFFContent,Date,Time,Platforms,Media\r\n" +
  '"Winter hours: 8am to 6pm, Saturdays too.",2030-02-01,09:00,instagram;facebook,https://example.com/winter.jpg\r\n' +
  "Book your check-up online.,2030-02-30,12:30,instagram,https://example.com/check-up.jpg\r\n" +
  "A look inside our new office.,2030-02-03,17:15,facebook,https://example.com/office.jpg\r\n";

test.describe("bulk upload", () => {
  test("a CSV file with a bad row: its error in the preview, fixed with the row edit, all scheduled, then in the queue", async ({ page, setPlan }) => {
    await starter(page, setPlan);
    await openBulkUpload(page);
    const screen = page.getByTestId("bulk-upload");
    await expect(screen.getByTestId("bulk-empty")).toContainText("No file yet");
    await expect(screen.getByRole("link", { name: "Download Template" })).toHaveAttribute("download", "bulk-upload-template.csv");

    // Not a CSV file: refused with the spec's toast.
    await screen.getByLabel("CSV file", { exact: true }).setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(toast(page)).toContainText(BULK_MESSAGES.invalidFileTitle);
    await expect(toast(page)).toContainText(BULK_MESSAGES.invalidFile);

    await screen.getByLabel("CSV file", { exact: true }).setInputFiles({ name: "december.csv", mimeType: "text/csv", buffer: Buffer.from(FILE) });
    const rows = screen.getByTestId("bulk-row");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText("Winter hours: 8am to 6pm, Saturdays too.");
    await expect(rows.nth(1)).toContainText("Error");
    await expect(rows.nth(1)).toContainText(BULK_MESSAGES.date);
    await expect(screen.getByTestId("bulk-counts")).toContainText("3 posts: 2 ready, 0 scheduled, 1 with errors");
    await screenshot(page, "bulk-upload-preview-1280", { fullPage: true });

    // The row edit: the date fixed, the row back to pending.
    await rows.nth(1).getByRole("button", { name: "Edit row 2" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit row 2" });
    await expect(dialog).toContainText(BULK_MESSAGES.date);
    await dialog.getByLabel("Date (YYYY-MM-DD)").fill("2030-02-28");
    await screenshot(page, "bulk-upload-edit-1280");
    await dialog.getByRole("button", { name: "Save Row" }).click();
    await expect(dialog).toBeHidden();
    await expect(rows.nth(1)).toContainText("Pending");
    await expect(rows.nth(1)).not.toContainText(BULK_MESSAGES.date);

    await screen.getByRole("button", { name: "Schedule All Posts" }).click();
    await expect(toast(page)).toContainText(BULK_MESSAGES.completeTitle);
    await expect(toast(page)).toContainText("3 posts scheduled, 0 failed.");
    await expect(screen.getByLabel("Bulk upload progress")).toHaveAttribute("value", "100");
    for (let i = 0; i < 3; i++) await expect(rows.nth(i)).toContainText("Scheduled");
    // Nothing left to send.
    await expect(screen.getByRole("button", { name: "Schedule All Posts" })).toBeDisabled();
    await screenshot(page, "bulk-upload-done-1280", { fullPage: true });

    await screen.getByRole("link", { name: "See them in the queue" }).click();
    await expect(page).toHaveURL(/\/app\/queue/);
    for (const content of ["Winter hours: 8am to 6pm, Saturdays too.", "Book your check-up online.", "A look inside our new office."]) {
      await expect(page.getByTestId("queue-post").filter({ hasText: content })).toBeVisible();
    }
  });

  test("at 360 px: every row in error keeps Schedule All Posts disabled; one fixed is scheduled, the other keeps its error", async ({ page, setPlan }) => {
    await starter(page, setPlan);
    await page.setViewportSize({ width: 360, height: 780 });
    await openBulkUpload(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "bulk-upload-empty-360", { fullPage: true });
    const screen = page.getByTestId("bulk-upload");
    // A CSV file without a content column: the reason under the file field.
    await screen
      .getByLabel("CSV file", { exact: true })
      .setInputFiles({ name: "notes.csv", mimeType: "text/csv", buffer: Buffer.from("text,when\nhello,now\n") });
    await expect(screen.locator(".field-error")).toHaveText("The first row must name the columns: content, date, time, platforms, media (found: text, when).");
    await screen.getByLabel("CSV file", { exact: true }).setInputFiles({
      name: "bad.csv",
      mimeType: "",
      buffer: Buffer.from("content,date,time,platforms,media\nOne,tomorrow,09:00,instagram,https://example.com/one.jpg\nTwo,2030-01-01,noon,instagram,https://example.com/two.jpg\n"),
    });
    await expect(screen.getByTestId("bulk-row")).toHaveCount(2);
    await expect(screen.getByRole("button", { name: "Schedule All Posts" })).toBeDisabled();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "bulk-upload-errors-360", { fullPage: true });

    await screen.getByRole("button", { name: "Edit row 1" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit row 1" });
    await dialog.getByLabel("Date (YYYY-MM-DD)").fill("2030-01-02");
    await screenshot(page, "bulk-upload-edit-360");
    await dialog.getByRole("button", { name: "Save Row" }).click();
    await screen.getByRole("button", { name: "Schedule All Posts" }).click();
    await expect(toast(page)).toContainText("1 post scheduled, 0 failed.");
    const rows = screen.getByTestId("bulk-row");
    await expect(rows.nth(0)).toContainText("Scheduled");
    await expect(rows.nth(1)).toContainText(notATime("noon"));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "bulk-upload-done-360", { fullPage: true });
  });

  test("a trial sees the premium gate", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await page.goto("/app/bulk-upload");
    await expect(page.getByTestId("premium-gate")).toContainText("Premium Feature");
  });
});
