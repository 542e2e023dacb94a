import { Schema } from "effect";
import { BILLING_NOT_CONFIGURED } from "./rules";

/** The server has no Stripe keys (HTTP 503): plans are changed by `npm run admin:plan`. */
export class BillingNotConfigured extends Schema.TaggedError<BillingNotConfigured>()("BillingNotConfigured", {}) {
  static readonly status = 503;
  static readonly code = "billing_not_configured";
  override get message() {
    return BILLING_NOT_CONFIGURED;
  }
}

/** Stripe refused a call or could not be reached (HTTP 502), with the sentence to show. */
export class BillingProviderFailed extends Schema.TaggedError<BillingProviderFailed>()("BillingProviderFailed", {
  message: Schema.String,
}) {
  static readonly status = 502;
  static readonly code = "billing_failed";
}
