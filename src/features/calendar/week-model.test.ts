import { describe, expect, it } from "vitest";
import { whenOf } from "./calendar-model";
import { clockOf, dropMinutes, hourLabel, instantOfInputs, instantOfSlot, LINES_PER_HOUR, minuteOfDay, openingMinute, snapToSlot, stackHours } from "./week-model";

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

  it("given posts of one day, when stacked, then each hour holds its posts one under another inside its row, past three the first two and +N more", () => {
    const stacks = stackHours([
      { id: "c", start: 10 * 60 + 15 },
      { id: "a", start: 9 * 60 + 37 },
      { id: "b", start: 10 * 60 },
      { id: "d", start: 12 * 60 + 55 },
    ]);
    expect(stacks).toEqual([
      // Alone in its hour at 9:37: drawn at its minute (its line ends at 9:57).
      { hour: 9, start: 577, shown: ["a"], more: 0 },
      { hour: 10, start: 600, shown: ["b", "c"], more: 0 },
      // At 12:55 its line would run into 1 PM: raised to 12:40.
      { hour: 12, start: 760, shown: ["d"], more: 0 },
    ]);
    // Five posts in one hour (an agency's 2 PM): two chips and "+3 more" fill the row, from its top.
    const busy = stackHours(Array.from({ length: 5 }, (_, i) => ({ id: `p${i}`, start: 14 * 60 + 10 * i + 5 })));
    expect(busy).toEqual([{ hour: 14, start: 840, shown: ["p0", "p1"], more: 3 }]);
    // Three fit; same-minute posts keep a stable order.
    expect(stackHours(["z", "x", "y"].map((id) => ({ id, start: 540 })))).toEqual([{ hour: 9, start: 540, shown: ["x", "y", "z"], more: 0 }]);
    expect(LINES_PER_HOUR).toBe(3);
  });
});
