// The referral module's store as x/referral keeps it (keeper/store.go, relations.go, schedule.go): Info records, children, params; changes can be undone.
import { NO_ACTIVE_AGGREGATIONS, type ActiveAggregations } from "../core/partnership-chain.ts";

/** proto/axiome/referral/v1beta1/types.proto Info, with the chain enum as a number. */
export interface ReferralInfo {
  status: number;
  /** "" for a top-level account. */
  referrer: string;
  active: boolean;
  /** 15 entries: [0] the account itself, [i] its active members at level i. */
  activeRefCounts: number[];
  downgradeAtMs?: number;
  selfDelegated: bigint;
  teamDelegated: bigint;
  activeCount: ActiveAggregations;
}

/** params.proto Params (delegating_award is the chain's fixed 14 levels, core DELEGATING_AWARD). */
export interface ReferralParams {
  statusDowngradePeriodSeconds: number;
  uretMode: boolean;
}

/** types.go NewInfoWithStatus: no figures yet. */
export function newInfo(referrer: string, status: number): ReferralInfo {
  return {
    status,
    referrer,
    active: false,
    activeRefCounts: Array(15).fill(0),
    selfDelegated: 0n,
    teamDelegated: 0n,
    activeCount: { ...NO_ACTIVE_AGGREGATIONS },
  };
}

export function cloneInfo(info: ReferralInfo): ReferralInfo {
  return { ...info, activeRefCounts: [...info.activeRefCounts], activeCount: { ...info.activeCount } };
}

type Undo = () => void;

export class ReferralStore {
  params: ReferralParams = { statusDowngradePeriodSeconds: 600, uretMode: false };
  private readonly infos = new Map<string, ReferralInfo>();
  private readonly childrenOf = new Map<string, string[]>();
  private readonly record: (undo: Undo) => void;

  constructor(record: (undo: Undo) => void) {
    this.record = record;
  }

  /** MsgUpdateParams: the new params, undone with the message. */
  setParams(params: ReferralParams): void {
    const before = this.params;
    this.params = params;
    this.record(() => (this.params = before));
  }

  exists(address: string): boolean {
    return this.infos.has(address);
  }

  /** The stored record; change it only through set(). */
  get(address: string): Readonly<ReferralInfo> | undefined {
    return this.infos.get(address);
  }

  set(address: string, info: ReferralInfo): void {
    const before = this.infos.get(address);
    this.infos.set(address, info);
    this.record(() => (before ? this.infos.set(address, before) : this.infos.delete(address)));
  }

  /** Registered accounts in the store's key order (the address text). */
  addresses(): string[] {
    return [...this.infos.keys()].sort();
  }

  /** First-line referrals in the order of their relation keys (the address text), as GetChildren lists them. */
  children(address: string): readonly string[] {
    return this.childrenOf.get(address) ?? [];
  }

  addChild(referrer: string, child: string): void {
    const before = this.childrenOf.get(referrer);
    this.childrenOf.set(referrer, [...(before ?? []), child].sort());
    this.record(() => (before ? this.childrenOf.set(referrer, before) : this.childrenOf.delete(referrer)));
  }

  /** The downgrade queue up to a time, in its key order (time, then address). */
  dueDowngrades(nowMs: number): string[] {
    return [...this.infos]
      .filter(([, info]) => info.downgradeAtMs !== undefined && info.downgradeAtMs <= nowMs)
      .sort(([a, x], [b, y]) => x.downgradeAtMs! - y.downgradeAtMs! || (a < b ? -1 : 1))
      .map(([address]) => address);
  }
}
