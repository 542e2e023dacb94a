import { Effect } from "effect";
import { platformById, normalizePlatformId } from "../../domain/accounts/platforms";
import { estimates, type Estimates } from "../../domain/publishing/estimates";
import {
  daysOf,
  type MessageFigures,
  messageFigures,
  previousPeriod,
  type ReportPeriod,
  periodLabel,
  type ReviewFigures,
  reviewFigures,
} from "../../domain/reports";
import { messagesSentIn } from "../inbox/queries";
import { analyticsSums, type TopPost } from "../publishing/analytics";
import { reviewsWrittenIn } from "../reviews/queries";

/** Who a report is of and whose name it carries: the agency's white label, or the product's. */
export interface ReportHeading {
  readonly client: { readonly id: string; readonly name: string; readonly logoUrl: string | null };
  /** The agency's brand (white label), or the product's name and colour. */
  readonly brand: { readonly name: string; readonly logoUrl: string | null; readonly color: string };
  readonly whiteLabel: boolean;
}

/** A client's analytics figures for a period: what its CSV and PDF show. */
export interface ClientReport extends ReportHeading {
  readonly period: ReportPeriod;
  /** "October 2026", "Nov 16 – 22, 2026". */
  readonly label: string;
  readonly timeZone: string;
  readonly generatedAt: string;
  readonly totals: Estimates & { readonly posts: number };
  /** Every day of the period, with the posts published that day and their engagement. */
  readonly days: ReadonlyArray<{ readonly day: string; readonly posts: number; readonly engagements: number }>;
  readonly platforms: ReadonlyArray<{ readonly platform: string; readonly name: string; readonly posts: number; readonly engagements: number }>;
  readonly topPosts: ReadonlyArray<TopPost>;
  /** The client's reviews written in the period, their rating against the period before ("September 2026"), and the responses. */
  readonly reviews: ReviewFigures & { readonly previousLabel: string };
  /** The messages people sent the client's inbox in the period, and the replies. */
  readonly messages: MessageFigures;
}

/** The figures of the client's posts published in the period's days (in `timeZone`): the Analytics screen's sums. */
export const clientReport = Effect.fn("ClientReports.figures")(function* (heading: ReportHeading, period: ReportPeriod, timeZone: string, now: Date) {
  const sums = yield* analyticsSums(heading.client.id, { first: period.from, last: period.to, timeZone, now });
  const local = (p: ReportPeriod) => ({ first: p.from, last: p.to, timeZone });
  const before = previousPeriod(period);
  const [reviews, previous, messages] = yield* Effect.all([
    reviewsWrittenIn(heading.client.id, local(period)),
    reviewsWrittenIn(heading.client.id, local(before)),
    messagesSentIn(heading.client.id, local(period)),
  ]);
  const byDay = new Map(sums.days.map((d) => [d.day, d]));
  const days = daysOf(period).map((day) => ({ day, posts: byDay.get(day)?.posts ?? 0, engagements: byDay.get(day)?.engagements ?? 0 }));
  return {
    ...heading,
    period,
    label: periodLabel(period),
    timeZone,
    generatedAt: now.toISOString(),
    totals: { posts: days.reduce((n, d) => n + d.posts, 0), ...estimates(days.reduce((n, d) => n + d.engagements, 0)) },
    days,
    platforms: sums.platforms.map((row) => ({ ...row, name: platformName(row.platform) })),
    topPosts: sums.top,
    reviews: { ...reviewFigures(reviews, previous.map((r) => r.rating)), previousLabel: periodLabel(before) },
    messages: messageFigures(messages),
  } satisfies ClientReport;
});

/** A row of the Analytics export: one platform on one local day. */
export interface AnalyticsExportRow {
  readonly day: string;
  readonly platform: string;
  /** The platform's name ("Facebook"). */
  readonly name: string;
  readonly posts: number;
  readonly engagements: number;
  readonly impressions: number;
  readonly reach: number;
}

/** The Analytics screen's figures for a period, as its CSV and PDF export show them. */
export interface AnalyticsExport {
  readonly period: { readonly id: string; readonly label: string; readonly from: string; readonly to: string };
  readonly timeZone: string;
  readonly generatedAt: string;
  /** The screen's totals: a post on several platforms counts once. */
  readonly totals: Estimates & { readonly posts: number };
  /** The screen's chart: engagements per day, week or month. */
  readonly chart: { readonly title: string; readonly bars: ReadonlyArray<{ readonly label: string; readonly value: number }> };
  /** Oldest day first, then by platform; days without a post on a platform have no row. */
  readonly rows: ReadonlyArray<AnalyticsExportRow>;
}

/** The platform's display name, or its id when it is not one of ours (an old post's). */
export const platformName = (platform: string) => {
  const id = normalizePlatformId(platform);
  return id ? platformById(id).name : platform;
};
