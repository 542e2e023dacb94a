import { Schema } from "effect";
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api";
import { BillingNotConfigured, BillingProviderFailed } from "../../domain/billing";
import { PLAN_IDS, TIERS } from "../../domain/plans";
import { Guard, InvalidRequest, Requires, PeopleOnly } from "../web/api/guard";
import { InvalidInputProblem, NotFoundProblem, problem, VersionConflictProblem } from "../web/api/problems";
import { zodPayload } from "../web/api/zod-payload";
import { MANAGE_BILLING, startTrialSchema } from "./schemas";

export const BillingNotConfiguredProblem = problem(BillingNotConfigured, "Billing is not set up", () => new BillingNotConfigured());
export const BillingProviderFailedProblem = problem(
  BillingProviderFailed,
  "Billing provider failed",
  (body) => new BillingProviderFailed({ message: body.detail }),
);

const billingErrors = [BillingNotConfiguredProblem, BillingProviderFailedProblem, NotFoundProblem, VersionConflictProblem] as const;

const Subscription = Schema.Struct({
  subscriptionTier: Schema.Literals(TIERS),
  subscriptionStatus: Schema.String,
  isTrialActive: Schema.Boolean,
  trialEndsAt: Schema.NullOr(Schema.String),
  trialDaysRemaining: Schema.Number,
  features: Schema.Array(Schema.String),
  limits: Schema.Struct({
    socialAccounts: Schema.Number,
    postsPerMonth: Schema.Number,
    scheduledPosts: Schema.Number,
    teamMembers: Schema.Number,
  }).annotate({ description: "-1 means unlimited." }),
  billingConfigured: Schema.Boolean.annotate({ description: "Whether the server has Stripe keys." }),
  paymentFailed: Schema.Boolean.annotate({ description: "A payment failed and is not settled yet." }),
}).annotate({ identifier: "Subscription" });

/**
 * The workspace's plan and its billing with Stripe: what the plan gives, starting a trial through
 * Checkout, and the customer portal. Without Stripe keys, the writes answer 503 "Billing isn't
 * configured on this server". Pricing & Plans and Settings › Billing post their plain forms to
 * these operations (src/pages/app/checkout.ts, src/pages/app/billing/portal.ts).
 */
export class BillingApi extends HttpApiGroup.make("billing")
  .add(
    HttpApiEndpoint.get("subscription", "/api/user/subscription", { success: Subscription }).annotate(
      OpenApi.Description,
      "The plan, its features and limits, whether billing is on (Stripe keys) and whether a payment failed.",
    ),
    HttpApiEndpoint.post("startTrial", "/api/start-trial", {
      payload: zodPayload(startTrialSchema, "StartTrial"),
      success: Schema.Struct({ redirectUrl: Schema.String }),
      error: [InvalidInputProblem, ...billingErrors],
    })
      .annotate(Requires, MANAGE_BILLING)
      .annotate(
        OpenApi.Description,
        `Stripe Checkout for the plan's price (${PLAN_IDS.join(", ")}) with the free trial and a card required; a workspace already subscribed gets the customer portal.`,
      ),
    HttpApiEndpoint.post("portal", "/api/billing/portal", {
      success: Schema.Struct({ url: Schema.String }),
      error: [InvalidInputProblem, ...billingErrors],
    })
      .annotate(Requires, MANAGE_BILLING)
      .annotate(OpenApi.Description, "The address of a Stripe customer portal session (card, plan, cancellation); 400 before any subscription."),
    HttpApiEndpoint.post("completeCheckout", "/api/billing/checkout/complete", {
      payload: Schema.Struct({ sessionId: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(255)) }),
      success: Schema.Struct({
        status: Schema.NullOr(Schema.String).annotate({ description: "The subscription's status now; null when the session is not this workspace's." }),
      }),
      error: [InvalidInputProblem, ...billingErrors],
    })
      .annotate(Requires, {})
      .annotate(
        OpenApi.Description,
        "Back from Stripe Checkout (/app/checkout/return): the session's subscription applied at once; Stripe's webhook changes nothing after.",
      )
      .annotate(PeopleOnly, true),
  )
  .middleware(InvalidRequest)
  .middleware(Guard)
  .annotate(OpenApi.Title, "Billing") {}
