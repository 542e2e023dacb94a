import { ManagedRuntime } from "effect";
import { AppLayer } from "../infra/layers";

/** The one runtime that pages and endpoints run their effects on. */
export const runtime = ManagedRuntime.make(AppLayer);

// Known to the process that serves the build (scripts/lib/app-server.ts), which disposes of it when
// the server stops: the tests start and stop many servers in one process.
(globalThis as { [key: symbol]: unknown })[Symbol.for("socialdesk/web-runtime")] = runtime;
