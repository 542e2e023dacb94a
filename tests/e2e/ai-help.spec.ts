import { expect, test } from "./fixtures";
import { newUser, registerByApi, screenshot, toast } from "./support";

/**
 * AI help in the browser against the worker's local OpenAI-compatible server (the app's
 * AI_BASE_URL, tests/e2e/fixtures.ts): Shorten streams into the description box and Undo puts the
 * text back; Create AI-Generated Image attaches an image that is in the media library.
 */
test.describe("AI help", () => {
  test("Shorten streams into the description box, Undo restores it; an AI image is attached and in the media library", async ({ page, ai }) => {
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
    // Counted for Bluesky: the text is the compose screen's before an AI button is pressed.
    await expect(page.getByTestId("counter-bluesky")).toHaveText(`Bluesky: ${original.length}/300`);
    await screenshot(page, "compose-ai-1280", { fullPage: true });

    ai.chunkDelayMs = 100;
    await page.getByRole("button", { name: "Shorten" }).click();
    await expect(page.getByRole("group", { name: "AI assistant" })).toHaveAttribute("aria-busy", "true");
    // Part of the answer is in the box before the whole has come.
    await page.waitForFunction(() => {
      const value = (document.getElementById("compose-content") as HTMLTextAreaElement | null)?.value ?? "";
      return value.startsWith("Healthy") && !value.endsWith("#dental");
    });
    await screenshot(page, "compose-ai-streaming-1280", { fullPage: true });
    await expect(description).toHaveValue("Healthy gums, bright smiles: book your cleaning today! #dental");
    await expect(toast(page)).toContainText("Content Enhanced");
    const request = ai.requests.at(-1)!;
    expect(request.body).toMatchObject({ model: "test-chat-model", stream: true });
    expect(request.body.messages[1].content).toContain("Bluesky: keep it under 300 characters");
    await screenshot(page, "compose-ai-done-1280", { fullPage: true });

    await page.getByRole("group", { name: "AI assistant" }).getByRole("button", { name: "Undo" }).click();
    await expect(description).toHaveValue(original);

    // The AI server fails: the box keeps the text, the toast says so.
    ai.mode = "fail";
    await page.getByRole("button", { name: "More Formal" }).click();
    await expect(toast(page).filter({ hasText: "Enhancement Failed" })).toContainText("Could not enhance content. Please try again.");
    await expect(description).toHaveValue(original);
    ai.mode = "ok";

    await page.getByRole("button", { name: "Image" }).click();
    await page.getByRole("menuitem", { name: /Create AI-Generated Image/ }).click();
    await expect(toast(page).filter({ hasText: "Image Generated" })).toBeVisible();
    const attached = page.getByTestId("attached-media").getByRole("img");
    await expect(attached).toHaveCount(1);
    const src = await attached.getAttribute("src");
    expect(ai.requests.at(-1)!.path).toBe("/v1/images/generations");
    await screenshot(page, "compose-ai-image", { fullPage: true, widths: [1280, 360] });

    await page.goto("/app/media-gallery");
    await expect(page.getByTestId("media-gallery")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByTestId("media-item")).toHaveCount(1);
    const id = /\/media\/([^/]+)\//.exec(src ?? "")?.[1];
    expect(id).toBeTruthy();
    await expect(page.getByTestId("media-item")).toHaveAttribute("data-media-id", id!);
    await screenshot(page, "media-library-ai-image-1280", { fullPage: true });

    // Settings > Billing counts this month's use against the plan's quota.
    await page.goto("/app/settings?tab=billing");
    await expect(page.getByTestId("ai-usage-text")).toContainText("1 of 20 used");
    await expect(page.getByTestId("ai-usage-images")).toContainText("1 of 2 used");
    await screenshot(page, "settings-ai-usage", { fullPage: true, widths: [1280, 360] });
  });

  test("Draft with AI writes a review response into the box for a person to edit; nothing is posted", async ({ page, ai, setPlan }) => {
    test.setTimeout(60_000);
    const owner = newUser({ company: "Lee Dental" });
    await registerByApi(page.request, owner);
    await setPlan(owner.email, "professional");
    const listing = await page.request.post("/api/social-accounts/listing", {
      data: { platform: "healthgrades", url: "https://www.healthgrades.com/dentist/dr-ann-lee-x2b4k" },
    });
    expect(listing.status()).toBe(201);
    const entered = await page.request.post("/api/reviews", {
      data: { accountId: (await listing.json()).id, reviewerName: "Maria Lopez", rating: 5, content: "Dr. Lee was wonderful with my kids." },
    });
    expect(entered.status(), await entered.text()).toBe(201);

    await page.goto("/app/reviews");
    const board = page.getByTestId("reviews-board");
    await expect(board).toHaveAttribute("data-hydrated", "true");
    const review = board.getByTestId("review").filter({ hasText: "Maria Lopez" });
    await review.getByRole("button", { name: "Respond to Review" }).click();
    await review.getByRole("button", { name: "Draft with AI" }).click();
    const box = review.getByLabel("Your response to Maria Lopez");
    await expect(box).toHaveValue("Thank you for your kind words! We're glad you had a great visit and look forward to seeing you again.");
    await expect(toast(page).filter({ hasText: "Draft ready" })).toBeVisible();
    const prompt = ai.requests.at(-1)!.body.messages[1].content as string;
    expect(prompt).toContain("Rating: 5 out of 5 stars.");
    expect(prompt).toContain("Dr. Lee was wonderful with my kids.");
    await box.fill("Thank you, Maria! See you at the next check-up.");
    await expect(review).toContainText("pending");
    await screenshot(page, "review-draft-1280", { fullPage: true });
  });
});
