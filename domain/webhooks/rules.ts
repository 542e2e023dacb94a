/**
 * Webhooks out (issue 31): what a workspace's endpoints may subscribe to, and the rules of saving one.
 * The delivery itself (signing, retries, disabling) is infra/webhooks.
 */

/** The events an endpoint may subscribe to, each named after what a receiver hears about. */
export const WEBHOOK_EVENT_TYPES = [
  "post.scheduled",
  "post.published",
  "post.failed",
  "post.approval_requested",
  "post.approved",
  "message.received",
  "review.received",
  "review.responded",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event "Send test event" delivers: to any endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

/** What each event means, for the settings screen's checkboxes and the reference. */
export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = {
  "post.scheduled": "A post is scheduled or rescheduled",
  "post.published": "A post is published on every account",
  "post.failed": "A post could not be published",
  "post.approval_requested": "A post is submitted for approval",
  "post.approved": "A post is approved",
  "message.received": "A comment, mention or message arrives in the inbox",
  "review.received": "A review arrives",
  "review.responded": "A review is answered",
};

export const WEBHOOK_URL_MAX = 2_000;
export const WEBHOOK_DESCRIPTION_MAX = 500;
/** Endpoints a workspace may have: plenty for any integration, a bound for the fan-out of one event. */
export const WEBHOOK_ENDPOINTS_MAX = 20;

export const WEBHOOK_MESSAGES = {
  urlRequired: "Enter the address that receives the events.",
  urlInvalid: "Enter a full web address, such as https://example.com/webhooks.",
  urlTooLong: `The address is too long (at most ${WEBHOOK_URL_MAX.toLocaleString("en-US")} characters).`,
  httpsOnly: "Use an https:// address: events are sent only over an encrypted connection.",
  eventsRequired: "Choose at least one event.",
  eventUnknown: `Choose events among ${WEBHOOK_EVENT_TYPES.join(", ")}.`,
  descriptionTooLong: `The description is too long (at most ${WEBHOOK_DESCRIPTION_MAX} characters).`,
  tooMany: `A workspace can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints. Remove one you no longer use first.`,
  enableFirst: "This endpoint is disabled. Enable it first, then send again.",
  disabledByFailures: "Disabled after its deliveries failed for 3 days. Check the address, then enable it again.",
} as const;

/** An endpoint whose deliveries have all failed for this long (none succeeded since the first failure) is disabled. */
export const WEBHOOK_DISABLE_AFTER_MS = 3 * 24 * 60 * 60_000;
