import type { AstroGlobal } from "astro";
import { stripeHostedOrigins } from "../../../infra/billing/stripe";

/**
 * Lets the page's forms lead on to Stripe's hosted pages: its CSP's form-action ('self' on every
 * page) names them too. For a page with a plan button or Manage billing (and sign-up, which
 * continues to Checkout when a plan was chosen).
 */
export const allowFormsToStripe = (csp: AstroGlobal["csp"]): void => {
  const origins = stripeHostedOrigins();
  if (origins.length > 0) csp?.insertDirective(`form-action ${origins.join(" ")}`);
};
