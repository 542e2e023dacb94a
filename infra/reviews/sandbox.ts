import type { BusinessKind } from "../../domain/accounts";
import { SAMPLE_TEXTS } from "../accounts/sandbox-texts";
import { draw } from "../inbox/sandbox";
import type { FetchedLocation } from "../platforms/provider";
import type { IncomingReview } from "./Reviews";

/**
 * Reviews of a sandbox review account (issue 12: "Sandbox review accounts receive generated
 * reviews, for trying the product"): three at once, then one every SANDBOX_REVIEW_EVERY_DAYS days (a
 * few a week, as a small business gets them), at most SANDBOX_REVIEWS_MAX, in the words of the kind
 * of business the account stands for. Who writes what is drawn from the account's id and the
 * review's number, so the job run twice keeps each once.
 */
export const SANDBOX_REVIEWS_MAX = 12;
export const SANDBOX_REVIEW_EVERY_DAYS = 2;
const DAY_MS = 86_400_000;

const FIRST = [0, 2, 1] as const;
const PEOPLE = ["Jane Smith", "Marcus Reed", "Priya Patel", "Tom Becker", "Ana Souza", "Chris Morgan", "Lena Fischer", "Omar Haddad"] as const;

export const sandboxReviews = (
  account: { readonly id: string; readonly connectedAt: Date; readonly kind: BusinessKind },
  now: Date,
  locationId: string | null,
): IncomingReview[] => {
  const written = SAMPLE_TEXTS[account.kind].reviews;
  const days = Math.max(0, Math.floor((now.getTime() - account.connectedAt.getTime()) / DAY_MS));
  const count = Math.min(SANDBOX_REVIEWS_MAX, 3 + Math.floor(days / SANDBOX_REVIEW_EVERY_DAYS));
  return Array.from({ length: count }, (_, n) => {
    // The first three show the range (a glowing one, a complaint to answer, a good one); then any.
    const text = written[n < 3 ? FIRST[n]! : draw(account.id, `text:${n}`, written.length)]!;
    // The first three are from the days before the connection; then one every few days after.
    const at = new Date(account.connectedAt.getTime() + (n < 3 ? (n - 3) * DAY_MS : (n - 2) * SANDBOX_REVIEW_EVERY_DAYS * DAY_MS));
    return {
      externalId: `sandbox:${n}`,
      locationId,
      // Steps of 3 through 8 names: eight reviews in a row by eight different people.
      reviewerName: PEOPLE[(draw(account.id, "who", PEOPLE.length) + n * 3) % PEOPLE.length]!,
      reviewerAvatar: null,
      rating: text.rating,
      content: text.content,
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
