-- A deep page of several message types (SPEC.md §7) merged the types' lists newest first from the top, so page 1,000
-- walked the 10,000 rows before it: 5-8 ms on slower machines, the one list route that missed 30 ms at 500 req/s in
-- every run on ten million transactions (BENCHMARKS.md "Deep pages of several types from counts per stretch"). The
-- transactions are cut into stretches of 256 sequence numbers (bucket = seq >> 8), and for each type set (as in
-- migration 022) a row gives how many of its transactions, successful and failed ones, lie at or below the end of a
-- stretch where it has any. The sum over the sets that meet the filter's types tells, stretch by stretch, how many
-- transactions of the filter lie above a stretch's end: a binary search over the stretches finds the one the page starts
-- in, and the walk starts there, under 256 transactions from the page. The indexer adds its batch's stretches.
create table type_set_buckets (
  types text[] not null,
  bucket int4 not null,
  tx_count bigint not null,
  ok_count bigint not null,
  fail_count bigint not null,
  primary key (types, bucket)
);

insert into type_set_buckets (types, bucket, tx_count, ok_count, fail_count)
select types, bucket, sum(n) over w, sum(ok) over w, sum(fail) over w
from (
  select types, (seq >> 8)::int4 as bucket, count(*) as n, count(*) filter (where code = 0) as ok, count(*) filter (where code <> 0) as fail
  from (select seq, code, array(select distinct x collate "C" from unnest(types) as x order by 1) as types from transactions) t
  group by types, bucket
) g
window w as (partition by types order by bucket);
