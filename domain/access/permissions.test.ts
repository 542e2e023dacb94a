import { describe, expect, it } from "vitest";
import { FEATURE_UNAVAILABLE_MESSAGE, TIERS, type Tier } from "../plans";
import { ROLES, type Role } from "../shared";
import { PERMISSION_DENIED_MESSAGE, refusalOf, type Requirement } from "./index";

/**
 * The one authorization point as a person meets it: what they try, in a workspace of some plan,
 * with some role, and whether they may go on or read which sentence. The expectations are the
 * spec's (engagement §6: roles; core §6: plans; the FAQ's read-only viewer), written here, not read
 * from the tables of permissions.ts.
 */

/** What people try, with the requirement the app's routes state for it. */
const ACTIONS = {
  "write and schedule a post": { permission: "manage_posts" },
  "connect a social account": { permission: "manage_accounts" },
  "read the analytics": { permission: "view_analytics" },
  "invite a team member": { permission: "manage_members", feature: "team_collaboration" },
  "add a client": { permission: "manage_clients", feature: "client_management" },
  "change the subscription": { permission: "manage_billing" },
  "read the audit trail": { permission: "view_audit" },
  "approve a member's post": { permission: "approve_posts" },
  "answer an inbox message": { permission: "answer_messages", feature: "social_inbox" },
  "create an API key or a webhook": { permission: "manage_integrations" },
  "change their own profile": {},
} as const satisfies Record<string, Requirement>;
type Action = keyof typeof ACTIONS;
const ALL_ACTIONS = Object.keys(ACTIONS) as ReadonlyArray<Action>;

/** Each role's rights (spec engagement §6), on a plan that has every feature. */
const MAY: Record<Role, ReadonlyArray<Action>> = {
  // Full access, billing included.
  owner: ALL_ACTIONS,
  // Posts, accounts, analytics, members and clients; the audit trail and approvals; not the subscription.
  admin: ALL_ACTIONS.filter((action) => action !== "change the subscription"),
  // Creates and schedules posts, limited analytics, answers messages; cannot invite, no billing or settings.
  member: ["write and schedule a post", "read the analytics", "answer an inbox message", "change their own profile"],
  // Reads only.
  viewer: ["read the analytics", "change their own profile"],
};

describe("what each role may do, on the Agency plan (every feature)", () => {
  it.each(ROLES.flatMap((role) => ALL_ACTIONS.map((action) => ({ role, action, may: MAY[role].includes(action) }))))(
    "given a $role, when they $action, then they may: $may",
    ({ role, action, may }) => {
      const refusal = refusalOf({ role, plan: "agency" }, ACTIONS[action]);
      if (may) expect(refusal).toBeNull();
      else expect(refusal).toMatchObject({ _tag: "Forbidden", message: PERMISSION_DENIED_MESSAGE });
    },
  );

  it("given an owner and an admin, then only the subscription sets the owner apart", () => {
    const refusedTo = (role: Role) => ALL_ACTIONS.filter((action) => refusalOf({ role, plan: "agency" }, ACTIONS[action]) !== null);
    expect(refusedTo("owner")).toEqual([]);
    expect(refusedTo("admin")).toEqual(["change the subscription"]);
  });
});

/** The gates of the plans as a workspace owner meets them, with the first plan that opens each (spec core §6, the FAQ). */
const GATES: ReadonlyArray<{ readonly action: string; readonly requirement: Requirement; readonly opensOn: Tier }> = [
  { action: "draft a post with AI", requirement: { permission: "manage_posts", feature: "ai_content" }, opensOn: "trial" },
  { action: "schedule a post", requirement: { permission: "manage_posts", feature: "basic_scheduling" }, opensOn: "trial" },
  { action: "read the basic analytics", requirement: { permission: "view_analytics", feature: "basic_analytics" }, opensOn: "trial" },
  { action: "upload posts in bulk", requirement: { permission: "manage_posts", feature: "bulk_upload" }, opensOn: "starter" },
  { action: "open the content calendar", requirement: { feature: "calendar_view" }, opensOn: "starter" },
  { action: "save a content template", requirement: { permission: "manage_posts", feature: "content_templates" }, opensOn: "starter" },
  { action: "research hashtags", requirement: { permission: "view_analytics", feature: "hashtag_research" }, opensOn: "starter" },
  { action: "read the advanced analytics", requirement: { permission: "view_analytics", feature: "advanced_analytics" }, opensOn: "professional" },
  { action: "invite a team member", requirement: { permission: "manage_members", feature: "team_collaboration" }, opensOn: "professional" },
  { action: "respond to a review", requirement: { permission: "answer_messages", feature: "review_management" }, opensOn: "professional" },
  { action: "post from an RSS feed automatically", requirement: { permission: "manage_posts", feature: "auto_posting" }, opensOn: "growth" },
  { action: "recycle evergreen posts", requirement: { permission: "manage_posts", feature: "content_recycling" }, opensOn: "growth" },
  { action: "answer in the unified social inbox", requirement: { permission: "answer_messages", feature: "social_inbox" }, opensOn: "growth" },
  { action: "add an RSS feed", requirement: { permission: "manage_posts", feature: "rss_feeds" }, opensOn: "growth" },
  { action: "brand reports with a white label", requirement: { permission: "manage_clients", feature: "white_label" }, opensOn: "agency" },
  { action: "add a client", requirement: { permission: "manage_clients", feature: "client_management" }, opensOn: "agency" },
  { action: "reach priority support", requirement: { feature: "priority_support" }, opensOn: "agency" },
  // Reply templates serve the inbox and the reviews: either feature opens them.
  { action: "write a reply template", requirement: { permission: "answer_messages", feature: ["social_inbox", "review_management"] }, opensOn: "professional" },
];

describe("the plan gates, as an owner meets them", () => {
  it.each(GATES.flatMap(({ action, requirement, opensOn }) => TIERS.map((plan) => ({ action, requirement, plan, open: TIERS.indexOf(plan) >= TIERS.indexOf(opensOn) }))))(
    "given the $plan plan, when the owner tries to $action, then it is open: $open",
    ({ requirement, plan, open }) => {
      const refusal = refusalOf({ role: "owner", plan }, requirement);
      if (open) expect(refusal).toBeNull();
      else expect(refusal).toMatchObject({ _tag: "PlanLimitReached", message: FEATURE_UNAVAILABLE_MESSAGE });
    },
  );

  it("given a plan that lacks the feature and a role that lacks the right, then the plan is named: no role unlocks what the plan lacks", () => {
    expect(refusalOf({ role: "member", plan: "trial" }, { feature: "social_inbox", permission: "manage_accounts" })?.message).toBe(FEATURE_UNAVAILABLE_MESSAGE);
    expect(refusalOf({ role: "owner", plan: "starter" }, ACTIONS["invite a team member"])?.message).toBe(FEATURE_UNAVAILABLE_MESSAGE);
  });

  it("given a plan that has the feature, then the role still decides: no plan unlocks what the role lacks", () => {
    expect(refusalOf({ role: "member", plan: "agency" }, ACTIONS["add a client"])).toMatchObject({ _tag: "Forbidden", message: PERMISSION_DENIED_MESSAGE });
    expect(refusalOf({ role: "viewer", plan: "agency" }, ACTIONS["answer an inbox message"])).toMatchObject({ _tag: "Forbidden" });
    expect(refusalOf({ role: "member", plan: "growth" }, ACTIONS["answer an inbox message"])).toBeNull();
  });

  it("given a trial workspace, then any of its people may still change their own profile", () => {
    for (const role of ROLES) expect(refusalOf({ role, plan: "trial" }, ACTIONS["change their own profile"])).toBeNull();
  });
});
