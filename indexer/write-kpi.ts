// The KPI part of a batch: new delegations added per leader and first-line branch over 14 levels, all of them dropped at each weekly result moment.
import { nextPayoutMs } from "../core/partnership-countdown.ts";
import type { Queryable } from "../db/connection.ts";
import type { IndexedBlock } from "./decode-block.ts";
import { Columns } from "./sql-rows.ts";

interface KpiBatch {
  /** uaxm each delegator's MsgDelegates bonded (net) since the batch's last result moment. */
  delegated: Map<string, bigint>;
  /** A result moment was reached in the batch: every KPI made before it is gone. */
  reset: boolean;
  /** The result moment after the batch's last block. */
  nextPayout: number;
}

/**
 * The chain has no leader-bonus round (x/referral/keeper/hooks.go PerformStatusBonus is empty): the window closes at
 * the product's weekly moment (core nextPayoutMs, Saturday 09:00 UTC) of chain time. A block whose time reaches it
 * empties the window before its own delegations count. `next` is the stored moment, or the one after the first
 * indexed block.
 */
function readBatch(blocks: IndexedBlock[], next: number): KpiBatch {
  const batch: KpiBatch = { delegated: new Map(), reset: false, nextPayout: next };
  for (const block of blocks) {
    const at = Date.parse(block.time);
    if (at >= batch.nextPayout) {
      batch.delegated.clear();
      batch.reset = true;
      batch.nextPayout = nextPayoutMs(at);
    }
    for (const [delegator, amount] of block.accounts.kpiDelegations) batch.delegated.set(delegator, (batch.delegated.get(delegator) ?? 0n) + BigInt(amount));
  }
  return batch;
}

/**
 * Runs after writeAccounts, so referral_ancestors holds the batch's registrations: each delegation is added to every
 * ancestor of the delegator up to 14 levels, in the branch of the ancestor one level below it (the delegator itself
 * for its referrer). An unregistered delegator (a contract) has no ancestor rows and adds nothing.
 */
export async function writeKpi(tx: Queryable, blocks: IndexedBlock[]): Promise<void> {
  const stored = await tx.query<{ next_payout: Date | null }>("select next_payout from leader_bonus where id = 1");
  const batch = readBatch(blocks, stored[0]?.next_payout?.getTime() ?? nextPayoutMs(Date.parse(blocks[0].time)));
  if (batch.reset) await tx.query("delete from kpi_branches");
  await tx.query("update leader_bonus set next_payout = $1::timestamptz where id = 1", [new Date(batch.nextPayout).toISOString()]);
  const rows = new Columns(2);
  for (const [delegator, amount] of batch.delegated) rows.push(delegator, amount.toString());
  if (rows.size === 0) return;
  await tx.query(
    `insert into kpi_branches (leader, branch, amount)
     select a.ancestor, coalesce(b.ancestor, a.account), sum(u.amount)
     from unnest($1::text[], $2::numeric[]) as u(delegator, amount)
       join referral_ancestors a on a.account = u.delegator
       left join referral_ancestors b on b.account = u.delegator and b.depth = a.depth - 1
     group by 1, 2
     on conflict (leader, branch) do update set amount = kpi_branches.amount + excluded.amount`,
    rows.data as never,
  );
}
