-- A bucket of a figure below 10,000 holds one value (migration 039), and on a real team most members share a few of
-- them: no unbonding coins, no team, the lowest statuses. Members of one value are in level order (level, then address),
-- and a page deep among them walked them from the bucket's first: page 1,000 by unbonding coins ascending skipped 9,990
-- of the root's 900,000 members with none, and did not keep up at 500 requests a second on slower machines
-- (BENCHMARKS.md "Members of one value counted in level order"). A large team's members of one value are now counted
-- as the team is in level order (migrations 020 and 029): per level and group of addresses (their first five
-- characters), and per level and bucket of addresses (their first six) with the bucket's first and last address. Page P
-- adds up the value's groups (at most 14 levels x 32), then the group's (at most 32) buckets, and reads the page along
-- the figure's index from the bucket's first member (its last, descending), skipping only that bucket's members before
-- the page. Members leave a value, so a bucket's count goes down, but its first and last stay: an address of the bucket
-- that has left still bounds the ones that remain.
create table team_figure_tie_groups (
  ancestor text not null,
  figure int2 not null,
  bucket int4 not null,
  depth int2 not null,
  bucket_group text not null,
  members int not null,
  primary key (ancestor, figure, bucket, depth, bucket_group) include (members)
);

create table team_figure_tie_buckets (
  ancestor text not null,
  figure int2 not null,
  bucket int4 not null,
  depth int2 not null,
  tie_bucket text not null,
  members int not null,
  first text not null,
  last text not null,
  primary key (ancestor, figure, bucket, depth, tie_bucket) include (members, first, last)
);

-- Whether a bucket of a figure holds one value, and its members are counted in level order too.
create function figure_bucket_is_one_value(bucket int4) returns boolean language sql immutable as $$
  select bucket < 10000
$$;

-- Counts the members of one value of the teams in `counted` (figure_bucketed_teams' ancestors), from their rows.
create function count_figure_ties(counted text[]) returns void language sql volatile as $$
  with tied as (
    select a.ancestor, f.figure, figure_bucket(f.value) as bucket, a.depth, a.account
    from referral_ancestors a
      cross join lateral (values (0::int2, a.status::numeric), (1::int2, a.delegated), (2::int2, a.undelegating), (3::int2, a.team_size::numeric)) f(figure, value)
    where a.ancestor = any(counted) and figure_bucket_is_one_value(figure_bucket(f.value))),
  grouped as (
    insert into team_figure_tie_groups (ancestor, figure, bucket, depth, bucket_group, members)
    select ancestor, figure, bucket, depth, left(account, 5), count(*)::int from tied group by 1, 2, 3, 4, 5)
  insert into team_figure_tie_buckets (ancestor, figure, bucket, depth, tie_bucket, members, first, last)
  select ancestor, figure, bucket, depth, left(account, 6), count(*)::int, min(account), max(account) from tied group by 1, 2, 3, 4, 5
$$;

-- Migration 039's counting of the teams that became large, kept under another name, and then their members of one
-- value: a counted team without them is one it has just counted (every member has a status, a bucket of one value).
alter function count_large_teams_by_figure(text[]) rename to count_large_teams_by_bucket;

create function count_large_teams_by_figure(candidates text[]) returns void language sql volatile as $$
  select count_large_teams_by_bucket(candidates);
  select count_figure_ties(array(
    select b.ancestor from figure_bucketed_teams b
    where b.ancestor = any(candidates) and not exists (select from team_figure_tie_groups g where g.ancestor = b.ancestor)))
$$;

select count_figure_ties(array(select ancestor from figure_bucketed_teams));
analyze team_figure_tie_groups, team_figure_tie_buckets;
