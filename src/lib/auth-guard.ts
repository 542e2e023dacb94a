import { refusalOf, type Requirement } from "../../domain/access";
import type { Caller } from "../../domain/shared";
import { callerOf, type CurrentUser } from "../../infra/identity/current-user";
import { apiError, commandContext } from "./http";

export type Guarded = { ok: true; user: CurrentUser; caller: Caller } | { ok: false; response: Response };

/**
 * The edge's one guard: signed in (else 401), in this workspace, and allowed what the route asks
 * (else 403 with the authorization point's sentence). Every API route and page action goes through it.
 */
export const guard = (locals: App.Locals, request: Request, requirement: Requirement = {}): Guarded => {
  const user = locals.user;
  if (!user)
    return {
      ok: false,
      response: apiError(401, "unauthorized", "Please sign in to continue."),
    };
  const caller = callerOf(user, commandContext(locals, request));
  const refusal = refusalOf(caller, requirement);
  if (refusal)
    return {
      ok: false,
      response: apiError(403, refusal._tag === "Forbidden" ? "forbidden" : "plan_limit", refusal.message),
    };
  return { ok: true, user, caller };
};

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
