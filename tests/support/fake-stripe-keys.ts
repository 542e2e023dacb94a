/** The keys the fake Stripe (fake-stripe.ts) accepts: the app is configured with them in tests. */
export const FAKE_STRIPE_KEY = "sk_test_socialdesk_fake";
export const FAKE_WEBHOOK_SECRET = "whsec_socialdesk_fake";
