import { Effect } from "effect";
import { HttpServerRequest, HttpServerResponse } from "effect/http";
import { actorIdOf, type Caller } from "../../domain/shared";

/**
 * The Server-Sent Event streams open in this process, per person: each holds a connection and its
 * listeners for as long as the page stays open, so one person may have at most
 * MAX_STREAMS_PER_PERSON at once; opening one more closes their oldest (told why first), as a
 * browser's newest tab is the one in use. The count is per process: behind several app processes a
 * person may hold this many in each.
 */
export const MAX_STREAMS_PER_PERSON = 10;

/** What the closed stream's page is told (the inbox shows it; an AI answer fails with it). */
export const STREAM_REPLACED_MESSAGE = `This live connection was closed because more than ${MAX_STREAMS_PER_PERSON} are open at once for you (in other tabs or windows). Reload the page to open it again.`;

interface Held {
  readonly close: () => void;
}

const open = new Map<string, Held[]>();

/**
 * Counts a stream `personId` opened; `close` ends it when a newer one takes its place. Answers the
 * function to call once it ends on its own (finished, or its reader left); calling it twice is harmless.
 */
export const holdStream = (personId: string, close: () => void): (() => void) => {
  const held: Held = { close };
  const streams = open.get(personId) ?? [];
  open.set(personId, streams);
  const letGo = () => {
    const list = open.get(personId);
    const at = list?.indexOf(held) ?? -1;
    if (!list || at === -1) return;
    list.splice(at, 1);
    if (list.length === 0) open.delete(personId);
  };
  while (streams.length >= MAX_STREAMS_PER_PERSON) {
    const oldest = streams.shift()!;
    try {
      oldest.close();
    } catch {
      // Already ended on its side: nothing left to close.
    }
  }
  streams.push(held);
  return letGo;
};

/** A comment line now and then keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * A person's stream of server-sent events: `subscribe` is given `send(event, data)` and answers how
 * to stop listening. Counted among the person's open streams (the oldest is closed with `closed`
 * past the limit); `retry` is its first line, once listening; it ends when the reader leaves.
 */
export const personEventStream = (
  personId: string,
  subscribe: (send: (event: string, data: unknown) => void) => Promise<() => void>,
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
    } catch {
      // The reader already left.
    }
  };
  const write = (text: string) => {
    if (stopped) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      stop();
    }
  };
  const send = (event: string, data: unknown) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  return new ReadableStream<Uint8Array>({
    async start(c) {
      controller = c;
      cleanups.push(
        holdStream(personId, () => {
          send("closed", { message: STREAM_REPLACED_MESSAGE });
          stop();
        }),
      );
      const unsubscribe = await subscribe(send);
      // The reader may have left, or a newer stream replaced this one, while it subscribed.
      if (stopped) return unsubscribe();
      write("retry: 5000\n\n");
      const heartbeat = setInterval(() => write(": still here\n\n"), HEARTBEAT_MS);
      cleanups.push(unsubscribe, () => clearInterval(heartbeat));
      signal?.addEventListener("abort", stop);
    },
    cancel: stop,
  });
};

/**
 * The answer of a server-sent events operation: the caller's `personEventStream` (counted as the
 * person's, or the workspace's for a caller without one), for as long as the request lasts.
 */
export const eventStreamResponse = (caller: Caller, subscribe: Parameters<typeof personEventStream>[1]) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest;
    const body = personEventStream(actorIdOf(caller.actor) ?? caller.workspaceId, subscribe, (request.source as Partial<Request>).signal);
    return HttpServerResponse.raw(body, { contentType: "text/event-stream", headers: { "cache-control": "no-store", connection: "keep-alive" } });
  });
