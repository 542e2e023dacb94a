import { Effect } from "effect";
import { Conflict, type Decider, InvalidInput, NotFound } from "../shared";
import type { NoteChanges, NoteEvent } from "./events";
import { checkNoteFields, DEFAULT_NOTE_COLOR, type NoteColor } from "./rules";

export interface NoteState {
  /** Added and not deleted. */
  readonly exists: boolean;
  readonly deleted: boolean;
  readonly workspaceId: string;
  readonly date: string;
  readonly content: string;
  readonly color: NoteColor;
}

export const noteDecider: Decider<NoteState, NoteEvent> = {
  initialState: () => ({ exists: false, deleted: false, workspaceId: "", date: "", content: "", color: DEFAULT_NOTE_COLOR }),
  evolve: (state, event) => {
    switch (event.type) {
      case "NoteAdded": {
        const d = event.data;
        return { exists: true, deleted: false, workspaceId: d.workspaceId, date: d.date, content: d.content, color: d.color };
      }
      case "NoteEdited":
        return { ...state, ...event.data };
      case "NoteDeleted":
        return { ...state, exists: false, deleted: true };
    }
  },
};

type Decision<E> = Effect.Effect<ReadonlyArray<NoteEvent>, E>;

const invalid = (errors: Record<string, string>) =>
  new InvalidInput({ message: Object.values(errors)[0] ?? "Please check the form.", fields: errors });

/** A command for a note of another workspace reads like one for a note that does not exist. */
const inWorkspace = <E>(state: NoteState, workspaceId: string, decide: () => Decision<E>): Decision<E | NotFound> =>
  state.exists && state.workspaceId === workspaceId ? decide() : Effect.fail(new NotFound({ what: "calendar note" }));

export interface AddNote {
  readonly noteId: string;
  readonly workspaceId: string;
  readonly userId: string;
  readonly date: string;
  readonly content: string;
  readonly color?: string;
}

/** Content required and trimmed (spec core §5); a real date; amber unless a preset is chosen (§3). */
export const addNote = (command: AddNote) => (state: NoteState): Decision<Conflict | InvalidInput> => {
  if (state.exists || state.deleted) return Effect.fail(new Conflict({ message: "This note already exists." }));
  const checked = checkNoteFields({ date: command.date, content: command.content, color: command.color ?? DEFAULT_NOTE_COLOR });
  if (!checked.ok) return Effect.fail(invalid(checked.errors));
  const f = checked.fields;
  return Effect.succeed<ReadonlyArray<NoteEvent>>([
    {
      type: "NoteAdded",
      data: {
        noteId: command.noteId,
        workspaceId: command.workspaceId,
        userId: command.userId,
        date: f.date!,
        content: f.content!,
        color: f.color!,
      },
    },
  ]);
};

export interface EditNote {
  readonly workspaceId: string;
  readonly date?: string;
  readonly content?: string;
  readonly color?: string;
}

/** Records only what changed; nothing when nothing did. */
export const editNote = (command: EditNote) => (state: NoteState): Decision<InvalidInput | NotFound> =>
  inWorkspace(state, command.workspaceId, (): Decision<InvalidInput> => {
    const checked = checkNoteFields({ date: command.date, content: command.content, color: command.color });
    if (!checked.ok) return Effect.fail(invalid(checked.errors));
    const f = checked.fields;
    const changes: { -readonly [K in keyof NoteChanges]: NoteChanges[K] } = {};
    if (f.date !== undefined && f.date !== state.date) changes.date = f.date;
    if (f.content !== undefined && f.content !== state.content) changes.content = f.content;
    if (f.color !== undefined && f.color !== state.color) changes.color = f.color;
    return Effect.succeed<ReadonlyArray<NoteEvent>>(Object.keys(changes).length === 0 ? [] : [{ type: "NoteEdited", data: changes }]);
  });

export const deleteNote = (command: { readonly workspaceId: string }) => (state: NoteState) =>
  inWorkspace(state, command.workspaceId, () => Effect.succeed<ReadonlyArray<NoteEvent>>([{ type: "NoteDeleted", data: {} }]));
