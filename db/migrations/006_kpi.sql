-- The weekly KPI and the leader bonus (SPEC.md §4, §6, §9): new delegations per leader and first-line branch since the
-- last leader-bonus round, and what the leader-bonus table needs of the chain.

-- uaxm newly delegated in the first-line branch `branch` of `leader` (through its 14 levels) since the last round;
-- every row goes at a round (EventLeaderBonusRound).
create table kpi_branches (
  leader text not null,
  branch text not null,
  amount numeric not null,
  primary key (leader, branch)
);

-- One row: the referral params the pool comes from (genesis app_state.referral.params; null when the index did not
-- start at genesis) and the next payout the last round announced (null before the first round).
create table leader_bonus (
  id int primary key check (id = 1),
  wallet text,
  weekly numeric,
  next_payout timestamptz
);
insert into leader_bonus (id) values (1);
