import { Cause, Effect, Exit, Option } from "effect";
import { type Decider, type DomainEvent, foldEvents } from "./events";

const describeExpected = (tag: string, message: string | RegExp) =>
  `${tag}: ${typeof message === "string" ? JSON.stringify(message) : `matching ${String(message)}`}`;

/**
 * Emmett's DeciderSpecification for tests: given past events, when a command is decided, then
 * these events, nothing, or this error: its `_tag` and the `message` a person reads (the exact
 * text, or a RegExp it must match).
 */
export const DeciderSpecification = <State, Event extends DomainEvent>(decider: Decider<State, Event>) => ({
  given: (events: ReadonlyArray<Event>) => ({
    when: <E>(decide: (state: State) => Effect.Effect<ReadonlyArray<Event>, E>) => {
      const exit = Effect.runSyncExit(decide(foldEvents(decider, events)));
      return {
        then: (expected: ReadonlyArray<Event>) => {
          if (Exit.isFailure(exit)) throw new Error(`Expected events, got a failure: ${Cause.pretty(exit.cause)}`);
          return expected.length === exit.value.length && JSON.stringify(expected) === JSON.stringify(exit.value)
            ? undefined
            : (() => {
                throw new Error(`Expected ${JSON.stringify(expected)}\n     got ${JSON.stringify(exit.value)}`);
              })();
        },
        thenNothingHappens: () => {
          if (Exit.isFailure(exit)) throw new Error(`Expected no events, got a failure: ${Cause.pretty(exit.cause)}`);
          if (exit.value.length > 0) throw new Error(`Expected no events, got ${JSON.stringify(exit.value)}`);
        },
        /** The decision fails with this error: its tag, and its message exactly (a string) or matching (a RegExp). */
        thenFails: (tag: string, message: string | RegExp) => {
          const expected = describeExpected(tag, message);
          if (Exit.isSuccess(exit)) throw new Error(`Expected the failure\n  ${expected}\ngot events\n  ${JSON.stringify(exit.value)}`);
          const error = Cause.findErrorOption(exit.cause);
          if (Option.isNone(error)) throw new Error(`Expected the failure\n  ${expected}\ngot no error but\n  ${Cause.pretty(exit.cause)}`);
          const actual = error.value as { readonly _tag?: unknown; readonly message?: unknown };
          const actualMessage = typeof actual.message === "string" ? actual.message : undefined;
          const sameMessage = actualMessage !== undefined && (typeof message === "string" ? actualMessage === message : message.test(actualMessage));
          if (actual._tag !== tag || !sameMessage) {
            throw new Error(
              `Expected the failure\n  ${expected}\ngot\n  ${String(actual._tag)}: ${actualMessage === undefined ? "(no message)" : JSON.stringify(actualMessage)}`,
            );
          }
        },
      };
    },
  }),
});
