-- An agency's white label (the team's BrandSet): shown to its clients instead of the product's.
create table brands (
  workspace_id uuid primary key,
  name         text not null,
  logo_url     text,
  color        char(7) not null
);
