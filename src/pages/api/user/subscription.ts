import { Effect } from "effect";
import { stripeClient } from "../../../../infra/billing/stripe";
import type { APIRoute } from "astro";
import { featuresOf, limitsOf, trialDaysRemaining } from "../../../../domain/plans";
import { Billing } from "../../../../infra/billing/Billing";
import { guard } from "../../../lib/auth-guard";
import { json, respond } from "../../../lib/http";

/**
 * GET /api/user/subscription: the plan, its features and limits (spec engagement §7 reads
 * subscriptionTier), whether billing is on (Stripe keys) and whether a payment failed.
 */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  const user = signedIn.user;
  return respond(
    Billing.use((billing) => (billing.isConfigured() ? billing.paymentFailed(user.workspaceId) : Effect.succeed(false))),
    (paymentFailed) =>
      json({
        subscriptionTier: user.subscriptionTier,
        subscriptionStatus: user.subscriptionStatus,
        isTrialActive: user.isTrialActive,
        trialEndsAt: user.trialEndsAt,
        trialDaysRemaining: user.trialEndsAt ? trialDaysRemaining(new Date(user.trialEndsAt), new Date()) : 0,
        features: featuresOf(user.subscriptionTier),
        limits: limitsOf(user.subscriptionTier),
        billingConfigured: stripeClient() !== null,
        paymentFailed,
      }),
  );
};
