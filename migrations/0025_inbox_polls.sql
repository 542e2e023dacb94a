-- Where each polled account's inbox read stopped (X's since_id, or the newest message's time), when
-- it is read next (later after a rate limit or a failure), and why the last read failed.
create table inbox_polls (
  account_id   uuid primary key,            -- no foreign key: social_accounts is a projection, rebuilt on a replay
  cursor       text,
  next_poll_at timestamptz not null,
  failures     integer not null default 0,
  last_error   text,
  polled_at    timestamptz not null
);
