-- Each event records the version of its type's schema it was written with: a read upcasts older
-- versions to the current shape (domain/shared/event-schemas.ts). Events written before now are version 1.
alter table events add column schema_version smallint not null default 1;
