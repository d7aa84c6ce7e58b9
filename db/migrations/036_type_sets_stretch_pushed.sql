-- The search for the stretch a deep page of several types starts in (migration 031) alternated a guess on a straight
-- line with the bracket's middle. The guesses land within a few stretches of the answer, but every other probe was the
-- middle of a bracket whose far end stayed at the start of the chain: page 1,000 of two types on ten million
-- transactions made 5 to 7 probes where 2 or 3 do, each one a sum of running counts over the filter's type sets
-- (BENCHMARKS.md "Deep pages of several types planned once, their search without middle steps"). Here every step guesses
-- on the line. When the same end of the bracket has moved three times in a row, the guesses creep toward the answer from
-- one side, and the next is pushed past the line toward the other end: one stretch, then twice as far each time, never
-- past the middle. A spread that defeats the line anyway gets the line's guesses for as many probes as a binary search
-- of the whole bracket would make, and two more, then the middles: at most twice a binary search's probes and two. A
-- search from the chain's first stretch knows the count before it (none) without a probe.
create or replace function type_sets_stretch(filter text[], status int, first int8, final int8, at_final int8, target int8, out stretch int8, out reached int8)
language plpgsql stable as $$
declare
  lo int8 := first;
  hi int8 := final;
  clo int8 := case when first > 0 then type_sets_through(filter, status, first - 1) else 0 end;
  chi int8 := at_final;
  moved int := 0; -- the end of the bracket the last probe moved: 1 the high one, -1 the low one
  run int := 0; -- how many probes in a row moved it
  push int8;
  probes int := 0;
  guesses int := ceil(log(2, (final - first + 1)::numeric)) + 2; -- probes on the line before the middles
  k int8;
  c int8;
begin
  while lo < hi loop
    if probes >= guesses or chi <= clo then
      k := (lo + hi) / 2;
    else
      k := lo - 1 + ((target - clo) * (hi - lo + 1) + chi - clo - 1) / (chi - clo);
      if run >= 3 then
        push := 1::int8 << least(run - 3, 62);
        k := case when moved > 0 then least(k, greatest(k - push, (lo + hi) / 2)) else greatest(k, least(k + push, (lo + hi) / 2)) end;
      end if;
    end if;
    k := least(hi - 1, greatest(lo, k));
    c := type_sets_through(filter, status, k);
    probes := probes + 1;
    if c >= target then
      hi := k;
      chi := c;
      run := case when moved > 0 then run + 1 else 1 end;
      moved := 1;
    else
      lo := k + 1;
      clo := c;
      run := case when moved < 0 then run + 1 else 1 end;
      moved := -1;
    end if;
  end loop;
  stretch := lo;
  reached := chi;
end $$;
