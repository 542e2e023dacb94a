import { PLANS } from "../../domain/plans";
import { expect, test } from "./fixtures";
import { fillRegisterForm, newUser, registerElsewhere, screenshot, signedInUser, toast, TRIAL_DAYS } from "./support";

test.describe("sign-up", () => {
  test("registers with the plan chosen on /pricing, onboards and reaches the dashboard", async ({ page }) => {
    const user = newUser({ firstName: "Morgan" });

    await page.goto("/pricing");
    const growth = page.getByRole("article", { name: "Growth" });
    await growth.getByRole("link", { name: /Free Trial/ }).click();
    // The card carries the billing period chosen on /pricing (annual by default); with Stripe
    // configured that registration continues to Checkout (tests/e2e/billing.spec.ts). This one
    // registers as from the home page, without a period, and onboards.
    await expect(page).toHaveURL(/\/register\?plan=growth&interval=annual$/);
    // The period chosen there is the one the form starts at, and a switch offers the other.
    const growthCard = page.getByRole("article", { name: "Growth" });
    const growthPlan = PLANS.find((plan) => plan.id === "growth")!;
    await expect(page.getByRole("radio", { name: "Annual" })).toBeChecked();
    await expect(growthCard.locator(".plan-price:visible .value")).toHaveText(String(growthPlan.annualPrice));
    await page.getByText("Monthly", { exact: true }).click();
    await expect(page.getByRole("radio", { name: "Monthly" })).toBeChecked();
    await expect(growthCard.locator(".plan-price:visible .value")).toHaveText(String(growthPlan.monthlyPrice));
    await screenshot(page, "register-monthly", { widths: [1280, 360] });
    await page.goto("/register?plan=growth&interval=monthly");
    await expect(page.getByRole("radio", { name: "Monthly" })).toBeChecked();
    await page.goto("/register?plan=growth");
    await expect(page.getByLabel("Plan", { exact: true })).toHaveValue("growth");
    // A card's button chooses too, and the select follows.
    await page.getByRole("button", { name: "Choose Professional" }).click();
    await expect(page.getByLabel("Plan", { exact: true })).toHaveValue("professional");
    await expect(page.getByRole("article", { name: "Professional" }).getByRole("button", { name: "Chosen" })).toHaveAttribute("aria-pressed", "true");
    await page.getByLabel("Plan", { exact: true }).selectOption("growth");
    await expect(page.getByRole("article", { name: "Growth" }).getByRole("button", { name: "Chosen" })).toBeVisible();

    await fillRegisterForm(page, user);
    await page.getByRole("button", { name: "Start Free Trial" }).click();

    await expect(page).toHaveURL(/\/app\/onboarding$/);
    await expect(page.getByRole("heading", { level: 1, name: `Let's set up ${user.company}` })).toBeVisible();
    await expect(page.getByText(`Welcome, ${user.firstName}`)).toBeVisible();
    await expect(toast(page)).toContainText("Account Created Successfully!");
    await expect(toast(page)).toContainText(`${TRIAL_DAYS}-day free trial`);

    await page.getByLabel("Time zone").selectOption("Europe/Paris");
    await page.getByRole("button", { name: "Go to the dashboard" }).click();

    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: `Welcome back, ${user.firstName}!` })).toBeVisible();
    await expect(page.getByTestId("trial-banner")).toContainText(`${TRIAL_DAYS} days left in your free trial`);
    await expect(toast(page)).toContainText("You're all set");
    await expect(toast(page)).toContainText("Europe/Paris".replace("_", " "));

    // The sidebar's footer shows the real user, not sample content.
    await expect(page.getByTestId("sidebar-user")).toContainText(`${user.firstName} ${user.lastName}`);

    // The time zone chosen at onboarding is the profile's.
    await page.goto("/app/settings");
    await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Paris");
  });

  test("shows the validation messages beside the fields", async ({ page }) => {
    await page.goto("/register");
    await page.getByRole("button", { name: "Start Free Trial" }).click();

    await expect(page.getByText("First name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Last name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Company name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/register$/);

    // Too short and malformed values read the same messages; what was typed stays in the fields.
    await fillRegisterForm(page, { firstName: "J", lastName: "R", email: "not-an-email", company: "A", password: "short" });
    await page.getByRole("button", { name: "Start Free Trial" }).click();
    await expect(page.getByText("First name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Last name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Company name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("not-an-email");

    // Everything valid but the confirmation: the message sits on the confirm field.
    const user = newUser();
    await fillRegisterForm(page, { ...user, confirmPassword: `${user.password}!` });
    await page.getByRole("button", { name: "Start Free Trial" }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await expect(page.getByLabel("Confirm password")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("First name must be at least 2 characters")).toHaveCount(0);
    await expect(page).toHaveURL(/\/register$/);
  });

  test("refuses an email that is already registered", async ({ page, playwright, baseURL }) => {
    const existing = newUser();
    await registerElsewhere(playwright, baseURL, existing);

    await page.goto("/register");
    await fillRegisterForm(page, { ...existing, firstName: "Casey" });
    await page.getByRole("button", { name: "Start Free Trial" }).click();

    const alert = page.getByRole("alert").filter({ hasText: "Registration Failed" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("An account with this email already exists.");
    await expect(page).toHaveURL(/\/register$/);
  });
});

test.describe("sign-in and sign-out", () => {
  test("a wrong password fails; the right one opens the dashboard", async ({ page, playwright, baseURL }) => {
    const user = newUser({ firstName: "Robin" });
    await registerElsewhere(playwright, baseURL, user);

    await page.goto("/login");
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign In" }).click();

    const alert = page.getByRole("alert").filter({ hasText: "Login Failed" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("Invalid email or password.");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(user.email);

    // An unknown email reads the same.
    await page.getByLabel("Email", { exact: true }).fill(`nobody-${user.email}`);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Login Failed" })).toContainText("Invalid email or password.");

    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign In" }).click();

    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Robin!" })).toBeVisible();
    await expect(toast(page)).toContainText("Welcome back!");
  });

  test("a signed-out visit to /app/settings signs in and comes back to it", async ({ page, playwright, baseURL }) => {
    const user = newUser();
    await registerElsewhere(playwright, baseURL, user);

    await page.goto("/app/settings");
    await expect(page).toHaveURL(/\/login\?next=%2Fapp%2Fsettings$/);

    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign In" }).click();

    await expect(page).toHaveURL(/\/app\/settings$/);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(user.email);
  });

  test("the sidebar's sign-out goes to / and closes the session", async ({ page }) => {
    await signedInUser(page);
    await page.goto("/app/dashboard");
    const sidebar = page.getByTestId("sidebar");
    await sidebar.getByRole("button", { name: "Sign out" }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("flash")).toContainText("Logged out successfully");

    await page.goto("/app/dashboard");
    await expect(page).toHaveURL(/\/login\?next=%2Fapp%2Fdashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();

    const me = await page.request.get("/api/auth/user");
    expect(me.status()).toBe(401);
  });
});

test.describe("after sign-out", () => {
  test("Back shows the sign-in page, not the previous person's page", async ({ page }) => {
    const user = await signedInUser(page, { firstName: "Avery" });
    await page.goto("/app/settings");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(user.email);
    await page.getByTestId("sidebar").getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goBack();
    await expect(page).toHaveURL(/\/login\?next=%2Fapp%2Fsettings$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expect(page.getByText(user.email)).toHaveCount(0);
    await expect(page.getByLabel("Email", { exact: true })).not.toHaveValue(user.email);
  });
});

test.describe("sign-up on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("the form comes before the plan cards, the plan is a compact select, and nothing scrolls sideways", async ({ page }) => {
    await page.goto("/register?plan=growth");
    const form = await page.getByRole("heading", { name: "Create your account" }).boundingBox();
    const firstCard = await page.getByRole("article", { name: "Starter" }).boundingBox();
    expect(form!.y).toBeLessThan(firstCard!.y);
    // The plan select and the first field are on the first screen.
    const plan = await page.getByLabel("Plan", { exact: true }).boundingBox();
    expect(plan!.y + plan!.height).toBeLessThan(740);
    await expect(page.getByLabel("Plan", { exact: true })).toHaveValue("growth");
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await screenshot(page, "register-360", { fullPage: true });
  });
});

test.describe("return addresses (issue 27)", () => {
  const signInFrom = async (page: import("@playwright/test").Page, path: string, user: { email: string; password: string }) => {
    await page.goto(path);
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign In" }).click();
  };

  test("signing in from /login?next=%2F%09%2Fevil.example%2F lands on the app's own dashboard, never on evil.example", async ({ page, playwright, baseURL }) => {
    const user = newUser({ firstName: "Quinn" });
    await registerElsewhere(playwright, baseURL, user);
    const elsewhere: string[] = [];
    await page.route((url) => url.hostname.endsWith("evil.example"), (route) => {
      elsewhere.push(route.request().url());
      return route.abort();
    });

    await signInFrom(page, "/login?next=%2F%09%2Fevil.example%2F", user);

    await expect(page).toHaveURL(`${baseURL}/app/dashboard`);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Quinn!" })).toBeVisible();
    expect(elsewhere).toEqual([]);
  });

  test("a same-origin next with its query is kept: /app/calendar?view=week", async ({ page, playwright, baseURL }) => {
    const user = newUser();
    await registerElsewhere(playwright, baseURL, user);

    await signInFrom(page, `/login?next=${encodeURIComponent("/app/calendar?view=week")}`, user);

    await expect(page).toHaveURL(`${baseURL}/app/calendar?view=week`);
  });

  test("the workspace switcher's form posted with a hostile back lands on the dashboard", async ({ page, baseURL }) => {
    await signedInUser(page);
    await page.goto("/app/settings");
    const [workspace] = (await (await page.request.get("/api/workspaces")).json()) as Array<{ id: string }>;

    // The shell's plain form, its `back` replaced with a tab trick and then a protocol-relative address.
    for (const back of ["/\t/evil.example/", "//evil.example/app"]) {
      await page.evaluate(
        ({ workspaceId, back }) => {
          const form = document.createElement("form");
          form.method = "post";
          form.action = "/api/workspaces/switch";
          for (const [name, value] of Object.entries({ workspaceId, back })) {
            const input = document.createElement("input");
            input.type = "hidden";
            input.name = name;
            input.value = value;
            form.append(input);
          }
          document.body.append(form);
          form.submit();
        },
        { workspaceId: workspace.id, back },
      );
      await expect(page).toHaveURL(`${baseURL}/app/dashboard`);
      await page.goto("/app/settings");
    }
  });
});
