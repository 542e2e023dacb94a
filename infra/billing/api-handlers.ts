import { Effect } from "effect";
import type { HttpApiBuilder } from "effect/http-api";
import { featuresOf, limitsOf, trialDaysRemaining } from "../../domain/plans";
import type { CurrentUser } from "../identity/current-user";
import { CurrentCaller, EdgeRequest } from "../web/api/guard";
import { dieOnSqlError } from "../web/api/handlers";
import type { BillingApi } from "./api";
import { Billing } from "./Billing";
import { stripeClient } from "./stripe";
import { completeCheckout } from "./webhook";

const person = Effect.gen(function* () {
  return (yield* EdgeRequest).user as CurrentUser;
});

/** The billing operations (./api.ts) on the Billing service. */
export const billingHandlers = (handlers: HttpApiBuilder.Handlers.FromGroup<typeof BillingApi>) =>
  handlers
    .handle("subscription", () =>
      Effect.gen(function* () {
        const user = yield* person;
        const billing = yield* Billing;
        const paymentFailed = billing.isConfigured() ? yield* billing.paymentFailed(user.workspaceId) : false;
        return {
          subscriptionTier: user.subscriptionTier,
          subscriptionStatus: user.subscriptionStatus,
          isTrialActive: user.isTrialActive,
          trialEndsAt: user.trialEndsAt,
          trialDaysRemaining: user.trialEndsAt ? trialDaysRemaining(new Date(user.trialEndsAt), new Date()) : 0,
          features: featuresOf(user.subscriptionTier),
          limits: limitsOf(user.subscriptionTier),
          billingConfigured: stripeClient() !== null,
          paymentFailed,
        };
      }).pipe(dieOnSqlError),
    )
    .handle("startTrial", ({ payload }) =>
      Effect.gen(function* () {
        const user = yield* person;
        return yield* (yield* Billing).startTrial(yield* CurrentCaller, { email: user.email, name: `${user.firstName} ${user.lastName}`.trim() }, payload);
      }).pipe(dieOnSqlError),
    )
    .handle("portal", () =>
      Effect.gen(function* () {
        return yield* (yield* Billing).portal(yield* CurrentCaller);
      }).pipe(dieOnSqlError),
    )
    .handle("completeCheckout", ({ payload }) =>
      Effect.gen(function* () {
        const applied = yield* completeCheckout(yield* CurrentCaller, payload.sessionId);
        return { status: applied?.status ?? null };
      }).pipe(dieOnSqlError),
    );
