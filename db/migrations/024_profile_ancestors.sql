-- A profile carries its account's ancestors, nearest first (the account's referral_ancestors rows by depth, at most 14;
-- empty while the account is not registered). A team search for a common name finds thousands of profiles through the
-- trigram index, and tells from each row it read whether that member is in the viewed team and at which level
-- (array_position), instead of looking each one up in referral_ancestors: 4,177 look-ups were 80 % of such a search.
-- The indexer keeps it as accounts register (indexer/write-accounts.ts copyAncestorsToProfiles).
alter table profiles add column ancestors text[] not null default '{}';
update profiles p set ancestors = array(select x.ancestor from referral_ancestors x where x.account = p.address order by x.depth)
where exists (select 1 from referral_ancestors x where x.account = p.address);
