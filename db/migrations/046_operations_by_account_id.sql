-- The operations ledger was keyed by the address itself, a 42-character text, in every row and in both of its indexes,
-- which a large catch-up sorts again when it ends. It is now keyed by the account's number (migration 045), as the
-- address lists are; the API finds the number by the address in the statement that reads the ledger.
--
-- The indexer lists every AXM address an operation names as an account (indexer/write-batch.ts). One it wrote before
-- without listing it gets its account here, first seen at its first operation, and is counted as new in its hour and
-- day (UTC) as the indexer counts one; a row whose address is not an AXM address (a failed transaction's malformed
-- recipient) has no page to show on and is not kept.
with unlisted as (
  select o.address, min(o.height) as first_height, min(o.time) as first_time
  from operations o
  where o.address ~ '^axm(valoper)?1[02-9ac-hj-np-z]{38}$|^axm1[02-9ac-hj-np-z]{58}$'
    and not exists (select 1 from accounts a where a.address = o.address)
  group by o.address
), added as (
  insert into accounts (address, first_height, first_time)
  select address, first_height, first_time from unlisted order by first_height, address
  returning first_time
), hours as (
  insert into hourly_counters (hour, accounts) select date_trunc('hour', first_time, 'UTC'), count(*) from added group by 1
  on conflict (hour) do update set accounts = hourly_counters.accounts + excluded.accounts
), days as (
  insert into daily_stats (day, new_addresses) select (first_time at time zone 'UTC')::date, count(*) from added group by 1
  on conflict (day) do update set new_addresses = daily_stats.new_addresses + excluded.new_addresses
)
update chain_counters set accounts = accounts + (select count(*) from added) where id = 1;

-- Rebuilt rather than updated in place: every row changes, and an update would leave each one's old version behind.
create table operations_by_account (
  account bigint not null,
  time timestamptz not null,
  height bigint not null,
  seq bigint not null,
  type text not null,
  amount numeric not null,
  denom text,
  s smallint not null check (s in (-1, 1)),
  tx_hash text,
  error text,
  fields json not null
);
insert into operations_by_account (account, time, height, seq, type, amount, denom, s, tx_hash, error, fields)
select a.id, o.time, o.height, o.seq, o.type, o.amount, o.denom, o.s, o.tx_hash, o.error, o.fields
from operations o join accounts a on a.address = o.address;
drop table operations;
alter table operations_by_account rename to operations;
create index operations_account on operations (account, time desc, seq desc);
create index operations_account_type on operations (account, type, time desc, seq desc);

analyze accounts;
analyze operations;
