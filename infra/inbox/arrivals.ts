import { Context, Effect, Layer } from "effect";
import { Database } from "../db/Database";
import { logger } from "../log";
import { holdStream, STREAM_REPLACED_MESSAGE } from "../web/event-streams";

/** What an open inbox is told: a message arrived in its workspace. */
export interface InboxArrival {
  readonly id: string;
  readonly type: string;
  /** Where it arrived: an inbox across an agency's clients hears several. */
  readonly workspaceId: string;
}

type Listener = (arrival: InboxArrival) => void;

/**
 * The web server's one LISTEN on the database's `inbox_message` channel (a trigger on inbox_messages
 * announces each new row), fanned out to the inboxes open in each workspace. It listens at the first
 * subscription (the worker, which builds the same layers, never does) and ends with the layer's pool.
 */
export class InboxArrivals extends Context.Service<
  InboxArrivals,
  {
    /** Calls `listener` for each message arriving in the workspace until the answered function is called. */
    readonly subscribe: (workspaceId: string, listener: Listener) => Effect.Effect<() => void>;
  }
>()("app/InboxArrivals") {
  static layer = Layer.effect(
    InboxArrivals,
    Effect.gen(function* () {
      const db = yield* Database;
      const listeners = new Map<string, Set<Listener>>();
      let listening: Promise<unknown> | null = null;
      const listen = () =>
        (listening ??= db.pool
          .listen("inbox_message", (payload) => {
            try {
              const { workspaceId, id, type } = JSON.parse(payload) as { workspaceId: string; id: string; type: string };
              for (const listener of listeners.get(workspaceId) ?? []) listener({ id, type, workspaceId });
            } catch (error) {
              logger.warn({ err: error }, "Inbox events: an announcement could not be read");
            }
          })
          .catch((error: unknown) => {
            listening = null;
            logger.warn({ err: error }, "Inbox events: could not listen to the database");
          }));
      return {
        subscribe: (workspaceId: string, listener: Listener) =>
          Effect.promise(async () => {
            await listen();
            const set = listeners.get(workspaceId) ?? new Set();
            set.add(listener);
            listeners.set(workspaceId, set);
            return () => {
              set.delete(listener);
              if (set.size === 0) listeners.delete(workspaceId);
            };
          }),
      };
    }),
  );
}

/** A comment line now and then keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * The open inbox's server-sent events: `arrived` with {id, type, workspaceId} for each message that
 * reaches one of the workspaces read. A person's oldest stream is closed with `closed` {message} when they open more than the
 * streams allowed. It ends when the reader leaves (the body is cancelled, or the request aborted).
 */
export const arrivalEvents = (
  arrivals: InboxArrivals["Service"],
  who: { readonly personId: string; readonly workspaceIds: ReadonlyArray<string> },
  signal: AbortSignal | undefined,
): ReadableStream<Uint8Array> => {
  const encoder = new TextEncoder();
  let stopped = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const cleanups: Array<() => void> = [];
  const stop = () => {
    if (stopped) return;
    stopped = true;
    for (const cleanup of cleanups) cleanup();
    try {
      controller.close();
    } catch {}
  };
  const send = (text: string) => {
    if (stopped) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      stop();
    }
  };
  return new ReadableStream<Uint8Array>({
    async start(c) {
      controller = c;
      cleanups.push(
        holdStream(who.personId, () => {
          send(`event: closed\ndata: ${JSON.stringify({ message: STREAM_REPLACED_MESSAGE })}\n\n`);
          stop();
        }),
      );
      const unsubscribes = await Promise.all(
        who.workspaceIds.map((workspaceId) =>
          Effect.runPromise(arrivals.subscribe(workspaceId, (arrival) => send(`event: arrived\ndata: ${JSON.stringify(arrival)}\n\n`))),
        ),
      );
      const unsubscribe = () => unsubscribes.forEach((one) => one());
      // The reader may have left, or a newer stream replaced this one, while it subscribed.
      if (stopped) return unsubscribe();
      // The first line the reader gets: from now on every arrival is announced.
      send("retry: 5000\n\n");
      const heartbeat = setInterval(() => send(": still here\n\n"), HEARTBEAT_MS);
      cleanups.push(unsubscribe, () => clearInterval(heartbeat));
      signal?.addEventListener("abort", stop);
    },
    cancel: stop,
  });
};
