-- A search of a large team sorted by a member's figure read every entry of its fragment to sort the team's among them:
-- for a name 4,145 members share (`alex`) in the root's team of a million, about 3 ms of the server's time for any
-- page, so on two cores it did not keep up at 500 requests a second (BENCHMARKS.md "Team search levels from the
-- generations"). The entries of a lead are now also indexed in the order of delegated coins and of team size, the
-- Team tab's most used sorts, as they are in level order (migration 035): such a page walks them from its end of the
-- order and stops once it has found its matches (db/queries/accounts.ts teamSearchPageByWalk). Status and unbonding
-- coins have no such index: each one makes every update of a member's figures write one more index entry for each of
-- its nickname's entries (BENCHMARKS.md "A search sorted by a figure walked in its order").
create index nickname_suffixes_by_delegated on nickname_suffixes (lead, delegated, generation, account) include (suffix, earlier, ancestors);
create index nickname_suffixes_by_team_size on nickname_suffixes (lead, team_size, generation, account) include (suffix, earlier, ancestors);
