import type { APIRoute } from "astro";
import { onInboxArrival } from "../../../features/inbox/inbox-events.server";
import { READ_INBOX } from "../../../features/inbox/inbox-schemas";
import { guard } from "../../../lib/auth-guard";

/** A comment line now and then keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * GET /api/social-inbox/events: server-sent events for the open inbox: `arrived` with {id, type} for
 * each message that reaches the workspace, so new messages appear without reloading.
 */
export const GET: APIRoute = async ({ request, locals }) => {
  const signedIn = guard(locals, request, READ_INBOX);
  if (!signedIn.ok) return signedIn.response;
  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      send("retry: 5000\n\n");
      const unsubscribe = await onInboxArrival(signedIn.user.workspaceId, (arrival) => send(`event: arrived\ndata: ${JSON.stringify(arrival)}\n\n`));
      const heartbeat = setInterval(() => send(": still here\n\n"), HEARTBEAT_MS);
      stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {}
      };
      request.signal.addEventListener("abort", () => stop());
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, { headers: { "content-type": "text/event-stream", "cache-control": "no-store", connection: "keep-alive" } });
};
