-- Sign-in throttles and reset links (issue 27). An attempt is reserved as a row of login_attempts
-- (under an advisory lock per e-mail and per address) before its password is checked, and the row
-- is removed again when the password was right: what stays are the failures. `ip` is the client
-- address; `device` the SHA-256 of a known-device cookie for that account (its own bucket), null
-- for a stranger's browser.
alter table login_attempts add column ip text, add column device text;
create index login_attempts_ip on login_attempts (ip, attempted_at) where ip is not null;

-- Browsers that signed in to an account: the `device` cookie's token, stored only as its SHA-256.
-- One browser (one token) may be known to several accounts.
create table known_devices (
  id           text not null,
  user_id      uuid not null,
  created_at   timestamptz not null,
  last_used_at timestamptz not null,
  primary key (id, user_id)
);
create index known_devices_user on known_devices (user_id);

-- Reset mails sent to an account within the hour, and its outstanding links, are read by user.
create index password_reset_tokens_user on password_reset_tokens (user_id, created_at);
