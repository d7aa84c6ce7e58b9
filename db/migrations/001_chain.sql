-- Blocks, transactions, events and the indexes that page them without OFFSET.
-- Every list a visitor pages through is a dense sequence (1, 2, 3, ...) kept by the indexer,
-- so page P of size S is the index range (total - P*S, total - (P-1)*S].

create table indexer_state (
  id int primary key default 1 check (id = 1),
  chain_id text not null,
  start_height bigint not null,
  indexed_height bigint not null,
  chain_height bigint not null,
  updated_at timestamptz not null default now()
);

create table blocks (
  height bigint primary key,
  hash text not null,
  chain_id text not null,
  time timestamptz not null,
  proposer text not null,
  tx_count int not null,
  event_count int not null,
  emission_rate double precision,
  events json not null
);
create index blocks_time on blocks (time);
create index blocks_hash on blocks (hash);

create table transactions (
  seq bigint primary key,
  hash text not null,
  height bigint not null,
  idx int not null,
  time timestamptz not null,
  code int not null,
  codespace text not null,
  log text not null,
  gas_used bigint not null,
  gas_wanted bigint not null,
  fee jsonb not null,
  memo text not null,
  types text[] not null,
  messages json not null,
  events json not null,
  signers text[] not null,
  ok_n bigint,
  fail_n bigint
);
create unique index transactions_hash on transactions (hash);
create index transactions_height on transactions (height, idx);
create unique index transactions_ok_n on transactions (ok_n) where ok_n is not null;
create unique index transactions_fail_n on transactions (fail_n) where fail_n is not null;

-- Transactions per message type; n is dense per type.
create table type_txs (
  type text not null,
  n bigint not null,
  seq bigint not null,
  primary key (type, n)
);
create unique index type_txs_seq on type_txs (type, seq);

create table tx_types (
  type text primary key,
  tx_count bigint not null
);

-- Transactions that involve an address (signer, message field or event attribute); n is dense per address.
create table address_txs (
  address text not null,
  n bigint not null,
  seq bigint not null,
  primary key (address, n)
);
create unique index address_txs_seq on address_txs (address, seq);

-- Events whose attributes name an address, one row per address and transaction (or block):
-- idx holds the events' positions in that transaction's (or block's) event list, seq is null for
-- block events, and n counts the address's events up to and including this row's, so the events
-- numbered (n - cardinality(idx), n] are this row's and a page of events is an index range.
create table address_events (
  address text not null,
  n bigint not null,
  height bigint not null,
  seq bigint,
  idx int[] not null,
  primary key (address, n)
);

create table accounts (
  address text primary key,
  tx_count bigint not null default 0,
  event_count bigint not null default 0,
  first_height bigint not null,
  first_time timestamptz not null
);

-- Consensus addresses that signed block `height` (read from the commit in block height + 1).
create table commits (
  height bigint primary key,
  signers text[] not null
);

create table validators (
  operator_address text primary key,
  consensus_address text,
  moniker text not null,
  identity text not null,
  website text not null,
  security_contact text not null,
  details text not null,
  status text not null,
  jailed boolean not null,
  tokens numeric not null,
  delegator_shares numeric not null,
  commission_rate text not null,
  updated_height bigint not null
);
create unique index validators_consensus on validators (consensus_address);

-- Chain-wide counters, kept by the indexer in the same transaction as the blocks they count.
create table chain_counters (
  id int primary key default 1 check (id = 1),
  blocks bigint not null default 0,
  txs bigint not null default 0,
  txs_ok bigint not null default 0,
  txs_failed bigint not null default 0,
  events bigint not null default 0,
  accounts bigint not null default 0,
  burned numeric not null default 0,
  minted numeric not null default 0
);
insert into chain_counters (id) values (1);

-- The same counters per hour of block time, for "today" and per-second figures.
create table hourly_counters (
  hour timestamptz primary key,
  blocks bigint not null default 0,
  txs bigint not null default 0,
  events bigint not null default 0,
  accounts bigint not null default 0,
  burned numeric not null default 0
);

-- Figures read from the node's state (not derivable from blocks): refreshed by the indexer.
create table chain_snapshot (
  id int primary key default 1 check (id = 1),
  total_supply numeric not null default 0,
  delegated_supply numeric not null default 0,
  mempool_txs int not null default 0,
  read_at timestamptz
);
insert into chain_snapshot (id) values (1);
