import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly at: number;
}

/**
 * A local receiver of webhook deliveries on a port the system picks: it keeps every request, and
 * answers each path with the statuses a test queues for it (then 200); a 3xx points at /followed.
 */
export const startWebhookReceiver = async () => {
  const received: ReceivedWebhook[] = [];
  const answers = new Map<string, number[]>();
  const listeners = new Set<(hook: ReceivedWebhook) => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const hook = { path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: performance.now() };
      received.push(hook);
      for (const listener of listeners) listener(hook);
      const status = answers.get(hook.path)?.shift() ?? 200;
      // A redirect points at /followed, which a delivery must never reach.
      const location = status >= 300 && status < 400 ? { location: "/followed" } : {};
      res.writeHead(status, { "content-type": "text/plain", ...location }).end(status < 300 ? "thanks" : `receiver failed with ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    /** What reached `path`, in order. */
    at: (path: string) => received.filter((hook) => hook.path === path),
    /** The next answers of `path` (e.g. [500] for one failure, then 200s). */
    answer: (path: string, statuses: number[]) => answers.set(path, [...statuses]),
    /** Called on each request as it arrives (the bench's clock). */
    onReceive: (listener: (hook: ReceivedWebhook) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
};
