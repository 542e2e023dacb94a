import { draw } from "../inbox/sandbox";
import type { FetchedLocation } from "../platforms/reviews";
import type { IncomingReview } from "./Reviews";

/**
 * Reviews of a sandbox review account (issue 12: "Sandbox review accounts receive generated
 * reviews, for trying the product"): three at once, then one a day, at most SANDBOX_REVIEWS_MAX.
 * Who writes what is drawn from the account's id and the review's number, so the job run twice
 * keeps each once.
 */
export const SANDBOX_REVIEWS_MAX = 30;
const DAY_MS = 86_400_000;

const WRITTEN = [
  { rating: 5, content: "Wonderful experience from start to finish. The staff were kind and explained everything clearly." },
  { rating: 4, content: "Very professional and on time. Parking was a little hard to find, otherwise great." },
  { rating: 2, content: "I waited almost an hour past my appointment and nobody told me why. Disappointed." },
  { rating: 5, content: "Highly recommend! They went above and beyond to help my family." },
  { rating: 3, content: "Good service, but the follow-up call I was promised never came." },
  { rating: 1, content: "Billing mistake on my invoice and two weeks later it is still not fixed." },
  { rating: 4, content: "Friendly front desk and a clean office. Would come back." },
  { rating: 5, content: "" },
] as const;
const FIRST = [0, 2, 1] as const;
const PEOPLE = ["Jane Smith", "Marcus Reed", "Priya Patel", "Tom Becker", "Ana Souza", "Chris Morgan", "Lena Fischer", "Omar Haddad"] as const;

export const sandboxReviews = (account: { readonly id: string; readonly connectedAt: Date }, now: Date, locationId: string | null): IncomingReview[] => {
  const days = Math.max(0, Math.floor((now.getTime() - account.connectedAt.getTime()) / DAY_MS));
  const count = Math.min(SANDBOX_REVIEWS_MAX, 3 + days);
  return Array.from({ length: count }, (_, n) => {
    // The first three show the range (a glowing one, a complaint to answer, a good one); then any.
    const written = WRITTEN[n < 3 ? FIRST[n]! : draw(account.id, `text:${n}`, WRITTEN.length)]!;
    // The first three are from the days before the connection; then one on each day after.
    const at = new Date(account.connectedAt.getTime() + (n < 3 ? (n - 3) * DAY_MS : (n - 2) * DAY_MS));
    return {
      externalId: `sandbox:${n}`,
      locationId,
      reviewerName: PEOPLE[draw(account.id, `who:${n}`, PEOPLE.length)]!,
      reviewerAvatar: null,
      rating: written.rating,
      content: written.content,
      reviewedAt: at.toISOString(),
      url: null,
      response: null,
    };
  });
};

/** A sandbox Business Profile's one location: the account's name, a made-up address. */
export const sandboxLocationOf = (account: { readonly id: string; readonly account_name: string }): FetchedLocation => ({
  externalId: `locations/sandbox-${account.id.slice(0, 8)}`,
  name: account.account_name,
  address: "100 Sandbox Street, Springfield",
  isVerified: false,
  categories: ["Sandbox location", "Try the Business Profile screen here"],
  mapsUri: null,
});

/**
 * A sandbox location's figures for a period: made-up but steady (drawn from the location and the
 * day), with more on weekdays, so the Performance tab can be tried.
 */
export const sandboxPerformance = (locationId: string, from: string, to: string) => {
  const days: Array<{ day: string; views: number; searches: number; calls: number; directions: number; websiteClicks: number }> = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    const busy = [0, 6].includes(new Date(at).getUTCDay()) ? 0.6 : 1;
    const n = (salt: string, base: number, spread: number) => Math.round((base + draw(locationId, `${day}:${salt}`, spread)) * busy);
    days.push({
      day,
      views: n("views", 80, 60),
      searches: n("searches", 40, 30),
      calls: n("calls", 2, 6),
      directions: n("directions", 3, 8),
      websiteClicks: n("web", 5, 10),
    });
  }
  return days;
};
