-- A search of a small team read every entry of its fragment in the whole tree and kept the team's: `alex` in the team of
-- a member of level 5 (8,848 members) read the 4,177 entries of the name to find about 40 of them, as many as in the
-- root's team of a million, and on two cores its page did not keep up at 500 requests a second (BENCHMARKS.md "Team
-- search pages walked in level order"). The entries a team holds now lie together: each entry carries its member's
-- ancestors from the top down (`path`, the numbers of `ancestors` reversed), indexed with the suffix's lead. A member
-- at level d of a team has, before the team's owner, the owner's own nearest MAX_LEVEL - d ancestors, so the team's
-- entries of a lead are one range of that index for each level (db/queries/accounts.ts teamWhere), and a small team
-- reads its own entries alone. A team is small up to team_search_settings.small_team members (20,000 here; at the
-- filtered level, if any): beyond that, a range of each level reads more than the fragment's own entries would.

-- An array of numbers in reverse order.
create function int4_array_reversed(numbers int4[]) returns int4[] language sql immutable parallel safe as $$
  select array(select numbers[i] from generate_subscripts(numbers, 1, true) i)
$$;

alter table nickname_suffixes add column path int4[] not null generated always as (int4_array_reversed(ancestors)) stored;
create index nickname_suffixes_by_path on nickname_suffixes (lead, path) include (suffix, earlier, account, status, delegated, undelegating, team_size);

create table team_search_settings (
  id int primary key default 1 check (id = 1),
  small_team int not null
);
insert into team_search_settings (small_team) values (20000);
