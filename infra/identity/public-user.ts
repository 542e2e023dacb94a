import { Schema } from "effect";
import { PLAN_IDS, TIERS } from "../../domain/plans";
import { ROLES } from "../../domain/shared";
import type { CurrentUser } from "./current-user";

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

/** `publicUser` as the declared operations answer it, in the same order (the fast lane answers the same bytes). */
export const PublicUserSchema = Schema.Struct({
  id: Schema.String,
  email: Schema.String,
  username: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  company: Schema.String,
  subscriptionTier: Schema.Literals(TIERS),
  selectedPlan: Schema.Literals(PLAN_IDS),
  subscriptionStatus: Schema.String,
  isTrialActive: Schema.Boolean,
  trialEndsAt: Schema.NullOr(Schema.String),
  teamRole: Schema.Literals(ROLES),
  timezone: Schema.String,
  onboarded: Schema.Boolean,
}).annotate({ identifier: "User" });
