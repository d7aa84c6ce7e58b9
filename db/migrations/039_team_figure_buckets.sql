-- A page of a team sorted by a member's figure (status, delegated coins, unbonding coins or team size: the Team tab's
-- sorts, SPEC.md §2) skipped the members before it by OFFSET along the figure's index: page 1,000 walked 9,990 entries,
-- 4.8 ms alone, and did not keep up at 500 requests a second on slower machines (BENCHMARKS.md "Team pages sorted by a
-- figure from counts per bucket"). A large team's members are now counted per bucket of each figure: the figure's
-- first four significant digits and its number of digits, so a bucket holds values within 0.1 % of each other (below
-- 10,000, one value). Page P adds up the counts of the team's bucket groups (a bucket's first two digits, at most 90 a
-- power of ten), then of the group's (at most 100) buckets, and reads the page along the figure's index from the
-- bucket's first value (its last, descending), skipping only that bucket's members before the page. Members of one
-- value still share a bucket: a page deep among many members with the same figure walks them.
--
-- Only teams of at least team_figure_bucket_settings.least_members members (5,000 here) are counted: the walk of a
-- smaller team is shorter than that anyway, and counting every team would add a row per member and figure for most of
-- them. A team is counted from the sync that first finds it that large on (the indexer, indexer/write-accounts.ts).

-- The bucket of a figure (an integer of at least 0): the value itself below 10,000, then 9,000 buckets per power of ten.
create function figure_bucket(value numeric) returns int4 language sql immutable as $$
  select case when value < 10000 then value::int4
              else 10000 + (length(trunc(value)::text) - 5) * 9000 + (div(value, 10::numeric ^ (length(trunc(value)::text) - 4)) - 1000)::int4 end
$$;

-- The least value of a bucket.
create function figure_bucket_start(bucket int4) returns numeric language sql immutable as $$
  select case when bucket < 10000 then bucket::numeric
              else ((bucket - 10000) % 9000 + 1000) * 10::numeric ^ ((bucket - 10000) / 9000 + 1) end
$$;

create table team_figure_bucket_settings (
  id int primary key default 1 check (id = 1),
  least_members int not null
);
insert into team_figure_bucket_settings (least_members) values (5000);

-- The teams counted (figure 0 status, 1 delegated, 2 undelegating, 3 team size).
create table figure_bucketed_teams (
  ancestor text primary key
);

create table team_figure_buckets (
  ancestor text not null,
  figure int2 not null,
  bucket int4 not null,
  members int not null,
  primary key (ancestor, figure, bucket) include (members)
);

-- A group is bucket / 100: a bucket's first two significant digits (below 10,000, a hundred values).
create table team_figure_bucket_groups (
  ancestor text not null,
  figure int2 not null,
  bucket_group int4 not null,
  members int not null,
  primary key (ancestor, figure, bucket_group) include (members)
);

-- Counts those of the `candidates` (accounts whose team may have grown) whose team has at least least_members members
-- and is not yet counted, from their ancestor rows as they are.
create function count_large_teams_by_figure(candidates text[]) returns void language sql volatile as $$
  with counted as (
    insert into figure_bucketed_teams (ancestor)
    select t.address from teams t where t.address in (select unnest(candidates)) and t.team_size >= (select least_members from team_figure_bucket_settings)
      and not exists (select from figure_bucketed_teams b where b.ancestor = t.address)
    returning ancestor),
  bucketed as (
    select a.ancestor, f.figure, figure_bucket(f.value) as bucket, count(*)::int as members
    from counted c join referral_ancestors a on a.ancestor = c.ancestor
      cross join lateral (values (0::int2, a.status::numeric), (1::int2, a.delegated), (2::int2, a.undelegating), (3::int2, a.team_size::numeric)) f(figure, value)
    group by 1, 2, 3),
  buckets as (
    insert into team_figure_buckets (ancestor, figure, bucket, members) select * from bucketed)
  insert into team_figure_bucket_groups (ancestor, figure, bucket_group, members)
  select ancestor, figure, bucket / 100, sum(members)::int from bucketed group by 1, 2, 3
$$;

select count_large_teams_by_figure(array(select address from teams));
analyze figure_bucketed_teams, team_figure_buckets, team_figure_bucket_groups;
