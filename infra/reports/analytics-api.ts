import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api";
import { ANALYTICS_PERIODS } from "../../domain/publishing/analytics-periods";
import { PLATFORM_IDS } from "../../domain/accounts/platforms";
import { Guard, InvalidRequest, Requires } from "../web/api/guard";
import { InvalidInputProblem } from "../web/api/problems";
import { zodQuery } from "../web/api/zod-payload";
import { analyticsExportQuery, analyticsQuery, READ_ANALYTICS } from "./analytics-schemas";

const count = Schema.Number;

/** What the Analytics screen shows for a period: `analyticsReport` of ./analytics-report. */
const AnalyticsReportSchema = Schema.Struct({
  period: Schema.Union(
    ANALYTICS_PERIODS.map((p) =>
      Schema.Struct({ id: Schema.Literal(p.id), label: Schema.Literal(p.label), days: Schema.Literal(p.days), bucket: Schema.Literal(p.bucket) }),
    ),
  ),
  totals: Schema.Struct({
    posts: count,
    engagements: count,
    impressions: count.annotate({ description: "Estimated: 50 × engagements." }),
    clicks: count.annotate({ description: "Estimated." }),
    reach: count.annotate({ description: "Estimated: 30 × engagements." }),
    engagementRate: Schema.String.annotate({ description: 'Percent with 1 decimal, e.g. "2.0%".' }),
  }),
  buckets: Schema.Array(Schema.Struct({ start: Schema.String, label: Schema.String, posts: count, engagements: count })),
  platforms: Schema.Array(Schema.Struct({ platform: Schema.String, posts: count, engagements: count })),
  topPosts: Schema.Array(
    Schema.Struct({ id: Schema.String, content: Schema.String, platforms: Schema.Array(Schema.Literals(PLATFORM_IDS)), publishedAt: Schema.String, engagements: count }),
  ),
}).annotate({ identifier: "AnalyticsReport" });

/**
 * The Analytics screen's figures and their download (README "Analytics export"), declared once;
 * both ask what the screen asks, `view_analytics`. The export answers a file (CSV or PDF) with its
 * name in `content-disposition`. Served by ./analytics-api-handlers.ts.
 */
export class AnalyticsApi extends HttpApiGroup.make("analytics")
  .add(
    HttpApiEndpoint.get("report", "/api/analytics", {
      query: zodQuery(analyticsQuery),
      success: AnalyticsReportSchema,
      error: InvalidInputProblem,
    })
      .annotate(Requires, READ_ANALYTICS)
      .annotate(
        OpenApi.Description,
        "The Analytics screen's figures for `period` (7d, 30d, 90d or 365d; 30d if left out): the chart's buckets, the totals with the spec's estimates, the platforms and the top posts.",
      ),
    HttpApiEndpoint.get("export", "/api/analytics/export", {
      query: zodQuery(analyticsExportQuery),
      success: [
        Schema.String.pipe(HttpApiSchema.asText({ contentType: "text/csv" })),
        Schema.Uint8Array.pipe(HttpApiSchema.asUint8Array({ contentType: "application/pdf" })),
      ],
      error: InvalidInputProblem,
    })
      .annotate(Requires, READ_ANALYTICS)
      .annotate(
        OpenApi.Description,
        "The figures of `period` as a download (`format` csv or pdf): one row per platform and local day in the person's time zone, and in the PDF the totals and the chart too.",
      ),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Analytics") {}
