-- A deep page of several message types (SPEC.md §7) merged the types' lists newest first from the top, so page 1,000
-- walked the 10,000 rows before it: 5-8 ms on slower machines, the one list route that missed 30 ms at 500 req/s in
-- every run on ten million transactions (BENCHMARKS.md "Deep pages of several types from counts per stretch"). The
-- transactions are cut into stretches of 256 sequence numbers (bucket = seq >> 8), and for each type set (as in
-- migration 022) a row gives how many of its transactions, successful and failed ones, lie at or below the end of a
-- stretch where it has any. The sum over the sets that meet the filter's types tells, stretch by stretch, how many
-- transactions of the filter lie above a stretch's end: a search over the stretches (type_sets_stretch, below) finds
-- the one the page starts in, and the walk starts there, under 256 transactions from the page. The indexer adds its
-- batch's stretches.
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

-- The running count of the type sets that meet `filter`, for a status (0 successful, 1 failed, 2 all), at the end of
-- stretch k: each set's row at or before k, summed.
create function type_sets_through(filter text[], status int, k int8) returns int8 language plpgsql stable as $$
begin
  return (
    select coalesce(sum((
      select case status when 0 then b.ok_count when 1 then b.fail_count else b.tx_count end
      from type_set_buckets b where b.types = ts.types and b.bucket <= k order by b.bucket desc limit 1)), 0)
    from type_set_counts ts where ts.types && filter);
end $$;

-- The first stretch of first..final whose running count reaches `target`, and that count (final's, `at_final`,
-- reaches it). The bracket lo..hi keeps the counts at its ends; each step guesses in turn where the count reaches the
-- target on a straight line between them (a few steps where the types are spread evenly) and the bracket's middle (so
-- that no spread takes more than twice a binary search's steps). In PL/pgSQL, its statements are planned once a session.
create function type_sets_stretch(filter text[], status int, first int8, final int8, at_final int8, target int8, out stretch int8, out reached int8)
language plpgsql stable as $$
declare
  lo int8 := first;
  hi int8 := final;
  clo int8 := type_sets_through(filter, status, first - 1);
  chi int8 := at_final;
  step int := 0;
  k int8;
  c int8;
begin
  while lo < hi loop
    if step % 2 = 0 and chi > clo then
      k := lo - 1 + ((target - clo) * (hi - lo + 1) + chi - clo - 1) / (chi - clo);
    else
      k := (lo + hi) / 2;
    end if;
    k := least(hi - 1, greatest(lo, k));
    c := type_sets_through(filter, status, k);
    if c >= target then
      hi := k;
      chi := c;
    else
      lo := k + 1;
      clo := c;
    end if;
    step := step + 1;
  end loop;
  stretch := lo;
  reached := chi;
end $$;
