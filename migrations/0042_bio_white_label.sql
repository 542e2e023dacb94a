-- A public link-in-bio page hides "Made with SocialDesk" while its agency (the workspace itself, or
-- the agency whose client it is) has a white label on a plan that has one. The pages are answered
-- from memory (scripts/lib/bio-lane.ts): a change of the brand or of the agency's plan tells it to
-- forget the pages of the agency and of its clients.
create function bio_pages_of_agency_changed(agency uuid) returns void language plpgsql as $$
declare
  name text;
begin
  for name in
    select p.username from bio_pages p join workspaces w on w.id = p.workspace_id
    where (w.id = agency or w.parent_workspace_id = agency) and p.username is not null
  loop
    perform pg_notify('bio_page_changed', name);
  end loop;
end $$;

create function bio_brand_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform bio_pages_of_agency_changed(old.workspace_id);
  else
    perform bio_pages_of_agency_changed(new.workspace_id);
    if tg_op = 'UPDATE' and old.workspace_id <> new.workspace_id then perform bio_pages_of_agency_changed(old.workspace_id); end if;
  end if;
  return null;
end $$;
create trigger bio_brands_changed after insert or update or delete on brands for each row execute function bio_brand_changed();

create function bio_agency_plan_changed() returns trigger language plpgsql as $$
begin
  perform bio_pages_of_agency_changed(new.id);
  return null;
end $$;
create trigger bio_workspace_plan_changed after update of subscription_tier, parent_workspace_id on workspaces for each row
  when (old.subscription_tier is distinct from new.subscription_tier or old.parent_workspace_id is distinct from new.parent_workspace_id)
  execute function bio_agency_plan_changed();
