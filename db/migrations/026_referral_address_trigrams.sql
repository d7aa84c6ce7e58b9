-- The trigrams of a referral's address (the team search by a fragment of an address) are taken of lower(address), the
-- expression the search asks for, instead of the column. pg_trgm's GIN operator class also serves `=`, and the planner
-- took that index to join a team page's members to their referrals: the indexer had put every address in GIN's pending
-- list, which the index's statistics do not count until a vacuum, so the index looked free while each look-up read the
-- whole list, about 1 ms a member where the primary key takes a few µs (BENCHMARKS.md "Referrals joined by their
-- primary key"). Addresses are stored in lower case, so the search finds the same rows. The pending list stays (unlike
-- 012's name indexes): a start in mid-chain adds the whole tree at once, ten times faster through it.
drop index referrals_address_trigrams;
create index referrals_address_trigrams on referrals using gin (lower(address) gin_trgm_ops);
