-- Billing with Stripe (issue 15): each workspace's customer and subscription as last read from
-- Stripe (the billing module's read model), and the webhook deliveries already processed.
create table billing_subscriptions (
  workspace_id         uuid primary key,
  customer_id          text not null,
  subscription_id      text,
  plan_id              text,
  billing_interval     text,
  status               text,
  current_period_end   timestamptz,
  trial_end            timestamptz,
  cancel_at_period_end boolean not null default false,
  payment_failed_at    timestamptz,
  canceled_at          timestamptz,
  created_at           timestamptz not null,
  updated_at           timestamptz not null
);
create unique index billing_subscriptions_customer on billing_subscriptions (customer_id);

-- A Stripe event id is processed once: inserted in the transaction of the events it records, so a
-- delivery that fails leaves no row and Stripe's retry is processed again.
create table stripe_webhook_events (
  event_id     text primary key,
  type         text not null,
  processed_at timestamptz not null
);
