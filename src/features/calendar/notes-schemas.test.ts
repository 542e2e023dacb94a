import { describe, expect, it } from "vitest";
import { fieldErrors } from "../../../infra/web/http-fields";
import { NOTE_TOASTS } from "./calendar-model";
import { createNoteSchema, noteRangeSchema, updateNoteSchema } from "../../../infra/calendar/schemas";

const errorsOf = (schema: typeof createNoteSchema | typeof updateNoteSchema | typeof noteRangeSchema, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe("note payloads", () => {
  it("require content with the spec's message, whatever is wrong with it", () => {
    for (const content of [undefined, "", "   ", " \n\t ", null, 7]) {
      expect(errorsOf(createNoteSchema, { date: "2026-05-14", content })).toEqual({ content: "Please enter some content for your note." });
    }
    expect(errorsOf(createNoteSchema, { date: "2026-05-14", content: "c".repeat(1001) })).toEqual({ content: "A note can be at most 1000 characters." });
    expect(NOTE_TOASTS.contentRequired).toBe("Please enter some content for your note.");
  });

  it("require a real calendar date and take one of the fourteen colours in any letter case", () => {
    for (const date of [undefined, "", "2026-02-30", "14/05/2026", "2026-5-14", 20260514]) {
      expect(errorsOf(createNoteSchema, { date, content: "Hi" }), String(date)).toEqual({ date: "Choose a valid date." });
    }
    expect(errorsOf(createNoteSchema, { date: "2026-05-14", content: "Hi", color: "#000000" })).toEqual({ color: "Choose one of the note colours." });
    expect(errorsOf(createNoteSchema, { date: "2026-05-14", content: "Hi", color: "amber" })).toEqual({ color: "Choose one of the note colours." });
    expect(createNoteSchema.parse({ date: "2026-05-14", content: " Open day ", color: null })).toEqual({ date: "2026-05-14", content: "Open day" });
    expect(createNoteSchema.parse({ date: "2026-05-14", content: "Hi", color: "#a78bfa" })).toEqual({ date: "2026-05-14", content: "Hi", color: "#a78bfa" });
  });

  it("let an edit give any subset, and a whole positive version", () => {
    expect(updateNoteSchema.parse({})).toEqual({});
    expect(updateNoteSchema.parse({ content: "New", color: "#FBBF24", version: 3 })).toEqual({ content: "New", color: "#FBBF24", version: 3 });
    expect(updateNoteSchema.parse({ date: "2026-06-01" })).toEqual({ date: "2026-06-01" });
    expect(errorsOf(updateNoteSchema, { content: "  " })).toEqual({ content: "Please enter some content for your note." });
    expect(errorsOf(updateNoteSchema, { date: "2026-13-01" })).toEqual({ date: "Choose a valid date." });
    expect(Object.keys(errorsOf(updateNoteSchema, { version: 1.5 }))).toEqual(["version"]);
  });
});

describe("the list's range", () => {
  it("takes either end, both inclusive, in order, at most 400 days", () => {
    expect(noteRangeSchema.parse({})).toEqual({});
    expect(noteRangeSchema.parse({ from: "2026-05-01", to: "2026-05-31" })).toEqual({ from: "2026-05-01", to: "2026-05-31" });
    expect(noteRangeSchema.parse({ from: "2026-05-01", to: "2026-05-01" })).toEqual({ from: "2026-05-01", to: "2026-05-01" });
    expect(noteRangeSchema.parse({ from: "2026-01-01", to: "2027-02-04" })).toEqual({ from: "2026-01-01", to: "2027-02-04" });
    expect(errorsOf(noteRangeSchema, { from: "2026-01-01", to: "2027-02-05" })).toEqual({ to: "Choose a range of at most 400 days." });
    expect(errorsOf(noteRangeSchema, { from: "2026-05-31", to: "2026-05-01" })).toEqual({ to: "The end date must be on or after the start date." });
    expect(errorsOf(noteRangeSchema, { from: "May", to: "2026-05-01" })).toEqual({ from: "Choose a valid date." });
  });
});
