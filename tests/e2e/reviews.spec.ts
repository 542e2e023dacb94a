import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { businessProfileWith, newUser, registerByApi, screenshot, toast } from "./support";

const fitsPhone = async (page: Page) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.reload();
  await expect(page.getByTestId("reviews-board").first()).toHaveAttribute("data-hydrated", "true");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
};

test.describe("reviews", () => {
  test("a Healthgrades review entered by hand is answered with a template and shows as responded, with the response and its date", async ({ page, setPlan }) => {
    test.setTimeout(90_000);
    const owner = newUser({ firstName: "Ann", lastName: "Lee", company: "Lee Dental" });
    await registerByApi(page.request, owner);
    await setPlan(owner.email, "professional");
    const listing = await page.request.post("/api/social-accounts/listing", {
      data: { platform: "healthgrades", url: "https://www.healthgrades.com/dentist/dr-ann-lee-x2b4k" },
    });
    expect(listing.status()).toBe(201);

    await page.goto("/app/reviews");
    const board = page.getByTestId("reviews-board");
    await expect(board).toHaveAttribute("data-hydrated", "true");
    await expect(board.getByRole("heading", { name: "No Reviews Yet" })).toBeVisible();

    await board.getByRole("button", { name: "Add review" }).click();
    const entry = page.getByRole("dialog", { name: "Add a review" });
    await entry.getByRole("button", { name: "Add review" }).click();
    await expect(entry.getByText("Enter the reviewer's name (at most 100 characters).")).toBeVisible();
    await entry.getByLabel("Reviewer").fill("Maria Lopez");
    await entry.getByLabel("Rating").selectOption("4");
    await entry.getByLabel("Review", { exact: true }).fill("Gentle cleaning and a clear explanation of my treatment.");
    await entry.getByRole("button", { name: "Add review" }).click();
    await expect(toast(page).filter({ hasText: "Review Added" })).toBeVisible();

    const review = board.getByTestId("review").filter({ hasText: "Maria Lopez" });
    await expect(review).toContainText("Healthgrades");
    await expect(review.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
    await expect(review).toContainText("pending");
    await expect(board.getByTestId("review-tile").filter({ hasText: "Average Rating" })).toContainText("4.0");

    await review.getByRole("button", { name: "Respond to Review" }).click();
    await expect(review.getByRole("button", { name: "Mark as responded" })).toBeDisabled();
    await review.getByRole("button", { name: "Templates" }).click();
    const templates = page.getByRole("dialog", { name: "Response Templates" });
    await templates.getByRole("button", { name: "New template" }).click();
    await templates.getByLabel("Title").fill("Thank you");
    await templates.getByLabel("Text").fill("Thank you, {reviewerName}, for the {rating} stars! We look forward to seeing you again. – {businessName}");
    await templates.getByRole("button", { name: "Save template" }).click();
    await templates.getByTestId("reply-template").filter({ hasText: "Thank you" }).getByRole("button", { name: "Use" }).click();
    const box = review.getByLabel("Your response to Maria Lopez");
    await expect(box).toHaveValue(/^Thank you, Maria Lopez, for the 4 stars! We look forward to seeing you again\. – /);
    await expect(review.getByRole("button", { name: "Copy and open on Healthgrades" })).toBeEnabled();
    await screenshot(page, "reviews-respond-1280", { fullPage: true });

    await review.getByRole("button", { name: "Mark as responded" }).click();
    await expect(toast(page).filter({ hasText: "Review response posted successfully!" })).toBeVisible();
    const response = review.getByTestId("review-response");
    await expect(response).toContainText("Thank you, Maria Lopez, for the 4 stars!");
    await expect(response).toContainText(new Date().toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" }));
    await expect(review).toContainText("responded");
    await expect(board.getByTestId("review-tile").filter({ hasText: "Response Rate" })).toContainText("100%");

    await review.getByRole("button", { name: "History" }).click();
    await expect(review.getByRole("list", { name: "History" })).toContainText("Marked a review as responded");
    await screenshot(page, "reviews-1280", { fullPage: true });

    await board.getByLabel("Search reviews").fill("nobody writes this");
    await expect(board.getByRole("heading", { name: "No Reviews Found" })).toBeVisible();

    await fitsPhone(page);
    await screenshot(page, "reviews-360", { fullPage: true });
  });
});

test.describe("reviews in demo mode", () => {
  test("the demo's Review Management shows the four sample reviews, read only", async ({ page }) => {
    await page.goto("/app/reviews?demo=true");
    const board = page.getByTestId("reviews-board");
    await expect(board).toHaveAttribute("data-hydrated", "true");
    for (const name of ["Sarah Johnson", "Mike Chen", "Emily Davis", "Robert Wilson"]) {
      await expect(board.getByTestId("review").filter({ hasText: name })).toHaveCount(1);
    }
    await expect(board.getByTestId("review").filter({ hasText: "Robert Wilson" }).getByTestId("review-response")).toContainText("Thank you, Robert!");
    await expect(board.getByRole("button", { name: "Respond to Review" })).toHaveCount(0);
  });
});

test.describe("a sandbox review site", () => {
  test("a bakery's sandbox Yelp account receives three sample reviews about a bakery, never about appointments", async ({ page, setPlan }) => {
    const owner = newUser({ firstName: "Rosa", lastName: "Diaz", company: "Sunrise Bakery" });
    await registerByApi(page.request, owner);
    await setPlan(owner.email, "professional");
    expect((await page.request.post("/api/social-accounts/sandbox", { data: { platform: "yelp", accountName: "Sunrise Bakery" } })).status()).toBe(201);

    // The worker reads a new review account at once.
    await page.goto("/app/reviews");
    const reviews = page.getByTestId("review");
    await expect(async () => {
      await page.reload();
      await expect(reviews).toHaveCount(3, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId("reviews-board")).toHaveAttribute("data-hydrated", "true");
    const text = (await reviews.allTextContents()).join(" ");
    expect(text).toMatch(/fresh|order|pastries|food/i);
    expect(text).not.toMatch(/appointment|patient|insurance/i);
    await screenshot(page, "reviews-sandbox-bakery", { widths: [1280, 360], fullPage: true });
  });
});

test.describe("Google Business Profile", () => {
  test("an offer for a location is created through Create Business Post and goes out with its title, coupon and last day", async ({ page, setPlan }) => {
    test.setTimeout(90_000);
    const owner = newUser({ firstName: "Ann", lastName: "Lee", company: "Lee Dental" });
    await registerByApi(page.request, owner);
    await setPlan(owner.email, "professional");
    const connected = await page.request.post("/api/social-accounts/sandbox", { data: { platform: "google_business", accountName: "Lee Dental Springfield" } });
    expect(connected.status()).toBe(201);

    // The worker reads the new account's locations as soon as it is connected.
    const { location, screen } = await businessProfileWith(page, "Lee Dental Springfield");
    await expect(location).toContainText("100 Sandbox Street, Springfield");

    await screen.getByRole("button", { name: "Create Business Post" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Business Post" });
    await dialog.getByLabel("Post type").selectOption({ label: "Offer" });
    await dialog.getByLabel("Text", { exact: true }).fill("Spring whitening for new and returning patients.");
    await dialog.getByRole("button", { name: "Create Post" }).click();
    await expect(dialog.getByText("Enter the offer title.")).toBeVisible();
    await expect(dialog.getByText("Enter the offer's last day.")).toBeVisible();

    const lastDay = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel("Offer title").fill("20% off whitening");
    await dialog.getByLabel("Coupon code (optional)").fill("SPRING20");
    await dialog.getByLabel("Valid until").fill(lastDay);
    await expect(dialog.getByText("Enter the offer title.")).toHaveCount(0);
    await screenshot(page, "gbp-offer-1280");
    await dialog.getByRole("button", { name: "Create Post" }).click();
    await expect(toast(page).filter({ hasText: "Post Created" })).toContainText("It is going out to Lee Dental Springfield now");
    await expect(dialog).toHaveCount(0);

    const offer = async () => {
      const posts = (await (await page.request.get("/api/posts")).json()).items as Array<{
        status: string;
        postType?: string;
        platforms: string[];
        businessData?: Record<string, unknown> | null;
      }>;
      return posts.find((p) => p.postType === "offer");
    };
    await expect.poll(async () => (await offer())?.status, { timeout: 30_000 }).toBe("published");
    const stored = await offer();
    expect(stored?.platforms).toEqual(["google_business"]);
    expect(stored?.businessData).toMatchObject({ offerTitle: "20% off whitening", couponCode: "SPRING20", validUntil: lastDay });

    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    await expect(screen).toHaveAttribute("data-hydrated", "true");
    await screen.getByRole("button", { name: "Create Business Post" }).click();
    await page.getByRole("dialog", { name: "Create Business Post" }).getByLabel("Post type").selectOption({ label: "Offer" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "gbp-offer-360");
  });
});
