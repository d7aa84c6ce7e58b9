-- Accounts and the partnership programme: balances, unbonding entries, the referral tree with its ancestor table,
-- team aggregates kept incrementally by the indexer, profiles and Premium.

-- Coins of an account (uaxm): available from bank coin_spent/coin_received, delegated from staking events,
-- undelegating from unbond until complete_unbonding, rewards withdrawn (partner rewards received are teams.total_rewards).
create table account_balances (
  address text primary key,
  available numeric not null default 0,
  delegated numeric not null default 0,
  undelegating numeric not null default 0,
  claimed numeric not null default 0
);

-- One row per unbond event until its completion; (height, idx) orders the unbond events of a block.
create table unbonding_entries (
  delegator text not null,
  height bigint not null,
  idx int not null,
  validator text not null,
  amount numeric not null,
  completion_time timestamptz not null,
  primary key (delegator, height, idx)
);

-- Registered accounts (the root has no referrer). status is the explorer's 0..7.
create table referrals (
  address text primary key,
  referrer text,
  status smallint not null default 0,
  status_downgrade_at timestamptz,
  registered_height bigint not null
);
create index referrals_referrer on referrals (referrer);

-- Every account's ancestors up to 14 levels: "team of X at level L" is the range (X, L) of the primary key,
-- and the whole team of X in level order is the range (X); an account's own ancestors come from referral_ancestors_account.
-- Each row also carries the member's sortable figures (status, delegated, undelegating, team size), kept in step by the
-- indexer (a member's change rewrites its own rows, at most 14), so a team of a million is sorted by an index.
create table referral_ancestors (
  ancestor text not null,
  depth smallint not null check (depth between 1 and 14),
  account text not null,
  status smallint not null default 0,
  delegated numeric not null default 0,
  undelegating numeric not null default 0,
  team_size int not null default 0,
  primary key (ancestor, depth, account)
);
create unique index referral_ancestors_account on referral_ancestors (account, depth);
create index referral_ancestors_status on referral_ancestors (ancestor, status, depth, account);
create index referral_ancestors_delegated on referral_ancestors (ancestor, delegated, depth, account);
create index referral_ancestors_undelegating on referral_ancestors (ancestor, undelegating, depth, account);
create index referral_ancestors_team_size on referral_ancestors (ancestor, team_size, depth, account);

-- Team members per ancestor, level and status: the team count with level and status filters reads at most 112 rows.
create table team_counts (
  ancestor text not null,
  depth smallint not null,
  status smallint not null,
  members int not null,
  primary key (ancestor, depth, status)
);

-- Team aggregates of a registered account over its team (levels 1..14, the account itself excluded).
-- team_size_daily counts registrations of the UTC day team_size_day.
create table teams (
  address text primary key,
  team_size int not null default 0,
  team_size_daily int not null default 0,
  team_size_day date,
  team_delegated numeric not null default 0,
  team_undelegating numeric not null default 0,
  team_balance numeric not null default 0,
  active_team int not null default 0,
  total_rewards numeric not null default 0
);

-- The product's own data about an account (read from the genesis document on the devnet).
create table profiles (
  address text primary key,
  nickname text not null default '',
  avatar text not null default '',
  telegram text not null default '',
  confirmed boolean not null default false
);
create extension if not exists pg_trgm;
-- The team search looks for a substring of the nickname or of the address: trigram indexes find the candidates.
create index profiles_nickname on profiles using gin (lower(nickname) gin_trgm_ops);
create index referrals_address_trigrams on referrals using gin (address gin_trgm_ops);

create table premium (
  address text primary key,
  expires_at timestamptz not null
);
