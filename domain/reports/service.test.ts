import { describe, expect, it } from "vitest";
import { changeLabel, average, median, messageFigures, previousPeriod, reviewFigures, waitLabel } from "./service";

const HOUR = 3_600_000;

describe("a report's review and message figures", () => {
  it("the median is the middle value, or the mean of the two middle ones, of values in any order; none has none", () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([10, 2, 4, 100])).toBe(7);
    expect(average([])).toBeNull();
    expect(average([5, 4, 4])).toBeCloseTo(4.333, 3);
  });

  it("given reviews and the previous period's ratings, the average has one decimal and its change is the difference of the averages shown", () => {
    const figures = reviewFigures(
      [
        { rating: 5, respondedAfterMs: 2 * HOUR },
        { rating: 4, respondedAfterMs: null },
        { rating: 4, respondedAfterMs: 9 * HOUR },
      ],
      [4, 4, 3, 5, 3, 4, 4],
    );
    // 4.333 shows 4.3, 3.857 shows 3.9: the change reads +0.4, as the two figures do.
    expect(figures).toEqual({ received: 3, averageRating: 4.3, previousAverage: 3.9, change: 0.4, responded: 2, medianResponseMs: 5.5 * HOUR });
    expect(reviewFigures([], [5])).toEqual({ received: 0, averageRating: null, previousAverage: 5, change: null, responded: 0, medianResponseMs: null });
    expect(reviewFigures([{ rating: 2, respondedAfterMs: null }], []).change).toBeNull();
    expect(changeLabel(0.4)).toBe("up 0.4");
    expect(changeLabel(-1.2)).toBe("down 1.2");
    expect(changeLabel(0)).toBe("unchanged");
  });

  it("given messages, those replied count with the median time to the first reply", () => {
    expect(messageFigures([{ repliedAfterMs: 30 * 60_000 }, { repliedAfterMs: null }, { repliedAfterMs: 90 * 60_000 }, { repliedAfterMs: 10 * 60_000 }])).toEqual({
      received: 4,
      replied: 3,
      medianFirstResponseMs: 30 * 60_000,
    });
    expect(messageFigures([])).toEqual({ received: 0, replied: 0, medianFirstResponseMs: null });
  });

  it("a wait reads in minutes, hours or days", () => {
    expect(waitLabel(20_000)).toBe("under a minute");
    expect(waitLabel(45 * 60_000)).toBe("45 min");
    expect(waitLabel(5.5 * HOUR)).toBe("5 h 30 min");
    expect(waitLabel(3 * HOUR)).toBe("3 h");
    expect(waitLabel(52 * HOUR)).toBe("2 days 4 h");
    expect(waitLabel(72 * HOUR)).toBe("3 days");
  });

  it("a whole month is compared with the month before; other periods with as many days just before", () => {
    expect(previousPeriod({ from: "2026-10-01", to: "2026-10-31" })).toEqual({ from: "2026-09-01", to: "2026-09-30" });
    expect(previousPeriod({ from: "2026-03-01", to: "2026-03-31" })).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(previousPeriod({ from: "2026-11-16", to: "2026-11-22" })).toEqual({ from: "2026-11-09", to: "2026-11-15" });
  });
});
