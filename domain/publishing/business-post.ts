/*
 * Business Profile posts (spec engagement §3 "Business post types", core §3 businessData): the
 * fields each type asks for, and the sentences refusing what Google would refuse. The form and the
 * API check with the same rules.
 */
import { CLOCK_TIME, notATime } from "../shared/clock-time";
import type { PostType } from "./events";

export interface BusinessField {
  readonly key: string;
  readonly label: string;
  readonly kind: "text" | "date" | "datetime" | "url" | "price";
  readonly required?: boolean;
  /** The sentence when a required field is empty (else "Enter the {label}."). */
  readonly missing?: string;
}

export const BUSINESS_POST_TYPES: ReadonlyArray<{
  readonly id: PostType;
  readonly label: string;
  readonly onGoogle: string;
  readonly fields: ReadonlyArray<BusinessField>;
}> = [
  { id: "standard", label: "Update", onGoogle: "Posted as an update.", fields: [] },
  {
    id: "offer",
    label: "Offer",
    onGoogle: "Posted as a Google offer from today until its end date; the description is added to the text.",
    fields: [
      { key: "offerTitle", label: "Offer title", kind: "text", required: true },
      { key: "couponCode", label: "Coupon code", kind: "text" },
      { key: "offerDescription", label: "Description", kind: "text" },
      { key: "validUntil", label: "Valid until", kind: "date", required: true, missing: "Enter the offer's last day." },
    ],
  },
  {
    id: "event",
    label: "Event",
    onGoogle: "Posted as a Google event on its day; Google has no place field, so the place is added to the text.",
    fields: [
      { key: "eventTitle", label: "Event title", kind: "text", required: true },
      { key: "eventDate", label: "Date and time", kind: "datetime", required: true },
      { key: "eventLocation", label: "Where", kind: "text" },
    ],
  },
  {
    id: "product",
    label: "Product",
    onGoogle: "Posted as an update that opens with the product's name and price, with a Shop button to its page.",
    fields: [
      { key: "productName", label: "Product name", kind: "text", required: true },
      { key: "productPrice", label: "Price", kind: "price" },
      { key: "productUrl", label: "Product page", kind: "url" },
    ],
  },
  { id: "announcement", label: "Announcement", onGoogle: "Posted as an update (Google keeps its alert type for COVID-19 notices).", fields: [] },
];

const DAY = /^\d{4}-\d{2}-\d{2}/;

/** The HH:MM after a day's "T" ("2026-05-01T25:99" → "25:99"), or null without one. */
const timeOf = (value: string): string | null => /^\d{4}-\d{2}-\d{2}T(\d{1,2}:\d{1,2})/.exec(value)?.[1] ?? null;

export const PRICE_MESSAGE = "Price must be a number, like 19.99.";

/** A price as typed ("19.99", "19", " 1200.5 ") as a number of the currency, or null when it is not one (no sign, at most 2 decimals). */
export const priceOf = (value: string | number): number | null => {
  const text = String(value).trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  return Number(text);
};

/** The currencies a product's price may be in (ISO 4217), the first by default. */
export const PRICE_CURRENCIES = ["USD", "EUR", "GBP", "CAD", "AUD"] as const;
export const DEFAULT_CURRENCY = PRICE_CURRENCIES[0];

/** "$19.99", "€19.99": a price with its currency, as people read it. */
export const formatPrice = (price: number, currency: string = DEFAULT_CURRENCY): string => {
  const code = (PRICE_CURRENCIES as ReadonlyArray<string>).includes(currency) ? currency : DEFAULT_CURRENCY;
  return new Intl.NumberFormat("en-US", { style: "currency", currency: code }).format(price);
};

/**
 * A business post's details as people read them, in its type's order: an offer's title, code, terms
 * and last day, an event's title, time and place, a product's name, price (with its currency) and
 * page. Stored values only; a price stored as text before prices were numbers shows as it was typed.
 */
export const businessDetails = (postType: string, data: Readonly<Record<string, unknown>>): ReadonlyArray<{ readonly label: string; readonly value: string }> => {
  const type = BUSINESS_POST_TYPES.find((t) => t.id === postType);
  if (!type || type.fields.length === 0) return [];
  const currency = typeof data.productCurrency === "string" ? data.productCurrency : DEFAULT_CURRENCY;
  return type.fields.flatMap((field) => {
    const raw = data[field.key];
    if (field.kind === "price" && typeof raw === "number") return [{ label: field.label, value: formatPrice(raw, currency) }];
    if (typeof raw !== "string" || raw.trim() === "") return [];
    const value = field.kind === "datetime" ? raw.replace("T", " at ") : raw.trim();
    return [{ label: field.label, value }];
  });
};

/** A business post type's name ("Offer"), or null for an update. */
export const businessTypeLabel = (postType: string): string | null =>
  postType === "standard" ? null : (BUSINESS_POST_TYPES.find((t) => t.id === postType)?.label ?? null);

/** What is wrong with a business post's fields, by field (empty when nothing). `today` is YYYY-MM-DD. */
export const businessPostProblems = (postType: string, data: Readonly<Record<string, string | number>>, today: string): Record<string, string> => {
  const type = BUSINESS_POST_TYPES.find((t) => t.id === postType);
  const problems: Record<string, string> = {};
  for (const field of type?.fields ?? []) {
    const value = String(data[field.key] ?? "").trim();
    if (field.required && value === "") problems[field.key] = field.missing ?? `Enter the ${field.label.toLowerCase()}.`;
    else if (value && (field.kind === "date" || field.kind === "datetime") && !DAY.test(value))
      problems[field.key] = `Enter the ${field.label.toLowerCase()} as a date.`;
    else if (value && field.kind === "datetime" && timeOf(value) !== null && !CLOCK_TIME.test(timeOf(value)!))
      problems[field.key] = notATime(timeOf(value)!);
    else if (value && field.kind === "url" && !/^https?:\/\/\S+$/.test(value)) problems[field.key] = "Enter an address starting with https://.";
    else if (value && field.kind === "price" && priceOf(value) === null) problems[field.key] = PRICE_MESSAGE;
  }
  if (postType === "product" && data.productCurrency !== undefined && !(PRICE_CURRENCIES as ReadonlyArray<string>).includes(String(data.productCurrency)))
    problems.productCurrency = `Choose a currency: ${PRICE_CURRENCIES.join(", ")}.`;
  if (postType === "offer" && !problems.validUntil && String(data.validUntil ?? "").slice(0, 10) < today)
    problems.validUntil = "The offer must be valid until today or later.";
  if (postType === "event" && !problems.eventDate && String(data.eventDate ?? "").slice(0, 10) < today) problems.eventDate = "The event must be today or later.";
  return problems;
};
