import Stripe from "stripe";
import { type AppConfig, config } from "../config";

let cached: { key: string; base: string; client: Stripe } | undefined;

/**
 * The official Stripe SDK for the configured secret key, or null when billing is off. Its calls go
 * to STRIPE_API_BASE (the SDK's host, port and protocol), which tests point at a local server.
 */
export const stripeClient = (c: AppConfig = config()): Stripe | null => {
  const key = c.STRIPE_SECRET_KEY;
  if (!key) return null;
  if (cached?.key === key && cached.base === c.STRIPE_API_BASE) return cached.client;
  const base = new URL(c.STRIPE_API_BASE);
  const protocol = base.protocol === "http:" ? "http" : "https";
  const client = new Stripe(key, {
    host: base.hostname,
    port: base.port || (protocol === "http" ? 80 : 443),
    protocol,
    maxNetworkRetries: 1,
    timeout: 15_000,
    appInfo: { name: "SocialDesk" },
  });
  cached = { key, base: c.STRIPE_API_BASE, client };
  return client;
};

/** The webhook signing secret, when billing is on. */
export const stripeWebhookSecret = (c: AppConfig = config()): string | null => (c.STRIPE_SECRET_KEY && c.STRIPE_WEBHOOK_SECRET) || null;

/**
 * Where Stripe's hosted pages (Checkout, the customer portal) live when billing is on: the plan and
 * Manage billing forms post to our routes, which send the browser on there, and browsers hold a
 * form's redirects to the page's CSP form-action too. A STRIPE_API_BASE other than Stripe's own (the
 * tests' local Stripe) serves those pages itself.
 */
export const stripeHostedOrigins = (c: AppConfig = config()): ReadonlyArray<string> => {
  if (!c.STRIPE_SECRET_KEY) return [];
  const base = new URL(c.STRIPE_API_BASE).origin;
  return ["https://checkout.stripe.com", "https://billing.stripe.com", ...(base === "https://api.stripe.com" ? [] : [base])];
};
