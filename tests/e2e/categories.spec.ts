import { expect, test } from "./fixtures";
import { signedInUser, toast } from "./support";

test.describe("content categories", () => {
  test("create a category limited to two platforms, see it listed with them, edit and delete it", async ({ page }) => {
    await signedInUser(page);
    await page.goto("/app/content-categories");
    await expect(page.getByRole("heading", { name: "Content Categories", level: 1 })).toBeVisible();
    await expect(page.getByText("No categories yet...")).toBeVisible();
    await expect(page.getByTestId("how-categories-work")).toContainText("How Categories Work");

    // The dialog opens with the focus on the name and closes with Escape.
    const newButton = page.getByRole("button", { name: "New Category" });
    await newButton.click();
    const dialog = page.getByRole("dialog", { name: "Create Category" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Name")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(newButton).toBeFocused();

    // The name is required.
    await newButton.click();
    await dialog.getByRole("button", { name: "Create Category" }).click();
    await expect(dialog.getByText("Category name is required")).toBeVisible();
    await expect(dialog.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

    await dialog.getByLabel("Name").fill("Promotions");
    await dialog.getByLabel("Description").fill("Offers and seasonal sales");
    await dialog.getByRole("radio", { name: "Green" }).check();
    await dialog.getByRole("checkbox", { name: "Instagram", exact: true }).check();
    await dialog.getByRole("checkbox", { name: "LinkedIn", exact: true }).check();
    await dialog.getByRole("button", { name: "Create Category" }).click();

    await expect(toast(page)).toContainText("Category Created");
    await expect(toast(page)).toContainText("Your new category has been created successfully.");
    await expect(dialog).toBeHidden();
    const card = page.getByTestId("category").filter({ hasText: "Promotions" });
    await expect(card).toBeVisible();
    await expect(card.getByRole("list", { name: "Platforms of Promotions" }).getByRole("listitem")).toHaveText(["Instagram", "LinkedIn"]);
    await expect(card).toContainText("Offers and seasonal sales");
    await expect(card.locator(".swatch")).toHaveAttribute("data-color", "green");

    // Server-rendered after a reload, and the API agrees.
    await page.reload();
    await expect(card.getByRole("list", { name: "Platforms of Promotions" }).getByRole("listitem")).toHaveText(["Instagram", "LinkedIn"]);
    const listed = await (await page.request.get("/api/categories")).json();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ name: "Promotions", color: "green", platforms: ["instagram", "linkedin"], isDefault: false });

    // Edit: make it the default.
    await card.getByRole("button", { name: "Edit Promotions" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Category" });
    await expect(edit.getByLabel("Name")).toHaveValue("Promotions");
    await expect(edit.getByRole("checkbox", { name: "Instagram", exact: true })).toBeChecked();
    await edit.getByRole("switch", { name: /Default category/ }).check();
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page)).toContainText("Category Updated");
    await expect(card.getByText("Default", { exact: true })).toBeVisible();

    // A duplicate name is refused with the server's message.
    await newButton.click();
    await dialog.getByLabel("Name").fill("promotions");
    await dialog.getByRole("button", { name: "Create Category" }).click();
    await expect(toast(page)).toContainText('A category named "Promotions" already exists.');
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");

    // Delete, after a confirmation.
    await card.getByRole("button", { name: "Delete Promotions" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this category?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText("Category Deleted");
    await expect(page.getByText("No categories yet...")).toBeVisible();
  });

  test("fits a 360 px screen without sideways scrolling, dialog included", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signedInUser(page);
    const created = await page.request.post("/api/categories", {
      data: { name: "A rather long category name for a phone", description: "Tips".repeat(30), platforms: ["facebook", "instagram", "google_business", "healthgrades"], isDefault: true },
    });
    expect(created.status()).toBe(201);
    await page.goto("/app/content-categories");
    await expect(page.getByTestId("category")).toHaveCount(1);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole("button", { name: "New Category" }).click();
    await expect(page.getByRole("dialog", { name: "Create Category" })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
