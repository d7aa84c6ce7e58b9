-- Secondary indexes dropped for a large catch-up (db/deferred-indexes.ts) with the statements that build them again.
-- A row here is an index the database lacks until the indexer, or the next migration, builds it again: the drop and
-- the rows are one transaction, and each rebuild and the removal of its row another, so a crash in between loses none.
create table deferred_indexes (
  name text primary key,
  definition text not null
);
