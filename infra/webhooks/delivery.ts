import { randomUUID } from "node:crypto";
import { Effect } from "effect";
import { Webhook } from "standardwebhooks";
import { systemContext, type RecordedEvent } from "../../domain/shared";
import {
  disableFailingWebhookEndpoint,
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_TEST_EVENT,
  webhookEndpointDecider,
  webhookEndpointStreamId,
} from "../../domain/webhooks";
import { Database } from "../db/Database";
import { handleCommand } from "../eventstore/handle";
import type { Reaction } from "../eventstore/reactions";
import { addJob } from "../jobs/add-job";
import { outboundFetch } from "../outbound/outbound";
import { decryptSecret } from "../platforms/crypto";
import { WEBHOOK_SOURCES, webhookDataOf } from "./payloads";

export const DELIVER_TASK = "deliver_webhook";
/** How long a receiver has to answer (connection included), redirects not followed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/**
 * The waits before each retry after a failed attempt: the first within a minute, then backing off
 * to 12 hours; 9 attempts over about 23 hours, each with the same `webhook-id`.
 */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000, 3 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** What is kept of a receiver's answer: enough to see what it said. */
const EXCERPT_CHARS = 300;
const READ_BYTES = 4_096;

/** One job per attempt, keyed by the delivery: a redelivery replaces a retry waiting for its time. */
const deliveryJob = (deliveryId: string, runAt?: Date) =>
  // graphile-worker retries only an attempt that crashed before it was recorded; the schedule is ours.
  addJob(DELIVER_TASK, { deliveryId }, { runAt, jobKey: `webhook:${deliveryId}`, maxAttempts: 3 });

/** `msg_` and 32 hex digits: the Standard Webhooks message id of a delivery. */
const messageIdOf = (deliveryId: string) => `msg_${deliveryId.replaceAll("-", "")}`;

/**
 * Records a delivery (its fixed `webhook-id` and body) and adds its first attempt's job, on the
 * current transaction: with an event's append, it exists exactly when the event was committed.
 */
export const queueDelivery = (delivery: {
  readonly workspaceId: string;
  readonly endpointId: string;
  readonly type: string;
  readonly data: unknown;
  readonly at: Date;
  readonly sourcePosition: number | null;
}) =>
  Effect.gen(function* () {
    const db = yield* Database;
    const id = randomUUID();
    const body = JSON.stringify({ type: delivery.type, timestamp: delivery.at.toISOString(), data: delivery.data });
    const inserted = yield* db.query(
      (sql) => sql<{ id: string }[]>`
        insert into webhook_deliveries (id, workspace_id, endpoint_id, message_id, event_type, source_position, body, status, next_attempt_at, created_at)
        values (${id}, ${delivery.workspaceId}, ${delivery.endpointId}, ${messageIdOf(id)}, ${delivery.type}, ${delivery.sourcePosition},
                ${body}, 'pending', ${delivery.at}, ${delivery.at})
        on conflict (endpoint_id, source_position) do nothing
        returning id`,
    );
    if (inserted.length > 0) yield* deliveryJob(id);
    return id;
  });

/**
 * The webhook events of the workspace's endpoints: each event one of them subscribes to becomes a
 * delivery per endpoint, in the event's transaction (never lost, never sent for an event that was
 * rolled back).
 */
const reactToAll = (events: ReadonlyArray<RecordedEvent>) =>
  Effect.gen(function* () {
    const workspaces = [...new Set(events.flatMap((e) => (e.metadata.workspaceId && WEBHOOK_SOURCES[e.type] ? [e.metadata.workspaceId] : [])))];
    if (workspaces.length === 0) return;
    const db = yield* Database;
    // One read for the whole append (a publication batch holds thousands of events): most workspaces have no endpoint.
    const endpoints = yield* db.query(
      (sql) => sql<{ id: string; workspace_id: string; events: string[] }[]>`
        select id, workspace_id, events from webhook_endpoints where workspace_id = any(${workspaces}::uuid[]) and enabled order by created_at`,
    );
    if (endpoints.length === 0) return;
    for (const event of events) {
      const type = WEBHOOK_SOURCES[event.type];
      const workspaceId = event.metadata.workspaceId;
      const subscribed = endpoints.filter((e) => e.workspace_id === workspaceId && type !== undefined && e.events.includes(type));
      if (!type || !workspaceId || subscribed.length === 0) continue;
      const data = yield* webhookDataOf(event, workspaceId);
      if (data === null) continue;
      for (const endpoint of subscribed) {
        yield* queueDelivery({ workspaceId, endpointId: endpoint.id, type, data, at: event.createdAt, sourcePosition: event.globalPosition });
      }
    }
  });

export const webhookDeliveriesReaction: Reaction = {
  name: "webhook-deliveries",
  handles: Object.keys(WEBHOOK_SOURCES),
  react: (event: RecordedEvent) => reactToAll([event]),
  reactMany: reactToAll,
};

/** The test event of "Send test event": to the endpoint whatever it subscribes to. */
export const queueTestDelivery = (workspaceId: string, endpointId: string, now: Date) =>
  queueDelivery({
    workspaceId,
    endpointId,
    type: WEBHOOK_TEST_EVENT,
    data: { endpointId, message: "A test event from SocialDesk: this endpoint receives and verifies webhooks." },
    at: now,
    sourcePosition: null,
  });

/** A delivery sent again now (the same `webhook-id` and body), whatever its state: its pending retry is replaced. */
export const queueRedelivery = (deliveryId: string, now: Date) =>
  Effect.gen(function* () {
    const db = yield* Database;
    yield* db.query((sql) => sql`update webhook_deliveries set status = 'pending', next_attempt_at = ${now} where id = ${deliveryId}`);
    yield* deliveryJob(deliveryId);
  });

interface DeliveryRow {
  id: string;
  workspace_id: string;
  endpoint_id: string;
  message_id: string;
  body: string;
  status: string;
  attempts: number;
  url: string | null;
  secret_encrypted: string | null;
  enabled: boolean | null;
}

interface AttemptResult {
  readonly status: number | null;
  readonly ok: boolean;
  readonly excerpt: string | null;
  readonly error: string | null;
  readonly durationMs: number;
}

/** The start of what the receiver answered, as text, without reading a large answer whole. */
const excerptOf = async (response: { body: AsyncIterable<Uint8Array> | null }): Promise<string | null> => {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    chunks.push(chunk);
    size += chunk.byteLength;
    if (size >= READ_BYTES) break;
  }
  const text = Buffer.concat(chunks).toString("utf8").replace(/\s+/g, " ").trim();
  if (text === "") return null;
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text;
};

/** POSTs the body, signed, through the outbound client (public addresses only, checked on connecting). */
const send = (row: DeliveryRow & { url: string; secret_encrypted: string }, now: Date) =>
  Effect.promise(async (): Promise<AttemptResult> => {
    const started = performance.now();
    try {
      const signature = new Webhook(decryptSecret(row.secret_encrypted)).sign(row.message_id, now, row.body);
      const response = await outboundFetch(row.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "SocialDesk-Webhooks/1",
          "webhook-id": row.message_id,
          "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
          "webhook-signature": signature,
        },
        body: row.body,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        followRedirects: false,
      });
      const excerpt = await excerptOf(response).catch(() => null);
      const ok = response.status >= 200 && response.status < 300;
      const error = ok
        ? null
        : response.status >= 300 && response.status < 400
          ? `The endpoint answered a redirect (${response.status}); redirects are not followed. Save the address it points to.`
          : `The endpoint answered ${response.status}.`;
      return { status: response.status, ok, excerpt, error, durationMs: Math.round(performance.now() - started) };
    } catch (error) {
      // AddressRefused / AddressUnreadable carry the sentence (private address, time-out, no such host).
      const message = error instanceof Error && error.message ? error.message : "The endpoint could not be reached.";
      return { status: null, ok: false, excerpt: null, error: message, durationMs: Math.round(performance.now() - started) };
    }
  });

/**
 * Since when the endpoint has been failing: its first failed attempt after its last success, or null
 * when its last attempt succeeded (or it never failed).
 */
const failingSince = (endpointId: string) =>
  Effect.gen(function* () {
    const db = yield* Database;
    const [row] = yield* db.query(
      (sql) => sql<{ since: Date | null }[]>`
        select min(a.attempted_at) as since from webhook_attempts a
        where a.endpoint_id = ${endpointId} and not a.ok
          and a.attempted_at > coalesce((select max(s.attempted_at) from webhook_attempts s where s.endpoint_id = ${endpointId} and s.ok), '-infinity')`,
    );
    return row?.since ?? null;
  });

/**
 * One attempt of a delivery (the `deliver_webhook` job): signed with the endpoint's secret at `now`,
 * recorded with the receiver's status and the start of its answer; a failure is retried after the
 * next wait of RETRY_DELAYS_MS, and an endpoint that has failed for 3 days is disabled (the system's
 * WebhookEndpointDisabled, whose reaction mails the owner).
 */
export const deliverWebhook = Effect.fn("Webhooks.deliver")(function* (deliveryId: string, now: Date) {
  const db = yield* Database;
  const [row] = yield* db.query(
    (sql) => sql<DeliveryRow[]>`
      select d.id, d.workspace_id, d.endpoint_id, d.message_id, d.body, d.status, d.attempts, e.url, e.secret_encrypted, e.enabled
      from webhook_deliveries d left join webhook_endpoints e on e.id = d.endpoint_id
      where d.id = ${deliveryId}`,
  );
  if (!row || row.status !== "pending") return;
  if (row.url === null || row.secret_encrypted === null || !row.enabled) {
    const why = row.url === null ? "The endpoint was removed." : "The endpoint is disabled.";
    yield* db.query((sql) => sql`update webhook_deliveries set status = 'failed', next_attempt_at = null, last_error = ${why} where id = ${deliveryId}`);
    return `webhook ${row.message_id}: not sent, ${why.toLowerCase()}`;
  }
  const result = yield* send({ ...row, url: row.url, secret_encrypted: row.secret_encrypted }, now);
  const attempt = row.attempts + 1;
  const retryAt = !result.ok && attempt < MAX_ATTEMPTS ? new Date(now.getTime() + RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length) - 1]!) : null;
  const status = result.ok ? "delivered" : retryAt ? "pending" : "failed";
  yield* db.withTransaction(
    Effect.gen(function* () {
      yield* db.query(
        (sql) => sql`
          insert into webhook_attempts (delivery_id, endpoint_id, attempt, attempted_at, status, ok, excerpt, error, duration_ms)
          values (${row.id}, ${row.endpoint_id}, ${attempt}, ${now}, ${result.status}, ${result.ok}, ${result.excerpt}, ${result.error}, ${result.durationMs})
          on conflict (delivery_id, attempt) do nothing`,
      );
      yield* db.query(
        (sql) => sql`
          update webhook_deliveries set status = ${status}, attempts = ${attempt}, last_status = ${result.status}, last_excerpt = ${result.excerpt},
            last_error = ${result.error}, last_attempt_at = ${now}, next_attempt_at = ${retryAt}, delivered_at = ${result.ok ? now : null}
          where id = ${row.id}`,
      );
      if (retryAt) yield* deliveryJob(row.id, retryAt);
    }),
  );
  if (!result.ok) {
    const since = yield* failingSince(row.endpoint_id);
    if (since && now.getTime() - since.getTime() >= WEBHOOK_DISABLE_AFTER_MS) {
      yield* handleCommand(webhookEndpointStreamId(row.endpoint_id), webhookEndpointDecider, (state) => disableFailingWebhookEndpoint(state, since), {
        ctx: systemContext("webhooks", now, randomUUID()),
        workspaceId: row.workspace_id,
      });
    }
  }
  return `webhook ${row.message_id} attempt ${attempt}: ${result.ok ? "delivered" : (result.error ?? "failed")}`;
});

/** How long a finished delivery (and its attempts) stays listed: a month of history to look back on and redeliver from. */
export const DELIVERY_RETENTION_DAYS = 30;
export const PURGE_TASK = "purge_webhook_deliveries";

/** Forgets finished deliveries older than DELIVERY_RETENTION_DAYS (a pending one waits for its retry whatever its age). */
export const purgeOldDeliveries = Effect.fn("Webhooks.purgeOldDeliveries")(function* (now: Date) {
  const db = yield* Database;
  const before = new Date(now.getTime() - DELIVERY_RETENTION_DAYS * 86_400_000);
  const removed = yield* db.query((sql) => sql`delete from webhook_deliveries where status <> 'pending' and created_at < ${before}`);
  return removed.count > 0 ? `Webhooks: ${removed.count} old deliveries forgotten` : undefined;
});
