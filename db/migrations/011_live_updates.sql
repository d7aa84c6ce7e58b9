-- The live-update stream reads the transactions of a just-written height range with the addresses each one involves:
-- address_txs is keyed by address, so this index finds a transaction's addresses by its sequence number.
create index address_txs_by_seq on address_txs (seq) include (address);
