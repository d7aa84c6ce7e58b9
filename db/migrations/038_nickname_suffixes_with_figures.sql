-- A team search sorted by a member's figure (status, delegated coins, unbonding or team size: the Team tab's sorts,
-- SPEC.md §2) or filtered by status read each match's row of referral_ancestors by its key to learn the figure: for a
-- name 4,177 members share (`alex`) 29 of its 33 ms, so at most 70-145 such pages a second on two cores (BENCHMARKS.md
-- "On 2026-12-04's third machine", under "Account and team routes"). Each nickname entry now carries its member's
-- figures, as the member's own ancestor rows do, from the same definition (member_figures), kept in step with them by
-- the indexer (indexer/write-accounts.ts syncMembers): the matches' range of the primary key, which includes them, gives
-- them from the index alone, and the page is sorted among them (2.0 ms for `alex` sorted by delegated in psql, warm;
-- 6.1 ms with the figures read from each entry's row instead, 1 buffer a match). The entries are made again from the
-- profiles.

-- The figures a member's rows are sorted and filtered by, from the tables that hold them.
create function member_figures(address text) returns table (status int2, delegated numeric, undelegating numeric, team_size int4)
language sql stable as $$
  select coalesce(r.status, 0)::int2, coalesce(b.delegated, 0), coalesce(b.undelegating, 0), coalesce(t.team_size, 0)
  from (select address) m
    left join referrals r on r.address = m.address
    left join account_balances b on b.address = m.address
    left join teams t on t.address = m.address
$$;

-- Where each distinct suffix of a lowered nickname starts, cut to 100 characters (of two cut alike, the first): the
-- entries' keys, which nickname_suffixes_of completes.
create function nickname_suffix_starts(nickname text) returns table (n text, at int, suffix text) language sql immutable as $$
  select distinct on (left(substr(n, i), 100)) n, i, left(substr(n, i), 100)
  from (select lower(nickname) as n) l, generate_series(1, char_length(n)) i
  order by left(substr(n, i), 100), i
$$;

create or replace function nickname_suffixes_of(nickname text) returns table (suffix text, earlier int2) language sql immutable as $$
  select s.suffix, nickname_seen_earlier(s.n, s.at, s.suffix) from nickname_suffix_starts(nickname) s
$$;

drop table nickname_suffixes;
create table nickname_suffixes (
  suffix text collate "C" not null,
  account text not null,
  ancestors int4[] not null,
  earlier int2 not null,
  generation int4 not null,
  lead text collate "C" not null generated always as (left(suffix, 3)) stored,
  status int2 not null,
  delegated numeric not null,
  undelegating numeric not null,
  team_size int4 not null,
  primary key (suffix, account) include (ancestors, earlier, status, delegated, undelegating, team_size)
);

create or replace function profiles_nickname_suffixes() returns trigger language plpgsql as $$
declare
  numbers int4[];
begin
  if tg_op = 'UPDATE' and old.nickname = new.nickname and old.ancestors = new.ancestors then
    return null;
  end if;
  if tg_op = 'UPDATE' and old.nickname <> '' and cardinality(old.ancestors) > 0 then
    delete from nickname_suffixes where account = old.address and suffix = any(array(select s.suffix from nickname_suffix_starts(old.nickname) s));
  end if;
  if new.nickname <> '' and cardinality(new.ancestors) > 0 then
    insert into account_numbers (address) select distinct a from unnest(new.ancestors) a on conflict do nothing;
    numbers := account_numbers_in(new.ancestors);
    insert into nickname_suffixes (suffix, account, ancestors, earlier, generation, status, delegated, undelegating, team_size)
    select s.suffix, new.address, numbers, s.earlier, (select generation from referrals where address = new.address),
      f.status, f.delegated, f.undelegating, f.team_size
    from nickname_suffixes_of(new.nickname) s, member_figures(new.address) f;
  end if;
  return null;
end
$$;

insert into nickname_suffixes (suffix, account, ancestors, earlier, generation, status, delegated, undelegating, team_size)
select s.suffix, p.address, account_numbers_in(p.ancestors), s.earlier, r.generation, f.status, f.delegated, f.undelegating, f.team_size
from profiles p join referrals r on r.address = p.address, nickname_suffixes_of(p.nickname) s, member_figures(p.address) f
where p.nickname <> '' and cardinality(p.ancestors) > 0;
create index nickname_suffixes_by_generation on nickname_suffixes (lead, generation, account) include (suffix, ancestors, earlier);
