-- The trigrams of a referral's address (the team search by a fragment of an address) are taken of lower(address), the
-- expression the search asks for, instead of the column. pg_trgm's GIN operator class also serves `=`, and on a small
-- tree the planner took that index for the joins on referrals.address (a team page, an account, the indexer's member
-- sync): each look-up read every trigram's posting list, about 1 ms a row where the primary key takes a few µs
-- (BENCHMARKS.md "Referrals joined by their primary key"). Addresses are stored in lower case, so the search finds the
-- same rows.
drop index referrals_address_trigrams;
create index referrals_address_trigrams on referrals using gin (lower(address) gin_trgm_ops);
