import type { CurrentUser } from "../../infra/identity/current-user";

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
