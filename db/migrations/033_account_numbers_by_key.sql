-- Migration 032's look-up of a member's ancestors' numbers joined the ancestors to `account_numbers`. As an SQL
-- function it is planned once for the statement that first calls it, with the table as it is then: a statement that
-- writes many profiles while the table is still small (a genesis's members seeded at once, the accounts bench's
-- million profiles) kept a hash join that read the whole table again for every profile, so the statement's time grew
-- with the square of its rows (the accounts bench's profiles: 36 minutes and not done, about two with this migration;
-- BENCHMARKS.md "Ancestors numbered by key"). Each ancestor is now one look-up by the primary key, and the function
-- is planned with sequential scans off, so that a plan made while the table holds a handful of rows still reads it by
-- key once it holds millions. The indexer seeds a genesis's members in one statement (indexer/seed-accounts.ts).
create or replace function account_numbers_in(ancestors text[]) returns int4[] language sql stable
  set enable_seqscan = off as $$
  select array(select (select n.number from account_numbers n where n.address = a.address)
               from unnest(ancestors) with ordinality a(address, i) order by a.i)
$$;
