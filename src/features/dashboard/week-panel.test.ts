import { describe, expect, it } from "vitest";
import { panelTime } from "./week-panel";

describe("the dashboard's week panel", () => {
  it("given a post's time, when shown in a day of the panel, then on the hour it reads '12 PM', otherwise with its minutes", () => {
    expect(panelTime(new Date("2026-11-23T17:00:00Z"), "America/New_York")).toBe("12 PM");
    expect(panelTime(new Date("2026-11-23T15:30:00Z"), "America/New_York")).toBe("10:30 AM");
    expect(panelTime(new Date("2026-11-23T04:00:00Z"), "Asia/Kolkata")).toBe("9:30 AM");
  });
});
