-- A team search looks each nickname or address match up in the viewed account's team. The index of an account's own
-- ancestor rows now carries the ancestor, so that look-up reads one leaf of the index (at most 14 entries) and no table
-- rows; it stays unique on (account, depth).
create unique index referral_ancestors_account_ancestor on referral_ancestors (account, depth) include (ancestor);
drop index referral_ancestors_account;
alter index referral_ancestors_account_ancestor rename to referral_ancestors_account;
