-- The platforms' publishing limits counted once for every worker process (issue 34; README: Security ›
-- State shared by every process). A slot is the moment one call to a platform may be made: one row per
-- slot and key (`account:<id>`, `app:<platform>`). Before, each worker counted its own in memory, so two
-- workers could pass a limit together.
create table publish_slots (
  key  text not null,
  at   timestamptz not null
);
create index publish_slots_key_at on publish_slots (key, at desc);

-- The history the workers read from the attempts until now: the last day's (the longest window of
-- domain/publishing/publish-limits.ts). The app's quota counts real accounts only.
insert into publish_slots (key, at)
  select 'account:' || account_id, attempted_at from post_targets where attempted_at > now() - interval '1 day';
insert into publish_slots (key, at)
  select 'app:' || t.platform, t.attempted_at from post_targets t
  where t.attempted_at > now() - interval '1 day'
    and not exists (select 1 from social_accounts a where a.id = t.account_id and a.kind = 'sandbox');

-- How many slots each key holds (all within its longest window, the older ones purged): a take counts
-- a limit's window only when the key holds at least that many, so X's 10,000 a day for the app costs
-- nothing until a day holds 10,000.
create table publish_slot_keys (
  key    text primary key,
  taken  integer not null
);
insert into publish_slot_keys (key, taken) select key, count(*) from publish_slots group by key;

-- Takes slots for a batch of takes, in order: take n has the limits first_limit[n] .. last_limit[n] of
-- the arrays keys/counts/windows_ms (limit i: at most counts[i] slots of keys[i] in any windows_ms[i],
-- a slot at `t` counting while t > at - window) and gets the first moment at or after not_before[n]
-- that fits them all: the rule of nextSlot in domain/publishing/publish-limits.ts, which the tests hold
-- this to. Each slot is recorded under its take's keys (a take sees the ones before it) and answered
-- with the index of the limit that held it back (null: it goes at not_before[n]).
--
-- One call is one round trip for every take a worker gathered in the same moment. The batch's keys'
-- advisory locks (in one order, so two calls never wait on each other crosswise) serialise the takes
-- of one key across processes and leave other keys alone; each statement after the locks reads what
-- the previous holder committed (READ COMMITTED: a fresh snapshot per statement of a volatile
-- function). The commit need not wait for the disk: the attempt that uses a slot is committed (and
-- flushed) after it, which flushes the slot too, so a crash only forgets slots no call was made for.
create function publish_slot_take(keys text[], counts integer[], windows_ms bigint[], first_limit integer[], last_limit integer[], not_before timestamptz[])
  returns table (take integer, slot_at timestamptz, held_by integer) language plpgsql as $$
declare
  distinct_keys text[];
  totals integer[] := '{}';
  k text;
  n integer;
  i integer;
  p integer;
  purged integer;
  total integer;
  t timestamptz;
  held integer;
  moved boolean;
  nth timestamptz;
  opens timestamptz;
  longest bigint;
  earliest timestamptz;
begin
  perform set_config('synchronous_commit', 'off', true);
  select array_agg(x order by x) into distinct_keys from (select distinct x from unnest(keys) x) d;
  select min(x) into earliest from unnest(not_before) x;
  foreach k in array coalesce(distinct_keys, '{}') loop
    perform pg_advisory_xact_lock(hashtextextended('publish_slot:' || k, 0));
    -- The key's slots older than its longest window count for none of these takes.
    select max(w) into longest from unnest(keys, windows_ms) as l(key, w) where l.key = k;
    with gone as (delete from publish_slots s where s.key = k and s.at <= earliest - longest * interval '1 millisecond' returning 1)
      select count(*) into purged from gone;
    select c.taken into total from publish_slot_keys c where c.key = k;
    totals := totals || (coalesce(total, 0) - purged);
  end loop;

  for n in 1 .. coalesce(array_length(not_before, 1), 0) loop
    t := not_before[n];
    held := null;
    moved := true;
    while moved loop
      moved := false;
      for i in first_limit[n] .. last_limit[n] loop
        -- Fewer slots in all than the limit: none of its windows is full.
        continue when totals[array_position(distinct_keys, keys[i])] < counts[i];
        -- The slot opens when the counts[i]-th newest slot in the window leaves it.
        select s.at into nth from publish_slots s
          where s.key = keys[i] and s.at > t - windows_ms[i] * interval '1 millisecond'
          order by s.at desc offset counts[i] - 1 limit 1;
        if found then
          opens := nth + windows_ms[i] * interval '1 millisecond';
          if opens > t then
            t := opens;
            held := i;
            moved := true;
          end if;
        end if;
      end loop;
    end loop;
    for i in first_limit[n] .. last_limit[n] loop
      -- Once per key of the take (an account may have two limits).
      continue when i > first_limit[n] and keys[i] = any(keys[first_limit[n] : i - 1]);
      insert into publish_slots (key, at) values (keys[i], t);
      p := array_position(distinct_keys, keys[i]);
      totals[p] := totals[p] + 1;
    end loop;
    take := n;
    slot_at := t;
    held_by := held;
    return next;
  end loop;

  insert into publish_slot_keys (key, taken) select x, c from unnest(distinct_keys, totals) as d(x, c)
    on conflict (key) do update set taken = excluded.taken;
end $$;

-- Gives back one slot of each key at `slot` (a publication that did not start), under the keys' locks.
create function publish_slot_release(keys text[], slot timestamptz) returns void language plpgsql as $$
declare
  k text;
begin
  for k in select distinct x from unnest(keys) x order by 1 loop
    perform pg_advisory_xact_lock(hashtextextended('publish_slot:' || k, 0));
    delete from publish_slots s where s.ctid = (select s2.ctid from publish_slots s2 where s2.key = k and s2.at = slot limit 1);
    if found then update publish_slot_keys set taken = taken - 1 where key = k; end if;
  end loop;
end $$;
