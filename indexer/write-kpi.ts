// The KPI part of a batch: new delegations added per leader and first-line branch over 14 levels, all of them dropped at each leader-bonus round.
import { amountOf, BASE_DENOM } from "../core/amount.ts";
import type { ChainEvent } from "../chain/types.ts";
import type { Queryable } from "../db/connection.ts";
import type { IndexedBlock } from "./decode-block.ts";
import { Columns } from "./sql-rows.ts";

const LEADER_BONUS_ROUND_EVENT = "axiome.referral.v1beta1.EventLeaderBonusRound";
const REFERRAL_REGISTERED_EVENT = "axiome.referral.v1beta1.EventReferralRegistered";
const DELEGATE_EVENT = "delegate";

interface KpiBatch {
  /** uaxm each delegator delegated after the batch's last round, while registered. */
  delegated: Map<string, bigint>;
  /** A round happened in the batch: every KPI made before it is gone. */
  reset: boolean;
  /** The next payout the batch's last round announced. */
  nextPayout: string | null;
}

/** Typed events carry JSON-quoted values ("\"axm1...\""); plain events carry them bare. */
function plain(value: string | undefined): string {
  if (value === undefined || !value.startsWith('"')) return value ?? "";
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "string" ? parsed : value;
  } catch {
    return value;
  }
}

const attribute = (event: ChainEvent, key: string) => event.attributes.find((a) => a.key === key)?.value;
const isEndBlock = (event: ChainEvent) => attribute(event, "mode") === "EndBlock";

function uaxm(value: string | undefined): bigint {
  if (!value) return 0n;
  return /^\d{1,40}$/.test(value) ? BigInt(value) : amountOf(value, BASE_DENOM);
}

/**
 * Reads the batch in chain order. A KPI counts what MsgDelegate delegates (the `delegate` event of a successful
 * transaction; redelegations and a new validator's self-delegation have events of their own and count nothing), and
 * only once the delegator is registered: a delegation made before its registration in the same batch (the 1 AXM the
 * registration needs, often in the same transaction) is left out. A round drops everything read before it. The
 * decoded deltas of decode-staking.ts mix those event types and carry no order, so the events are read here; only
 * the few transactions whose events name a delegation or a registration are parsed.
 */
function readBatch(blocks: IndexedBlock[]): KpiBatch {
  const joining = new Set(blocks.flatMap((b) => b.accounts.registrations.map((r) => r.referral)));
  const batch: KpiBatch = { delegated: new Map(), reset: false, nextPayout: null };
  const round = (event: ChainEvent) => {
    batch.delegated.clear();
    batch.reset = true;
    const next = plain(attribute(event, "next_payout"));
    if (!Number.isNaN(Date.parse(next))) batch.nextPayout = next;
  };
  for (const block of blocks) {
    const blockEvents = block.eventsJson.includes(LEADER_BONUS_ROUND_EVENT) ? (JSON.parse(block.eventsJson) as ChainEvent[]) : [];
    const rounds = blockEvents.filter((e) => e.type === LEADER_BONUS_ROUND_EVENT);
    rounds.filter((e) => !isEndBlock(e)).forEach(round);
    for (const t of block.txs) {
      if (t.code !== 0 || !(t.eventsJson.includes(`"${DELEGATE_EVENT}"`) || t.eventsJson.includes(REFERRAL_REGISTERED_EVENT))) continue;
      for (const event of JSON.parse(t.eventsJson) as ChainEvent[]) {
        if (event.type === REFERRAL_REGISTERED_EVENT) joining.delete(plain(attribute(event, "referral")));
        if (event.type !== DELEGATE_EVENT) continue;
        const delegator = attribute(event, "delegator") ?? "";
        const amount = uaxm(attribute(event, "amount"));
        if (delegator && amount > 0n && !joining.has(delegator)) batch.delegated.set(delegator, (batch.delegated.get(delegator) ?? 0n) + amount);
      }
    }
    rounds.filter(isEndBlock).forEach(round);
  }
  return batch;
}

/**
 * Runs after writeAccounts, so referral_ancestors holds the batch's registrations: each delegation is added to every
 * ancestor of the delegator up to 14 levels, in the branch of the ancestor one level below it (the delegator itself
 * for its referrer). An unregistered delegator has no ancestor rows and adds nothing.
 */
export async function writeKpi(tx: Queryable, blocks: IndexedBlock[]): Promise<void> {
  const batch = readBatch(blocks);
  if (batch.reset) await tx.query("delete from kpi_branches");
  if (batch.nextPayout) await tx.query("update leader_bonus set next_payout = $1::timestamptz where id = 1", [batch.nextPayout]);
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
