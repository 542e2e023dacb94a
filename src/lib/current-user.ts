import type { Tier } from "../../domain/plans";

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
  subscriptionStatus: string;
  isTrialActive: boolean;
  trialEndsAt: string | null;
  teamRole: "owner" | "admin" | "member";
  timeZone: string;
  isOperator: boolean;
  onboardedAt: string | null;
}
