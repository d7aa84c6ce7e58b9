-- A deep page of an address's list under a type or status filter (SPEC.md §7's filters with an address) was walked
-- from the list's nearer end, past every one of the address's rows between the page and that end: page 1,000 of the
-- busiest address's failed transactions walked about 50,000 index entries, its middle page about 535,000, 4.5 to 48 ms
-- on ten million transactions (BENCHMARKS.md "An address's filtered pages from counts per stretch of its list"). An
-- address's list is now cut into stretches of 4,096 of its numbers (stretch = n >> 12, core/tx-stretches.ts), and a
-- row counts the address's transactions of one mask (migration 028) in one stretch. Summed over the masks that meet a
-- filter and added up from the newest stretch down, the counts tell how many of the filter's transactions lie in a
-- stretch and after it: the first stretch whose sum reaches past the page is the one it starts in, and its walk starts
-- at that stretch's first number, under 4,096 of the address's rows before the page. The first stretch (numbers 1 to
-- 4,095) is not counted: a page there is walked from the list's oldest end, and most addresses have no row here at
-- all. The indexer adds its batch's rows.
create table address_mask_stretches (
  address text not null,
  stretch int4 not null,
  mask int8 not null,
  tx_count int8 not null,
  primary key (address, stretch, mask) include (tx_count)
);

insert into address_mask_stretches (address, stretch, mask, tx_count)
select address, (n >> 12)::int4, mask, count(*) from address_txs where n >= 4096 group by 1, 2, 3;

-- Statistics now, so that the first plans of the reads walk the address's stretches in order along the key.
analyze address_mask_stretches;
