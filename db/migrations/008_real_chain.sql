-- The index reads what the real AXM chain (axiome-pro/axm-node v2.2) emits rather than the devnet's former shapes.
-- operations.denom: a partner reward paid in RET (the referral module's uret_mode mints `uret`, x/referral/keeper/keeper.go
--   PayUpFees) keeps its amount in uret; null means uaxm, as every row before this migration.
-- teams.total_rewards_ret: the RET partner rewards an account received, next to total_rewards (uaxm).
-- validators.commission_rate and tx_fee_rate nullable: the chain's Validator has no commission and no tx fee field
--   (proto/axiome/staking/v1beta1/staking.proto); the commission is the distribution param validator_commission_rate
--   (null while the node does not answer it) and no source gives a tx fee, so it is null everywhere.
-- leader_bonus.wallet and weekly dropped: the chain's genesis has no leader-bonus wallet or weekly amount (the API takes
--   them from its own settings); next_payout stays, now the product's weekly moment the KPI window closes at.
alter table operations add column denom text;

alter table teams add column total_rewards_ret numeric not null default 0;

alter table validators
  alter column commission_rate drop not null,
  alter column tx_fee_rate drop not null,
  alter column tx_fee_rate drop default;
update validators set tx_fee_rate = null;

alter table leader_bonus drop column wallet, drop column weekly;
