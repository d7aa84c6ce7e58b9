-- Transactions and blocks are looked up by their hash for equality only (a detail page, a search), so a hash index
-- serves them. Its entry holds the hash's 4-byte code (20 bytes with the line pointer) where a B-tree's held the
-- 64-character hex text (84 bytes), and the hash of each new row lands on a random page of the index: on ten million
-- transactions, more than a database's memory, the B-tree on transaction hashes was what a catch-up read most from
-- outside the server's buffers (BENCHMARKS.md "Hash look-ups"). A hash index enforces no uniqueness; none was relied
-- on (a large catch-up drops it), and a chain can include the same transaction bytes twice (one failing before its
-- sequence number counted), which the unique index would have refused for ever. Look-ups take the newest of them.
drop index transactions_hash;
create index transactions_hash on transactions using hash (hash);
drop index blocks_hash;
create index blocks_hash on blocks using hash (hash);
