import { describe, expect, it } from "vitest";
import { whenOf } from "./calendar-model";
import { clockOf, dropMinutes, hourLabel, instantOfInputs, instantOfSlot, layoutBlocks, MAX_INDENT, minuteOfDay, openingMinute, snapToSlot } from "./week-model";

describe("week view", () => {
  it("given a post's instant, when placed, then its block starts at its minute on the zone's wall clock", () => {
    // 09:37 in Kolkata (UTC+5:30) is 04:07 UTC.
    expect(minuteOfDay("2026-11-25T04:07:00.000Z", "Asia/Kolkata")).toBe(9 * 60 + 37);
    expect(minuteOfDay("2026-11-25T04:07:00.000Z", "UTC")).toBe(4 * 60 + 7);
    expect(clockOf("2026-11-25T04:07:00.000Z", "Asia/Kolkata")).toBe("09:37");
    expect(hourLabel(0)).toBe("12 AM");
    expect(hourLabel(9)).toBe("9 AM");
    expect(hourLabel(12)).toBe("12 PM");
    expect(hourLabel(23)).toBe("11 PM");
  });

  it("given a drop, when read, then the block's top is rounded to the nearest quarter hour inside the day", () => {
    // A 1,440 px column: a minute per pixel. Grabbed 10 px below the block's top.
    const column = { columnTop: 100, columnHeight: 1440, grabOffset: 10 };
    expect(dropMinutes({ ...column, pointerY: 100 + 10 + 14 * 60 + 15 })).toBe(14 * 60 + 15);
    expect(dropMinutes({ ...column, pointerY: 100 + 10 + 14 * 60 + 22 })).toBe(14 * 60 + 15);
    expect(dropMinutes({ ...column, pointerY: 100 + 10 + 14 * 60 + 23 })).toBe(14 * 60 + 30);
    // Half the height: the pixels are scaled to the day.
    expect(dropMinutes({ columnTop: 0, columnHeight: 720, grabOffset: 0, pointerY: 7 * 30 + 7.5 })).toBe(7 * 60 + 15);
    expect(dropMinutes({ ...column, pointerY: 0 })).toBe(0);
    expect(dropMinutes({ ...column, pointerY: 5000 })).toBe(23 * 60 + 45);
    expect(snapToSlot(37)).toBe(30);
    expect(snapToSlot(38)).toBe(45);
  });

  it("given a day and a minute, when read in a zone, then it is that wall-clock time there, across DST", () => {
    expect(instantOfSlot("2026-11-26", 14 * 60 + 15, "Asia/Kolkata")).toBe("2026-11-26T08:45:00.000Z");
    expect(instantOfSlot("2026-11-02", 14 * 60 + 15, "America/New_York")).toBe("2026-11-02T19:15:00.000Z");
    expect(instantOfSlot("2026-10-30", 14 * 60 + 15, "America/New_York")).toBe("2026-10-30T18:15:00.000Z");
    // 02:30 does not exist on 2026-03-08 in New York: it moves forward an hour, as the server reads it.
    expect(instantOfSlot("2026-03-08", 2 * 60 + 30, "America/New_York")).toBe("2026-03-08T07:30:00.000Z");
    expect(instantOfInputs("2026-11-26", "14:15", "Asia/Kolkata")).toBe("2026-11-26T08:45:00.000Z");
    expect(instantOfInputs("2026-11-26", "", "Asia/Kolkata")).toBeNull();
    expect(instantOfInputs("", "14:15", "Asia/Kolkata")).toBeNull();
    expect(instantOfInputs("2026-11-26", "24:00", "Asia/Kolkata")).toBeNull();
    expect(whenOf("2026-11-26T08:45:00.000Z", "Asia/Kolkata")).toBe("Thursday, November 26, 2026 at 2:15 PM");
  });

  it("given the week's posts, when opened, then it scrolls to the working day or half an hour before an earlier post", () => {
    expect(openingMinute([])).toBe(8 * 60);
    expect(openingMinute([9 * 60 + 37, 14 * 60])).toBe(8 * 60);
    expect(openingMinute([6 * 60 + 10, 14 * 60])).toBe(5 * 60 + 40);
    expect(openingMinute([10])).toBe(0);
  });

  it("given posts whose blocks overlap, when laid out, then a later one is drawn over the earlier indented, and posts of one minute share the row", () => {
    const layout = layoutBlocks([
      { id: "c", start: 10 * 60 + 15 },
      { id: "a", start: 9 * 60 + 37 },
      { id: "b", start: 10 * 60 },
      { id: "d", start: 12 * 60 },
    ]);
    expect(layout).toEqual([
      { id: "a", start: 577, indent: 0, lane: 0, lanes: 1 },
      // a runs until 10:22: b is drawn over it, one step in; c over a and b, two steps in.
      { id: "b", start: 600, indent: 1, lane: 0, lanes: 1 },
      { id: "c", start: 615, indent: 2, lane: 0, lanes: 1 },
      // Nothing runs at noon any more: the whole column.
      { id: "d", start: 720, indent: 0, lane: 0, lanes: 1 },
    ]);
    // Three posts at 9:00 side by side; one at 9:20 over them, indented once (a minute counts once).
    expect(
      layoutBlocks([
        { id: "x", start: 540 },
        { id: "y", start: 540 },
        { id: "z", start: 540 },
        { id: "w", start: 560 },
      ]).map((b) => [b.id, b.indent, b.lane, b.lanes]),
    ).toEqual([
      ["x", 0, 0, 3],
      ["y", 0, 1, 3],
      ["z", 0, 2, 3],
      ["w", 1, 0, 1],
    ]);
    // However many run at once, the indent stops at MAX_INDENT.
    expect(layoutBlocks(Array.from({ length: 8 }, (_, i) => ({ id: `p${i}`, start: 600 + i * 5 }))).at(-1)!.indent).toBe(MAX_INDENT);
  });
});
