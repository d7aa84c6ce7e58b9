-- Groups of team buckets: the members of one ancestor at one level whose addresses share their first five characters
-- (axm1 and one of the hash's, so up to 32 groups a level), each the sum of its (up to 32) buckets of migration 020.
-- Page P of a team in level order adds up at most 32 groups, then at most 32 buckets of the group it falls in, not up
-- to 1,024 buckets: on a level of 13,000 members that walk was most of the page's time (BENCHMARKS.md "Team pages
-- planned in a fraction"). Like a bucket, a group only grows.
create table team_bucket_groups (
  ancestor text not null,
  depth smallint not null,
  bucket_group text not null,
  members int not null,
  primary key (ancestor, depth, bucket_group) include (members)
);
insert into team_bucket_groups (ancestor, depth, bucket_group, members)
select ancestor, depth, left(bucket, 5), sum(members)::int from team_buckets group by 1, 2, 3;
