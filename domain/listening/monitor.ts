import { Effect } from "effect";
import { type Decider, InvalidInput, NotFound } from "../shared";
import type { ListeningEvent } from "./events";
import { LISTENING_MESSAGES, MONITOR_NAME_MAX, MONITOR_TERMS_MAX, TERM_MAX, termsOf } from "./rules";

export interface MonitorState {
  readonly exists: boolean;
  readonly deleted: boolean;
  readonly active: boolean;
  readonly name: string;
  readonly terms: ReadonlyArray<string>;
}

export const monitorDecider: Decider<MonitorState, ListeningEvent> = {
  initialState: () => ({ exists: false, deleted: false, active: false, name: "", terms: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case "ListeningMonitorCreated":
        return { ...state, exists: true, active: true, name: event.data.name, terms: event.data.terms };
      case "ListeningMonitorChanged":
        return { ...state, name: event.data.name, terms: event.data.terms };
      case "ListeningMonitorPaused":
        return { ...state, active: false };
      case "ListeningMonitorResumed":
        return { ...state, active: true };
      case "ListeningMonitorDeleted":
        return { ...state, deleted: true, active: false };
    }
  },
};

export interface MonitorInput {
  readonly name: string;
  readonly terms: ReadonlyArray<string> | string;
}

/** The monitor's fields tidied, or the sentences refusing them, by field. */
const checked = (input: MonitorInput): Effect.Effect<{ name: string; terms: string[] }, InvalidInput> => {
  const name = input.name.trim();
  const terms = termsOf(input.terms);
  const fields: Record<string, string> = {};
  if (name.length < 1 || name.length > MONITOR_NAME_MAX) fields.name = LISTENING_MESSAGES.name;
  if (terms.length < 1 || terms.length > MONITOR_TERMS_MAX || terms.some((t) => t.length > TERM_MAX)) fields.terms = LISTENING_MESSAGES.terms;
  return Object.keys(fields).length > 0 ? Effect.fail(new InvalidInput({ message: Object.values(fields)[0]!, fields })) : Effect.succeed({ name, terms });
};

type Decision<E> = Effect.Effect<ReadonlyArray<ListeningEvent>, E>;

export const createMonitor =
  (command: MonitorInput & { readonly monitorId: string; readonly workspaceId: string }) =>
  (state: MonitorState): Decision<InvalidInput> =>
    state.exists
      ? Effect.succeed([])
      : Effect.map(checked(command), (fields): ReadonlyArray<ListeningEvent> => [
          { type: "ListeningMonitorCreated", data: { monitorId: command.monitorId, workspaceId: command.workspaceId, ...fields } },
        ]);

const live = (state: MonitorState) => (state.exists && !state.deleted ? Effect.succeed(state) : Effect.fail(new NotFound({ what: "monitor" })));

/** A change of name or terms, and pausing or resuming, in one call; what is unchanged records nothing. */
export const changeMonitor =
  (command: Partial<MonitorInput> & { readonly active?: boolean }) =>
  (state: MonitorState): Decision<InvalidInput | NotFound> =>
    Effect.flatMap(live(state), () => {
      const edited = command.name !== undefined || command.terms !== undefined;
      return Effect.map(
        edited ? checked({ name: command.name ?? state.name, terms: command.terms ?? state.terms }) : Effect.succeed(null),
        (fields): ReadonlyArray<ListeningEvent> => [
          ...(fields && (fields.name !== state.name || fields.terms.join("\n") !== state.terms.join("\n"))
            ? [{ type: "ListeningMonitorChanged" as const, data: fields }]
            : []),
          ...(command.active === undefined || command.active === state.active
            ? []
            : [command.active ? { type: "ListeningMonitorResumed" as const, data: {} } : { type: "ListeningMonitorPaused" as const, data: {} }]),
        ],
      );
    });

export const deleteMonitor =
  () =>
  (state: MonitorState): Decision<NotFound> =>
    Effect.map(live(state), (): ReadonlyArray<ListeningEvent> => [{ type: "ListeningMonitorDeleted", data: {} }]);
