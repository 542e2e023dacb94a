import type { PlanId, Tier } from "../plans";
import { type Caller, type CommandContext, personActing, type Role } from "../shared";

/** What pages and GET /api/auth/user know about the caller. */
export interface CurrentUser {
  id: string;
  workspaceId: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  company: string;
  subscriptionTier: Tier;
  /** The plan chosen at sign-up: the one a trial tries. */
  selectedPlan: PlanId;
  subscriptionStatus: string;
  isTrialActive: boolean;
  trialEndsAt: string | null;
  teamRole: Role;
  timeZone: string;
  isOperator: boolean;
  onboardedAt: string | null;
}

/** A signed-in person acting in their workspace, as commands and the authorization point see them. */
export const callerOf = (user: CurrentUser, ctx: Omit<CommandContext, "actor">): Caller => ({
  ...ctx,
  actor: personActing(user.id),
  workspaceId: user.workspaceId,
  role: user.teamRole,
  plan: user.subscriptionTier,
  timeZone: user.timeZone,
});
