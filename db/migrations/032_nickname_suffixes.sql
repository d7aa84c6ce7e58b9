-- A team search for a common name (the address page's Team tab, SPEC.md §2; `alex`, 4,177 of a million members) found
-- its matches through the trigram index and read each one's profile row, 870 bytes with its ancestors, to test the
-- match and whether the member is in the viewed team: 8-10 ms for its count and as much for its page, so at most about
-- 200 a second on two cores (BENCHMARKS.md "A search's two sides appended, not hashed"). Here every suffix of each
-- member's lowered nickname is an entry of one B-tree beside the member's ancestors as small numbers: the nicknames
-- that contain a fragment are the suffixes that start with it, one range of the index, and the team and level of each
-- are read from the same entry (index-only). Suffixes are cut to 100 characters, the longest fragment the API takes
-- (shapes/accounts.ts), so a fragment starts a cut suffix exactly when it starts the whole one. Each entry also holds
-- the nickname before its suffix (`prior`, its last 400 characters, so that an entry stays far below a B-tree entry's
-- 2,704 bytes), so that a nickname holding a fragment twice is counted once, at its first occurrence, without the
-- matches sorted to drop duplicates (which took four fifths of a common name's count); a nickname holding a fragment
-- twice, the first more than 400 characters before the second, would be found twice. Only members of a team (with
-- ancestors) and a nickname have entries. A trigger on profiles keeps them, so every writer of a profile (genesis,
-- registrations, the benches) keeps them right.

-- Each ancestor's number, given the first time a profile names it.
create table account_numbers (
  address text primary key,
  number int4 generated always as identity
);

create table nickname_suffixes (
  suffix text collate "C" not null,
  account text not null,
  ancestors int4[] not null,
  prior text not null,
  primary key (suffix, account) include (ancestors, prior)
);

-- The suffixes of a nickname, lowered as the search lowers it, each cut to 100 characters (of two cut alike, the
-- first), with the nickname before each.
create function nickname_suffixes_of(nickname text) returns table (suffix text, prior text) language sql immutable as $$
  select distinct on (left(substr(n, i), 100)) left(substr(n, i), 100), right(left(n, i - 1), 400)
  from (select lower(nickname) as n) l, generate_series(1, char_length(n)) i
  order by left(substr(n, i), 100), i
$$;

-- A list of ancestors as their numbers, in the same order (each numbered beforehand).
create function account_numbers_in(ancestors text[]) returns int4[] language sql stable as $$
  select array(select n.number from unnest(ancestors) with ordinality a(address, i) join account_numbers n using (address) order by a.i)
$$;

create function profiles_nickname_suffixes() returns trigger language plpgsql as $$
declare
  numbers int4[];
begin
  if tg_op = 'UPDATE' and old.nickname = new.nickname and old.ancestors = new.ancestors then
    return null;
  end if;
  if tg_op = 'UPDATE' and old.nickname <> '' and cardinality(old.ancestors) > 0 then
    delete from nickname_suffixes where account = old.address and suffix = any(array(select s.suffix from nickname_suffixes_of(old.nickname) s));
  end if;
  if new.nickname <> '' and cardinality(new.ancestors) > 0 then
    insert into account_numbers (address) select distinct a from unnest(new.ancestors) a on conflict do nothing;
    numbers := account_numbers_in(new.ancestors);
    insert into nickname_suffixes (suffix, account, ancestors, prior)
    select s.suffix, new.address, numbers, s.prior from nickname_suffixes_of(new.nickname) s;
  end if;
  return null;
end
$$;

create trigger profiles_nickname_suffixes after insert or update of nickname, ancestors on profiles
  for each row execute function profiles_nickname_suffixes();

insert into account_numbers (address)
select distinct a from profiles p, unnest(p.ancestors) a where p.nickname <> '' order by a;

insert into nickname_suffixes (suffix, account, ancestors, prior)
select s.suffix, p.address, account_numbers_in(p.ancestors), s.prior
from profiles p, nickname_suffixes_of(p.nickname) s
where p.nickname <> '' and cardinality(p.ancestors) > 0;
