/** The plan catalogue of the pricing page, register page and billing (spec core §9, engagement §9). */
import { PLAN_IDS, type PlanId, TIERS, type Tier } from "./tiers";

export { PLAN_IDS, type PlanId, TIERS, type Tier } from "./tiers";

export interface Plan {
  readonly id: PlanId;
  readonly name: string;
  readonly description: string;
  readonly monthlyPrice: number;
  /** Price per month when billed annually. */
  readonly annualPrice: number;
  /** Annual saving against twelve monthly payments, in percent as shown. */
  readonly savings: number;
  readonly popular: boolean;
  readonly accounts: number;
  readonly analyticsHistory: string;
  /** Requests a minute each API key of the workspace may make (README: Security › Rate limits). */
  readonly apiRequestsPerMinute: number;
  readonly features: ReadonlyArray<string>;
}

export const PLANS: ReadonlyArray<Plan> = [
  {
    id: "starter",
    name: "Starter",
    description: "For individuals and solo practices getting consistent on social.",
    monthlyPrice: 19,
    annualPrice: 14,
    savings: 26,
    popular: false,
    accounts: 10,
    analyticsHistory: "30 days",
    apiRequestsPerMinute: 60,
    features: [
      "10 social accounts",
      "160 scheduled posts",
      "Content calendar",
      "Bulk upload from CSV",
      "AI writing assistant",
      "30 days of analytics",
      "Email support (24-hour response)",
    ],
  },
  {
    id: "professional",
    name: "Professional",
    description: "For growing businesses and practices managing reviews and a team.",
    monthlyPrice: 35,
    annualPrice: 25,
    savings: 29,
    popular: true,
    accounts: 20,
    analyticsHistory: "6 months",
    apiRequestsPerMinute: 120,
    features: [
      "20 social accounts",
      "Unlimited posts",
      "Unlimited team members",
      "Review management",
      "Role-based permissions",
      "Advanced analytics (6 months)",
      "Priority support (4-hour response) with live chat",
    ],
  },
  {
    id: "growth",
    name: "Growth",
    description: "For multi-location brands that want one inbox and automation.",
    monthlyPrice: 65,
    annualPrice: 48,
    savings: 26,
    popular: false,
    accounts: 40,
    analyticsHistory: "12 months",
    apiRequestsPerMinute: 300,
    features: [
      "40 social accounts",
      "Everything in Professional",
      "Unified social inbox",
      "RSS auto-posting",
      "Post recycling",
      "Competitor tracking (Bluesky, Mastodon, YouTube)",
      "Custom reports",
      "12 months of analytics",
    ],
  },
  {
    id: "agency",
    name: "Agency",
    description: "For agencies running many clients under their own brand.",
    monthlyPrice: 135,
    annualPrice: 99,
    savings: 27,
    popular: false,
    accounts: 120,
    analyticsHistory: "12 months",
    apiRequestsPerMinute: 600,
    features: [
      "120 social accounts",
      "Everything in Growth",
      "Client management",
      "White-label reports",
      "Approval workflow for clients",
      "Priority support (4-hour response) with live chat",
    ],
  },
];

export const DEFAULT_PLAN: PlanId = "professional";
/** "Save up to 29%": the largest annual saving in the catalogue. */
export const MAX_ANNUAL_SAVINGS = Math.max(...PLANS.map((plan) => plan.savings));
/** Above this many accounts the pricing page offers to talk to sales. */
export const CONTACT_SALES_ABOVE_ACCOUNTS = 500;

export const isPlanId = (value: unknown): value is PlanId => typeof value === "string" && (PLAN_IDS as ReadonlyArray<string>).includes(value);

export const isTier = (value: unknown): value is Tier => typeof value === "string" && (TIERS as ReadonlyArray<string>).includes(value);

export const planById = (id: PlanId): Plan => PLANS.find((plan) => plan.id === id)!;

/** Requests a minute each API key may make on a tier: a trial's keys get the Starter plan's. */
export const apiRequestsPerMinuteOf = (tier: Tier): number => planById(tier === "trial" ? "starter" : tier).apiRequestsPerMinute;

export const tierLabel = (tier: Tier): string => (tier === "trial" ? "Free Trial" : `${planById(tier).name} Plan`);
