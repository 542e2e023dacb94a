-- Review alerts about a sandbox account's made-up reviews: off unless the person asks for them.
alter table notification_preferences add column sandbox_review_alerts boolean not null default false;
