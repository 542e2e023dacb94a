import { z } from "zod";
import { ANALYTICS_PERIODS, DEFAULT_PERIOD } from "../../domain/publishing/analytics-periods";

/** Who reads the Analytics screen's figures, over the API and as an export: the role's permission (every plan has the dashboard). */
export const READ_ANALYTICS = { permission: "view_analytics" } as const;

type PeriodId = (typeof ANALYTICS_PERIODS)[number]["id"];
const PERIOD_IDS = ANALYTICS_PERIODS.map((p) => p.id) as [PeriodId, ...PeriodId[]];

export const PERIOD_MESSAGE = `Choose a period: ${PERIOD_IDS.slice(0, -1).join(", ")} or ${PERIOD_IDS.at(-1)}.`;
export const FORMAT_MESSAGE = "Choose a format: csv or pdf.";

const period = z.enum(PERIOD_IDS, { error: PERIOD_MESSAGE }).default(DEFAULT_PERIOD);

/** GET /api/analytics?period=7d|30d|90d|365d (30d when not given). */
export const analyticsQuery = z.object({ period });

/** GET /api/analytics/export?format=csv|pdf&period=7d|30d|90d|365d (30d when not given). */
export const analyticsExportQuery = z.object({
  format: z.enum(["csv", "pdf"], { error: FORMAT_MESSAGE }),
  period,
});
