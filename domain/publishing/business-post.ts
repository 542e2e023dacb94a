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
  readonly kind: "text" | "date" | "datetime" | "url";
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
      { key: "productPrice", label: "Price", kind: "text" },
      { key: "productUrl", label: "Product page", kind: "url" },
    ],
  },
  { id: "announcement", label: "Announcement", onGoogle: "Posted as an update (Google keeps its alert type for COVID-19 notices).", fields: [] },
];

const DAY = /^\d{4}-\d{2}-\d{2}/;

/** The HH:MM after a day's "T" ("2026-05-01T25:99" → "25:99"), or null without one. */
const timeOf = (value: string): string | null => /^\d{4}-\d{2}-\d{2}T(\d{1,2}:\d{1,2})/.exec(value)?.[1] ?? null;

/** What is wrong with a business post's fields, by field (empty when nothing). `today` is YYYY-MM-DD. */
export const businessPostProblems = (postType: string, data: Readonly<Record<string, string>>, today: string): Record<string, string> => {
  const type = BUSINESS_POST_TYPES.find((t) => t.id === postType);
  const problems: Record<string, string> = {};
  for (const field of type?.fields ?? []) {
    const value = data[field.key]?.trim() ?? "";
    if (field.required && value === "") problems[field.key] = field.missing ?? `Enter the ${field.label.toLowerCase()}.`;
    else if (value && (field.kind === "date" || field.kind === "datetime") && !DAY.test(value))
      problems[field.key] = `Enter the ${field.label.toLowerCase()} as a date.`;
    else if (value && field.kind === "datetime" && timeOf(value) !== null && !CLOCK_TIME.test(timeOf(value)!))
      problems[field.key] = notATime(timeOf(value)!);
    else if (value && field.kind === "url" && !/^https?:\/\/\S+$/.test(value)) problems[field.key] = "Enter an address starting with https://.";
  }
  if (postType === "offer" && !problems.validUntil && (data.validUntil ?? "").slice(0, 10) < today)
    problems.validUntil = "The offer must be valid until today or later.";
  if (postType === "event" && !problems.eventDate && (data.eventDate ?? "").slice(0, 10) < today) problems.eventDate = "The event must be today or later.";
  return problems;
};
