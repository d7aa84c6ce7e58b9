-- A search of a large team found whether each entry of its fragment is in the team, and at which level, by looking for
-- the owner among the member's ancestors (`= any`, `array_position`): a call of the array's equality for each of up to
-- 14 ancestors of each entry. For a name 4,145 members share (`alex`) in the root's team sorted by delegated coins,
-- which did not keep up at 500 requests a second, that was about a third of the statement (BENCHMARKS.md "Team search
-- levels from the generations"). A member's level in a team is its generation less the owner's (migration 035),
-- and a member at level d of the team has the owner as its d-th ancestor: one subscript of the array says both
-- (db/queries/accounts.ts IN_TEAM). The entry's generation joins what the primary key's index carries, so the range of a
-- fragment is still read from the index alone.
create unique index nickname_suffixes_key on nickname_suffixes (suffix, account)
  include (ancestors, earlier, generation, status, delegated, undelegating, team_size);
alter table nickname_suffixes drop constraint nickname_suffixes_pkey;
alter table nickname_suffixes add constraint nickname_suffixes_pkey primary key using index nickname_suffixes_key;
