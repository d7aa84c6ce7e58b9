-- A team in level order is cut into buckets: the members of one ancestor at one level whose addresses share their first
-- six characters (axm1 and two of the hash's, so up to 1,024 buckets a level), counted with the bucket's first and last
-- address. Page P of the team in level order is found by adding up bucket counts (at most 14 levels, then up to 1,024
-- buckets of one level), then read from the bucket's first (or last) member along the primary key, skipping at most
-- one bucket's members, not the (P - 1) x size members before it. Members never leave a team, so a bucket only grows.
create table team_buckets (
  ancestor text not null,
  depth smallint not null,
  bucket text not null,
  members int not null,
  first text not null,
  last text not null,
  -- A level's buckets are read in order from the index alone.
  primary key (ancestor, depth, bucket) include (members, first, last)
);
insert into team_buckets (ancestor, depth, bucket, members, first, last)
select ancestor, depth, left(account, 6), count(*)::int, min(account), max(account) from referral_ancestors group by 1, 2, 3;
