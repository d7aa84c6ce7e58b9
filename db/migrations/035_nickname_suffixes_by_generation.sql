-- A team search's page in level order (the Team tab's default, SPEC.md §2) read every match of its fragment, found
-- each one's level and sorted them all for its ten: for a name 4,177 members share (`alex`) 4 ms, at most about 480 a
-- second on two cores (BENCHMARKS.md "On 2026-12-04's third machine", under "Account and team routes"). Here each
-- registered account has its generation, how many referrers separate it from the top of the tree (a root is 0, a
-- member whose referrer is not in the index 1), so that a member's level in any team it belongs to is its generation
-- less the team owner's. Each nickname entry carries its member's generation and its suffix's first three characters
-- (`lead`), indexed as (lead, generation, account): a fragment of three characters or more reads the entries of its
-- lead in level order and stops once it has found its page (db/queries/accounts.ts teamSearchPageInLevelOrder). The
-- entries are made again from the profiles.

alter table referrals add column generation int4;
with recursive tree (address, generation) as (
  select r.address, case when r.referrer is null then 0 else 1 end
  from referrals r where r.referrer is null or not exists (select 1 from referrals p where p.address = r.referrer)
  union all
  select r.address, t.generation + 1 from tree t join referrals r on r.referrer = t.address
)
update referrals r set generation = t.generation from tree t where t.address = r.address;
alter table referrals alter column generation set not null;

drop table nickname_suffixes;
create table nickname_suffixes (
  suffix text collate "C" not null,
  account text not null,
  ancestors int4[] not null,
  earlier int2 not null,
  generation int4 not null,
  lead text collate "C" not null generated always as (left(suffix, 3)) stored,
  primary key (suffix, account) include (ancestors, earlier)
);

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
    insert into nickname_suffixes (suffix, account, ancestors, earlier, generation)
    select s.suffix, new.address, numbers, s.earlier, (select generation from referrals where address = new.address)
    from nickname_suffixes_of(new.nickname) s;
  end if;
  return null;
end
$$;

insert into nickname_suffixes (suffix, account, ancestors, earlier, generation)
select s.suffix, p.address, account_numbers_in(p.ancestors), s.earlier, r.generation
from profiles p join referrals r on r.address = p.address, nickname_suffixes_of(p.nickname) s
where p.nickname <> '' and cardinality(p.ancestors) > 0;
create index nickname_suffixes_by_generation on nickname_suffixes (lead, generation, account) include (suffix, ancestors, earlier);
