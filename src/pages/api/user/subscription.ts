import type { APIRoute } from "astro";
import { featuresOf, limitsOf, trialDaysRemaining } from "../../../../domain/plans";
import { guard } from "../../../lib/auth-guard";
import { json } from "../../../lib/http";

/** GET /api/user/subscription: the plan, its features and limits (spec engagement §7 reads subscriptionTier). */
export const GET: APIRoute = ({ request, locals }) => {
  const signedIn = guard(locals, request);
  if (!signedIn.ok) return signedIn.response;
  const user = signedIn.user;
  return json({
    subscriptionTier: user.subscriptionTier,
    subscriptionStatus: user.subscriptionStatus,
    isTrialActive: user.isTrialActive,
    trialEndsAt: user.trialEndsAt,
    trialDaysRemaining: user.trialEndsAt ? trialDaysRemaining(new Date(user.trialEndsAt), new Date()) : 0,
    features: featuresOf(user.subscriptionTier),
    limits: limitsOf(user.subscriptionTier),
  });
};
