-- Per-day figures of block time (UTC days) for the charts (API.md "Statistics over time"), kept by the indexer in the
-- batch transaction: one row per day with a column per series, so a year of one series is at most 366 rows.

-- Counts and sums of the day's indexed blocks. active_addresses: distinct signers and message parties (recipients,
-- delegators, ...) of the day's transactions. block_ms / block_intervals: the milliseconds between each block of the
-- day and the one before it (the first indexed block has none). bonded and supply: the bonded pool's uaxm and the total
-- uaxm supply after the day's last indexed block.
create table daily_stats (
  day date primary key,
  txs bigint not null default 0,
  active_addresses bigint not null default 0,
  new_addresses bigint not null default 0,
  fees numeric not null default 0,
  burned numeric not null default 0,
  registrations bigint not null default 0,
  premium_purchases bigint not null default 0,
  block_ms bigint not null default 0,
  block_intervals bigint not null default 0,
  bonded numeric,
  supply numeric
);

-- The last day each address was active: an address counts once on a day when this is earlier (or absent).
create table daily_active_addresses (
  address text primary key,
  last_day date not null
);

-- One row: total uaxm supply after the last indexed block, kept from the bank's balance changes; null until the first
-- batch after this migration reads it from account_balances (genesis or the mid-chain seed).
create table daily_supply (
  id int primary key check (id = 1),
  supply numeric
);
insert into daily_supply (id) values (1);
