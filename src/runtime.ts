import { ManagedRuntime } from "effect";
import { AppLayer } from "../infra/layers";

// Built at its first use (ManagedRuntime is lazy). Once disposed, a new one takes its place: the
// tests run one app after another in one process, each on a database of its own.
let current = ManagedRuntime.make(AppLayer);
const forgetters = new Set<() => void>();

/** What the pages' and endpoints' effects may use. */
export type RuntimeServices = typeof current extends ManagedRuntime.ManagedRuntime<infer R, unknown> ? R : never;

/** The one runtime that pages and endpoints run their effects on. */
export const runtime: Pick<typeof current, "runPromise" | "runPromiseExit" | "context"> = {
  runPromise: (effect, options) => current.runPromise(effect, options),
  runPromiseExit: (effect, options) => current.runPromiseExit(effect, options),
  context: () => current.context(),
};

/** Forgets, when the runtime is disposed, what a module made on it (a LISTEN on its database, say). */
export const onRuntimeDisposed = (forget: () => void) => void forgetters.add(forget);

// Known to the process that serves the build (scripts/lib/app-server.ts), which disposes of it when
// the server stops.
(globalThis as { [key: symbol]: unknown })[Symbol.for("socialdesk/web-runtime")] = {
  dispose: async () => {
    const disposed = current;
    current = ManagedRuntime.make(AppLayer);
    for (const forget of forgetters) forget();
    await disposed.dispose();
  },
};
