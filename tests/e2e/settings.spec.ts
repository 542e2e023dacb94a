import { expect, test } from "./fixtures";
import { signedInUser, toast } from "./support";

test.describe("settings profile", () => {
  test("saves the username and time zone", async ({ page }) => {
    const user = await signedInUser(page);
    await page.goto("/app/settings");
    await expect(page.getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByLabel("Email")).toHaveValue(user.email);

    const username = `e2e_${Date.now().toString(36)}`;
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Time zone").selectOption("Asia/Tokyo");
    await page.getByRole("button", { name: "Save Changes" }).click();

    await expect(toast(page)).toContainText("Profile updated successfully!");
    await expect(page.getByLabel("Username")).toHaveValue(username);

    await page.reload();
    await expect(page.getByLabel("Username")).toHaveValue(username);
    await expect(page.getByLabel("Time zone")).toHaveValue("Asia/Tokyo");
    await expect(page.getByLabel("Email")).toHaveValue(user.email);
  });

  test("a username shorter than 3 characters is refused", async ({ page }) => {
    await signedInUser(page);
    await page.goto("/app/settings");
    const before = await page.getByLabel("Username").inputValue();

    await page.getByLabel("Username").fill("ab");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Profile updated successfully!")).toHaveCount(0);

    await page.goto("/app/settings");
    await expect(page.getByLabel("Username")).toHaveValue(before);
  });
});
