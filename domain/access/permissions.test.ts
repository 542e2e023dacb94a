import { describe, expect, it } from "vitest";
import { FEATURE_UNAVAILABLE_MESSAGE, featuresOf, type Tier } from "../plans";
import { ROLES } from "../shared";
import { hasPermission, PERMISSION_DENIED_MESSAGE, PERMISSIONS, refusalOf } from "./permissions";

const TIERS: ReadonlyArray<Tier> = ["trial", "starter", "professional", "growth", "agency"];

describe("the permissions of each role (spec engagement §6, the FAQ's viewer, the audit trail for owners and admins)", () => {
  it.each([
    [
      "owner",
      [
        "manage_posts",
        "manage_accounts",
        "view_analytics",
        "manage_members",
        "manage_clients",
        "manage_billing",
        "view_audit",
        "approve_posts",
        "answer_messages",
      ],
    ],
    ["admin", ["manage_posts", "manage_accounts", "view_analytics", "manage_members", "manage_clients", "view_audit", "approve_posts", "answer_messages"]],
    ["member", ["manage_posts", "view_analytics", "answer_messages"]],
    ["viewer", ["view_analytics"]],
  ] as const)("given a %s, they hold exactly %j", (role, granted) => {
    expect(PERMISSIONS.filter((p) => hasPermission(role, p))).toEqual(granted);
  });

  it.each(ROLES.flatMap((role) => PERMISSIONS.map((permission) => [role, permission] as const)))(
    "given a %s asking for %s, the refusal is the sentence or nothing",
    (role, permission) => {
      const refusal = refusalOf({ role, plan: "agency" }, { permission });
      if (hasPermission(role, permission)) expect(refusal).toBeNull();
      else expect(refusal).toMatchObject({ _tag: "Forbidden", message: PERMISSION_DENIED_MESSAGE });
    },
  );
});

describe("the features of each plan (spec core §6)", () => {
  const allFeatures = [...new Set(TIERS.flatMap(featuresOf))];

  it.each(TIERS.flatMap((plan) => allFeatures.map((feature) => [plan, feature] as const)))(
    "given the %s plan asking for %s, the refusal is the spec's message or nothing",
    (plan, feature) => {
      const refusal = refusalOf({ role: "owner", plan }, { feature });
      if (featuresOf(plan).includes(feature)) expect(refusal).toBeNull();
      else expect(refusal).toMatchObject({ _tag: "PlanLimitReached", message: FEATURE_UNAVAILABLE_MESSAGE });
    },
  );

  it("when both are missing, the plan is named first: no role unlocks what the plan lacks", () => {
    expect(refusalOf({ role: "member", plan: "trial" }, { feature: "social_inbox", permission: "manage_accounts" })?.message).toBe(FEATURE_UNAVAILABLE_MESSAGE);
  });
});
