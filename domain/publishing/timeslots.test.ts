import { describe, expect, it } from "vitest";
import { DEFAULT_TIMESLOTS, nextTimeslot, timeslotsOf } from "./timeslots";

const NY = "America/New_York";
/** 2026-03-02 is a Monday; New York is UTC-5 until 8 March. */
const at = (iso: string) => new Date(iso);

describe("Add to Timeslot", () => {
  it("offers the platforms' best times, or the default slots when a platform has none", () => {
    expect(timeslotsOf(["facebook", "instagram"])).toEqual(["09:00", "11:00", "13:00", "15:00"]);
    expect(timeslotsOf(["bluesky"])).toEqual(DEFAULT_TIMESLOTS);
  });

  it("priority: the earliest free slot from now, filling gaps", () => {
    const now = at("2026-03-02T14:30:00Z"); // 09:30 in New York: 09:00 has gone
    const taken = [at("2026-03-02T18:00:00Z"), at("2026-03-03T14:00:00Z")]; // 13:00 today, 09:00 tomorrow
    expect(nextTimeslot({ platforms: ["facebook"], timeZone: NY, now, taken: [], order: "priority" })).toEqual(at("2026-03-02T18:00:00Z"));
    expect(nextTimeslot({ platforms: ["facebook"], timeZone: NY, now, taken, order: "priority" })).toEqual(at("2026-03-02T20:00:00Z"));
  });

  it("a post queued within half an hour of a slot takes it", () => {
    const now = at("2026-03-02T11:00:00Z");
    const taken = [at("2026-03-02T14:20:00Z")]; // 09:20
    expect(nextTimeslot({ platforms: ["facebook"], timeZone: NY, now, taken, order: "priority" })).toEqual(at("2026-03-02T18:00:00Z"));
  });

  it("fifo: after the last queued post, even when earlier slots are free", () => {
    const now = at("2026-03-02T11:00:00Z");
    const taken = [at("2026-03-04T18:00:00Z")]; // Wednesday 13:00
    expect(nextTimeslot({ platforms: ["facebook"], timeZone: NY, now, taken, order: "fifo" })).toEqual(at("2026-03-04T20:00:00Z"));
    expect(nextTimeslot({ platforms: ["facebook"], timeZone: NY, now, taken: [], order: "fifo" })).toEqual(at("2026-03-02T14:00:00Z"));
  });

  it("optimal: on the earliest day with room, the slot most platforms rank best", () => {
    const now = at("2026-03-02T11:00:00Z");
    // facebook 09/13/15, instagram 11/13/19: 13:00 suits both.
    expect(nextTimeslot({ platforms: ["facebook", "instagram"], timeZone: NY, now, taken: [], order: "optimal" })).toEqual(at("2026-03-02T18:00:00Z"));
    // 13:00 taken: the earliest of the others that day.
    expect(nextTimeslot({ platforms: ["facebook", "instagram"], timeZone: NY, now, taken: [at("2026-03-02T18:00:00Z")], order: "optimal" })).toEqual(at("2026-03-02T14:00:00Z"));
  });

  it("keeps the wall-clock time across the DST change and gives up after the horizon", () => {
    const now = at("2026-03-07T23:00:00Z"); // Saturday 18:00 in New York; clocks go forward on Sunday
    expect(nextTimeslot({ platforms: ["facebook"], timeZone: NY, now, taken: [], order: "priority" })).toEqual(at("2026-03-08T13:00:00Z")); // 09:00 EDT
    const full = Array.from({ length: 40 * 3 }, (_, i) => {
      const day = new Date(Date.UTC(2026, 2, 2 + Math.floor(i / 3)));
      return new Date(day.getTime() + [9, 13, 15][i % 3]! * 3_600_000);
    });
    expect(nextTimeslot({ platforms: ["facebook"], timeZone: "UTC", now: at("2026-03-02T00:00:00Z"), taken: full, order: "priority" })).toBeNull();
  });
});
