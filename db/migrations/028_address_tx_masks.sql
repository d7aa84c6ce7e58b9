-- An address's transactions of some types or of one status (SPEC.md §7's filters with an address) were found by
-- reading each of the address's transactions, newest first, to test its types and result: a deep page of a busy
-- address read thousands of rows of the largest table (BENCHMARKS.md "Address lists with their types"). Each
-- address_txs row now carries its transaction's mask: one bit per message type, and a bit for a successful and one for
-- a failed result (core/tx-masks.ts). The index that walks an address's list by sequence number includes it, so the
-- rows before a page are skipped in the index alone. The first 60 types the chain carries get a bit of their own
-- (tx_types.bit), in the order of their first transaction and of its messages, as the indexer gives them; a later type
-- shares one bit with the others, and a filter naming such a type reads the rows as before.
alter table tx_types add column bit smallint unique check (bit between 0 and 59);

update tx_types c set bit = r.bit
from (select f.type, row_number() over (order by f.seq, array_position(t.types, f.type)) - 1 as bit
      from (select type, min(seq) as seq from type_txs group by type) f join transactions t on t.seq = f.seq) r
where r.type = c.type and r.bit < 60;

-- A transaction's mask from its types and result code (the indexer computes the same in core/tx-masks.ts).
create function tx_mask(types text[], code int) returns int8 language sql stable as $$
  select coalesce((select bit_or(case when b.bit is null then 4611686018427387904 else 1::int8 << b.bit end)
                   from unnest(types) u(type) left join tx_types b on b.type = u.type), 0)
       | case when code = 0 then 1152921504606846976 when code <> 0 then 2305843009213693952 else 0 end
$$;

-- A call of tx_mask() takes tens of microseconds, and a transaction's mask depends only on its types and its result, of
-- which a chain has few pairs: each pair's mask is computed once.
create temporary table tx_result_masks on commit drop as
select types, result, tx_mask(types, case result when 2 then null else result end) as mask
from (select distinct types, case when code = 0 then 0 when code <> 0 then 1 else 2 end as result from transactions) t;

-- Rebuilt rather than updated in place: every row changes, and an update would leave each one's old version behind.
create table address_txs_masked (
  address text not null,
  n bigint not null,
  seq bigint not null,
  mask bigint not null
);
insert into address_txs_masked (address, n, seq, mask)
select l.address, l.n, l.seq, m.mask
from address_txs l
join transactions t on t.seq = l.seq
join tx_result_masks m on m.types = t.types and m.result = case when t.code = 0 then 0 when t.code <> 0 then 1 else 2 end;
drop table address_txs;
alter table address_txs_masked rename to address_txs;
alter table address_txs add constraint address_txs_pkey primary key (address, n);
create unique index address_txs_seq on address_txs (address, seq) include (mask);
create index address_txs_by_seq on address_txs (seq) include (address);
