import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { PLAN_IDS } from "../../domain/plans";

/**
 * A local server that plays Stripe's API for the calls SocialDesk makes (prices by lookup key,
 * customers, Checkout and portal sessions, subscriptions, payment methods, invoices), pointed at by
 * STRIPE_API_BASE. It checks each request as Stripe would (the secret key as a Bearer token, a
 * Stripe-Version, form-encoded bodies) and keeps every request for the tests to read. Webhook
 * deliveries are signed by the SDK's own test-header helper.
 */
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET } from "./fake-stripe-keys";

export { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET };

type Json = Record<string, any>;
export interface StripeRequest {
  readonly method: string;
  readonly path: string;
  readonly params: Json;
  readonly idempotencyKey: string | undefined;
}

/** `line_items[0][price]=x` → `{ line_items: [{ price: "x" }] }` (Stripe's form encoding). */
export const parseForm = (text: string): Json => {
  const out: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let at: any = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = /^\d+$/.test(parts[i + 1] ?? "");
      if (last) at[part] = value;
      else at = at[part] ??= nextIsIndex ? [] : {};
    });
  }
  return out;
};

const now = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;

export const startFakeStripe = async (port = 0) => {
  const requests: StripeRequest[] = [];
  const problems: string[] = [];
  let seq = 0;
  // Ids unique across runs of the fake, as Stripe's are (an app's database outlives one test's fake).
  const run = Math.random().toString(36).slice(2, 8);
  const id = (prefix: string) => `${prefix}_${run}${(++seq).toString().padStart(6, "0")}`;
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();
  const invoices: Json[] = [];
  const MONTHLY: Record<string, number> = { starter: 1900, professional: 3500, growth: 6500, agency: 13500 };
  const ANNUAL: Record<string, number> = { starter: 16800, professional: 30000, growth: 57600, agency: 118800 };
  const prices = PLAN_IDS.flatMap((plan) =>
    (["monthly", "annual"] as const).map((interval) => ({
      id: `price_${plan}_${interval}`,
      object: "price",
      active: true,
      currency: "usd",
      lookup_key: `socialdesk_${plan}_${interval}`,
      unit_amount: interval === "monthly" ? MONTHLY[plan] : ANNUAL[plan],
      recurring: { interval: interval === "monthly" ? "month" : "year", interval_count: 1 },
      type: "recurring",
    })),
  );
  let base = "";

  const list = (data: Json[], url: string) => ({ object: "list", data, has_more: false, url });
  const fail = (res: ServerResponse, status: number, message: string, type = "invalid_request_error") =>
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ error: { type, message } }));

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = new URL(req.url ?? "/", base);
    const path = url.pathname;
    const send = (data: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(data));
    // The pages a browser is sent to: Checkout and the portal, as plain pages.
    if (req.method === "GET" && (path.startsWith("/checkout/") || path.startsWith("/portal/"))) {
      const kind = path.startsWith("/checkout/") ? "Checkout" : "Customer portal";
      return res
        .writeHead(200, { "content-type": "text/html" })
        .end(`<!doctype html><title>Fake Stripe ${kind}</title><h1>Fake Stripe ${kind}</h1><p>${path}</p>`);
    }
    // Anything else a browser asks of those pages (its favicon) is no API call.
    if (!path.startsWith("/v1/")) return res.writeHead(404).end();
    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
      problems.push(`${req.method} ${path}: authorization ${req.headers.authorization}`);
      return fail(res, 401, "Invalid API Key provided.", "authentication_error");
    }
    if (!req.headers["stripe-version"]) problems.push(`${req.method} ${path}: no Stripe-Version`);
    if (req.method === "POST" && !(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded"))
      problems.push(`${req.method} ${path}: content-type ${req.headers["content-type"]}`);
    const params = req.method === "GET" ? parseForm(url.search.slice(1)) : parseForm(body);
    requests.push({ method: req.method ?? "", path, params, idempotencyKey: req.headers["idempotency-key"] as string | undefined });
    const route = `${req.method} ${path}`;
    let match: RegExpExecArray | null;

    if (route === "GET /v1/prices") {
      const keys: string[] = params.lookup_keys ?? [];
      return send(
        list(
          prices.filter((p) => keys.includes(p.lookup_key)),
          "/v1/prices",
        ),
      );
    }
    if (route === "POST /v1/customers") {
      const customer = {
        id: id("cus"),
        object: "customer",
        email: params.email,
        name: params.name,
        metadata: params.metadata ?? {},
        invoice_settings: { default_payment_method: null },
      };
      customers.set(customer.id, customer);
      return send(customer);
    }
    if ((match = /^GET \/v1\/customers\/([^/]+)$/.exec(route))) {
      const customer = customers.get(match[1]!);
      return customer ? send(customer) : fail(res, 404, `No such customer: '${match[1]}'`);
    }
    if (route === "POST /v1/checkout/sessions") {
      if (!customers.has(params.customer)) return fail(res, 400, `No such customer: '${params.customer}'`);
      const session = { id: id("cs_test"), object: "checkout.session", url: "", status: "open", subscription: null, ...params };
      session.url = `${base}/checkout/${session.id}`;
      sessions.set(session.id, session);
      return send(session);
    }
    if ((match = /^GET \/v1\/checkout\/sessions\/([^/]+)$/.exec(route))) {
      const session = sessions.get(match[1]!);
      return session ? send(session) : fail(res, 404, `No such checkout.session: '${match[1]}'`);
    }
    if (route === "POST /v1/billing_portal/sessions") {
      if (!customers.has(params.customer)) return fail(res, 400, `No such customer: '${params.customer}'`);
      const session = { id: id("bps"), object: "billing_portal.session", customer: params.customer, return_url: params.return_url, url: "" };
      session.url = `${base}/portal/${session.id}`;
      return send(session);
    }
    if ((match = /^GET \/v1\/subscriptions\/([^/]+)$/.exec(route))) {
      const subscription = subscriptions.get(match[1]!);
      return subscription ? send(subscription) : fail(res, 404, `No such subscription: '${match[1]}'`);
    }
    if ((match = /^GET \/v1\/payment_methods\/([^/]+)$/.exec(route))) {
      const method = paymentMethods.get(match[1]!);
      return method ? send(method) : fail(res, 404, `No such PaymentMethod: '${match[1]}'`);
    }
    if (route === "POST /v1/invoices/create_preview") {
      const subscription = subscriptions.get(params.subscription);
      if (!subscription || subscription.status === "canceled") return fail(res, 400, "No upcoming invoices for this subscription.");
      const price = subscription.items.data[0].price;
      const periodEnd = subscription.items.data[0].current_period_end;
      return send({
        id: null,
        object: "invoice",
        customer: params.customer,
        amount_due: price.unit_amount,
        total: price.unit_amount,
        currency: "usd",
        period_end: periodEnd,
        next_payment_attempt: periodEnd,
        parent: { type: "subscription_details", subscription_details: { subscription: subscription.id } },
      });
    }
    if (route === "GET /v1/invoices") return send(list(invoices.filter((i) => i.customer === params.customer).reverse(), "/v1/invoices"));
    problems.push(`unexpected ${route}`);
    return fail(res, 404, `Unrecognized request URL (${route}).`);
  };

  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => handle(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sdk = new Stripe(FAKE_STRIPE_KEY);

  /** The subscription as Stripe's API answers it. */
  const subscriptionOf = (subscriptionId: string) => subscriptions.get(subscriptionId)!;

  return {
    url: base,
    requests,
    /** Requests that Stripe would have refused or that the fake does not know: a test expects none. */
    problems,
    env: { STRIPE_SECRET_KEY: FAKE_STRIPE_KEY, STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET, STRIPE_API_BASE: base },
    session: (sessionId: string) => sessions.get(sessionId),
    /** The person pays at Checkout: a subscription (trialing when the session asked for a trial), a Visa card ending 4242, its first invoice. */
    completeCheckout: (sessionId: string) => {
      const session = sessions.get(sessionId)!;
      const price = prices.find((p) => p.id === session.line_items[0].price)!;
      const trialDays = Number(session.subscription_data?.trial_period_days ?? 0);
      const card = { id: id("pm"), object: "payment_method", type: "card", card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 } };
      paymentMethods.set(card.id, card);
      customers.get(session.customer)!.invoice_settings.default_payment_method = card.id;
      const start = now();
      const periodEnd = start + (trialDays ? trialDays * DAY : price.recurring.interval === "year" ? 365 * DAY : 30 * DAY);
      const subscription = {
        id: id("sub"),
        object: "subscription",
        customer: session.customer,
        status: trialDays ? "trialing" : "active",
        metadata: session.subscription_data?.metadata ?? {},
        trial_end: trialDays ? periodEnd : null,
        cancel_at_period_end: false,
        default_payment_method: card.id,
        items: {
          object: "list",
          data: [{ id: id("si"), object: "subscription_item", price, quantity: 1, current_period_start: start, current_period_end: periodEnd }],
        },
      };
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, { status: "complete", subscription: subscription.id });
      invoices.push({
        id: id("in"),
        object: "invoice",
        customer: session.customer,
        number: `SD-${seq}`,
        created: start,
        total: trialDays ? 0 : price.unit_amount,
        amount_due: trialDays ? 0 : price.unit_amount,
        currency: "usd",
        status: "paid",
        hosted_invoice_url: `${base}/invoices/${seq}`,
        invoice_pdf: `${base}/invoices/${seq}.pdf`,
        parent: { type: "subscription_details", subscription_details: { subscription: subscription.id } },
      });
      return subscription;
    },
    subscriptionOf,
    /** Changes the subscription as Stripe would (a plan change in the portal, a cancellation, a failed payment). */
    updateSubscription: (
      subscriptionId: string,
      changes: { status?: string; cancel_at_period_end?: boolean; plan?: string; interval?: "monthly" | "annual" },
    ) => {
      const subscription = subscriptions.get(subscriptionId)!;
      if (changes.status) subscription.status = changes.status;
      if (changes.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = changes.cancel_at_period_end;
      if (changes.plan) subscription.items.data[0].price = prices.find((p) => p.lookup_key === `socialdesk_${changes.plan}_${changes.interval ?? "monthly"}`)!;
      return subscription;
    },
    /** A failed invoice of the subscription (as invoice.payment_failed carries it). */
    failedInvoice: (subscriptionId: string, attempt = 1) => {
      const subscription = subscriptions.get(subscriptionId)!;
      return {
        id: `in_failed_${subscriptionId}`,
        object: "invoice",
        customer: subscription.customer,
        attempt_count: attempt,
        amount_due: subscription.items.data[0].price.unit_amount,
        currency: "usd",
        status: "open",
        parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId } },
      };
    },
    /**
     * A webhook delivery of an event about `object`: the body and its Stripe-Signature, signed by the
     * SDK's test helper (dated now, or at `signedAt`, in seconds since 1970).
     */
    webhook: (type: string, object: Json, eventId = id("evt"), secret = FAKE_WEBHOOK_SECRET, signedAt?: number) => {
      const payload = JSON.stringify({ id: eventId, object: "event", type, api_version: Stripe.API_VERSION, created: now(), data: { object } });
      return {
        eventId,
        payload,
        signature: sdk.webhooks.generateTestHeaderString({ payload, secret, ...(signedAt === undefined ? {} : { timestamp: signedAt }) }),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
