import { Context, Effect, Layer } from "effect";
import type Stripe from "stripe";
import {
  applySubscription,
  billingDecider,
  type BillingEvent,
  type BillingInterval,
  BillingNotConfigured,
  BillingProviderFailed,
  type BillingState,
  billingStreamId,
  GIVES_PLAN,
  planOfLookupKey,
  priceLookupKey,
  recordCustomer,
  recordPaymentFailed,
  type SubscriptionSnapshot,
} from "../../domain/billing";
import { isPlanId, limitsOf, type PlanId, UNLIMITED } from "../../domain/plans";
import { type Caller, type CommandContext, type ConcurrencyConflict, InvalidInput, type NotFound, systemCaller } from "../../domain/shared";
import { config } from "../config";
import { Database, type SqlError } from "../db/Database";
import { EventStore } from "../eventstore/EventStore";
import { handleCommand } from "../eventstore/handle";
import { stripeClient, stripeWebhookSecret } from "./stripe";

/** What Settings > Billing shows, read from Stripe. */
export interface BillingOverview {
  readonly planId: PlanId | null;
  readonly interval: BillingInterval | null;
  /** Stripe's status (trialing, active, past_due, canceled...), null without a subscription. */
  readonly status: string | null;
  readonly cancelAtPeriodEnd: boolean;
  readonly currentPeriodEnd: string | null;
  readonly trialEnd: string | null;
  readonly nextInvoice: { readonly date: string | null; readonly amount: number; readonly currency: string } | null;
  readonly card: { readonly brand: string; readonly last4: string; readonly expMonth: number; readonly expYear: number } | null;
  readonly invoices: ReadonlyArray<{
    readonly id: string;
    readonly number: string | null;
    readonly date: string;
    readonly amount: number;
    readonly currency: string;
    readonly status: string | null;
    readonly url: string | null;
    readonly pdf: string | null;
  }>;
  readonly paymentFailed: boolean;
}

type BillingError = BillingNotConfigured | BillingProviderFailed | SqlError | ConcurrencyConflict | NotFound;

export interface BillingRow {
  customer_id: string;
  subscription_id: string | null;
  status: string | null;
  payment_failed_at: Date | null;
}

/** A Stripe call as an effect: a refusal or a network failure becomes BillingProviderFailed with Stripe's sentence. */
export const call = <A>(span: string, run: () => Promise<A>) =>
  Effect.tryPromise({
    try: run,
    catch: (cause) => new BillingProviderFailed({ message: `Stripe: ${(cause as Error)?.message ?? String(cause)}` }),
  }).pipe(Effect.withSpan(`Stripe.${span}`));

export const isoOf = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);
export const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** The subscription as the decider applies it, or null for one that is not for a plan of ours. */
export const snapshotOf = (subscription: Stripe.Subscription): SubscriptionSnapshot | null => {
  const item = subscription.items.data[0];
  const price = item?.price;
  const interval: BillingInterval = price?.recurring?.interval === "year" ? "annual" : "monthly";
  const fromMetadata = subscription.metadata?.planId;
  const plan = planOfLookupKey(price?.lookup_key) ?? (isPlanId(fromMetadata) ? { planId: fromMetadata, interval } : null);
  if (!plan) return null;
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer) ?? "",
    planId: plan.planId,
    interval: plan.interval,
    status: subscription.status,
    currentPeriodEnd: isoOf(item?.current_period_end),
    trialEnd: isoOf(subscription.trial_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
};

/** The subscription an invoice bills (its parent since Stripe's 2025 API versions). */
export const subscriptionOfInvoice = (invoice: Stripe.Invoice): string | null =>
  idOf(invoice.parent?.subscription_details?.subscription) ?? idOf((invoice as { subscription?: string | { id: string } | null }).subscription);

/** The Stripe client, or BillingNotConfigured without keys. */
export const requireStripe = () => {
  const client = stripeClient();
  return client ? Effect.succeed(client) : Effect.fail(new BillingNotConfigured());
};

/** A command on the workspace's billing stream. */
export const onBillingStream = (
  workspaceId: string,
  steps: ReadonlyArray<(state: BillingState) => Effect.Effect<ReadonlyArray<BillingEvent>>>,
  ctx: CommandContext,
) => handleCommand(billingStreamId(workspaceId), billingDecider, steps, { ctx, workspaceId });

/** The workspace's row of `billing_subscriptions`, null before its first Checkout. */
export const billingRowOf = (workspaceId: string) =>
  Database.use((db) =>
    Effect.map(
      db.query(
        (sql) =>
          sql<BillingRow[]>`select customer_id, subscription_id, status, payment_failed_at from billing_subscriptions where workspace_id = ${workspaceId}`,
      ),
      ([row]) => row ?? null,
    ),
  );

export const retrieveSubscription = (client: Stripe, subscriptionId: string) =>
  call("subscriptions.retrieve", () => client.subscriptions.retrieve(subscriptionId));

/**
 * Billing with Stripe (issue 15): Checkout for the trial of a plan, the customer portal, the
 * webhook that applies the subscription to the workspace, and what Settings shows of it.
 */
export class Billing extends Context.Service<
  Billing,
  {
    readonly isConfigured: () => boolean;
    /** A Checkout Session in subscription mode for the plan's price, with the trial and a card required; a workspace already subscribed gets the portal. */
    readonly startTrial: (
      caller: Caller,
      who: { readonly email: string; readonly name: string },
      input: { readonly planId: PlanId; readonly interval: BillingInterval },
    ) => Effect.Effect<{ readonly redirectUrl: string }, BillingError>;
    /** A customer portal session (card, plan, cancellation). */
    readonly portal: (caller: Caller) => Effect.Effect<{ readonly url: string }, BillingError | InvalidInput>;
    readonly overview: (workspaceId: string) => Effect.Effect<BillingOverview | null, BillingError>;
    /** Whether a payment failed and is not settled yet (the app shell's warning). */
    readonly paymentFailed: (workspaceId: string) => Effect.Effect<boolean, SqlError>;
  }
>()("app/Billing") {
  static layer = Layer.effect(
    Billing,
    Effect.gen(function* () {
      const db = yield* Database;
      const store = yield* EventStore;
      const provide = <A, E>(effect: Effect.Effect<A, E, Database | EventStore>) =>
        effect.pipe(Effect.provideService(Database, db), Effect.provideService(EventStore, store));
      const onBilling = (...args: Parameters<typeof onBillingStream>) => provide(onBillingStream(...args));
      const rowOf = (workspaceId: string) => provide(billingRowOf(workspaceId));

      /** The workspace's customer at Stripe: the one recorded, else a new one (the same on a retry: idempotency key). */
      const customerOf = (client: Stripe, caller: Caller, who: { email: string; name: string }) =>
        Effect.gen(function* () {
          const row = yield* rowOf(caller.workspaceId);
          if (row) return row.customer_id;
          const customer = yield* call("customers.create", () =>
            client.customers.create(
              { email: who.email, name: who.name, metadata: { workspaceId: caller.workspaceId } },
              { idempotencyKey: `socialdesk-customer-${caller.workspaceId}` },
            ),
          );
          yield* onBilling(caller.workspaceId, [recordCustomer({ workspaceId: caller.workspaceId, customerId: customer.id })], caller);
          return customer.id;
        });

      const priceOf = (client: Stripe, planId: PlanId, interval: BillingInterval) =>
        Effect.gen(function* () {
          const key = priceLookupKey(planId, interval);
          const prices = yield* call("prices.list", () => client.prices.list({ lookup_keys: [key], active: true, limit: 1 }));
          const price = prices.data[0];
          return price ? price.id : yield* new BillingProviderFailed({ message: `No Stripe price has the lookup key ${key}.` });
        });

      const startTrial = Effect.fn("Billing.startTrial")(function* (
        caller: Caller,
        who: { readonly email: string; readonly name: string },
        input: { readonly planId: PlanId; readonly interval: BillingInterval },
      ) {
        const client = yield* requireStripe();
        const row = yield* rowOf(caller.workspaceId);
        if (row?.subscription_id && row.status && GIVES_PLAN.has(row.status)) {
          const session = yield* call("billingPortal.sessions.create", () =>
            client.billingPortal.sessions.create({ customer: row.customer_id, return_url: `${config().publicUrl}/app/settings?tab=billing` }),
          );
          return { redirectUrl: session.url };
        }
        const [price, customer] = yield* Effect.all([priceOf(client, input.planId, input.interval), customerOf(client, caller, who)], { concurrency: 2 });
        // One free trial per workspace: a workspace that had a subscription pays from the start.
        const hadSubscription = Boolean(row?.subscription_id);
        const metadata = { workspaceId: caller.workspaceId, planId: input.planId, interval: input.interval };
        const session = yield* call("checkout.sessions.create", () =>
          client.checkout.sessions.create({
            mode: "subscription",
            customer,
            client_reference_id: caller.workspaceId,
            line_items: [{ price, quantity: 1 }],
            payment_method_collection: "always",
            subscription_data: { ...(hadSubscription ? {} : { trial_period_days: config().TRIAL_DAYS }), metadata },
            metadata,
            success_url: `${config().publicUrl}/app/checkout/return?session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${config().publicUrl}/app/pricing`,
          }),
        );
        return session.url ? { redirectUrl: session.url } : yield* new BillingProviderFailed({ message: "Stripe answered no Checkout address." });
      });

      const portal = Effect.fn("Billing.portal")(function* (caller: Caller) {
        const client = yield* requireStripe();
        const row = yield* rowOf(caller.workspaceId);
        if (!row) return yield* new InvalidInput({ message: "Choose a plan first: there is no billing to manage yet." });
        const session = yield* call("billingPortal.sessions.create", () =>
          client.billingPortal.sessions.create({ customer: row.customer_id, return_url: `${config().publicUrl}/app/settings?tab=billing` }),
        );
        return { url: session.url };
      });

      const overview = Effect.fn("Billing.overview")(function* (workspaceId: string) {
        const client = yield* requireStripe();
        const row = yield* rowOf(workspaceId);
        if (!row) return null;
        const subscription = row.subscription_id ? yield* retrieveSubscription(client, row.subscription_id) : null;
        const snapshot = subscription ? snapshotOf(subscription) : null;
        const live = subscription && subscription.status !== "canceled" ? subscription : null;
        const [paymentMethodId, preview, invoices] = yield* Effect.all(
          [
            live?.default_payment_method
              ? Effect.succeed(idOf(live.default_payment_method))
              : Effect.map(
                  call("customers.retrieve", () => client.customers.retrieve(row.customer_id)),
                  (c) => ("deleted" in c && c.deleted ? null : idOf((c as Stripe.Customer).invoice_settings?.default_payment_method)),
                ),
            live && !live.cancel_at_period_end
              ? Effect.orElseSucceed(
                  call("invoices.createPreview", () => client.invoices.createPreview({ customer: row.customer_id, subscription: live.id })),
                  () => null,
                )
              : Effect.succeed(null),
            call("invoices.list", () => client.invoices.list({ customer: row.customer_id, limit: 12 })),
          ],
          { concurrency: 3 },
        );
        const paymentMethod = paymentMethodId ? yield* call("paymentMethods.retrieve", () => client.paymentMethods.retrieve(paymentMethodId)) : null;
        const card = paymentMethod?.card;
        return {
          planId: (snapshot?.planId as PlanId | undefined) ?? null,
          interval: snapshot?.interval ?? null,
          status: subscription?.status ?? null,
          cancelAtPeriodEnd: subscription?.cancel_at_period_end ?? false,
          currentPeriodEnd: snapshot?.currentPeriodEnd ?? null,
          trialEnd: snapshot?.trialEnd ?? null,
          nextInvoice: preview
            ? { date: isoOf(preview.next_payment_attempt ?? preview.period_end), amount: preview.amount_due, currency: preview.currency }
            : null,
          card: card ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year } : null,
          invoices: invoices.data.map((invoice) => ({
            id: invoice.id ?? "",
            number: invoice.number,
            date: isoOf(invoice.created)!,
            amount: invoice.total,
            currency: invoice.currency,
            status: invoice.status,
            url: invoice.hosted_invoice_url ?? null,
            pdf: invoice.invoice_pdf ?? null,
          })),
          paymentFailed: row.payment_failed_at !== null || row.status === "past_due" || row.status === "unpaid",
        } satisfies BillingOverview;
      });

      const paymentFailed = Effect.fn("Billing.paymentFailed")(function* (workspaceId: string) {
        const row = yield* rowOf(workspaceId);
        return Boolean(row && (row.payment_failed_at !== null || row.status === "past_due" || row.status === "unpaid"));
      });

      return {
        isConfigured: () => stripeClient() !== null,
        startTrial,
        portal,
        overview,
        paymentFailed,
      };
    }),
  );
}
