-- A team search for a common name read each of its matches' entries in nickname_suffixes (migration 032) and, to count
-- a nickname holding the fragment twice once, joined the nickname before the suffix to the suffix's start and searched
-- it for the fragment: per entry a concatenation and a text search, a fifth of a common name's count (`alex`, 4,145
-- entries, 2.0 ms; BENCHMARKS.md "How much of a suffix starts earlier, as one number"). Each entry now holds instead
-- how many of its suffix's first characters also start earlier in the nickname (`earlier`, within the 400 characters
-- before it, as `prior` held them): the fragment, which starts the suffix, occurs earlier exactly when it is no longer
-- than that, so the test is one comparison with the fragment's length. The entries are made again from the profiles.

drop table nickname_suffixes;

create table nickname_suffixes (
  suffix text collate "C" not null,
  account text not null,
  ancestors int4[] not null,
  earlier int2 not null,
  primary key (suffix, account) include (ancestors, earlier)
);

-- How many of the first characters of `suffix` (which starts nickname `n` at character `at`) also occur starting at one
-- of the 400 characters before it: the longest start found earlier, one character longer at each step.
create function nickname_seen_earlier(n text, at int, suffix text) returns int2 language plpgsql immutable as $$
declare
  window_start int := greatest(1, at - 400);
  seen int := 0;
begin
  while seen < char_length(suffix) and strpos(substr(n, window_start, at - window_start + seen), left(suffix, seen + 1)) > 0 loop
    seen := seen + 1;
  end loop;
  return seen;
end
$$;

-- The suffixes of a nickname, lowered as the search lowers it, each cut to 100 characters (of two cut alike, the
-- first), with how much of each starts earlier.
drop function nickname_suffixes_of(text);
create function nickname_suffixes_of(nickname text) returns table (suffix text, earlier int2) language sql immutable as $$
  select s.suffix, nickname_seen_earlier(s.n, s.at, s.suffix)
  from (select distinct on (left(substr(n, i), 100)) n, i as at, left(substr(n, i), 100) as suffix
        from (select lower(nickname) as n) l, generate_series(1, char_length(n)) i
        order by left(substr(n, i), 100), i) s
$$;

create or replace function profiles_nickname_suffixes() returns trigger language plpgsql as $$
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
    insert into nickname_suffixes (suffix, account, ancestors, earlier)
    select s.suffix, new.address, numbers, s.earlier from nickname_suffixes_of(new.nickname) s;
  end if;
  return null;
end
$$;

insert into nickname_suffixes (suffix, account, ancestors, earlier)
select s.suffix, p.address, account_numbers_in(p.ancestors), s.earlier
from profiles p, nickname_suffixes_of(p.nickname) s
where p.nickname <> '' and cardinality(p.ancestors) > 0;
