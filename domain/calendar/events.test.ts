import { describe, expect, it } from "vitest";
import { eventDecoder, eventTypesOf } from "../shared";
import { type NoteEvent, noteEvents } from "./events";

const decoder = eventDecoder([noteEvents]);
const envelope = {
  streamId: "calendar-note-n1",
  metadata: { actorId: "u1", workspaceId: "w1", correlationId: "c1", causationId: null },
};

/** One realistic sample of each calendar note event's data (the compiler asks for every type). */
const samples: { readonly [E in NoteEvent as E["type"]]: E["data"] } = {
  NoteAdded: { noteId: "n1", workspaceId: "w1", userId: "u1", date: "2026-05-14", content: "Dentist open day", color: "#60A5FA" },
  NoteEdited: { date: "2026-05-15", content: "Dentist open day\nBring flyers", color: "#F87171" },
  NoteDeleted: {},
};

describe("the calendar note events, decoded", () => {
  it("the catalogue declares every note event type", () => {
    expect([...eventTypesOf(noteEvents)].sort()).toEqual(Object.keys(samples).sort());
  });

  it.each(Object.entries(samples))("given a %s, when read, then every key of its data is kept", (type, data) => {
    expect(decoder.decode(type, 1, data, envelope)).toStrictEqual(data);
  });

  it.each([[{ color: "#F87171" }], [{ date: "2026-05-15" }], [{ content: "Open day" }]])(
    "given a NoteEdited of only %o, when read, then only that is kept",
    (data) => {
      expect(decoder.decode("NoteEdited", 1, data, envelope)).toStrictEqual(data);
    },
  );

  it("given a colour not among the presets, when read, then it fails loudly with the type", () => {
    expect(() => decoder.decode("NoteAdded", 1, { ...samples.NoteAdded, color: "#123456" }, envelope)).toThrow(/NoteAdded/);
  });
});
