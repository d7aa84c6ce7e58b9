-- The operations ledger of every address (SPEC.md §3 Operation): one row per operation and address it belongs to
-- (a transfer is transfer_out for its sender and transfer_in for its recipient).
-- seq numbers a block's rows in chain order (height × 1,000,000 + position), so (time, seq) orders the whole ledger;
-- tx_hash is null for what a block pays outside transactions; error is the failed transaction's log (no balance changed);
-- fields are language-neutral [{k: field key, v: value}] (core/operations.ts): the API writes labels in the language asked for.
create table operations (
  address text not null,
  time timestamptz not null,
  height bigint not null,
  seq bigint not null,
  type text not null,
  amount numeric not null,
  s smallint not null check (s in (-1, 1)),
  tx_hash text,
  error text,
  fields json not null
);
create index operations_address on operations (address, time desc, seq desc);
create index operations_address_type on operations (address, type, time desc, seq desc);
