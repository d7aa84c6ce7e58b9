-- The members whose copied figures a batch changed, kept until the indexer copies them in a transaction of its own
-- right after the batch's (indexer/write-accounts.ts syncPendingMembers): on PGlite's one connection a read waits for
-- the whole of a write, and the copy is a quarter of a full block's. Kept in a table so a stop in between loses none.
create table pending_member_syncs (account text primary key);
