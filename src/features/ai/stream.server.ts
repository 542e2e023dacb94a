import type { Effect } from "effect";
import type { OnDelta } from "../../../infra/ai/Ai";
import { holdStream, STREAM_REPLACED_MESSAGE } from "../../lib/event-streams.server";
import { json, respond } from "../../lib/http";

type Run<E, R> = (onDelta: OnDelta) => Effect.Effect<string, E, R>;

const encoder = new TextEncoder();

/**
 * Answers a text the model writes as Server-Sent Events while it comes: `delta` events with each
 * piece ({text}), then `done` with the final body (the text fitted to its limit) or `error` with the
 * API's error body. What fails or finishes before the first piece is answered as plain JSON, with
 * its status (503 unconfigured, 400 blank, 429 over quota...). The stream counts among the
 * person's open streams (`personId`): closed for a newer one, it stops like a reader who left.
 */
export const respondStreaming = async <E, R>(personId: string, run: Run<E, R>, body: (text: string) => unknown): Promise<Response> => {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  // A reader that leaves (the page closed, the request aborted) stops the model's call: it is neither finished nor counted.
  const readerLeft = new AbortController();
  let letGo = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => void (controller = c),
    cancel: () => {
      letGo();
      readerLeft.abort();
    },
  });
  const send = (event: string, data: unknown) => {
    if (!readerLeft.signal.aborted) controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
  };
  let markStarted!: () => void;
  const started = new Promise<null>((resolve) => (markStarted = () => resolve(null)));
  let streaming = false;
  const finished = respond(
    run((text) => {
      if (!streaming) {
        streaming = true;
        markStarted();
      }
      send("delta", { text });
    }) as Effect.Effect<string, E, never>,
    (text) => json(body(text)),
    { signal: readerLeft.signal },
  );
  const first = await Promise.race([started, finished]);
  if (first) return first;
  letGo = holdStream(personId, () => {
    send("error", { error: { code: "stream_replaced", message: STREAM_REPLACED_MESSAGE } });
    readerLeft.abort();
    controller.close();
  });
  void finished.then(async (response) => {
    letGo();
    if (readerLeft.signal.aborted) return;
    send(response.ok ? "done" : "error", await response.json());
    controller.close();
  });
  return new Response(stream, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no" },
  });
};
