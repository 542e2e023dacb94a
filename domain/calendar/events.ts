import { Schema } from "effect";
import { defineEvents, type EventOf } from "../shared";
import { NOTE_COLORS } from "./rules";

const NoteColor = Schema.Literals(NOTE_COLORS);

/** Events of a calendar note's stream (`calendar-note-{id}`). */
export const NoteAddedData = Schema.Struct({
  noteId: Schema.String,
  workspaceId: Schema.String,
  /** Who wrote it (spec core §3: Calendar note.userId). */
  userId: Schema.String,
  /** The day it is on, YYYY-MM-DD. */
  date: Schema.String,
  content: Schema.String,
  color: NoteColor,
});
export type NoteAddedData = typeof NoteAddedData.Type;

/** Only the fields that changed. */
export const NoteChanges = Schema.Struct({
  date: Schema.optionalKey(Schema.String),
  content: Schema.optionalKey(Schema.String),
  color: Schema.optionalKey(NoteColor),
});
export type NoteChanges = typeof NoteChanges.Type;

export const noteEvents = defineEvents({
  NoteAdded: NoteAddedData,
  NoteEdited: NoteChanges,
  NoteDeleted: Schema.Struct({}),
});

export type NoteEvent = EventOf<typeof noteEvents.schemas>;

export const noteStreamId = (noteId: string) => `calendar-note-${noteId}`;
export const noteIdOfStream = (streamId: string) => streamId.slice("calendar-note-".length);
