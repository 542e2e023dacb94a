import type { CurrentUser } from "./current-user";
import { apiError } from "./http";

/** The caller, or the 401 to answer when nobody is signed in. */
export const requireUser = (locals: App.Locals): { ok: true; user: CurrentUser } | { ok: false; response: Response } =>
  locals.user
    ? { ok: true, user: locals.user }
    : { ok: false, response: apiError(401, "unauthorized", "Please sign in to continue.") };

/** The user as GET /api/auth/user answers it (spec core §7). */
export const publicUser = (user: CurrentUser) => ({
  id: user.id,
  email: user.email,
  username: user.username,
  firstName: user.firstName,
  lastName: user.lastName,
  company: user.company,
  subscriptionTier: user.subscriptionTier,
  selectedPlan: user.selectedPlan,
  subscriptionStatus: user.subscriptionStatus,
  isTrialActive: user.isTrialActive,
  trialEndsAt: user.trialEndsAt,
  teamRole: user.teamRole,
  timezone: user.timeZone,
  onboarded: user.onboardedAt !== null,
});
