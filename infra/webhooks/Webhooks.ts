import { randomBytes, randomUUID } from "node:crypto";
import { Context, Effect, Layer } from "effect";
import { type Caller, type ConcurrencyConflict, Conflict, InvalidInput, NotFound } from "../../domain/shared";
import {
  addWebhookEndpoint,
  changeWebhookEndpoint,
  checkWebhookEndpoint,
  removeWebhookEndpoint,
  type WebhookEndpointEvent,
  type WebhookEndpointState,
  webhookEndpointDecider,
  webhookEndpointStreamId,
  type WebhookEventType,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_MESSAGES,
} from "../../domain/webhooks";
import { Database, type SqlError } from "../db/Database";
import { type PageRequest, encodeKeyset, pageCursor } from "../db/keyset";
import { EventStore } from "../eventstore/EventStore";
import { type DecideStep, handleCommand } from "../eventstore/handle";
import { checkPublicAddress, isAllowedHost } from "../outbound/outbound";
import { decryptSecret, encryptSecret } from "../platforms/crypto";
import { queueRedelivery, queueTestDelivery } from "./delivery";

/** An endpoint as its settings show it, with its secret (a receiver needs it to verify). */
export interface WebhookEndpointView {
  readonly id: string;
  readonly url: string;
  readonly events: ReadonlyArray<WebhookEventType>;
  readonly description: string;
  readonly secret: string;
  readonly enabled: boolean;
  readonly disabledReason: string | null;
  readonly createdAt: string;
}

/** A delivery with its last attempt. */
export interface WebhookDeliveryView {
  readonly id: string;
  readonly messageId: string;
  readonly eventType: string;
  readonly status: "pending" | "delivered" | "failed";
  readonly attempts: number;
  readonly lastStatus: number | null;
  readonly lastResponse: string | null;
  readonly lastError: string | null;
  readonly lastAttemptAt: string | null;
  readonly nextAttemptAt: string | null;
  readonly createdAt: string;
}

export interface WebhookEndpointInput {
  readonly url: string;
  readonly events: ReadonlyArray<string>;
  readonly description: string;
}

export type WebhookEndpointChange = Partial<WebhookEndpointInput> & { readonly enabled?: boolean | undefined };
export type WebhookError = InvalidInput | NotFound | Conflict | ConcurrencyConflict | SqlError;

export const DELIVERIES_PAGE_SIZE = 20;
export const DELIVERIES_PAGE_MAX = 100;

interface EndpointRow {
  id: string;
  url: string;
  events: WebhookEventType[];
  description: string;
  secret_encrypted: string;
  enabled: boolean;
  disabled_reason: string | null;
  created_at: Date;
}

interface DeliveryRow {
  id: string;
  message_id: string;
  event_type: string;
  status: WebhookDeliveryView["status"];
  attempts: number;
  last_status: number | null;
  last_excerpt: string | null;
  last_error: string | null;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
  created_at: Date;
}

const endpointOf = (row: EndpointRow): WebhookEndpointView => ({
  id: row.id,
  url: row.url,
  events: row.events,
  description: row.description,
  secret: decryptSecret(row.secret_encrypted),
  enabled: row.enabled,
  disabledReason: row.disabled_reason,
  createdAt: row.created_at.toISOString(),
});

const deliveryOf = (row: DeliveryRow): WebhookDeliveryView => ({
  id: row.id,
  messageId: row.message_id,
  eventType: row.event_type,
  status: row.status,
  attempts: row.attempts,
  lastStatus: row.last_status,
  lastResponse: row.last_excerpt,
  lastError: row.last_error,
  lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
  nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
});

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

const ENDPOINT_COLUMNS = "id, url, events, description, secret_encrypted, enabled, disabled_reason, created_at";
const DELIVERY_COLUMNS = "id, message_id, event_type, status, attempts, last_status, last_excerpt, last_error, last_attempt_at, next_attempt_at, created_at";

/**
 * Webhooks out (issue 31): a workspace's endpoints (event-sourced, `webhook-endpoint-{id}`), the
 * deliveries to them, and sending one again or a test event. Sending is ./delivery.ts.
 */
export class Webhooks extends Context.Service<
  Webhooks,
  {
    readonly list: (workspaceId: string) => Effect.Effect<ReadonlyArray<WebhookEndpointView>, SqlError>;
    readonly get: (workspaceId: string, endpointId: string) => Effect.Effect<WebhookEndpointView, NotFound | SqlError>;
    readonly add: (caller: Caller, input: WebhookEndpointInput) => Effect.Effect<WebhookEndpointView, WebhookError>;
    readonly change: (caller: Caller, endpointId: string, change: WebhookEndpointChange) => Effect.Effect<WebhookEndpointView, WebhookError>;
    readonly remove: (caller: Caller, endpointId: string) => Effect.Effect<void, WebhookError>;
    readonly deliveries: (
      workspaceId: string,
      endpointId: string,
      page: PageRequest,
    ) => Effect.Effect<{ readonly items: ReadonlyArray<WebhookDeliveryView>; readonly next: string | null }, InvalidInput | NotFound | SqlError>;
    readonly redeliver: (caller: Caller, endpointId: string, deliveryId: string) => Effect.Effect<WebhookDeliveryView, NotFound | Conflict | SqlError>;
    readonly test: (caller: Caller, endpointId: string) => Effect.Effect<WebhookDeliveryView, NotFound | Conflict | SqlError>;
  }
>()("app/Webhooks") {
  static layer = Layer.effect(
    Webhooks,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;

      const row = (workspaceId: string, endpointId: string) =>
        Effect.flatMap(
          db.query(
            (sql) => sql<EndpointRow[]>`select ${sql.unsafe(ENDPOINT_COLUMNS)} from webhook_endpoints where id = ${endpointId} and workspace_id = ${workspaceId}`,
          ),
          ([found]) => (found ? Effect.succeed(found) : Effect.fail(new NotFound({ what: "webhook endpoint" }))),
        );

      const get = Effect.fn("Webhooks.get")(function* (workspaceId: string, endpointId: string) {
        return endpointOf(yield* row(workspaceId, endpointId));
      });

      const list = Effect.fn("Webhooks.list")(function* (workspaceId: string) {
        const rows = yield* db.query(
          (sql) => sql<EndpointRow[]>`select ${sql.unsafe(ENDPOINT_COLUMNS)} from webhook_endpoints where workspace_id = ${workspaceId} order by created_at, id`,
        );
        return rows.map(endpointOf);
      });

      const run = (caller: Caller, endpointId: string, step: DecideStep<WebhookEndpointState, WebhookEndpointEvent, NotFound>) =>
        handleCommand(webhookEndpointStreamId(endpointId), webhookEndpointDecider, step, { ctx: caller, workspaceId: caller.workspaceId }).pipe(
          Effect.provideService(EventStore, store),
        );

      /** The fields checked, then the address resolved: a host on a private network is refused now, not at the first event. */
      const checked = (input: WebhookEndpointInput) =>
        Effect.gen(function* () {
          const fields = yield* checkWebhookEndpoint(input, isAllowedHost);
          yield* checkPublicAddress(fields.url).pipe(
            Effect.mapError((refused) => new InvalidInput({ message: refused.message, fields: { url: refused.message } })),
          );
          return fields;
        });

      const add = Effect.fn("Webhooks.add")(function* (caller: Caller, input: WebhookEndpointInput) {
        const fields = yield* checked(input);
        const [{ count }] = yield* db.query(
          (sql) => sql<{ count: number }[]>`select count(*)::int as count from webhook_endpoints where workspace_id = ${caller.workspaceId}`,
        );
        if (count >= WEBHOOK_ENDPOINTS_MAX) return yield* new Conflict({ message: WEBHOOK_MESSAGES.tooMany });
        const endpointId = randomUUID();
        yield* run(caller, endpointId, (state) =>
          addWebhookEndpoint(state, { endpointId, workspaceId: caller.workspaceId, secret: encryptSecret(newSecret()), ...fields }),
        );
        return yield* get(caller.workspaceId, endpointId);
      });

      const change = Effect.fn("Webhooks.change")(function* (caller: Caller, endpointId: string, change: WebhookEndpointChange) {
        const current = yield* row(caller.workspaceId, endpointId);
        const fields = yield* checked({
          url: change.url ?? current.url,
          events: change.events ?? current.events,
          description: change.description ?? current.description,
        });
        yield* run(caller, endpointId, (state) => changeWebhookEndpoint(state, { ...fields, enabled: change.enabled }));
        return yield* get(caller.workspaceId, endpointId);
      });

      const remove = Effect.fn("Webhooks.remove")(function* (caller: Caller, endpointId: string) {
        yield* row(caller.workspaceId, endpointId);
        yield* run(caller, endpointId, removeWebhookEndpoint);
        // Its deliveries go with it; a job still waiting finds no delivery and does nothing.
        yield* db.query((sql) => sql`delete from webhook_deliveries where endpoint_id = ${endpointId} and workspace_id = ${caller.workspaceId}`);
      });

      const deliveryRow = (endpointId: string, deliveryId: string) =>
        Effect.flatMap(
          db.query((sql) => sql<DeliveryRow[]>`select ${sql.unsafe(DELIVERY_COLUMNS)} from webhook_deliveries where id = ${deliveryId} and endpoint_id = ${endpointId}`),
          ([found]) => (found ? Effect.succeed(deliveryOf(found)) : Effect.fail(new NotFound({ what: "delivery" }))),
        );

      const deliveries = Effect.fn("Webhooks.deliveries")(function* (workspaceId: string, endpointId: string, page: PageRequest) {
        const cursor = yield* pageCursor(page.cursor);
        const size = page.limit ?? DELIVERIES_PAGE_SIZE;
        yield* row(workspaceId, endpointId);
        const rows = yield* db.query(
          (sql) => sql<DeliveryRow[]>`
            select ${sql.unsafe(DELIVERY_COLUMNS)} from webhook_deliveries
            where endpoint_id = ${endpointId} and workspace_id = ${workspaceId}
              ${cursor ? sql`and (created_at, id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
            order by created_at desc, id desc
            limit ${size + 1}`,
        );
        const shown = rows.slice(0, size);
        const last = shown.at(-1);
        return { items: shown.map(deliveryOf), next: rows.length > size && last ? encodeKeyset({ at: last.created_at.toISOString(), id: last.id }) : null };
      });

      /** An endpoint that sends: a disabled one is enabled first (its deliveries would wait for nothing). */
      const sending = (workspaceId: string, endpointId: string) =>
        Effect.flatMap(row(workspaceId, endpointId), (found) =>
          found.enabled ? Effect.succeed(found) : Effect.fail(new Conflict({ message: WEBHOOK_MESSAGES.enableFirst })),
        );

      const redeliver = Effect.fn("Webhooks.redeliver")(function* (caller: Caller, endpointId: string, deliveryId: string) {
        yield* sending(caller.workspaceId, endpointId);
        yield* deliveryRow(endpointId, deliveryId);
        yield* db.withTransaction(queueRedelivery(deliveryId, caller.now).pipe(Effect.provideService(Database, db)));
        return yield* deliveryRow(endpointId, deliveryId);
      });

      const test = Effect.fn("Webhooks.test")(function* (caller: Caller, endpointId: string) {
        yield* sending(caller.workspaceId, endpointId);
        const deliveryId = yield* db.withTransaction(queueTestDelivery(caller.workspaceId, endpointId, caller.now).pipe(Effect.provideService(Database, db)));
        return yield* deliveryRow(endpointId, deliveryId);
      });

      return { list, get, add, change, remove, deliveries, redeliver, test };
    }),
  );
}
