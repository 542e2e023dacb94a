import { describe, expect, it } from "vitest";
import { parseTime, timeUnreadable } from "./schedule-model";

describe("a typed time", () => {
  it.each([
    ["9:37", "09:37"],
    ["09:37", "09:37"],
    ["21:37", "21:37"],
    ["23:15", "23:15"],
    ["0:05", "00:05"],
    [" 9.37 ", "09:37"],
    ["937", "09:37"],
    ["2137", "21:37"],
    ["9", "09:00"],
    ["9h37", "09:37"],
  ])("given %j, then %j", (text, time) => {
    expect(parseTime(text)).toBe(time);
  });

  it.each([
    ["9:37 pm", "21:37"],
    ["9:37PM", "21:37"],
    ["9 a.m.", "09:00"],
    ["12am", "00:00"],
    ["12:30 pm", "12:30"],
    ["11:59 p", "23:59"],
  ])("given %j on a 12-hour clock, then %j", (text, time) => {
    expect(parseTime(text)).toBe(time);
  });

  it.each(["", "24:00", "9:60", "9:3", "13 pm", "0 am", "noon", "12345", "-1:00", "9:37:10"])("given %j, then no time", (text) => {
    expect(parseTime(text)).toBeNull();
  });
});

describe("a time that is none", () => {
  it.each(["25:99", "24:00", "7:60", "noon"])("given %j, then the field cannot read it and says it is not a time", (text) => {
    expect(parseTime(text)).toBeNull();
    expect(timeUnreadable(text)).toBe(`${text} is not a time. Use HH:MM, from 00:00 to 23:59.`);
  });
});
