-- The totals no numbered list gives (SPEC.md §7's filters combined): "any of these types", and an address's
-- transactions of some types or of one status. Each transaction falls into one type set: its distinct message types,
-- sorted by code point (collation "C", as the indexer sorts them), the empty set for bytes that are not a Cosmos
-- transaction. type_set_counts counts the chain's transactions per set, address_type_set_counts each address's (over
-- the transactions address_txs lists for it), each as all, successful and failed ones (a transaction without a result
-- is in neither of the last two). A total is then the sum over the sets that meet the filter's types: a few rows for
-- the chain, a few dozen for the busiest address.
create table type_set_counts (
  types text[] primary key,
  tx_count bigint not null,
  ok_count bigint not null,
  fail_count bigint not null
);

create table address_type_set_counts (
  address text not null,
  types text[] not null,
  tx_count bigint not null,
  ok_count bigint not null,
  fail_count bigint not null,
  primary key (address, types)
);

insert into type_set_counts (types, tx_count, ok_count, fail_count)
select types, count(*), count(*) filter (where code = 0), count(*) filter (where code <> 0)
from (select code, array(select distinct x collate "C" from unnest(types) as x order by 1) as types from transactions) t
group by types;

insert into address_type_set_counts (address, types, tx_count, ok_count, fail_count)
select l.address, t.types, count(*), count(*) filter (where t.code = 0), count(*) filter (where t.code <> 0)
from address_txs l
join (select seq, code, array(select distinct x collate "C" from unnest(types) as x order by 1) as types from transactions) t on t.seq = l.seq
group by l.address, t.types;
