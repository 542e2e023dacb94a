import { describe, expect, it } from "vitest";
import { DeciderSpecification } from "../shared/decider-spec";
import type { NoteEvent } from "./events";
import { addNote, deleteNote, editNote, noteDecider } from "./note";
import { calendarNotesProjection } from "./projection";
import { checkNoteFields, DEFAULT_NOTE_COLOR, daysBetween, isCalendarDate, NOTE_COLOR_NAMES, NOTE_COLORS, normalizeNoteColor } from "./rules";

const spec = DeciderSpecification(noteDecider);

const added: NoteEvent = {
  type: "NoteAdded",
  data: { noteId: "n1", workspaceId: "w1", userId: "u1", date: "2026-05-14", content: "Dentist open day", color: "#60A5FA" },
};

describe("a calendar note", () => {
  it("when added with content and a date only, then it is trimmed and amber", () =>
    spec
      .given([])
      .when(addNote({ noteId: "n1", workspaceId: "w1", userId: "u1", date: "2026-05-14", content: "  Dentist open day\n " }))
      .then([{ type: "NoteAdded", data: { ...added.data, color: "#FBBF24" } as typeof added.data }]));

  it("when added with a preset colour in any letter case, then it is kept upper-case", () =>
    spec
      .given([])
      .when(addNote({ noteId: "n1", workspaceId: "w1", userId: "u1", date: "2026-05-14", content: "Dentist open day", color: "#60a5fa" }))
      .then([added]));

  const base = { noteId: "n1", workspaceId: "w1", userId: "u1", date: "2026-05-14", content: "Hi" };

  it("when added with blank content, then it is refused with the spec's message", () =>
    spec
      .given([])
      .when(addNote({ ...base, content: " \n\t " }))
      .thenFails("InvalidInput", "Please enter some content for your note."));

  it("when added with content over 1000 characters, then it is refused", () =>
    spec
      .given([])
      .when(addNote({ ...base, content: "x".repeat(1001) }))
      .thenFails("InvalidInput", "A note can be at most 1000 characters."));

  it("when added on a day that does not exist, then it is refused", () =>
    spec
      .given([])
      .when(addNote({ ...base, date: "2026-02-30" }))
      .thenFails("InvalidInput", "Choose a valid date."));

  it("when added with a date not written YYYY-MM-DD, then it is refused", () =>
    spec
      .given([])
      .when(addNote({ ...base, date: "14/05/2026" }))
      .thenFails("InvalidInput", "Choose a valid date."));

  it("when added with a colour not of the fourteen, then it is refused", () =>
    spec
      .given([])
      .when(addNote({ ...base, color: "#000000" }))
      .thenFails("InvalidInput", "Choose one of the note colours."));

  it("given a note, when added again, then it is a conflict", () =>
    spec
      .given([added])
      .when(addNote({ noteId: "n1", workspaceId: "w1", userId: "u1", date: "2026-05-14", content: "Again" }))
      .thenFails("Conflict", "This note already exists."));

  it("given a note, an edit records only the fields that changed", () =>
    spec
      .given([added])
      .when(editNote({ workspaceId: "w1", content: " Dentist open day ", color: "#F87171", date: "2026-05-14" }))
      .then([{ type: "NoteEdited", data: { color: "#F87171" } }]));

  it("given a note, an edit may move it to another day", () =>
    spec
      .given([added])
      .when(editNote({ workspaceId: "w1", date: "2026-05-15" }))
      .then([{ type: "NoteEdited", data: { date: "2026-05-15" } }]));

  it("given a note, an edit that changes nothing records nothing", () =>
    spec
      .given([added])
      .when(editNote({ workspaceId: "w1", content: "Dentist open day", color: "#60a5fa" }))
      .thenNothingHappens());

  it("given a note, when edited with blank content, then it is refused with the spec's message", () =>
    spec
      .given([added])
      .when(editNote({ workspaceId: "w1", content: "   " }))
      .thenFails("InvalidInput", "Please enter some content for your note."));

  it("given a note of another workspace, when edited, then the note is not found", () =>
    spec
      .given([added])
      .when(editNote({ workspaceId: "w2", content: "Mine now" }))
      .thenFails("NotFound", "This calendar note does not exist, or was deleted."));

  it("given a note of another workspace, when deleted, then the note is not found", () =>
    spec
      .given([added])
      .when(deleteNote({ workspaceId: "w2" }))
      .thenFails("NotFound", "This calendar note does not exist, or was deleted."));

  it("given no note, when edited, then the note is not found", () =>
    spec
      .given([])
      .when(editNote({ workspaceId: "w1", content: "X" }))
      .thenFails("NotFound", "This calendar note does not exist, or was deleted."));

  it("given no note, when deleted, then the note is not found", () =>
    spec
      .given([])
      .when(deleteNote({ workspaceId: "w1" }))
      .thenFails("NotFound", "This calendar note does not exist, or was deleted."));

  it("given a note, when deleted, then NoteDeleted is recorded", () =>
    spec
      .given([added])
      .when(deleteNote({ workspaceId: "w1" }))
      .then([{ type: "NoteDeleted", data: {} }]));

  const deleted: NoteEvent[] = [added, { type: "NoteDeleted", data: {} }];

  it("given a deleted note, when deleted again, then the note is not found", () =>
    spec
      .given(deleted)
      .when(deleteNote({ workspaceId: "w1" }))
      .thenFails("NotFound", "This calendar note does not exist, or was deleted."));

  it("given a deleted note, when edited, then the note is not found", () =>
    spec
      .given(deleted)
      .when(editNote({ workspaceId: "w1", content: "Back" }))
      .thenFails("NotFound", "This calendar note does not exist, or was deleted."));

  it("given a deleted note, when added again with its id, then it is a conflict", () =>
    spec
      .given(deleted)
      .when(addNote({ noteId: "n1", workspaceId: "w1", userId: "u1", date: "2026-05-14", content: "Back" }))
      .thenFails("Conflict", "This note already exists."));
});

describe("note fields", () => {
  it("are fourteen distinct preset colours, amber first and the default", () => {
    expect(NOTE_COLORS).toHaveLength(14);
    expect(new Set(NOTE_COLORS).size).toBe(14);
    expect(NOTE_COLORS[0]).toBe("#FBBF24");
    expect(DEFAULT_NOTE_COLOR).toBe("#FBBF24");
    for (const color of NOTE_COLORS) expect(color).toMatch(/^#[0-9A-F]{6}$/);
    expect(Object.keys(NOTE_COLOR_NAMES)).toEqual([...NOTE_COLORS]);
    expect(normalizeNoteColor(" #fbbf24 ")).toBe("#FBBF24");
    expect(normalizeNoteColor("amber")).toBeNull();
    expect(normalizeNoteColor(7)).toBeNull();
  });

  it("take real calendar days only", () => {
    for (const day of ["2026-05-14", "2024-02-29", "2026-12-31", "0099-01-01"]) expect(isCalendarDate(day), day).toBe(true);
    for (const day of ["2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-5-4", "2026-05-14T00:00", "", null, 20260514]) {
      expect(isCalendarDate(day), String(day)).toBe(false);
    }
    expect(daysBetween("2026-05-01", "2026-05-31")).toBe(30);
    expect(daysBetween("2026-03-01", "2026-02-28")).toBe(-1);
    expect(daysBetween("2025-01-01", "2026-01-01")).toBe(365);
  });

  it("answer the spec's and our messages", () => {
    expect(checkNoteFields({ content: " " })).toEqual({ ok: false, errors: { content: "Please enter some content for your note." } });
    expect(checkNoteFields({ date: "2026-02-30", content: "c".repeat(1001), color: "teal" })).toEqual({
      ok: false,
      errors: { date: "Choose a valid date.", content: "A note can be at most 1000 characters.", color: "Choose one of the note colours." },
    });
    expect(checkNoteFields({ content: ` ${"c".repeat(1000)} `, color: "#a3e635" })).toEqual({
      ok: true,
      fields: { content: "c".repeat(1000), color: "#A3E635" },
    });
  });
});

describe("the calendar notes projection", () => {
  const recorded = (event: NoteEvent, streamVersion: number) => ({
    ...event,
    globalPosition: streamVersion,
    streamId: "calendar-note-n1",
    streamVersion,
    metadata: { actorId: "u1", workspaceId: "w1", correlationId: "r", causationId: null },
    createdAt: new Date("2026-05-01T10:00:00Z"),
  });

  it("inserts a row on adding, updates only the changed columns with the version, deletes on deletion", () => {
    expect(calendarNotesProjection.project(recorded(added, 1))).toEqual([
      {
        table: "calendar_notes",
        insert: {
          id: "n1",
          workspace_id: "w1",
          author_id: "u1",
          date: "2026-05-14",
          content: "Dentist open day",
          color: "#60A5FA",
          version: 1,
          created_at: new Date("2026-05-01T10:00:00Z"),
          updated_at: new Date("2026-05-01T10:00:00Z"),
        },
      },
    ]);
    expect(calendarNotesProjection.project(recorded({ type: "NoteEdited", data: { content: "Open day" } }, 2))).toEqual([
      { table: "calendar_notes", update: { id: "n1" }, set: { content: "Open day", version: 2, updated_at: new Date("2026-05-01T10:00:00Z") } },
    ]);
    expect(calendarNotesProjection.project(recorded({ type: "NoteDeleted", data: {} }, 3))).toEqual([{ table: "calendar_notes", delete: { id: "n1" } }]);
  });
});
