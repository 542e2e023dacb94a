import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pollReviews } from "../../infra/reviews/poll";
import type { Browser } from "../support/browser";
import { useAppServer } from "../support/server";
import { teamHelpers } from "../support/team";
import { until } from "../support/wait";

/**
 * Reviews over HTTP: reviews of sites with no API typed by hand and imported from CSV (each bad row
 * saying why), responded to by hand with a history, flagged, read; a sandbox review site receiving
 * generated reviews once, answered from the app, and its low ratings e-mailed; the tiles; another
 * workspace's ids answer 404 and plans without review management 403.
 */

process.env.TOKEN_ENCRYPTION_KEY ??= randomBytes(32).toString("hex");

const PUBSUB_TOKEN = "pubsub-secret-1234";
const app = useAppServer({ env: { GOOGLE_PUBSUB_VERIFICATION_TOKEN: PUBSUB_TOKEN } });
const { owner, joined, email } = teamHelpers(app);

const healthgrades = async (browser: Browser) => {
  const created = await browser.post("/api/social-accounts/listing", {
    platform: "healthgrades",
    url: "https://www.healthgrades.com/dentist/dr-ann-lee-x2b4k",
  });
  expect(created.status, created.text).toBe(201);
  return created.data.id as string;
};

describe("reviews of a site with no API", () => {
  it("given a Healthgrades listing, a review typed by hand is kept once, responded to by hand, flagged and unflagged, with its history", async () => {
    const { browser } = await owner("professional");
    const accountId = await healthgrades(browser);

    const empty = await browser.get("/api/reviews");
    expect(empty.status).toBe(200);
    expect(empty.data).toEqual({ items: [], next: null });

    const bad = await browser.post("/api/reviews", {
      accountId,
      reviewerName: " ",
      rating: 7,
      content: "x",
      reviewDate: "2999-01-01",
      url: "javascript:alert(1)",
    });
    expect(bad.status).toBe(400);
    expect(bad.data.errors).toEqual({
      reviewerName: "Enter the reviewer's name (at most 100 characters).",
      rating: "Choose a rating from 1 to 5 stars.",
      reviewDate: "Enter the review's date as YYYY-MM-DD, today or earlier.",
      url: "Enter the review's address, starting with https://, or leave it empty.",
    });
    const noSite = await browser.post("/api/reviews", { accountId: crypto.randomUUID(), reviewerName: "Ann", rating: 5, content: "" });
    expect(noSite.status).toBe(400);
    expect(noSite.data.errors.accountId).toBe("Choose one of your connected review sites.");

    const entry = { accountId, reviewerName: "Maria Lopez", rating: 2, content: "Waited 40 minutes past my appointment.", reviewDate: "2026-11-01" };
    const created = await browser.post("/api/reviews", entry);
    expect(created.status, created.text).toBe(201);
    expect(created.data).toMatchObject({
      platform: "healthgrades",
      siteName: "Healthgrades",
      reviewerName: "Maria Lopez",
      rating: 2,
      status: "pending",
      hasResponse: false,
      postsThroughApi: false,
      source: "entered",
      reviewDate: "2026-11-01T12:00:00.000Z",
    });
    const id = created.data.id as string;
    const again = await browser.post("/api/reviews", entry);
    expect(again.data.id).toBe(id);
    expect((await app.sql`select count(*)::int as n from reviews where account_id = ${accountId}`)[0]!.n).toBe(1);

    const blank = await browser.post(`/api/reviews/${id}/respond`, { response: "   " });
    expect(blank.status).toBe(400);
    expect(blank.data.detail).toBe("Write a response before posting it.");
    const tooLong = await browser.post(`/api/reviews/${id}/respond`, { responseText: "x".repeat(1501) });
    expect(tooLong.data.detail).toBe("A response on this site is at most 1,500 characters.");

    const responded = await browser.post(`/api/reviews/${id}/respond`, { response: "We're sorry, Maria. Please call us so we can make it right." });
    expect(responded.status, responded.text).toBe(200);
    expect(responded.data).toMatchObject({
      status: "responded",
      isResponded: true,
      responseWay: "by_hand",
      responseText: "We're sorry, Maria. Please call us so we can make it right.",
    });
    expect(responded.data.responseDate).toEqual(expect.any(String));

    const flagged = await browser.put(`/api/reviews/${id}`, { status: "flagged", flagReason: "Not our patient" });
    expect(flagged.data).toMatchObject({ status: "flagged", flagged: true, flagReason: "Not our patient" });
    const noReason = await browser.put(`/api/reviews/${id}`, { status: "flagged" });
    expect(noReason.status).toBe(400);
    const unflagged = await browser.put(`/api/reviews/${id}`, { flagged: false });
    expect(unflagged.data).toMatchObject({ status: "responded", flagged: false, flagReason: null });

    const edited = await browser.post(`/api/reviews/${id}/respond`, { responseText: "Sorry, Maria. Our manager will call you today." });
    expect(edited.data.responseText).toBe("Sorry, Maria. Our manager will call you today.");
    const deleted = await browser.delete(`/api/reviews/${id}/response`);
    expect(deleted.data).toMatchObject({ status: "pending", hasResponse: false, responseText: null });

    const history = await browser.get(`/api/reviews/${id}`);
    expect(history.status).toBe(200);
    expect((history.data.history as Array<{ summary: string; actor: string }>).map((h) => h.summary)).toEqual([
      "Review from Maria Lopez (2★) entered by hand",
      "Marked a review as responded",
      "Flagged a review: Not our patient",
      "Unflagged a review",
      "Edited a review response",
      "Deleted a review response",
    ]);
    expect(history.data.history[0].actor).not.toBe("SocialDesk");
  });

  it("a CSV file keeps its good rows, says the line and reason of each bad one, and keeps a row imported twice once", async () => {
    const { browser } = await owner("professional");
    const accountId = await healthgrades(browser);
    const csv = [
      "Reviewer Name,Rating,Content,Review Date,URL",
      'Ann Lee,5,"Kind, thorough and on time.",2026-10-02,https://www.healthgrades.com/r/1',
      ",9,Nobody,2026-10-03,",
      "Bo Chen,4,,2026-10-04,",
      "Cy Park,3,Fine,2026-13-40,",
    ].join("\n");
    const imported = await browser.post("/api/reviews/import", { accountId, csv });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.data).toEqual({
      imported: 2,
      duplicates: 0,
      errors: [
        { line: 3, message: "Enter the reviewer's name (at most 100 characters). Choose a rating from 1 to 5 stars." },
        { line: 5, message: "Enter the review's date as YYYY-MM-DD, today or earlier." },
      ],
    });
    const twice = await browser.post("/api/reviews/import", { accountId, csv });
    expect(twice.data).toMatchObject({ imported: 0, duplicates: 2 });
    const unreadable = await browser.post("/api/reviews/import", { accountId, csv: "content\nhello" });
    expect(unreadable.status).toBe(400);
    expect(unreadable.data.detail).toMatch(/needs the columns reviewer_name and rating/);

    const listed = await browser.get("/api/reviews?q=thorough");
    expect(listed.data.items.map((r: any) => r.reviewerName)).toEqual(["Ann Lee"]);
    // A page at a time: `limit` of them and `next`, the cursor of the page after (null on the last).
    const first = await browser.get("/api/reviews?limit=1");
    expect(first.data.items).toHaveLength(1);
    expect(first.data.next).toEqual(expect.any(String));
    const rest = await browser.get(`/api/reviews?limit=1&cursor=${encodeURIComponent(first.data.next)}`);
    expect(rest.data.items).toHaveLength(1);
    expect(rest.data.items[0].id).not.toBe(first.data.items[0].id);
    expect(rest.data.next).toBeNull();
    const tooMany = await browser.get("/api/reviews?limit=101");
    expect(tooMany.status).toBe(400);
    expect(tooMany.data.errors).toEqual({ limit: "Choose a limit of 1 to 100." });

    const tiles = await browser.get("/api/reviews/summary");
    expect(tiles.data).toEqual({ total: 2, pending: 2, averageRating: 4.5, responseRate: 0 });
  });
});

describe("a sandbox review site", () => {
  const reviewMails = (to: string) =>
    app.sql<{ subject: string; body_text: string }[]>`
      select subject, body_text from mail_outbox where to_address = ${to} and (subject like 'New % review%' or subject like 'Sandbox: % review%')`;

  it("receives generated reviews once, a few at a time, answered from the app as posted; its low ratings e-mail no one unless sandbox review alerts are on, and then say they are samples", async () => {
    const { browser, user } = await owner("professional");
    const sandbox = await browser.post("/api/social-accounts/sandbox", { platform: "google_business", accountName: "Lee Dental Sandbox" });
    expect(sandbox.status, sandbox.text).toBe(201);
    const now = new Date(Date.now() + 2 * 86_400_000);
    await app.run(pollReviews(now));
    await app.sql`update review_polls set next_poll_at = now() - interval '1 minute'`;
    await app.run(pollReviews(now));
    // Three at once, then one every two days.
    const reviews = (await browser.get("/api/reviews?platform=google_business")).data.items as Array<Record<string, any>>;
    expect(reviews).toHaveLength(4);
    expect(new Set(reviews.map((r) => r.source))).toEqual(new Set(["sandbox"]));
    // A dental practice's reviews speak of a practice.
    expect(reviews.some((r) => /appointment|staff|office|care/i.test(r.content))).toBe(true);

    // Made-up low ratings: review alerts are on, sandbox review alerts off by default, so no e-mail.
    const low = reviews.filter((r) => r.rating <= 3);
    expect(low.length).toBeGreaterThan(0);
    expect((await browser.get("/api/user/notifications")).data).toMatchObject({ reviewAlerts: true, sandboxReviewAlerts: false });
    await app.drainJobs();
    expect(await reviewMails(user.email as string)).toEqual([]);

    const answered = await browser.post(`/api/reviews/${reviews[0]!.id}/respond`, { responseText: "Thank you!" });
    expect(answered.data).toMatchObject({ replyStatus: "replied", responseWay: "posted", postsThroughApi: true });
    const unread = await browser.get("/api/reviews?status=unread&platform=google_business");
    const read = await browser.put(`/api/reviews/${unread.data.items[0].id}`, { status: "read" });
    expect(read.data.replyStatus).toBe("read");

    // A Pub/Sub notification about the location makes the account due at once (and the worker reads it).
    const [location] = (await browser.get("/api/business-locations")).data as Array<{ externalId: string; name: string; totalReviews: number }>;
    expect(location).toMatchObject({ name: "Lee Dental Sandbox", totalReviews: 4 });
    await app.sql`update review_polls set next_poll_at = now() + interval '1 hour', polled_at = now() - interval '1 hour'`;
    const push = (token: string, data: unknown) =>
      browser.post(`/api/webhooks/google-business?token=${token}`, {
        message: { data: Buffer.from(JSON.stringify(data)).toString("base64"), messageId: "1" },
        subscription: "s",
      });
    const notification = { type: "NEW_REVIEW", location: `accounts/1/${location!.externalId}`, review: `accounts/1/${location!.externalId}/reviews/x` };
    expect((await push("wrong-token-12345", notification)).status).toBe(403);
    expect((await browser.post(`/api/webhooks/google-business?token=${PUBSUB_TOKEN}`, { message: { data: "not base64 json" } })).status).toBe(400);
    expect((await push(PUBSUB_TOKEN, notification)).status).toBe(204);
    const polled = await until(
      () => app.sql<{ polled_at: Date }[]>`select polled_at from review_polls where account_id = ${sandbox.data.id as string}`,
      (rows) => rows[0]!.polled_at.getTime() > Date.now() - 10_000,
    );
    expect(polled[0]!.polled_at.getTime()).toBeGreaterThan(Date.now() - 10_000);
    await app.drainJobs();

    // Asked for: a second location's sandbox (its first three always hold a complaint) e-mails its low ratings, marked as samples.
    const on = await browser.put("/api/user/notifications", { sandboxReviewAlerts: true });
    expect(on.data).toMatchObject({ reviewAlerts: true, sandboxReviewAlerts: true });
    const second = await browser.post("/api/social-accounts/sandbox", { platform: "google_business", accountName: "Lee Dental Main Street" });
    expect(second.status, second.text).toBe(201);
    await app.run(pollReviews(new Date()));
    const secondLow = ((await browser.get("/api/reviews?platform=google_business")).data.items as Array<Record<string, any>>).filter(
      (r) => r.accountId === second.data.id && r.rating <= 3,
    );
    expect(secondLow.length).toBeGreaterThan(0);
    const mails = await until(
      () => reviewMails(user.email as string),
      (rows) => rows.length >= secondLow.length,
    );
    expect(mails).toHaveLength(secondLow.length);
    expect(mails[0]!.subject).toMatch(/^Sandbox: sample [1-3] stars? review on Google Business Profile for Lee Dental Main Street$/);
    expect(mails[0]!.body_text).toContain("This is a sample review");
    expect(mails[0]!.body_text).toContain("No customer wrote it.");
    expect(mails[0]!.body_text).toContain("/app/reviews");

    // Review alerts off: weeks later the sandbox's new reviews (at most 12 per account in all) e-mail no one.
    const off = await browser.put("/api/user/notifications", { reviewAlerts: false });
    expect(off.data.reviewAlerts).toBe(false);
    await app.sql`update review_polls set next_poll_at = now() - interval '1 minute' where account_id = ${sandbox.data.id as string}`;
    await app.run(pollReviews(new Date(Date.now() + 60 * 86_400_000)));
    const later = ((await browser.get("/api/reviews?platform=google_business")).data.items as Array<Record<string, any>>).filter((r) => r.accountId === sandbox.data.id);
    expect(later.length).toBe(12);
    await app.drainJobs();
    expect(await reviewMails(user.email as string)).toHaveLength(secondLow.length);
  });
});

describe("business posts", () => {
  it("an offer for a Business Profile needs its title and an end date to come; an event its title and day", async () => {
    const { browser } = await owner("professional");
    const sandbox = await browser.post("/api/social-accounts/sandbox", { platform: "google_business", accountName: "Lee Dental" });
    const post = (postType: string, businessData: Record<string, string>) =>
      browser.post("/api/posts", { content: "Spring offer", platforms: ["google_business"], accountIds: [sandbox.data.id], status: "draft", postType, businessData });
    const offer = await post("offer", { couponCode: "SMILE", validUntil: "2001-01-01" });
    expect(offer.status).toBe(400);
    expect(offer.data.errors).toMatchObject({ "businessData.offerTitle": "Enter the offer title.", "businessData.validUntil": "The offer must be valid until today or later." });
    const event = await post("event", { eventLocation: "1 Main St" });
    expect(event.data.errors).toMatchObject({ "businessData.eventTitle": "Enter the event title.", "businessData.eventDate": "Enter the date and time." });
    const good = await post("offer", { offerTitle: "20% off whitening", validUntil: "2099-12-31", couponCode: "SMILE" });
    expect(good.status, good.text).toBe(201);
    expect(good.data).toMatchObject({ postType: "offer", businessData: { offerTitle: "20% off whitening", validUntil: "2099-12-31", couponCode: "SMILE" } });
  });
});

describe("access", () => {
  it("another workspace's review answers 404 everywhere; a plan without review management answers 403; a member answers, a viewer-like refusal is by permission", async () => {
    const first = await owner("professional");
    const accountId = await healthgrades(first.browser);
    const created = await first.browser.post("/api/reviews", { accountId, reviewerName: "Ann", rating: 5, content: "Great" });
    const id = created.data.id as string;

    const other = await owner("professional");
    for (const response of [
      await other.browser.get(`/api/reviews/${id}`),
      await other.browser.post(`/api/reviews/${id}/respond`, { response: "Hi" }),
      await other.browser.put(`/api/reviews/${id}`, { status: "read" }),
      await other.browser.delete(`/api/reviews/${id}/response`),
      await other.browser.get(`/api/reviews?locationId=${crypto.randomUUID()}`),
      await other.browser.get(`/api/business-locations/${crypto.randomUUID()}/performance`),
    ]) {
      expect(response.status, response.text).toBe(404);
    }
    expect((await other.browser.get("/api/reviews")).data).toEqual({ items: [], next: null });
    const foreign = await other.browser.post("/api/reviews", { accountId, reviewerName: "X", rating: 1, content: "" });
    expect(foreign.status).toBe(400);

    const starter = await owner("starter");
    const refused = await starter.browser.get("/api/reviews");
    expect(refused.status).toBe(403);

    const { member } = await joined(first.browser, email("hygienist"));
    const answered = await member.post(`/api/reviews/${id}/respond`, { response: "Thank you, Ann!" });
    expect(answered.status, answered.text).toBe(200);
  });
});
