import { expect, test } from "./fixtures";
import { atWidth, newUser, registerByApi, screenshot, seriousViolationsIn } from "./support";

test("a customer writes from the Help panel, an operator answers on /admin/support in another window, and the panel shows the answer without a reload", async ({
  page,
  browser,
  baseURL,
  setPlan,
  grantOperator,
}) => {
  const customer = await registerByApi(page.request, newUser({ firstName: "Dana", lastName: "Lee" }));
  await setPlan(customer.email, "professional");
  const operatorContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const operatorPage = await operatorContext.newPage();
  const operator = await registerByApi(operatorPage.request, newUser({ firstName: "Sam", lastName: "Ops" }));
  await grantOperator(operator.email);
  try {
    // The operators' console before anyone wrote.
    await operatorPage.goto("/admin/support");
    await expect(operatorPage.getByTestId("support-empty")).toHaveText("No customer has written yet.");

    // The customer opens Help from the shell: the panel opens with the text box focused; Escape closes it.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/app/dashboard");
    await page.getByTestId("help-button").click();
    const panel = page.getByRole("dialog", { name: "Help" });
    const box = panel.getByLabel("Your message");
    await expect(box).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await page.getByTestId("help-button").click();
    await expect(box).toBeFocused();
    await box.fill("My Instagram post did not go out this morning.");
    await panel.getByRole("button", { name: "Send" }).click();
    await expect(panel.getByTestId("support-thread")).toContainText("My Instagram post did not go out this morning.");
    await expect(box).toHaveValue("");
    await screenshot(page, "support-panel-written", { widths: [1280, 360] });

    // The operator's list shows it (the console hears it without a reload), unread and waiting; they open and answer it.
    const row = operatorPage.getByTestId("support-conversation").first();
    await expect(row).toContainText("My Instagram post did not go out this morning.");
    await expect(row.getByLabel("1 unread")).toBeVisible();
    await expect(row).toContainText(/Waiting \d+ min/);
    await screenshot(operatorPage, "admin-support-list", { widths: [1280, 360] });
    expect(await seriousViolationsIn(operatorPage)).toEqual([]);
    await row.click();
    await expect(operatorPage.getByTestId("support-thread")).toContainText("Dana Lee");
    await operatorPage.getByLabel("Your answer").fill("It went out at 9:02 after Instagram refused the first try.");
    await operatorPage.getByRole("button", { name: "Send answer" }).click();
    await expect(operatorPage.getByTestId("support-thread")).toContainText("Sam Ops (support)");
    await screenshot(operatorPage, "admin-support-thread", { widths: [1280, 360] });

    // The customer's open panel shows the answer, no reload.
    await expect(panel.getByTestId("support-thread")).toContainText("It went out at 9:02 after Instagram refused the first try.");
    await expect(panel.getByTestId("support-thread")).toContainText("Sam Ops (support)");
    expect(await seriousViolationsIn(page)).toEqual([]);
    await atWidth(page, 360, 800);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "support-panel-answered-360");

    // The reply e-mail's link opens the panel with the page.
    await page.goto("/app/dashboard?help=open");
    await expect(page.getByRole("dialog", { name: "Help" }).getByTestId("support-thread")).toContainText("It went out at 9:02");

    // The operator's own workspace is on its trial: their Help panel says where to write instead, and offers the e-mail form.
    await operatorPage.getByTestId("help-button").click();
    const refused = operatorPage.getByRole("dialog", { name: "Help" });
    await expect(refused.getByTestId("support-refusal")).toHaveText(/^Live chat comes with Professional and up\. Upgrade, or e-mail us at \S+@\S+\. Upgrade$/);
    await expect(refused.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/app/pricing");
    await expect(refused.getByRole("button", { name: "Send e-mail" })).toBeVisible();
    await screenshot(operatorPage, "support-panel-refused", { widths: [1280, 360] });
  } finally {
    await operatorContext.close();
  }
});
