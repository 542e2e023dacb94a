import type { Locator } from "@playwright/test";
import { makePng } from "../../infra/media/fixtures";
import { expect, test } from "./fixtures";
import { addSandbox, businessProfileWith, newUser, openHydrated, registerByApi, screenshot, toast } from "./support";

/** Issue 29, no dead ends in media: a Canva design makes a post that is saved and published, toasts show above dialogs, one bad file does not cost the good ones. */



/** Whether what a person sees at the middle of the element is the element (not a dialog or its backdrop over it). */
const seenOnTop = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && el.contains(hit);
  });

/** A Photoshop file's first bytes ("8BPS", version 1): the server knows it and says why it is not taken. */
const PSD = Buffer.concat([Buffer.from("8BPS\u0000\u0001", "latin1"), Buffer.alloc(4096)]);

test.describe("compose and media without dead ends", () => {
  test("given an Instagram sandbox account, when a Canva design is imported in compose and the post scheduled, then the queue shows it with its image and Publish now publishes it", async ({
    page,
  }) => {
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "instagram", "Lee Dental IG");
    const content = `Our spring design ${Date.now().toString(36)}`;
    await openHydrated(page, "/app/compose", "compose");
    await page.getByLabel(/Lee Dental IG/).check();
    await page.getByLabel("Description").fill(content);

    await page.getByRole("button", { name: "Image" }).click();
    await page.getByRole("menuitem", { name: "Import from Canva" }).click();
    const canva = page.getByRole("dialog", { name: "Create Design with Canva" });
    await expect(canva).toContainText("saved in your media library");
    await screenshot(page, "canva-dialog", { widths: [1280, 360] });
    await canva.getByRole("button", { name: /Instagram Story/ }).click();
    await expect(toast(page)).toContainText("Design Imported");
    await expect(canva).toBeHidden();
    const thumb = page.getByTestId("attached-media").getByRole("img");
    await expect(thumb).toHaveCount(1);
    await expect(thumb).toHaveAttribute("src", /^\/media\/[0-9a-f-]{36}\/original\.jpg$/);
    expect(await thumb.evaluate((img: HTMLImageElement) => img.complete && [img.naturalWidth, img.naturalHeight])).toEqual([1080, 1920]);

    await page.getByLabel("Schedule", { exact: true }).check();
    await page.getByLabel("Date").fill(new Date(Date.now() + 48 * 3_600_000).toISOString().slice(0, 10));
    await page.getByLabel("Time", { exact: true }).fill("10:00");
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(toast(page)).toContainText("Post created");

    // The design is in the media library, and the queue shows the post with it.
    await openHydrated(page, "/app/media-gallery", "media-gallery");
    await expect(page.getByTestId("media-item")).toHaveCount(1);
    await expect(page.getByTestId("media-item")).toContainText("canva-instagram-story");
    await openHydrated(page, "/app/queue", "queue");
    const card = page.getByTestId("queue-post").filter({ hasText: content });
    const image = card.getByTestId("queue-media").getByRole("img");
    await expect(image).toHaveCount(1);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1080);
    await screenshot(page, "queue-with-design", { widths: [1280, 360] });

    await card.getByRole("button", { name: "Publish now" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Publish now" }).click();
    await expect(toast(page)).toContainText("Post published successfully!");
    const [post] = (await (await page.request.get(`/api/posts?q=${encodeURIComponent(content)}`)).json()).items as Array<{ id: string }>;
    await expect
      .poll(async () => ((await (await page.request.get(`/api/posts/${post!.id}`)).json()) as { status: string }).status, { timeout: 20_000 })
      .toBe("published");
  });

  test("given an Instagram sandbox account, when the dashboard's dialog posts without a photo, then Instagram's sentence shows once and nothing is sent; with a Canva design it is published", async ({
    page,
  }) => {
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "instagram", "Lee Dental IG");
    await openHydrated(page, "/app/dashboard", "dashboard-actions");
    await page.getByRole("button", { name: "Create Post" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Post" });
    await dialog.getByRole("checkbox", { name: /Instagram/ }).check();
    await dialog.getByLabel("Content").fill("Smile of the week");

    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/posts") sent.push(request.url());
    });
    await dialog.getByRole("button", { name: "Post Now" }).click();
    await expect(dialog.getByTestId("cp-media-error")).toHaveText("Instagram needs a photo or video.");
    await expect(toast(page)).toHaveCount(0);
    expect(sent).toEqual([]);
    await screenshot(page, "dialog-instagram-needs-photo", { widths: [1280, 360] });

    await dialog.getByRole("button", { name: "Create with Canva" }).click();
    const canva = page.getByRole("dialog", { name: "Create Design with Canva" });
    await canva.getByRole("button", { name: "Try Demo Design" }).click();
    await expect(toast(page)).toContainText("Your Canva design has been added to the post!");
    // The toast shows above the Create New Post dialog, not behind its backdrop.
    await expect.poll(() => seenOnTop(toast(page))).toBe(true);
    await screenshot(page, "dialog-toast-above", { widths: [1280, 360] });
    await expect(dialog.getByTestId("attached-media").getByRole("img")).toHaveCount(1);
    await expect(dialog.getByTestId("cp-media-error")).toHaveCount(0);

    // The toast, at the top, leaves the dialog's buttons in reach while it shows.
    const postNow = dialog.getByRole("button", { name: "Post Now" });
    await postNow.scrollIntoViewIfNeeded();
    await expect(toast(page)).toBeVisible();
    expect(await seenOnTop(postNow)).toBe(true);
    await postNow.click();
    await expect(toast(page)).toContainText("Post created successfully!");
    await expect(dialog).toBeHidden();
    expect(sent).toHaveLength(1);
    const posts = (await (await page.request.get("/api/posts?q=Smile%20of%20the%20week")).json()).items as Array<{ id: string; media: string[] }>;
    expect(posts[0]!.media).toEqual([expect.stringMatching(/^\/media\/[0-9a-f-]{36}\/original\.jpg$/)]);
    await expect
      .poll(async () => ((await (await page.request.get(`/api/posts/${posts[0]!.id}`)).json()) as { status: string }).status, { timeout: 20_000 })
      .toBe("published");
  });

  test("given a photo and a Photoshop file, when both are uploaded in compose and in the media library, then the photo is kept and the toast names the other with its reason", async ({
    page,
  }) => {
    await registerByApi(page.request, newUser());
    await addSandbox(page.request, "facebook", "Lee Dental FB");
    const photo = await makePng(640, 480, { r: 250, g: 160, b: 40 });
    const reason = "holiday.psd cannot be used: Photoshop files are not supported: export it as JPEG or PNG.";

    await openHydrated(page, "/app/compose", "compose");
    await page.getByTestId("media-input").setInputFiles([
      { name: "smile.png", mimeType: "image/png", buffer: photo },
      { name: "holiday.psd", mimeType: "image/vnd.adobe.photoshop", buffer: PSD },
    ]);
    await expect(toast(page)).toContainText("Some files were not uploaded");
    await expect(toast(page)).toContainText(`1 of 2 files was uploaded. ${reason}`);
    await expect(page.getByTestId("attached-media").getByRole("img")).toHaveCount(1);
    await screenshot(page, "compose-upload-one-bad", { widths: [1280, 360] });

    await openHydrated(page, "/app/media-gallery", "media-gallery");
    await page.getByTestId("media-file-input").setInputFiles([
      { name: "harbour.png", mimeType: "image/png", buffer: photo },
      { name: "holiday.psd", mimeType: "image/vnd.adobe.photoshop", buffer: PSD },
    ]);
    await expect(toast(page)).toContainText(`1 of 2 files was uploaded. ${reason}`);
    // The compose upload's photo and this one.
    await expect(page.getByTestId("media-item")).toHaveCount(2);
    await expect(page.getByTestId("media-item").filter({ hasText: "holiday.psd" })).toHaveCount(0);
    await screenshot(page, "gallery-upload-one-bad", { widths: [1280, 360] });
  });

  test("given a Business Profile location, when a product is posted with a price that is not a number, then the price says how to write one; its details then show in the queue, on the post's page and in compose's edit, which keeps them", async ({
    page,
    setPlan,
  }) => {
    test.setTimeout(90_000);
    const owner = newUser({ company: "Lee Dental" });
    await registerByApi(page.request, owner);
    await setPlan(owner.email, "professional");
    await addSandbox(page.request, "google_business", "Lee Dental Springfield");
    const { screen } = await businessProfileWith(page, "Lee Dental Springfield");

    await screen.getByRole("button", { name: "Create Business Post" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Business Post" });
    await dialog.getByLabel("Post type").selectOption({ label: "Product" });
    await dialog.getByLabel("Text", { exact: true }).fill("Our new electric brush is in.");
    await dialog.getByLabel("Product name").fill("Electric brush");
    await dialog.getByLabel("Price (optional)").fill("$49");
    await dialog.getByLabel("Currency").selectOption("EUR");
    await dialog.getByLabel("Schedule", { exact: true }).check();
    await dialog.getByLabel("Date").fill(new Date(Date.now() + 48 * 3_600_000).toISOString().slice(0, 10));
    await dialog.getByLabel("Time", { exact: true }).fill("10:00");
    await dialog.getByRole("button", { name: "Create Post" }).click();
    await expect(dialog.getByText("Price must be a number, like 19.99.")).toBeVisible();
    await screenshot(page, "gbp-price-not-a-number", { widths: [1280, 360] });
    await dialog.getByLabel("Price (optional)").fill("19.99");
    await dialog.getByRole("button", { name: "Create Post" }).click();
    await expect(dialog).toHaveCount(0);

    await openHydrated(page, "/app/queue", "queue");
    const details = page.getByTestId("queue-post").filter({ hasText: "Our new electric brush" }).getByTestId("queue-business");
    await expect(details).toContainText("Product");
    await expect(details).toContainText("Electric brush");
    await expect(details).toContainText("€19.99");
    await screenshot(page, "queue-business-product", { widths: [1280, 360] });

    const [post] = (await (await page.request.get("/api/posts?q=electric%20brush")).json()).items as Array<{ id: string; businessData: Record<string, unknown> }>;
    expect(post!.businessData.productPrice).toBe(19.99);
    await page.goto(`/app/posts/${post!.id}`);
    await expect(page.getByTestId("post-business")).toContainText("Price€19.99");
    await screenshot(page, "post-business-product", { widths: [1280, 360] });

    await openHydrated(page, `/app/compose?post=${post!.id}`, "compose");
    await expect(page.getByLabel("Description")).toHaveValue(/Our new electric brush/);
    await page.getByTestId("platform-options").getByText(/options$/).first().click();
    await expect(page.getByTestId("compose-business")).toContainText("€19.99");
    await page.getByLabel("Description").fill("Our new electric brush is in, in blue.");
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(toast(page)).toContainText("Post updated");
    const edited = (await (await page.request.get(`/api/posts/${post!.id}`)).json()) as { content: string; postType: string; businessData: Record<string, unknown> };
    expect(edited).toMatchObject({ content: "Our new electric brush is in, in blue.", postType: "product", businessData: { productName: "Electric brush", productPrice: 19.99, productCurrency: "EUR" } });
  });
});
