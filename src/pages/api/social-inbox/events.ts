import type { APIRoute } from "astro";
import { onInboxArrival } from "../../../features/inbox/inbox-events.server";
import { READ_INBOX } from "../../../features/inbox/inbox-schemas";
import { guard } from "../../../lib/auth-guard";
import { holdStream, STREAM_REPLACED_MESSAGE } from "../../../lib/event-streams.server";

/** A comment line now and then keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * GET /api/social-inbox/events: server-sent events for the open inbox: `arrived` with {id, type} for
 * each message that reaches the workspace, so new messages appear without reloading. A person's
 * oldest stream is closed with `closed` {message} when they open more than the streams allowed.
 */
export const GET: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, READ_INBOX);
  if (!signedIn.ok) return signedIn.response;
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
  const stream = new ReadableStream<Uint8Array>({
    async start(c) {
      controller = c;
      cleanups.push(
        holdStream(signedIn.user.id, () => {
          send(`event: closed\ndata: ${JSON.stringify({ message: STREAM_REPLACED_MESSAGE })}\n\n`);
          stop();
        }),
      );
      const unsubscribe = await onInboxArrival(signedIn.user.workspaceId, (arrival) => send(`event: arrived\ndata: ${JSON.stringify(arrival)}\n\n`));
      // The reader may have left, or a newer stream replaced this one, while it subscribed.
      if (stopped) return unsubscribe();
      // The first line the reader gets: from now on every arrival is announced.
      send("retry: 5000\n\n");
      const heartbeat = setInterval(() => send(": still here\n\n"), HEARTBEAT_MS);
      cleanups.push(unsubscribe, () => clearInterval(heartbeat));
      request.signal.addEventListener("abort", stop);
    },
    cancel: stop,
  });
  return new Response(stream, { headers: { "content-type": "text/event-stream", "cache-control": "no-store", connection: "keep-alive" } });
};
