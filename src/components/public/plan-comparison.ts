/**
 * The pricing page's feature comparison, derived from the plan catalogue and the plan access
 * module wherever a row maps onto a limit or a gated feature, so the table and the app's gates
 * agree.
 */
import { PLANS, UNLIMITED, hasFeature, limitsOf, type Feature, type PlanId } from "../../../domain/plans";

/** true: included; false: not included; a string: shown as is. */
export type ComparisonValue = boolean | string;

export interface ComparisonRow {
  readonly label: string;
  readonly values: Readonly<Record<PlanId, ComparisonValue>>;
}

export interface ComparisonGroup {
  readonly title: string;
  readonly rows: ReadonlyArray<ComparisonRow>;
}

const byPlan = (value: (plan: PlanId) => ComparisonValue): Readonly<Record<PlanId, ComparisonValue>> =>
  Object.fromEntries(PLANS.map((plan) => [plan.id, value(plan.id)])) as Record<PlanId, ComparisonValue>;

const feature = (label: string, name: Feature): ComparisonRow => ({
  label,
  values: byPlan((plan) => hasFeature(plan, name)),
});

const from = (label: string, first: PlanId): ComparisonRow => {
  const start = PLANS.findIndex((plan) => plan.id === first);
  return { label, values: byPlan((plan) => PLANS.findIndex((p) => p.id === plan) >= start) };
};

const everyPlan = (label: string): ComparisonRow => ({ label, values: byPlan(() => true) });

const limit = (n: number): string => (n === UNLIMITED ? "Unlimited" : n.toLocaleString("en-US"));

export const planComparison = (trialDays: number): ReadonlyArray<ComparisonGroup> => [
  {
    title: "Plan limits",
    rows: [
      { label: "Social accounts", values: byPlan((plan) => limit(limitsOf(plan).socialAccounts)) },
      { label: "Scheduled posts", values: byPlan((plan) => limit(limitsOf(plan).scheduledPosts)) },
      { label: "Posts per month", values: byPlan((plan) => limit(limitsOf(plan).postsPerMonth)) },
      {
        label: "Team members",
        values: byPlan((plan) => {
          const members = limitsOf(plan).teamMembers;
          return members === 0 ? "Individual use only" : limit(members);
        }),
      },
      { label: "Analytics history", values: byPlan((plan) => PLANS.find((p) => p.id === plan)!.analyticsHistory) },
      { label: "Free trial", values: byPlan(() => `${trialDays} ${trialDays === 1 ? "day" : "days"}`) },
      everyPlan(`Full refund if cancelled within ${trialDays} ${trialDays === 1 ? "day" : "days"}`),
    ],
  },
  {
    title: "Publishing",
    rows: [
      feature("Scheduling and queue", "basic_scheduling"),
      feature("Content calendar", "calendar_view"),
      feature("AI writing and image assistant", "ai_content"),
      feature("Bulk upload from CSV", "bulk_upload"),
      feature("Content templates", "content_templates"),
      feature("Hashtag research", "hashtag_research"),
      feature("RSS auto-posting", "rss_feeds"),
      feature("Post recycling", "content_recycling"),
    ],
  },
  {
    title: "Reviews and engagement",
    rows: [
      feature("Review management", "review_management"),
      feature("Review response templates", "review_management"),
      feature("Professional review platforms (Avvo, Healthgrades, Martindale-Hubbell, Super Lawyers)", "review_management"),
      feature("Unified social inbox", "social_inbox"),
    ],
  },
  {
    title: "Analytics and reporting",
    rows: [
      feature("Analytics dashboard", "basic_analytics"),
      everyPlan("Export as CSV"),
      feature("Advanced analytics", "advanced_analytics"),
      feature("Competitor tracking (Bluesky, Mastodon, YouTube)", "competitor_tracking"),
      from("Custom reports", "growth"),
      feature("White-label reports", "white_label"),
    ],
  },
  {
    title: "Team and support",
    rows: [
      feature("Role-based permissions", "team_collaboration"),
      feature("Client management and approval workflow", "client_management"),
      everyPlan("Email support (24-hour response)"),
      feature("Live chat in the app (4-hour response target)", "live_chat"),
    ],
  },
];
