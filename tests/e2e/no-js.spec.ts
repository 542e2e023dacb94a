import { expect, test } from "./fixtures";
import { fillRegisterForm, newUser } from "./support";

test.describe("public pages without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("registration and onboarding work as plain forms", async ({ page }) => {
    const user = newUser({ firstName: "Sam" });
    await page.goto("/register?plan=starter");
    await expect(page.getByLabel("Plan", { exact: true })).toHaveValue("starter");

    // The server-side validation answers beside the fields.
    await fillRegisterForm(page, { ...user, password: "short" });
    await page.getByRole("button", { name: "Start Free Trial" }).click();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(user.email);
    await expect(page.getByLabel("Plan", { exact: true })).toHaveValue("starter");

    await fillRegisterForm(page, user);
    await page.getByRole("button", { name: "Start Free Trial" }).click();
    await expect(page).toHaveURL(/\/app\/onboarding$/);
    await expect(page.getByRole("heading", { level: 1, name: `Let's set up ${user.company}` })).toBeVisible();

    await page.getByLabel("Time zone").selectOption("Europe/London");
    await page.getByRole("button", { name: "Go to the dashboard" }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Sam!" })).toBeVisible();
  });

  test("the FAQ has six groups and several answers open at once", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1, name: "Frequently Asked Questions" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "FAQ topics" }).getByRole("link")).toHaveCount(6);

    const questions = page.getByRole("main").locator("details");
    await expect(questions).toHaveCount(24);

    const first = questions.nth(0);
    const second = questions.nth(1);
    const fifth = questions.nth(4);
    for (const question of [first, second, fifth]) await question.locator("summary").click();
    for (const question of [first, second, fifth]) {
      await expect(question).toHaveAttribute("open", "");
      await expect(question.locator(".answer")).toBeVisible();
    }
    await expect(page.getByRole("main").locator("details[open]")).toHaveCount(3);
  });
});
