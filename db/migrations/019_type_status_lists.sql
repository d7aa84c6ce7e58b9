-- A message type's successful and failed transactions as dense lists of their own, for the status filter together
-- with one type (SPEC.md §7): ok_n and fail_n number them 1, 2, 3... per type, as transactions.ok_n and fail_n number
-- the whole chain's, so any page or count of "type T, status S" is an index range. A transaction without a result
-- (null code) is in neither list. tx_types keeps each list's length.
alter table tx_types add column ok_count bigint not null default 0, add column fail_count bigint not null default 0;
alter table type_txs add column ok_n bigint, add column fail_n bigint;

update type_txs l set ok_n = case when x.ok then x.rn end, fail_n = case when x.ok then null else x.rn end
from (
  select l.type, l.n, t.code = 0 as ok, row_number() over (partition by l.type, t.code = 0 order by l.n) as rn
  from type_txs l join transactions t on t.seq = l.seq
  where t.code is not null
) x
where l.type = x.type and l.n = x.n;

update tx_types c set ok_count = coalesce(x.ok, 0), fail_count = coalesce(x.fail, 0)
from (select type, max(ok_n) as ok, max(fail_n) as fail from type_txs group by type) x
where c.type = x.type;

create unique index type_txs_ok_n on type_txs (type, ok_n) where ok_n is not null;
create unique index type_txs_fail_n on type_txs (type, fail_n) where fail_n is not null;
