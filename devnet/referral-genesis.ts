// The referral module's genesis (proto/axiome/referral/v1beta1/genesis.proto, x/referral/keeper/genesis.go ImportFromGenesis) and its JSON.
import type { ChainState } from "./state.ts";
import { EventSink } from "./events.ts";
import { BunchUpdater, appendChild } from "./referral-hooks.ts";
import { newInfo, type ReferralParams } from "./referral-store.ts";
import { DELEGATING_AWARD, chainStatusName, fractionText } from "../core/partnership-chain.ts";

export interface RefInfo {
  address: string;
  status: number;
}

/** GenesisState with downgrade times relative to the genesis time (known only when the chain starts). */
export interface ReferralGenesis {
  params: ReferralParams;
  topLevel: RefInfo[];
  /** Breadth-first: a referrer appears only once it was itself added. */
  other: { referrer: string; referrals: RefInfo[] }[];
  downgrades: { account: string; current: number; afterGenesisMs: number }[];
}

/**
 * The tree as ExportToGenesis writes it: the top-level accounts, then level by level each account's children in
 * their store order (address text).
 */
export function treeGenesis(
  topLevel: RefInfo[],
  referrerOf: ReadonlyMap<string, string>,
  statusOf: (address: string) => number,
): Pick<ReferralGenesis, "topLevel" | "other"> {
  const childrenOf = new Map<string, string[]>();
  for (const [child, referrer] of referrerOf) childrenOf.set(referrer, [...(childrenOf.get(referrer) ?? []), child]);
  const other: ReferralGenesis["other"] = [];
  for (let level = topLevel.map((t) => t.address); level.length > 0;) {
    const next: string[] = [];
    for (const referrer of level) {
      const children = [...(childrenOf.get(referrer) ?? [])].sort();
      if (children.length === 0) continue;
      other.push({ referrer, referrals: children.map((address) => ({ address, status: statusOf(address) })) });
      next.push(...children);
    }
    level = next;
  }
  return { topLevel, other };
}

/** InitGenesis at InitChain (genesis time): top-level accounts, children appended with their ancestors checked, then the listed downgrades. */
export function initReferralGenesis(state: ChainState, genesis: ReferralGenesis, genesisMs: number): void {
  const initChain = new EventSink();
  state.timeMs = genesisMs;
  state.referral.params = genesis.params;
  for (const { address, status } of genesis.topLevel) state.referral.set(address, newInfo("", status));
  for (const { referrer, referrals } of genesis.other) {
    for (const { address, status } of referrals) appendChild(state, initChain, referrer, address, status);
  }
  const bu = new BunchUpdater(state, initChain);
  for (const { account, afterGenesisMs } of genesis.downgrades) bu.update(account, false, (info) => (info.downgradeAtMs = genesisMs + afterGenesisMs));
}

const refInfoJson = ({ address, status }: RefInfo) => ({ address, status: chainStatusName(status) });
/** Go's time JSON (RFC 3339 with the fraction's trailing zeros dropped). */
const goTime = (ms: number) => new Date(ms).toISOString().replace(/\.?0+Z$/, "Z");

/** app_state.referral as the chain's genesis file holds it. */
export function referralGenesisJson(genesis: ReferralGenesis, genesisMs: number): object {
  return {
    params: {
      delegating_award: { network: DELEGATING_AWARD.map(fractionText) },
      status_downgrade_period: genesis.params.statusDowngradePeriodSeconds,
      uret_mode: genesis.params.uretMode,
    },
    top_level_accounts: genesis.topLevel.map(refInfoJson),
    other_accounts: genesis.other.map(({ referrer, referrals }) => ({ referrer, referrals: referrals.map(refInfoJson) })),
    downgrades: genesis.downgrades.map((d) => ({ account: d.account, current: chainStatusName(d.current), time: goTime(genesisMs + d.afterGenesisMs) })),
  };
}
