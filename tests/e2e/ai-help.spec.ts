import { expect, type Page, test } from "@playwright/test";
import { E2E_AI_KEY, E2E_AI_PORT } from "../../playwright.config";
import { type FakeAi, startFakeAi } from "../support/openai";
import { atWidth, newUser, registerByApi, toast } from "./support";

/**
 * AI help in the browser against a local OpenAI-compatible server on E2E_AI_PORT (the app's
 * AI_BASE_URL in playwright.config.ts): Shorten streams into the description box and Undo puts the
 * text back; Create AI-Generated Image attaches an image that is in the media library.
 */
let fake: FakeAi;
test.beforeAll(async () => {
  fake = await startFakeAi({ port: E2E_AI_PORT, apiKey: E2E_AI_KEY });
});
test.afterAll(() => fake?.close());

const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

test.describe("AI help", () => {
  test("Shorten streams into the description box, Undo restores it; an AI image is attached and in the media library", async ({ page }) => {
    test.setTimeout(60_000);
    await registerByApi(page.request, newUser({ company: "Lee Dental" }));
    const account = await page.request.post("/api/social-accounts/sandbox", { data: { platform: "bluesky", accountName: "Lee Dental Sky" } });
    expect(account.status()).toBe(201);
    await page.goto("/app/compose");
    await expect(page.getByTestId("compose")).toHaveAttribute("data-hydrated", "true");
    await page.getByLabel(/Lee Dental Sky/).check();

    const original = "Did you know gum disease is the leading cause of tooth loss in adults? Regular cleanings every six months keep your gums healthy.";
    const description = page.getByLabel("Description");
    await description.fill(original);
    await shot(page, "compose-ai-1280");

    fake.chunkDelayMs = 300;
    await page.getByRole("button", { name: "Shorten" }).click();
    await expect(page.getByRole("group", { name: "AI assistant" })).toHaveAttribute("aria-busy", "true");
    // Part of the answer is in the box before the whole has come.
    await page.waitForFunction(() => {
      const value = (document.getElementById("compose-content") as HTMLTextAreaElement | null)?.value ?? "";
      return value.startsWith("Healthy") && !value.endsWith("#dental");
    });
    await shot(page, "compose-ai-streaming-1280");
    await expect(description).toHaveValue("Healthy gums, bright smiles: book your cleaning today! #dental");
    await expect(toast(page)).toContainText("Content Enhanced");
    const request = fake.requests.at(-1)!;
    expect(request.body).toMatchObject({ model: "test-chat-model", stream: true });
    expect(request.body.messages[1].content).toContain("Bluesky: keep it under 300 characters");
    await shot(page, "compose-ai-done-1280");

    await page.getByRole("group", { name: "AI assistant" }).getByRole("button", { name: "Undo" }).click();
    await expect(description).toHaveValue(original);

    // The AI server fails: the box keeps the text, the toast says so.
    fake.mode = "fail";
    await page.getByRole("button", { name: "More Formal" }).click();
    await expect(toast(page).filter({ hasText: "Enhancement Failed" })).toContainText("Could not enhance content. Please try again.");
    await expect(description).toHaveValue(original);
    fake.mode = "ok";

    await page.getByRole("button", { name: "Image" }).click();
    await page.getByRole("menuitem", { name: /Create AI-Generated Image/ }).click();
    await expect(toast(page).filter({ hasText: "Image Generated" })).toBeVisible();
    const attached = page.getByTestId("attached-media").getByRole("img");
    await expect(attached).toHaveCount(1);
    const src = await attached.getAttribute("src");
    expect(fake.requests.at(-1)!.path).toBe("/v1/images/generations");
    await shot(page, "compose-ai-image-1280");
    await atWidth(page, 360);
    await shot(page, "compose-ai-image-360");

    await page.goto("/app/media-gallery");
    await expect(page.getByTestId("media-gallery")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByTestId("media-item")).toHaveCount(1);
    const id = /\/media\/([^/]+)\//.exec(src ?? "")?.[1];
    expect(id).toBeTruthy();
    await expect(page.getByTestId("media-item")).toHaveAttribute("data-media-id", id!);
    await shot(page, "media-library-ai-image-1280");

    // Settings > Billing counts this month's use against the plan's quota.
    await atWidth(page, 1280);
    await page.goto("/app/settings?tab=billing");
    await expect(page.getByTestId("ai-usage-text")).toContainText("1 of 20 used");
    await expect(page.getByTestId("ai-usage-images")).toContainText("1 of 2 used");
    await shot(page, "settings-ai-usage-1280");
    await atWidth(page, 360);
    await shot(page, "settings-ai-usage-360");
  });
});
