import { describe, expect, it } from "vitest";
import {
  BUSINESS_POST_MAX,
  BUSINESS_POST_MESSAGES as M,
  type BusinessPostForm,
  businessDataOf,
  businessPostErrors,
  businessPostPayload,
  characterCount,
  createdToast,
  emptyBusinessPost,
  googleText,
  linePoints,
  niceMax,
  performanceSummary,
  zonedNow,
} from "./business-post";

const location = { id: "loc-1", accountId: "11111111-1111-4111-8111-111111111111", externalId: "locations/123", name: "Lee Dental Downtown" };
const now = { date: "2026-11-10", time: "09:30" };
const form = (patch: Partial<BusinessPostForm> = {}): BusinessPostForm => ({ ...emptyBusinessPost(location.id), content: "Open late on Thursdays.", ...patch });

describe("business post checks", () => {
  it("accepts a standard update posted now", () => {
    expect(businessPostErrors(form(), now)).toEqual({});
  });

  it("needs text, and at most 1,500 characters of it as Google gets it", () => {
    expect(businessPostErrors(form({ content: "   " }), now)).toEqual({ content: M.content });
    expect(businessPostErrors(form({ content: "a".repeat(BUSINESS_POST_MAX) }), now)).toEqual({});
    // The offer's description is added to the text, and counts.
    const offer = form({ postType: "offer", offerTitle: "20% off", validUntil: "2026-11-30", content: "a".repeat(1495), offerDescription: "Terms" });
    expect(businessPostErrors(offer, now).content).toBe(M.tooLong(1502));
  });

  it("counts an emoji as one character", () => {
    expect(characterCount("Hi 👍🏽")).toBe(4);
  });

  it("checks a type's fields with the API's rules and sentences", () => {
    expect(businessPostErrors(form({ postType: "offer" }), now)).toEqual({ offerTitle: "Enter the offer title.", validUntil: "Enter the offer's last day." });
    expect(businessPostErrors(form({ postType: "offer", offerTitle: "Deal", validUntil: "2026-11-09" }), now)).toEqual({
      validUntil: "The offer must be valid until today or later.",
    });
    expect(businessPostErrors(form({ postType: "offer", offerTitle: "Deal", validUntil: "2026-11-10" }), now)).toEqual({});
    expect(businessPostErrors(form({ postType: "event" }), now)).toEqual({ eventTitle: "Enter the event title.", eventDate: "Enter the date and time." });
    expect(businessPostErrors(form({ postType: "event", eventTitle: "Open house", eventDate: "2026-11-01" }), now)).toEqual({
      eventDate: "The event must be today or later.",
    });
    expect(businessPostErrors(form({ postType: "event", eventTitle: "Open house", eventDate: "2026-11-12", eventTime: "18:00" }), now)).toEqual({});
    expect(businessPostErrors(form({ postType: "product" }), now)).toEqual({ productName: "Enter the product name." });
    expect(businessPostErrors(form({ postType: "product", productName: "Brush", productUrl: "shop" }), now)).toEqual({
      productUrl: "Enter an address starting with https://.",
    });
    expect(businessPostErrors(form({ postType: "product", productName: "Brush", productUrl: "https://shop.example.com/brush" }), now)).toEqual({});
  });

  it("refuses an offer that ends, or an event that is over, before a scheduled post goes out", () => {
    const scheduled = { when: "schedule" as const, scheduleDate: "2026-11-20", scheduleTime: "10:00" };
    expect(businessPostErrors(form({ postType: "offer", offerTitle: "Deal", validUntil: "2026-11-15", ...scheduled }), now)).toEqual({
      validUntil: M.validUntilBeforePost,
    });
    expect(businessPostErrors(form({ postType: "offer", offerTitle: "Deal", validUntil: "2026-11-20", ...scheduled }), now)).toEqual({});
    expect(businessPostErrors(form({ postType: "event", eventTitle: "Open house", eventDate: "2026-11-19", ...scheduled }), now)).toEqual({
      eventDate: M.eventBeforePost,
    });
  });

  it("needs a date and time still to come to schedule", () => {
    expect(businessPostErrors(form({ when: "schedule" }), now)).toEqual({ scheduledAt: M.scheduledAt });
    expect(businessPostErrors(form({ when: "schedule", scheduleDate: "2026-11-10", scheduleTime: "09:30" }), now)).toEqual({ scheduledAt: M.scheduledInPast });
    expect(businessPostErrors(form({ when: "schedule", scheduleDate: "2026-11-10", scheduleTime: "09:31" }), now)).toEqual({});
  });

  it("ignores the fields of the other types", () => {
    expect(businessPostErrors(form({ postType: "announcement", offerTitle: "", eventDate: "2020-01-01", productUrl: "nope" }), now)).toEqual({});
  });
});

describe("what is sent", () => {
  it("sends only the type's own fields, trimmed, without empty ones", () => {
    expect(businessDataOf(form({ offerTitle: "x" }))).toEqual({});
    expect(businessDataOf(form({ postType: "offer", offerTitle: " Deal ", couponCode: "", validUntil: "2026-11-30", eventTitle: "no" }))).toEqual({
      offerTitle: "Deal",
      validUntil: "2026-11-30",
    });
    expect(businessDataOf(form({ postType: "event", eventTitle: "Open house", eventDate: "2026-11-12", eventTime: "18:00" }))).toEqual({
      eventTitle: "Open house",
      eventDate: "2026-11-12T18:00",
    });
    expect(businessDataOf(form({ postType: "event", eventTitle: "Open house", eventDate: "2026-11-12" })).eventDate).toBe("2026-11-12");
    expect(businessDataOf(form({ postType: "product", productName: "Brush", productPrice: "49", productUrl: "https://a.example" }))).toEqual({
      productName: "Brush",
      productPrice: "49",
      productCurrency: "USD",
      productUrl: "https://a.example",
    });
  });

  it("writes the text as Google's publisher does", () => {
    expect(googleText(form({ postType: "event", eventLocation: "2nd floor" }))).toBe("Open late on Thursdays.\n\nWhere: 2nd floor");
    expect(googleText(form({ postType: "product", productName: "Brush", productPrice: "49" }))).toBe("Brush — $49.00\n\nOpen late on Thursdays.");
    expect(googleText(form({ postType: "product", productName: "Brush", productPrice: "19.9", productCurrency: "EUR" }))).toBe("Brush — €19.90\n\nOpen late on Thursdays.");
    expect(googleText(form({ postType: "offer", offerDescription: "Terms apply." }))).toBe("Open late on Thursdays.\n\nTerms apply.");
  });

  it("posts now as published, or schedules the local date and time in the user's zone", () => {
    expect(businessPostPayload(form(), location, "America/Chicago")).toEqual({
      content: "Open late on Thursdays.",
      platforms: ["google_business"],
      accountIds: [location.accountId],
      postType: "standard",
      businessData: {},
      locationIds: ["locations/123"],
      status: "published",
      scheduledAt: null,
      timeZone: "America/Chicago",
    });
    const scheduled = businessPostPayload(form({ when: "schedule", scheduleDate: "2026-11-12", scheduleTime: "08:15" }), location, "America/Chicago");
    expect(scheduled).toMatchObject({ status: "scheduled", scheduledAt: "2026-11-12T08:15" });
  });

  it("says when the post goes out", () => {
    expect(createdToast({ status: "scheduled", scheduledAt: "2026-11-12T14:15:00.000Z" }, location, "America/Chicago")).toEqual({
      title: "Post Created",
      description: "It goes out to Lee Dental Downtown on Thu, Nov 12, 8:15 AM.",
    });
    expect(createdToast({ status: "published", scheduledAt: null }, location, "UTC").description).toMatch(/now/);
    expect(createdToast({ status: "awaiting_approval" }, location, "UTC").title).toBe("Submitted for Approval");
  });

  it("reads the date and time in the user's zone", () => {
    expect(zonedNow(new Date("2026-11-10T03:05:00Z"), "America/New_York")).toEqual({ date: "2026-11-09", time: "22:05" });
  });
});

describe("performance", () => {
  const day = (d: string, views: number, calls = 0) => ({ day: d, views, searches: 1, calls, directions: 0, websiteClicks: 2 });
  const days = [day("2026-11-01", 10, 1), day("2026-11-02", 40), day("2026-11-03", 25)];
  const totals = { views: 75, searches: 3, calls: 1, directions: 0, websiteClicks: 6 };

  it("summarises the period, the totals and the busiest day", () => {
    expect(performanceSummary({ days, totals })).toBe(
      "Nov 1 to Nov 3: 75 views, 3 searches, 1 call, 0 direction requests and 6 website clicks. Busiest day: Nov 2, with 40 views.",
    );
    expect(performanceSummary({ days, totals }, ["calls"])).toBe("Nov 1 to Nov 3: 1 call. Busiest day: Nov 1, with 1 call.");
    expect(performanceSummary({ days: [], totals })).toBe("Google sent no figures for this period.");
  });

  it("scales the chart to a round number and draws each day", () => {
    expect([niceMax(0), niceMax(7), niceMax(40), niceMax(41), niceMax(101)]).toEqual([1, 10, 50, 50, 200]);
    expect(linePoints(days, "views", 50, 100, 50)).toBe("0,40 50,10 100,25");
    expect(linePoints([days[0]!], "views", 50, 100, 50)).toBe("50,40");
  });
});
