-- The live-update stream finds a just-written transaction's addresses by its sequence number (db/queries/live.ts),
-- through address_txs_by_seq (migration 011). That B-tree carried each row's address (INCLUDE), so the stream read the
-- index alone, but an index with included columns keeps one entry per row: 147 MB beside the table's 192 MB in the
-- 400,000-transaction bench, written with every row and sorted again after each large catch-up. Keyed by seq alone,
-- a transaction's rows (five on average) share one entry, a posting list of their places in the table (B-tree
-- deduplication): a sixth of the size. The stream then reads the addresses from the table, a transaction's rows lying
-- side by side as they were written (BENCHMARKS.md "The live stream's index by sequence number deduplicated").
drop index address_txs_by_seq;
create index address_txs_by_seq on address_txs (seq);
