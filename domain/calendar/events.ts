import type { DomainEvent } from "../shared";
import type { NoteColor } from "./rules";

/** Events of a calendar note's stream (`calendar-note-{id}`). */
export interface NoteAddedData {
  readonly noteId: string;
  readonly workspaceId: string;
  /** Who wrote it (spec core §3: Calendar note.userId). */
  readonly userId: string;
  /** The day it is on, YYYY-MM-DD. */
  readonly date: string;
  readonly content: string;
  readonly color: NoteColor;
}

/** Only the fields that changed. */
export interface NoteChanges {
  readonly date?: string;
  readonly content?: string;
  readonly color?: NoteColor;
}

export type NoteEvent =
  | DomainEvent<"NoteAdded", NoteAddedData>
  | DomainEvent<"NoteEdited", NoteChanges>
  | DomainEvent<"NoteDeleted", Record<string, never>>;

export const noteStreamId = (noteId: string) => `calendar-note-${noteId}`;
export const noteIdOfStream = (streamId: string) => streamId.slice("calendar-note-".length);
