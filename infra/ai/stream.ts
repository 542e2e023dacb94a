import { Cause, Effect, Exit } from "effect";
import { HttpServerResponse } from "effect/http";
import { holdStream, STREAM_REPLACED_MESSAGE } from "../web/event-streams";
import { SERVER_ERROR_MESSAGE } from "../web/api/guard";
import { problemType, SERVER_ERROR_PROBLEM } from "../web/api/problems";
import { logger } from "../log";
import type { OnDelta } from "./Ai";

const encoder = new TextEncoder();

/** An error's status and code as its class declares them (the AI's, the domain's); anything else is the server's. */
const problemOf = (error: unknown) => {
  const declared = (error ?? {}) as { readonly message?: string; readonly status?: number; readonly constructor?: { readonly status?: number; readonly code?: string } };
  const code = declared.constructor?.code;
  if (!code) return SERVER_ERROR_PROBLEM(SERVER_ERROR_MESSAGE);
  return { type: problemType(code), title: "Not written", status: declared.status ?? declared.constructor?.status ?? 500, detail: declared.message ?? SERVER_ERROR_MESSAGE, code };
};

/**
 * A text the model writes, answered as Server-Sent Events while it comes: `delta` events with each
 * piece ({text}), then `done` with the final body (the text fitted to its limit) or `error` with the
 * refusal's problem. What fails or finishes before the first piece is the operation's plain answer
 * (the text, or the declared refusal with its status: 503 unconfigured, 400 blank, 429 over quota).
 * The stream counts among the person's open streams (`personId`): closed for a newer one, it stops
 * like a reader who left, and a reader who leaves stops the model's call (neither finished nor counted).
 */
export const streamingText = <B, E, R>(
  personId: string,
  run: (onDelta: OnDelta) => Effect.Effect<string, E, R>,
  body: (text: string) => B,
): Effect.Effect<B | HttpServerResponse.HttpServerResponse, E, R> =>
  Effect.gen(function* () {
    const context = yield* Effect.context<R>();
    const readerLeft = new AbortController();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
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
    const finished = Effect.runPromiseExitWith(context)(
      run((text) => {
        if (!streaming) {
          streaming = true;
          markStarted();
        }
        send("delta", { text });
      }),
      { signal: readerLeft.signal },
    );
    const first = yield* Effect.promise(() => Promise.race([started, finished]));
    if (first) return body(yield* first);
    letGo = holdStream(personId, () => {
      send("error", { type: problemType("stream_replaced"), title: "Stream replaced", status: 409, detail: STREAM_REPLACED_MESSAGE, code: "stream_replaced" });
      readerLeft.abort();
      controller.close();
    });
    void finished.then((exit) => {
      letGo();
      if (readerLeft.signal.aborted) return;
      if (Exit.isSuccess(exit)) send("done", body(exit.value));
      else {
        const failure = Cause.findErrorOption(exit.cause);
        if (failure._tag === "None") logger.error({ cause: Cause.pretty(exit.cause) }, "An AI stream failed");
        send("error", problemOf(failure._tag === "Some" ? failure.value : undefined));
      }
      controller.close();
    });
    return HttpServerResponse.fromWeb(
      new Response(stream, { headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no" } }),
    );
  });
