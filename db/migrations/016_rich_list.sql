-- The rich list (API.md "Statistics over time and exports"): accounts by total balance, read as an index range at any depth.

-- An account's total uaxm (available + delegated + undelegating), kept by PostgreSQL itself in every statement that
-- writes the row: the indexer's batch writer, the genesis and mid-chain seeds, all in their own transaction. Adding
-- the column computes it for the rows already there.
alter table account_balances add column total numeric generated always as (available + delegated + undelegating) stored;

-- Biggest first, ties by address (descending, so a page after the cursor (total, address) is one range of the index);
-- accounts holding nothing are left out of the list and of the index.
create index account_balances_rich on account_balances (total desc, address desc) where total > 0;

-- The three exchanges of SPEC.md §2 are profiles (their name and logo) marked as exchanges. Rows seeded before this
-- migration are recognised by the logo path the devnet's genesis gives exchanges.
alter table profiles add column exchange boolean not null default false;
update profiles set exchange = true where avatar like '/exchanges/%';
