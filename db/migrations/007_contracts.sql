-- CosmWasm in the index: uploaded codes, contracts with their code history and executions, CW-20 tokens and balances.
-- Contract state itself is not copied: the API reads it from the node on request.

-- One row per MsgStoreCode. permission is Everybody, Nobody or AnyOfAddresses (addresses then lists who may
-- instantiate). verified stays false until a verification of the code's source is known.
create table codes (
  id bigint primary key,
  checksum text not null,
  creator text not null,
  permission text not null,
  permission_addresses text[] not null default '{}',
  height bigint not null,
  verified boolean not null default false,
  contracts_count int not null default 0
);

-- seq numbers contracts densely in order of instantiation, so a page of the newest-first list is a range of it.
-- creator and label are empty for a contract instantiated by another contract (its message is not in the transaction).
create table contracts (
  address text primary key,
  seq bigint not null unique,
  code_id bigint not null,
  creator text not null,
  admin text not null default '',
  label text not null,
  height bigint not null,
  tx_index int not null,
  -- Executions the chain reported (`execute` events of successful transactions, calls by other contracts included).
  executes bigint not null default 0
);
create index contracts_code on contracts (code_id, seq);

-- The code history as wasmd keeps it: init, then each migrate; seq counts from 1 per contract. msg is the JSON sent.
create table contract_history (
  contract text not null,
  seq int not null,
  operation text not null check (operation in ('init', 'migrate')),
  code_id bigint not null,
  height bigint not null,
  tx_index int not null,
  msg json,
  primary key (contract, seq)
);

-- CW-20 tokens (contracts instantiated with cw20-base's message), kept from their `wasm` events.
-- logo is cw20's LogoInfo JSON ({"url": ...} or "embedded"); holders counts balances above zero.
create table cw20_tokens (
  contract text primary key,
  seq bigint not null unique,
  name text not null,
  symbol text not null,
  decimals int not null,
  minter text,
  cap numeric,
  total_supply numeric not null,
  holders int not null default 0,
  project text,
  description text,
  marketing text,
  logo jsonb
);

-- Balances above zero; a holders page is a range of (contract, balance, holder) read backwards (biggest first),
-- an address's assets the range (holder).
create table cw20_balances (
  contract text not null,
  holder text not null,
  balance numeric not null,
  primary key (contract, holder)
);
create index cw20_balances_biggest on cw20_balances (contract, balance, holder);
create index cw20_balances_holder on cw20_balances (holder, contract);
