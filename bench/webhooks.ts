/**
 * Webhooks out (issue 31): the latency of a `post.published` delivery, from the moment the
 * publication was recorded (the event's time, the payload's `timestamp`) to the moment a local
 * receiver has the signed request, over posts published one after another to a sandbox account.
 * Goal: p99 ≤ 1 s.
 */
import type { startWebhookReceiver } from "../tests/support/webhook-receiver";
import { percentile } from "./format";

export const WEBHOOK_LATENCY_GOAL_MS = 1_000;

export interface WebhookFigures {
  readonly posts: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export const measureWebhooks = async (options: {
  readonly baseUrl: string;
  readonly sessionCookie: string;
  readonly receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  readonly posts?: number;
}): Promise<WebhookFigures> => {
  const posts = options.posts ?? 100;
  const headers = { cookie: options.sessionCookie, origin: options.baseUrl, accept: "application/json", "content-type": "application/json" };
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${options.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(15_000) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as { id: string };
  };
  await call("POST", "/api/social-accounts/sandbox", { platform: "bluesky", accountName: "Bench webhooks" });
  await call("POST", "/api/webhook-endpoints", { url: `${options.receiver.base}/bench`, events: ["post.published"] });

  const latencies: number[] = [];
  const arrivals = new Map<string, (ms: number) => void>();
  const stop = options.receiver.onReceive((hook) => {
    const payload = JSON.parse(hook.body) as { type: string; timestamp: string; data: { post: { id: string } } };
    // Wall clock against the event's recorded time: both on this machine.
    arrivals.get(payload.data.post.id)?.(Date.now() - Date.parse(payload.timestamp));
  });
  try {
    for (let i = 0; i < posts; i++) {
      let arrived!: (ms: number) => void;
      const delivered = new Promise<number>((resolve) => (arrived = resolve));
      const post = await call("POST", "/api/posts", { content: `Webhook bench ${i}`, platforms: ["bluesky"], status: "published", media: [] });
      arrivals.set(post.id, arrived);
      const ms = await Promise.race([delivered, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`post ${i}'s webhook did not arrive within 30 s`)), 30_000))]);
      // The first few warm the worker's paths up.
      if (i >= 5) latencies.push(ms);
    }
  } finally {
    stop();
  }
  return { posts: latencies.length, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), maxMs: Math.max(...latencies) };
};
