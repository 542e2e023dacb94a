import { type Feature, FEATURE_UNAVAILABLE_MESSAGE, hasFeature } from "../plans";
import { type Caller, Forbidden, PlanLimitReached, type Role } from "../shared";

/** What a role may do in a workspace (spec engagement §6); the team issue adds to it, here and only here. */
export const PERMISSIONS = [
  "manage_posts",
  "manage_accounts",
  "view_analytics",
  "manage_members",
  "manage_clients",
  "manage_billing",
  "view_audit",
  "approve_posts",
  "answer_messages",
  "manage_integrations",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Owner: every permission. Admin: all but the subscription (the audit trail, approving posts, API keys and webhooks included). Member: posts, analytics and the inbox's messages ("limited account access"). Viewer: reads only. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, ReadonlyArray<Permission>>> = {
  owner: PERMISSIONS,
  admin: ["manage_posts", "manage_accounts", "view_analytics", "manage_members", "manage_clients", "view_audit", "approve_posts", "answer_messages", "manage_integrations"],
  member: ["manage_posts", "view_analytics", "answer_messages"],
  viewer: ["view_analytics"],
};

export const PERMISSION_DENIED_MESSAGE = "You don't have permission to do this. Ask an owner or admin of this workspace.";

export const hasPermission = (role: Role, permission: Permission): boolean => ROLE_PERMISSIONS[role].includes(permission);

/**
 * What a command or query asks of its caller: a permission of their role, a feature of the
 * workspace's plan, or both. Nothing asked: any signed-in person of the workspace (their own settings).
 */
export interface Requirement {
  readonly permission?: Permission;
  /** A feature of the plan, or any one of several (reply templates serve the inbox and reviews). */
  readonly feature?: Feature | ReadonlyArray<Feature>;
}

/**
 * The one authorization point: the refusal to answer (403 with its sentence), or null when the
 * caller may go on. The plan is checked first: no role unlocks what the plan lacks.
 */
export const refusalOf = (caller: Pick<Caller, "role" | "plan">, requirement: Requirement): Forbidden | PlanLimitReached | null => {
  const features = requirement.feature === undefined ? [] : typeof requirement.feature === "string" ? [requirement.feature] : requirement.feature;
  if (features.length > 0 && !features.some((feature) => hasFeature(caller.plan, feature)))
    return new PlanLimitReached({ message: FEATURE_UNAVAILABLE_MESSAGE });
  if (requirement.permission && !hasPermission(caller.role, requirement.permission)) return new Forbidden({ message: PERMISSION_DENIED_MESSAGE });
  return null;
};
