import { Effect } from "effect";
import type Stripe from "stripe";
import { applySubscription, BillingNotConfigured, GIVES_PLAN, recordCustomer, recordPaymentFailed, type SubscriptionSnapshot } from "../../domain/billing";
import { limitsOf, type PlanId, UNLIMITED } from "../../domain/plans";
import { type Caller, type CommandContext, InvalidInput, systemCaller } from "../../domain/shared";
import { activeAccountIdsOf } from "../accounts/queries";
import { SocialAccounts } from "../accounts/SocialAccounts";
import { Database } from "../db/Database";
import { workspaceOf } from "../identity/queries";
import { Workspaces } from "../identity/Workspaces";
import { call, idOf, onBillingStream, requireStripe, retrieveSubscription, snapshotOf, subscriptionOfInvoice } from "./Billing";
import { stripeWebhookSecret } from "./stripe";

export const WEBHOOK_SIGNATURE_REFUSED = "The webhook's signature is missing or wrong.";
/** How far from this server's clock a signature may be dated, either way (the SDK's default for its age). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const WEBHOOK_SIGNATURE_AHEAD = "The webhook's signature is dated more than 5 minutes ahead of this server's clock.";

type PaymentFailure = Parameters<typeof recordPaymentFailed>[0];

/** Pauses the workspace's accounts beyond its plan's limit, the most recently connected first; none is removed. */
const pauseOverLimit = (workspaceId: string, ctx: CommandContext) =>
  Effect.gen(function* () {
    const tier = (yield* workspaceOf(workspaceId))?.tier ?? "trial";
    const limit = limitsOf(tier).socialAccounts;
    if (limit === UNLIMITED) return 0;
    const over = (yield* activeAccountIdsOf(workspaceId)).slice(limit);
    const accounts = yield* SocialAccounts;
    const caller = systemCaller(ctx, { id: workspaceId, plan: tier, timeZone: "UTC" });
    for (const id of over) yield* accounts.setActive(caller, id, false);
    return over.length;
  });

/**
 * Applies the subscription read from Stripe: the billing stream's events, then the workspace's plan
 * (the subscription's plan while it gives one; an expired trial once it ended, with the accounts
 * over the trial's limit paused).
 */
const applyToWorkspace = (workspaceId: string, snapshot: SubscriptionSnapshot, ctx: CommandContext, failed: PaymentFailure | null) =>
  Effect.gen(function* () {
    const result = yield* onBillingStream(
      workspaceId,
      [
        recordCustomer({ workspaceId, customerId: snapshot.customerId }),
        applySubscription({ workspaceId, subscription: snapshot, now: ctx.now }),
        ...(failed ? [recordPaymentFailed(failed)] : []),
      ],
      ctx,
    );
    const workspaces = yield* Workspaces;
    if (result.events.some((e) => e.type === "SubscriptionCanceled")) {
      yield* workspaces.endPaidPlan(workspaceId, "subscription ended", ctx);
      yield* pauseOverLimit(workspaceId, ctx);
    } else if (result.events.some((e) => e.type === "SubscriptionStarted" || e.type === "SubscriptionUpdated") && GIVES_PLAN.has(snapshot.status)) {
      yield* workspaces.changePlan(workspaceId, snapshot.planId as PlanId, "Stripe subscription", ctx);
    }
  });

const workspaceOfCustomer = (customerId: string) =>
  Database.use((db) =>
    Effect.map(
      db.query((sql) => sql<{ workspace_id: string }[]>`select workspace_id from billing_subscriptions where customer_id = ${customerId}`),
      ([row]) => row?.workspace_id ?? null,
    ),
  );

/** What a Stripe event is about: the subscription to read afresh, the workspace it names, and a failed payment. */
const subjectOf = (event: Stripe.Event) => {
  const object = event.data.object as unknown;
  if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
    const session = object as Stripe.Checkout.Session;
    return { subscriptionId: idOf(session.subscription), workspaceId: session.client_reference_id ?? session.metadata?.workspaceId ?? null, failed: null };
  }
  if (event.type.startsWith("customer.subscription.")) return { subscriptionId: (object as Stripe.Subscription).id, workspaceId: null, failed: null };
  if (event.type.startsWith("invoice.")) {
    const invoice = object as Stripe.Invoice;
    const subscriptionId = subscriptionOfInvoice(invoice);
    const failed =
      event.type === "invoice.payment_failed" && subscriptionId && invoice.id
        ? { subscriptionId, invoiceId: invoice.id, attempt: invoice.attempt_count ?? 1, amountDue: invoice.amount_due, currency: invoice.currency }
        : null;
    return { subscriptionId, workspaceId: null, failed };
  }
  return { subscriptionId: null, workspaceId: null, failed: null };
};

/**
 * POST /api/webhooks/stripe: the signature is checked on the raw body (missing or wrong: 400,
 * nothing changes). The subscription is read from Stripe before it is applied, so deliveries twice
 * or out of order apply what is true now; each event id is stored in the transaction of the events
 * it records, so it is processed once. Answers whether it was new.
 */
export const receiveStripeWebhook = (rawBody: Uint8Array, signature: string | null, now: Date) =>
  Effect.gen(function* () {
    const client = yield* requireStripe();
    const secret = stripeWebhookSecret();
    if (!secret) return yield* new BillingNotConfigured();
    if (!signature) return yield* new InvalidInput({ message: WEBHOOK_SIGNATURE_REFUSED });
    const event = yield* Effect.try({
      try: () => client.webhooks.constructEvent(Buffer.from(rawBody), signature, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, now.getTime()),
      catch: () => new InvalidInput({ message: WEBHOOK_SIGNATURE_REFUSED }),
    });
    // The SDK refuses a signature older than the tolerance but takes one dated in the future, however
    // far: such a delivery, once captured, could be replayed until that date. Stripe signs at sending.
    const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
    if (!(signedAt * 1000 <= now.getTime() + WEBHOOK_TOLERANCE_SECONDS * 1000)) return yield* new InvalidInput({ message: WEBHOOK_SIGNATURE_AHEAD });
    const ctx: CommandContext = { actor: { kind: "system", process: "billing" }, now, correlationId: event.id, causationId: null };
    const subject = subjectOf(event);
    const subscription = subject.subscriptionId ? yield* retrieveSubscription(client, subject.subscriptionId) : null;
    const snapshot = subscription ? snapshotOf(subscription) : null;
    const workspaceId = snapshot ? (subscription!.metadata?.workspaceId ?? subject.workspaceId ?? (yield* workspaceOfCustomer(snapshot.customerId))) : null;

    const db = yield* Database;
    return yield* db.withTransaction(
      Effect.gen(function* () {
        const inserted = yield* db.query(
          (sql) => sql`insert into stripe_webhook_events (event_id, type, processed_at) values (${event.id}, ${event.type}, ${now})
                       on conflict (event_id) do nothing returning event_id`,
        );
        if (inserted.length === 0) return { processed: false };
        if (workspaceId && snapshot) yield* applyToWorkspace(workspaceId, snapshot, ctx, subject.failed ? { ...subject.failed, workspaceId } : null);
        return { processed: true };
      }),
    );
  }).pipe(Effect.withSpan("Billing.receiveWebhook"));

/** Back from Checkout: the session's subscription applied at once (its webhook may come later, and then changes nothing). */
export const completeCheckout = (caller: Caller, sessionId: string) =>
  Effect.gen(function* () {
    const client = yield* requireStripe();
    const session = yield* call("checkout.sessions.retrieve", () => client.checkout.sessions.retrieve(sessionId));
    const subscriptionId = idOf(session.subscription);
    if (session.client_reference_id !== caller.workspaceId || !subscriptionId) return null;
    const snapshot = snapshotOf(yield* retrieveSubscription(client, subscriptionId));
    if (!snapshot) return null;
    const db = yield* Database;
    yield* db.withTransaction(applyToWorkspace(caller.workspaceId, snapshot, caller, null));
    return snapshot;
  }).pipe(Effect.withSpan("Billing.completeCheckout"));
