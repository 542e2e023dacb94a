import type { Effect } from "effect";
import type { OnDelta } from "../../../infra/ai/Ai";
import { json, respond } from "../../lib/http";

type Run<E, R> = (onDelta: OnDelta) => Effect.Effect<string, E, R>;

const encoder = new TextEncoder();

/**
 * Answers a text the model writes as Server-Sent Events while it comes: `delta` events with each
 * piece ({text}), then `done` with the final body (the text fitted to its limit) or `error` with the
 * API's error body. What fails or finishes before the first piece is answered as plain JSON, with
 * its status (503 unconfigured, 400 blank, 429 over quota...).
 */
export const respondStreaming = async <E, R>(run: Run<E, R>, body: (text: string) => unknown): Promise<Response> => {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const send = (event: string, data: unknown) => controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
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
  );
  const first = await Promise.race([started, finished]);
  if (first) return first;
  void finished.then(async (response) => {
    send(response.ok ? "done" : "error", await response.json());
    controller.close();
  });
  return new Response(stream, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no" },
  });
};
