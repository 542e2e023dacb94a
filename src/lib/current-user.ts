import type { PlanId, Tier } from "../../domain/plans";

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
  teamRole: "owner" | "admin" | "member";
  timeZone: string;
  isOperator: boolean;
  onboardedAt: string | null;
}
