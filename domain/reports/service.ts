/*
 * The work a report shows beside the posts (issue 33): the client's reviews and the messages its
 * inbox received in the period, and how fast they were answered.
 */
import { addDays, daysIn, type ReportPeriod } from "./rules";

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export const median = (values: ReadonlyArray<number>): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The mean; null for none. */
export const average = (values: ReadonlyArray<number>): number | null => (values.length === 0 ? null : values.reduce((n, v) => n + v, 0) / values.length);

/** A rating as the report shows it: one decimal. */
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * The period an average rating is compared with: the calendar month before a whole month, else the
 * same number of days just before (last week for a week).
 */
export const previousPeriod = (period: ReportPeriod): ReportPeriod => {
  const wholeMonth = period.from.endsWith("-01") && period.from.slice(0, 7) === period.to.slice(0, 7) && addDays(period.to, 1).endsWith("-01");
  if (wholeMonth) {
    const to = addDays(period.from, -1);
    return { from: `${to.slice(0, 8)}01`, to };
  }
  return { from: addDays(period.from, -daysIn(period)), to: addDays(period.from, -1) };
};

/** A review of the period: its stars, and how long after it was written it was answered (null: not yet). */
export interface ReviewFact {
  readonly rating: number;
  readonly respondedAfterMs: number | null;
}

/** A message of the period: how long after it was sent the first reply went out (null: not replied). */
export interface MessageFact {
  readonly repliedAfterMs: number | null;
}

export interface ReviewFigures {
  readonly received: number;
  /** One decimal; null when no review came. */
  readonly averageRating: number | null;
  /** The previous period's average (one decimal), null when it had no review. */
  readonly previousAverage: number | null;
  /** This average minus the previous one, as both are shown (so 4.3 after 3.9 reads +0.4); null when either is missing. */
  readonly change: number | null;
  readonly responded: number;
  readonly medianResponseMs: number | null;
}

export interface MessageFigures {
  readonly received: number;
  readonly replied: number;
  readonly medianFirstResponseMs: number | null;
}

export const reviewFigures = (reviews: ReadonlyArray<ReviewFact>, previousRatings: ReadonlyArray<number>): ReviewFigures => {
  const now = average(reviews.map((r) => r.rating));
  const before = average(previousRatings);
  const averageRating = now === null ? null : oneDecimal(now);
  const previousAverage = before === null ? null : oneDecimal(before);
  const responses = reviews.flatMap((r) => (r.respondedAfterMs === null ? [] : [r.respondedAfterMs]));
  return {
    received: reviews.length,
    averageRating,
    previousAverage,
    change: averageRating === null || previousAverage === null ? null : oneDecimal(averageRating - previousAverage),
    responded: responses.length,
    medianResponseMs: median(responses),
  };
};

export const messageFigures = (messages: ReadonlyArray<MessageFact>): MessageFigures => {
  const replies = messages.flatMap((m) => (m.repliedAfterMs === null ? [] : [m.repliedAfterMs]));
  return { received: messages.length, replied: replies.length, medianFirstResponseMs: median(replies) };
};

/** A wait in words: "under a minute", "45 min", "5 h 30 min", "2 days 4 h". */
export const waitLabel = (ms: number): string => {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return "under a minute";
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  }
  const hours = Math.round(minutes / 60);
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} days` : `${days} days ${hours % 24} h`;
};

/** "4.3" */
export const ratingLabel = (rating: number) => rating.toFixed(1);

/** "up 0.4", "down 0.2", "unchanged": words, which every font (and a PDF's standard ones) draws. */
export const changeLabel = (change: number) => (change === 0 ? "unchanged" : `${change > 0 ? "up" : "down"} ${Math.abs(change).toFixed(1)}`);

export const NO_REVIEWS = "No reviews this period.";
export const NO_MESSAGES = "No messages this period.";
