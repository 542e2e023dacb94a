import { Effect } from "effect";
import { ReviewSiteFailed } from "../../domain/reviews";
import { googlePerformance } from "../platforms/google/reviews";
import type { PerformanceDay } from "../platforms/provider";
import { PlatformError } from "../platforms/types";
import { accessOf } from "./respond";
import { Reviews } from "./Reviews";
import { sandboxPerformance } from "./sandbox";

const METRICS = ["views", "searches", "calls", "directions", "websiteClicks"] as const;
const DAY_MS = 86_400_000;

/**
 * A location's daily figures for the last `days` days (Google's figures lag by a few days, so the
 * period ends yesterday), with their totals. Google not answering is a 502 with its reason.
 */
export const locationPerformance = Effect.fn("Reviews.performance")(function* (workspaceId: string, locationId: string, days: number, now: Date) {
  const reviews = yield* Reviews;
  const location = yield* reviews.location(workspaceId, locationId);
  const { account, credentials } = yield* accessOf(workspaceId, location.accountId);
  const to = new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
  const from = new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);
  const series =
    account.kind === "sandbox"
      ? sandboxPerformance(location.externalId, from, to)
      : yield* Effect.tryPromise({
          try: () => googlePerformance(credentials, location.externalId, from, to),
          catch: (error) =>
            new ReviewSiteFailed({
              message: `Google did not send the performance figures. ${error instanceof PlatformError ? error.message : "It could not be reached."}`,
            }),
        });
  const totals = Object.fromEntries(METRICS.map((m) => [m, series.reduce((sum, day: PerformanceDay) => sum + day[m], 0)])) as Record<
    (typeof METRICS)[number],
    number
  >;
  return { locationId, from, to, days: series, totals };
});
