import { expect, test } from "./fixtures";
import { newUser, registerByApi, screenshot, signedInUser, toast } from "./support";

test.describe("settings tabs", () => {
  test("notification switches are saved and still set after a reload", async ({ page }) => {
    await signedInUser(page);
    await page.goto("/app/settings?tab=notifications");
    await expect(page.getByRole("link", { name: "Notifications" })).toHaveAttribute("aria-current", "page");

    const push = page.getByRole("switch", { name: /Push notifications/ });
    const weekly = page.getByRole("switch", { name: /Weekly reports/ });
    await expect(push).not.toBeChecked();
    await expect(weekly).toBeChecked();
    await push.check();
    await weekly.uncheck();
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect(toast(page)).toContainText("Notification preferences saved.");

    await page.reload();
    await expect(push).toBeChecked();
    await expect(weekly).not.toBeChecked();
    await expect(page.getByRole("switch", { name: /Email notifications/ })).toBeChecked();
    await expect(page.getByRole("switch", { name: /Failure alerts/ })).toBeChecked();

    // Made-up reviews of sandbox accounts e-mail no one until asked for.
    const sandbox = page.getByRole("switch", { name: /Also alert me about sandbox reviews/ });
    await expect(sandbox).not.toBeChecked();
    await expect(page.getByRole("switch", { name: /^Review alerts/ })).toBeChecked();
    await sandbox.check();
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect(toast(page)).toContainText("Notification preferences saved.");
    await page.reload();
    await expect(sandbox).toBeChecked();
    await screenshot(page.getByTestId("notifications-form"), "settings-sandbox-review-alerts", { widths: [1280, 360] });
  });

  test("sign out another session from Security", async ({ page, browser, baseURL }) => {
    const user = await signedInUser(page);

    // The same person signs in on another device: a second browser context.
    const other = await browser.newContext({ baseURL });
    try {
      const login = await other.request.post("/api/auth/login", { data: { email: user.email, password: user.password } });
      expect(login.status()).toBe(200);
      const otherPage = await other.newPage();
      await otherPage.goto("/app/dashboard");
      await expect(otherPage).toHaveURL(/\/app\/dashboard$/);

      await page.goto("/app/settings?tab=security");
      const sessions = page.getByTestId("session");
      await expect(sessions).toHaveCount(2);
      const current = sessions.filter({ hasText: "This device" });
      await expect(current).toHaveCount(1);
      await expect(current.getByRole("button", { name: /^Sign out/ })).toHaveCount(0);

      const another = sessions.filter({ hasNotText: "This device" });
      await another.getByRole("button", { name: /^Sign out/ }).click();
      await expect(toast(page)).toContainText("Session signed out.");
      await expect(sessions).toHaveCount(1);

      // The other device is signed out; this one is not.
      await otherPage.goto("/app/dashboard");
      await expect(otherPage).toHaveURL(/\/login/);
      await page.goto("/app/dashboard");
      await expect(page).toHaveURL(/\/app\/dashboard$/);
    } finally {
      await other.close();
    }
  });

  test("change the password with the current one", async ({ page }) => {
    const user = await signedInUser(page);
    await page.goto("/app/settings?tab=security");
    await page.getByLabel("Current password").fill("not the password");
    await page.getByLabel("New password", { exact: true }).fill("a brand new secret");
    await page.getByLabel("Confirm new password").fill("a brand new secret");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Your current password is not correct.")).toBeVisible();
    await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Current password").fill(user.password);
    await page.getByLabel("New password", { exact: true }).fill("a brand new secret");
    await page.getByLabel("Confirm new password").fill("a brand new secret");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(toast(page)).toContainText("Password changed");

    const oldLogin = await page.request.post("/api/auth/login", { data: { email: user.email, password: user.password } });
    expect(oldLogin.status()).toBe(401);
  });

  test("connected accounts: listed, and disconnected after a confirmation", async ({ page }) => {
    await signedInUser(page);
    await page.goto("/app/settings?tab=accounts");
    await expect(page.getByTestId("accounts-empty")).toContainText("No accounts connected yet.");
    await expect(page.getByTestId("accounts-empty").getByRole("link", { name: "Connect Accounts" })).toHaveAttribute("href", "/app/connect-accounts");

    const created = await page.request.post("/api/social-accounts/sandbox", { data: { platform: "linkedin", accountName: "Rivera Studio" } });
    expect(created.status(), await created.text()).toBe(201);
    await page.reload();
    const account = page.getByTestId("connected-account").filter({ hasText: "Rivera Studio" });
    await expect(account).toContainText("LinkedIn");
    await expect(account).toContainText("Sandbox");

    await account.getByRole("button", { name: "Disconnect Rivera Studio" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Disconnect Rivera Studio?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(account).toBeVisible();

    await account.getByRole("button", { name: "Disconnect Rivera Studio" }).click();
    await confirm.getByRole("button", { name: "Disconnect" }).click();
    await expect(toast(page)).toContainText("Account disconnected successfully!");
    await expect(page.getByTestId("accounts-empty")).toBeVisible();
  });
});

test.describe("settings without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the notifications form saves with a plain post", async ({ page }) => {
    await registerByApi(page.request, newUser());
    await page.goto("/app/settings?tab=notifications");
    await page.getByRole("switch", { name: /Email notifications/ }).uncheck();
    await page.getByRole("switch", { name: /Post reminders/ }).uncheck();
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect(page).toHaveURL(/\/app\/settings\?tab=notifications$/);
    await expect(page.getByRole("switch", { name: /Email notifications/ })).not.toBeChecked();
    await expect(page.getByRole("switch", { name: /Post reminders/ })).not.toBeChecked();
    await expect(page.getByRole("switch", { name: /Weekly reports/ })).toBeChecked();
  });
});

test.describe("settings on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("the tabs stay in one row that scrolls, with the current one in sight", async ({ page }) => {
    await signedInUser(page);
    await page.goto("/app/settings?tab=security");
    const tabs = page.getByRole("navigation", { name: "Settings sections" }).getByRole("link");
    // An owner sees Webhooks too (owners and admins manage them).
    await expect(tabs).toHaveCount(6);
    const tops = await tabs.evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    const current = await page.getByRole("link", { name: "Security" }).boundingBox();
    expect(current!.x).toBeGreaterThanOrEqual(0);
    expect(current!.x + current!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await screenshot(page, "settings-360");
  });

  test("the tabs show that they scroll: a fade and chevron at the edge where more tabs wait, and a tab cut by it", async ({ page }) => {
    await signedInUser(page);
    const wrap = page.getByTestId("settings-tabs");
    const row = page.getByRole("navigation", { name: "Settings sections" });
    /** How visible the fades before and after the row are (their opacity). */
    const fades = () =>
      wrap.evaluate((el) => ({ before: Number(getComputedStyle(el, "::before").opacity), after: Number(getComputedStyle(el, "::after").opacity) }));

    // The first tab open: more tabs wait on the right, the last one in sight is cut by the edge.
    await page.goto("/app/settings?tab=profile");
    await expect.poll(fades).toEqual({ before: 0, after: 1 });
    const cut = await row.getByRole("link").evaluateAll((links) => {
      const right = links[0]!.parentElement!.getBoundingClientRect().right;
      return links.some((l) => l.getBoundingClientRect().left < right && l.getBoundingClientRect().right > right);
    });
    expect(cut).toBe(true);
    await screenshot(page, "settings-tabs-start-360");

    // Scrolled to the end: the fade moves to the left.
    await row.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(fades).toEqual({ before: 1, after: 0 });

    // The last tab open: in sight on load, the fade on the left.
    await page.goto("/app/settings?tab=security");
    await expect(row.getByRole("link", { name: "Security" })).toBeInViewport({ ratio: 1 });
    await expect.poll(fades).toEqual({ before: 1, after: 0 });
    await screenshot(page, "settings-tabs-end-360");

    // At 1280 px every tab fits: no fade.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/app/settings?tab=profile");
    await expect.poll(fades).toEqual({ before: 0, after: 0 });
    await screenshot(page, "settings-tabs-1280");
  });
});
