import type { Page } from "@playwright/test";
import { makePng, makeVideo } from "../../infra/media/fixtures";
import { expect, test } from "./fixtures";
import { signedInUser, toast } from "./support";

/** The gallery once its island has hydrated (buttons are disabled until then). */
const openGallery = async (page: Page, query = "") => {
  await page.goto(`/app/media-gallery${query}`);
  await expect(page.getByTestId("media-gallery")).toHaveAttribute("data-hydrated", "true");
};

const items = (page: Page) => page.getByTestId("media-item");

test.describe("media gallery", () => {
  test("uploads two images, shows their thumbnails, and deletes one after confirming", async ({ page }) => {
    await signedInUser(page);
    await openGallery(page);
    await expect(page.getByRole("heading", { name: "Media Gallery", level: 1 })).toBeVisible();
    await expect(page.getByText("No media files found")).toBeVisible();

    await page.getByTestId("media-file-input").setInputFiles([
      { name: "sunrise.png", mimeType: "image/png", buffer: await makePng(640, 480, { r: 250, g: 160, b: 40 }) },
      { name: "harbour.png", mimeType: "image/png", buffer: await makePng(480, 640, { r: 30, g: 90, b: 200 }) },
    ]);
    await expect(toast(page)).toContainText("Upload successful");
    await expect(toast(page)).toContainText("Media files have been uploaded to your gallery");
    await expect(items(page)).toHaveCount(2);
    await expect(page.getByRole("heading", { name: "2 files" })).toBeVisible();

    // Each thumbnail is a loaded image, served by the app.
    for (const name of ["sunrise.png", "harbour.png"]) {
      const thumbnail = items(page).filter({ hasText: name }).locator("img");
      await expect(thumbnail).toHaveAttribute("src", /\/media\/[0-9a-f-]{36}\/thumbnail\.webp$/);
      await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    }
    await expect(items(page).filter({ hasText: "sunrise.png" })).toContainText("640 × 480");

    // Delete asks first; Cancel keeps it.
    await page.getByRole("button", { name: "Delete sunrise.png" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete media file" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Are you sure you want to delete this media file?");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(items(page)).toHaveCount(2);

    await page.getByRole("button", { name: "Delete sunrise.png" }).click();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toast(page)).toContainText("Media deleted");
    await expect(items(page)).toHaveCount(1);
    await expect(items(page)).toContainText("harbour.png");

    // Stored, not just shown: the server renders the same after a reload.
    await page.reload();
    await expect(items(page)).toHaveCount(1);
    await expect(items(page)).toContainText("harbour.png");
  });

  test("tags, search, the type filter, the list view and keyboard use", async ({ page }) => {
    await signedInUser(page);
    await openGallery(page);
    await page.getByTestId("media-file-input").setInputFiles([
      { name: "team-photo.png", mimeType: "image/png", buffer: await makePng(300, 200) },
      { name: "promo.mp4", mimeType: "video/mp4", buffer: makeVideo({ durationMs: 42_000 }) },
    ]);
    await expect(toast(page)).toContainText("Upload successful");
    await expect(items(page)).toHaveCount(2);
    await expect(items(page).filter({ hasText: "promo.mp4" })).toContainText("0:42");

    // Tags with the keyboard only: open the editor, type, Enter adds, save.
    await page.getByRole("button", { name: "Edit tags of team-photo.png" }).focus();
    await page.keyboard.press("Enter");
    const tags = page.getByRole("dialog", { name: "Edit tags" });
    await expect(tags.getByLabel("Add a tag")).toBeFocused();
    await page.keyboard.type("#Summer Sale");
    await page.keyboard.press("Enter");
    await expect(tags.getByRole("button", { name: "Remove tag Summer Sale" })).toBeVisible();
    await tags.getByRole("button", { name: "Save tags" }).click();
    await expect(tags).toBeHidden();
    await expect(items(page).filter({ hasText: "team-photo.png" })).toContainText("Summer Sale");

    // Search by tag, then by name, then the type filter.
    await page.getByLabel("Search media").fill("summer");
    await expect(items(page)).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "1 matching file" })).toBeVisible();
    await expect(page).toHaveURL(/[?&]q=summer/);
    await page.getByLabel("Search media").fill("nothing like this");
    await expect(page.getByText("No media files found")).toBeVisible();
    await page.getByLabel("Search media").fill("");
    await page.getByLabel("File type").selectOption("videos");
    await expect(items(page)).toHaveCount(1);
    await expect(items(page)).toContainText("promo.mp4");

    // List view, kept in the address; Escape closes the preview.
    await page.getByRole("button", { name: "List view" }).click();
    await expect(page.getByTestId("media-items")).toHaveAttribute("data-view", "list");
    await expect(page).toHaveURL(/view=list/);
    await page.reload();
    await expect(page.getByTestId("media-items")).toHaveAttribute("data-view", "list");
    await expect(items(page)).toHaveCount(1);
    await expect(page.getByTestId("media-gallery")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("button", { name: "Preview promo.mp4" }).click();
    const preview = page.getByRole("dialog", { name: "promo.mp4" });
    await expect(preview.locator("video")).toHaveAttribute("src", /\/media\/.+\/original\.mp4$/);
    await page.keyboard.press("Escape");
    await expect(preview).toBeHidden();
  });

  test("an HTML file named .jpg is refused with the server's message", async ({ page }) => {
    await signedInUser(page);
    await openGallery(page);
    await page.getByTestId("media-file-input").setInputFiles([
      { name: "invoice.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<html><script>alert(1)</script></html>") },
    ]);
    await expect(toast(page)).toContainText("Upload failed");
    await expect(toast(page)).toContainText("invoice.jpg is not an image or a video.");
    await expect(page.getByText("No media files found")).toBeVisible();
  });

  test("drag and drop uploads, and more pages load as the list scrolls", async ({ page, baseURL }) => {
    await signedInUser(page);
    // 49 small images through the API (20 per request at most): one more than the first page of 48.
    const png = await makePng(40, 40);
    for (let start = 0; start < 49; start += 20) {
      const form = new FormData();
      for (let i = start; i < Math.min(49, start + 20); i++) form.append("files", new File([png as BlobPart], `bulk-${String(i).padStart(2, "0")}.png`));
      const response = await page.request.post("/api/media/upload", { multipart: form, headers: { origin: baseURL! } });
      expect(response.status(), await response.text()).toBe(201);
    }
    await openGallery(page);
    await expect(page.getByRole("heading", { name: "49 files" })).toBeVisible();
    await expect(items(page)).toHaveCount(48);
    await page.getByRole("button", { name: "Load more" }).scrollIntoViewIfNeeded();
    await expect(items(page)).toHaveCount(49);
    await expect(items(page).last()).toContainText("bulk-00.png");
    await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);

    // A file dropped on the gallery is uploaded like a chosen one.
    const bytes = [...(await makePng(120, 90))];
    const dataTransfer = await page.evaluateHandle((data) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], "dropped.png", { type: "image/png" }));
      return transfer;
    }, bytes);
    const zone = page.getByTestId("media-dropzone");
    await zone.dispatchEvent("dragenter", { dataTransfer });
    await expect(zone).toHaveClass(/is-active/);
    await zone.dispatchEvent("drop", { dataTransfer });
    await expect(toast(page)).toContainText("Upload successful");
    await expect(page.getByRole("heading", { name: "50 files" })).toBeVisible();
    await expect(items(page).first()).toContainText("dropped.png");
  });

  test("works at 360 px wide", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signedInUser(page);
    await openGallery(page);
    await page.getByTestId("media-file-input").setInputFiles([
      { name: "a.png", mimeType: "image/png", buffer: await makePng(100, 100) },
      { name: "b.png", mimeType: "image/png", buffer: await makePng(100, 100) },
    ]);
    await expect(items(page)).toHaveCount(2);
    // No sideways scrolling; the upload button and both cards fit.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expect(page.getByRole("button", { name: "Upload Media" })).toBeInViewport();
    const boxes = await items(page).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
    for (const right of boxes) expect(right).toBeLessThanOrEqual(360);
  });
});
