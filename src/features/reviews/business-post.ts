/**
 * The Google Business Profile screen's pure parts (issue 12): the Create Business Post form (its
 * post types, checks, request body and success sentence) and the Performance tab's figures.
 * The form checks with the API's own rules (domain/publishing/business-post.ts) and their sentences,
 * plus what only the form knows: when the post goes out.
 */
import { BUSINESS_POST_TYPES, type BusinessField, businessPostProblems, DEFAULT_CURRENCY, formatPrice, priceOf } from "../../../domain/publishing/business-post";
import type { PostType } from "../../../domain/publishing/events";
import type { PerformanceDay } from "../../../infra/platforms/provider";
import type { ResponseOf } from "../../lib/api/client";
import { formatter, localDate } from "../../lib/dates";

export { BUSINESS_POST_TYPES };

/** Business Profile's limit for a post's text (spec engagement §9: google_business 1500). */
export const BUSINESS_POST_MAX = 1500;

export type BusinessPostType = PostType;

/** A type's field as the API names it: its label ("Offer title") and whether it is required. */
export const businessField = (type: BusinessPostType, key: string): BusinessField | undefined =>
  BUSINESS_POST_TYPES.find((t) => t.id === type)?.fields.find((f) => f.key === key);

export interface BusinessPostForm {
  readonly locationId: string;
  readonly postType: BusinessPostType;
  readonly content: string;
  readonly offerTitle: string;
  readonly couponCode: string;
  readonly offerDescription: string;
  /** YYYY-MM-DD: the offer's last day. */
  readonly validUntil: string;
  readonly eventTitle: string;
  /** YYYY-MM-DD and HH:MM (the time may be empty). */
  readonly eventDate: string;
  readonly eventTime: string;
  readonly eventLocation: string;
  readonly productName: string;
  readonly productPrice: string;
  /** The price's currency (ISO 4217). */
  readonly productCurrency: string;
  readonly productUrl: string;
  readonly when: "now" | "schedule";
  readonly scheduleDate: string;
  readonly scheduleTime: string;
}

export const emptyBusinessPost = (locationId: string): BusinessPostForm => ({
  locationId,
  postType: "standard",
  content: "",
  offerTitle: "",
  couponCode: "",
  offerDescription: "",
  validUntil: "",
  eventTitle: "",
  eventDate: "",
  eventTime: "",
  eventLocation: "",
  productName: "",
  productPrice: "",
  productCurrency: DEFAULT_CURRENCY,
  productUrl: "",
  when: "now",
  scheduleDate: "",
  scheduleTime: "",
});

/** The location a post goes to: its Business Profile account and Google's name for it. */
export interface PostLocation {
  readonly id: string;
  readonly accountId: string;
  readonly externalId: string;
  readonly name: string;
}

const trimmed = (value: string) => value.trim();

/** businessData (spec core §3): the type's own fields, trimmed, without the empty ones. */
export const businessDataOf = (form: BusinessPostForm): Record<string, string> => {
  const fields: Record<string, string> =
    form.postType === "offer"
      ? { offerTitle: form.offerTitle, couponCode: form.couponCode, offerDescription: form.offerDescription, validUntil: form.validUntil }
      : form.postType === "event"
        ? {
            eventTitle: form.eventTitle,
            eventDate: form.eventDate && form.eventTime ? `${form.eventDate}T${form.eventTime}` : form.eventDate,
            eventLocation: form.eventLocation,
          }
        : form.postType === "product"
          ? {
              productName: form.productName,
              productPrice: form.productPrice,
              ...(form.productPrice.trim() ? { productCurrency: form.productCurrency } : {}),
              productUrl: form.productUrl,
            }
          : {};
  return Object.fromEntries(
    Object.entries(fields)
      .map(([key, value]) => [key, trimmed(value)] as const)
      .filter(([, value]) => value !== ""),
  );
};

/** The text Google shows, as the publisher writes it: an offer's description and an event's place are added, a product's name and price open it. */
export const googleText = (form: BusinessPostForm): string => {
  const text = form.content.trim();
  const join = (...parts: ReadonlyArray<string>) => parts.filter((p) => p !== "").join("\n\n");
  if (form.postType === "offer") return join(text, form.offerDescription.trim());
  if (form.postType === "event") return join(text, form.eventLocation.trim() ? `Where: ${form.eventLocation.trim()}` : "");
  if (form.postType === "product" && form.productName.trim()) {
    const price = priceOf(form.productPrice);
    const shown = price === null ? form.productPrice.trim() : formatPrice(price, form.productCurrency);
    return join([form.productName.trim(), shown].filter((p) => p !== "").join(" — "), text);
  }
  return text;
};

/** Characters as people and Google's counter count them: an emoji is one. */
export const characterCount = (text: string): number => {
  if (typeof Intl.Segmenter !== "function") return [...text].length;
  let n = 0;
  for (const _ of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)) n++;
  return n;
};

/** Today's date and the time (HH:MM) in a time zone: the form's "now". */
export const zonedNow = (now: Date, timeZone: string): { readonly date: string; readonly time: string } => ({
  date: localDate(now, timeZone),
  time: formatter("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(now),
});

/** The form's own sentences; a type's fields are refused with the API's (`businessPostProblems`). */
export const BUSINESS_POST_MESSAGES = {
  location: "Choose a location.",
  content: "Content is required",
  tooLong: (count: number) => `Your post is ${count} characters; Google Business Profile allows ${BUSINESS_POST_MAX}.`,
  validUntilBeforePost: "The offer would end before the post goes out. Choose a later day.",
  eventBeforePost: "The event would be over before the post goes out.",
  scheduledAt: "Choose a date and a time.",
  scheduledInPast: "The scheduled time is in the past. Choose a later time.",
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/**
 * The form's problems by field (empty when it can be sent): a location; text, at most 1,500
 * characters as Google gets it; the type's fields as the API checks them (an offer's title and
 * end date from today, an event's title and day, a product's name, a page address); Schedule needs
 * a date and time still to come, and the offer must still run and the event not be over on that
 * day. `now` is the user's date and time.
 */
export const businessPostErrors = (form: BusinessPostForm, now: { readonly date: string; readonly time: string }): Record<string, string> => {
  const m = BUSINESS_POST_MESSAGES;
  const errors: Record<string, string> = { ...businessPostProblems(form.postType, businessDataOf(form), now.date) };
  if (!form.locationId) errors.locationId = m.location;
  if (form.content.trim() === "") errors.content = m.content;
  else {
    const count = characterCount(googleText(form));
    if (count > BUSINESS_POST_MAX) errors.content = m.tooLong(count);
  }
  if (form.when === "schedule") {
    if (!DAY.test(form.scheduleDate) || !TIME.test(form.scheduleTime)) errors.scheduledAt = m.scheduledAt;
    else if (`${form.scheduleDate}T${form.scheduleTime}` <= `${now.date}T${now.time}`) errors.scheduledAt = m.scheduledInPast;
    else if (form.postType === "offer" && !errors.validUntil && form.validUntil < form.scheduleDate) errors.validUntil = m.validUntilBeforePost;
    else if (form.postType === "event" && !errors.eventDate && form.eventDate < form.scheduleDate) errors.eventDate = m.eventBeforePost;
  }
  return errors;
};

/** POST /api/posts's body: one Google Business Profile account, one location; Post now is "published", Schedule the local date and time in `timeZone`. */
export const businessPostPayload = (form: BusinessPostForm, location: PostLocation, timeZone: string) => ({
  content: form.content.trim(),
  platforms: ["google_business"],
  accountIds: [location.accountId],
  postType: form.postType,
  businessData: businessDataOf(form),
  locationIds: [location.externalId],
  status: form.when === "now" ? ("published" as const) : ("scheduled" as const),
  scheduledAt: form.when === "schedule" ? `${form.scheduleDate}T${form.scheduleTime}` : null,
  timeZone,
});

/** The "Post Created" toast: what happens next, in a sentence. */
export const createdToast = (
  saved: { readonly status?: string; readonly scheduledAt?: string | null } | null,
  location: PostLocation,
  timeZone: string,
): { readonly title: string; readonly description: string } => {
  if (saved?.status === "awaiting_approval") {
    return { title: "Submitted for Approval", description: "An owner or admin must approve it before it goes out. You will get an e-mail when they decide." };
  }
  if (saved?.status === "scheduled" && saved.scheduledAt) {
    const when = formatter("en-US", { timeZone, weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }).format(
      new Date(saved.scheduledAt),
    );
    return { title: "Post Created", description: `It goes out to ${location.name} on ${when}.` };
  }
  return { title: "Post Created", description: `It is going out to ${location.name} now; Google shows it within a few minutes.` };
};

// ------------------------------------------------------------------------------ Performance tab

/** One day's figures, as the Performance API client reads them. */
export type { PerformanceDay };

export type PerformanceMetric = Exclude<keyof PerformanceDay, "day">;

/** A location's figures as GET /api/business-locations/{id}/performance declares them. */
export type Performance = ResponseOf<"GET", "/api/business-locations/:id/performance">;

/** The five figures, in the order of the cards and the chart's legend, with a colour each. */
export const PERFORMANCE_METRICS: ReadonlyArray<{
  readonly id: PerformanceMetric;
  readonly label: string;
  readonly one: string;
  readonly unit: string;
  readonly color: string;
}> = [
  { id: "views", label: "Views", one: "view", unit: "views", color: "#2563eb" },
  { id: "searches", label: "Searches", one: "search", unit: "searches", color: "#7c3aed" },
  { id: "calls", label: "Calls", one: "call", unit: "calls", color: "#059669" },
  { id: "directions", label: "Direction requests", one: "direction request", unit: "direction requests", color: "#d97706" },
  { id: "websiteClicks", label: "Website clicks", one: "website click", unit: "website clicks", color: "#db2777" },
];

const count = (n: number) => n.toLocaleString("en-US");

/** "1 call", "12 calls". */
export const figure = (n: number, metric: PerformanceMetric): string => {
  const m = PERFORMANCE_METRICS.find((x) => x.id === metric)!;
  return `${count(n)} ${n === 1 ? m.one : m.unit}`;
};

export const PERFORMANCE_PERIODS = [
  { days: 7, label: "Last 7 days" },
  { days: 30, label: "Last 30 days" },
  { days: 90, label: "Last 90 days" },
] as const;

/** "Nov 3" of a YYYY-MM-DD day. */
export const shortDay = (day: string): string =>
  formatter("en-US", { timeZone: "UTC", month: "short", day: "numeric" }).format(new Date(`${day.slice(0, 10)}T00:00:00Z`));

/**
 * The chart's text for screen readers and for everyone: the period, the totals and the busiest
 * day by views. `shown` limits it to the lines on the chart.
 */
export const performanceSummary = (
  performance: Pick<Performance, "days" | "totals">,
  shown: ReadonlyArray<PerformanceMetric> = PERFORMANCE_METRICS.map((m) => m.id),
): string => {
  const { days, totals } = performance;
  if (days.length === 0) return "Google sent no figures for this period.";
  const metrics = PERFORMANCE_METRICS.filter((m) => shown.includes(m.id));
  const parts = metrics.map((m) => figure(totals[m.id], m.id));
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}` : (parts[0] ?? "no figure shown");
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const lead = metrics[0];
  const busiest = lead ? days.reduce((best, d) => (d[lead.id] > best[lead.id] ? d : best), first) : null;
  const peak = busiest && lead && busiest[lead.id] > 0 ? ` Busiest day: ${shortDay(busiest.day)}, with ${figure(busiest[lead.id], lead.id)}.` : "";
  return `${shortDay(first.day)} to ${shortDay(last.day)}: ${list}.${peak}`;
};

/** A rounded top for the chart's scale (1, 2, 5 × 10ⁿ), so its middle line is a round number too. */
export const niceMax = (value: number): number => {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((s) => s * power >= value)!;
  return step * power;
};

/** An SVG polyline's points for one figure over the days, in a `width` × `height` box scaled to `max`. */
export const linePoints = (days: ReadonlyArray<PerformanceDay>, metric: PerformanceMetric, max: number, width: number, height: number): string => {
  const step = days.length > 1 ? width / (days.length - 1) : 0;
  return days
    .map((d, i) => {
      const x = days.length > 1 ? i * step : width / 2;
      const y = height - (Math.max(0, d[metric]) / Math.max(1, max)) * height;
      return `${Number(x.toFixed(2))},${Number(y.toFixed(2))}`;
    })
    .join(" ");
};
