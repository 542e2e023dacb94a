-- A post's row carries the version of its stream, so every write can state the version it read
-- (a stale one is refused with 409 instead of silently overwriting someone else's edit).
alter table posts add column version integer not null default 0;
update posts p set version = e.v
from (select stream_id, max(stream_version) as v from events where stream_id like 'post-%' group by stream_id) e
where e.stream_id = 'post-' || p.id;
