import { Effect, Exit } from "effect";
import { type Decider, type DomainEvent, foldEvents } from "./events";

/**
 * Emmett's DeciderSpecification for tests: given past events, when a command is decided, then
 * these events (or this error).
 */
export const DeciderSpecification = <State, Event extends DomainEvent>(decider: Decider<State, Event>) => ({
  given: (events: ReadonlyArray<Event>) => ({
    when: <E>(decide: (state: State) => Effect.Effect<ReadonlyArray<Event>, E>) => {
      const exit = Effect.runSyncExit(decide(foldEvents(decider, events)));
      return {
        then: (expected: ReadonlyArray<Event>) => {
          if (Exit.isFailure(exit)) throw new Error(`Expected events, got a failure: ${String(exit.cause)}`);
          return expected.length === exit.value.length && JSON.stringify(expected) === JSON.stringify(exit.value)
            ? undefined
            : (() => {
                throw new Error(`Expected ${JSON.stringify(expected)}\n     got ${JSON.stringify(exit.value)}`);
              })();
        },
        thenNothingHappens: () => {
          if (Exit.isFailure(exit) || exit.value.length > 0) throw new Error(`Expected no events, got ${JSON.stringify(exit)}`);
        },
        thenFails: (tag: string) => {
          if (Exit.isSuccess(exit)) throw new Error(`Expected a ${tag} failure, got ${JSON.stringify(exit.value)}`);
          if (!String(JSON.stringify(exit.cause)).includes(`"_tag":"${tag}"`)) throw new Error(`Expected ${tag}, got ${String(exit.cause)}`);
        },
      };
    },
  }),
});
