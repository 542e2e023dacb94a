/**
 * The Analytics screen's figures as pure functions: periods, the spec's estimates and the chart's
 * buckets. The sums themselves come from the database (infra/publishing/analytics.ts).
 */

export { formatCount } from "../dashboard/dashboard-data";

export {
  ANALYTICS_PERIODS,
  type AnalyticsPeriod,
  type Bucket,
  buckets,
  type DayTotal,
  DEFAULT_PERIOD,
  periodDays,
  periodOf,
} from "../../../domain/publishing/analytics-periods";
import type { Bucket } from "../../../domain/publishing/analytics-periods";

export { ESTIMATE_FACTORS, type Estimates, estimates } from "../../../domain/publishing/estimates";

export interface ChartGeometry {
  readonly width: number;
  readonly height: number;
  readonly max: number;
  readonly bars: ReadonlyArray<{ readonly x: number; readonly y: number; readonly width: number; readonly height: number; readonly bucket: Bucket }>;
  readonly ticks: ReadonlyArray<{ readonly y: number; readonly value: number }>;
  readonly labels: ReadonlyArray<{ readonly x: number; readonly text: string }>;
}

/** A bar chart of engagements per bucket, in SVG user units. */
export const chartGeometry = (data: ReadonlyArray<Bucket>, width = 720, height = 240): ChartGeometry => {
  const left = 40;
  const bottom = 24;
  const top = 8;
  const plotH = height - bottom - top;
  const raw = Math.max(1, ...data.map((b) => b.engagements));
  const step =
    raw <= 5
      ? 1
      : 10 ** Math.floor(Math.log10(raw)) / (raw / 10 ** Math.floor(Math.log10(raw)) <= 2 ? 4 : raw / 10 ** Math.floor(Math.log10(raw)) <= 5 ? 2 : 1);
  const max = Math.ceil(raw / step) * step;
  const slot = (width - left) / Math.max(1, data.length);
  const barW = Math.max(1, slot * 0.7);
  const bars = data.map((bucket, i) => {
    const h = (bucket.engagements / max) * plotH;
    return { x: left + i * slot + (slot - barW) / 2, y: top + plotH - h, width: barW, height: h, bucket };
  });
  const tickCount = Math.min(4, max / step);
  const ticks = Array.from({ length: tickCount + 1 }, (_, i) => {
    const value = Math.round((max / tickCount) * i);
    return { value, y: top + plotH - (value / max) * plotH };
  });
  const every = Math.max(1, Math.ceil(data.length / 8));
  const labels = data.flatMap((b, i) => (i % every === 0 ? [{ x: left + i * slot + slot / 2, text: b.label.replace(/^Week of /, "") }] : []));
  return { width, height, max, bars, ticks, labels };
};
