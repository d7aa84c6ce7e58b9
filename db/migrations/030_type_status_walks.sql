-- A page of several message types under a status filter (SPEC.md §7: types and Success or Fail together) merges the
-- types' lists newest first, each walked along type_txs_seq until the page's end; the status was tested on each row
-- read, so page 1,000 of two types' failed transactions read 113,000 rows to keep 10,000 (BENCHMARKS.md "On the
-- twenty-third machine, and several types under one status"). Each status now has its own walk: the successful and the
-- failed rows of a type by sequence number, read in the index alone.
create index type_txs_ok_seq on type_txs (type, seq) where ok_n is not null;
create index type_txs_fail_seq on type_txs (type, seq) where fail_n is not null;
