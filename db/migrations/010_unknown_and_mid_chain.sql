-- What a real node can leave the index without: a transaction's result, a transaction's meaning, and the history
-- before an index started in mid-chain.
-- transactions.code null: block_results listed no result for the transaction (unknown, neither success nor failure).
-- transactions.raw / decode_error: bytes in block.data.txs that are not a Cosmos transaction (a vote extension,
--   another chain's payload), kept as base64 with the decoder's reason; both null for every decoded transaction.
-- accounts.first_height / first_time null: the account existed before the index's start height (seeded from the
--   node's state), so when it first appeared is not known.
alter table transactions
  alter column code drop not null,
  add column raw text,
  add column decode_error text;
alter table accounts
  alter column first_height drop not null,
  alter column first_time drop not null;
