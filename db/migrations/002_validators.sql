-- Validators' uptime counters, the consensus set the indexer follows block by block, and delegations per validator.

-- Every consensus key the chain has used, numbered in order of first sight: commits store these numbers.
create table consensus_validators (
  id int primary key,
  address text not null unique,
  -- In the validator set of the next height whose commit the indexer counts.
  in_set boolean not null default false,
  -- Heights counted while in the set, those it signed, and blocks it proposed.
  blocks bigint not null default 0,
  signed bigint not null default 0,
  proposed bigint not null default 0
);

-- Membership changes read from validator_updates, which CometBFT applies two heights later.
create table validator_set_changes (
  apply_height bigint not null,
  consensus_id int not null,
  joins boolean not null,
  primary key (apply_height, consensus_id)
);

insert into consensus_validators (id, address)
select row_number() over (order by first_height, address), address
from (select s.address, min(c.height) as first_height from commits c, unnest(c.signers) as s(address) group by s.address) seen;

alter table commits add column signer_ids int[];
update commits c set signer_ids = array(
  select k.id from unnest(c.signers) with ordinality as s(address, o) join consensus_validators k on k.address = s.address order by s.o
);
alter table commits drop column signers;
alter table commits rename column signer_ids to signers;
alter table commits alter column signers set not null;

alter table validators
  add column tx_fee_rate text not null default '0',
  add column unbonding_time timestamptz;

-- Coins each delegator has bonded with each validator, kept from delegate/unbond/redelegate events.
create table delegations (
  validator text not null,
  delegator text not null,
  amount numeric not null,
  primary key (validator, delegator)
);
create index delegations_biggest on delegations (validator, amount desc, delegator);
