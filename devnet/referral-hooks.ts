// How x/referral keeps Info records and statuses (keeper/bunch_updater.go, keeper.go OnBalanceChanged/SetActive, relations.go appendChild, schedule.go/hooks.go downgrades).
import type { ChainState } from "./state.ts";
import { type EventSink, emitUnquoted, jsonTime } from "./events.ts";
import { cloneInfo, newInfo, type ReferralInfo } from "./referral-store.ts";
import { referralAlreadyExists } from "./errors.ts";
import { ACTIVE_SELF_DELEGATED, checkChainStatus, chainStatusName, highestReachableStatus, teamBucket } from "../core/partnership-chain.ts";

/** Levels of the tree the chain walks up for team figures and activity counts. */
const LEVELS = 14;

const activeTeam = (info: ReferralInfo) => info.activeRefCounts.slice(1, 14).reduce((sum, n) => sum + n, 0);

/** bunch_updater.go: each update changes one record and, when asked, checks its status there and then (events included). */
export class BunchUpdater {
  private readonly state: ChainState;
  private readonly sink: EventSink;

  constructor(state: ChainState, sink: EventSink) {
    this.state = state;
    this.sink = sink;
  }

  /** Changes a registered account's record; false for an unregistered one (nothing changes). */
  update(address: string, check: boolean, change: (info: ReferralInfo) => void): boolean {
    const stored = this.state.referral.get(address);
    if (!stored) return false;
    const info = cloneInfo(stored);
    change(info);
    if (check) this.checkStatus(address, info);
    this.state.referral.set(address, info);
    return true;
  }

  /** Unmet: a downgrade is scheduled once. Met: a scheduled one is cancelled, then the status climbs as far as it can. */
  private checkStatus(address: string, info: ReferralInfo): void {
    if (!checkChainStatus(info.status, info).overall) {
      if (info.downgradeAtMs !== undefined) return;
      info.downgradeAtMs = this.state.timeMs + this.state.referral.params.statusDowngradePeriodSeconds * 1000;
      emitUnquoted(this.sink, "status_will_be_downgraded", { address, time: jsonTime(info.downgradeAtMs) });
      return;
    }
    if (info.downgradeAtMs !== undefined) {
      info.downgradeAtMs = undefined;
      emitUnquoted(this.sink, "status_downgrade_canceled", { address });
    }
    const next = highestReachableStatus(info.status, info);
    if (next === info.status) return;
    emitUnquoted(this.sink, "status_updated", { address, before: chainStatusName(info.status), after: chainStatusName(next) });
    info.status = next;
  }
}

/** keeper.go OnBalanceChanged: the delegator's own figure and its 14 ancestors' team figure move by delta; activity may flip. */
export function onBalanceChanged(state: ChainState, sink: EventSink, delegator: string, delta: bigint): void {
  const bu = new BunchUpdater(state, sink);
  let node = "";
  let activeNow: boolean | undefined;
  const registered = bu.update(delegator, true, (info) => {
    const self = info.selfDelegated + delta;
    const active = self >= ACTIVE_SELF_DELEGATED;
    if (active !== info.active) activeNow = active;
    node = info.referrer;
    info.selfDelegated = self;
  });
  if (!registered) return;
  for (let level = 1; level <= LEVELS && node !== ""; level++) {
    bu.update(node, true, (info) => {
      info.teamDelegated += delta;
      node = info.referrer;
    });
  }
  if (activeNow !== undefined) setActive(bu, delegator, activeNow);
}

/** keeper.go SetActive: the account's own count, its referrer's aggregations (and the 3x3 rule one level up), then the counts of 14 ancestors. */
function setActive(bu: BunchUpdater, address: string, value: boolean): void {
  const delta = value ? 1 : -1;
  let parent = "";
  bu.update(address, false, (x) => {
    x.active = value;
    x.activeRefCounts[0] += delta;
    parent = x.referrer;
    if (parent !== "") bu.update(parent, true, (y) => countActiveReferral(bu, x, y, delta));
  });
  for (let i = 0; i < LEVELS && parent !== ""; i++) {
    bu.update(parent, true, (x) => {
      const before = activeTeam(x);
      x.activeRefCounts[i + 1] += delta;
      const after = activeTeam(x);
      parent = x.referrer;
      if (!x.active || parent === "" || before === after) return;
      bu.update(parent, true, (y) => {
        y.activeCount[teamBucket(before)] -= 1;
        y.activeCount[teamBucket(after)] += 1;
      });
    });
  }
}

/** The referrer y of an account x whose activity flipped by delta. */
function countActiveReferral(bu: BunchUpdater, x: ReferralInfo, y: ReferralInfo, delta: number): void {
  y.activeCount[teamBucket(activeTeam(x))] += delta;
  y.activeCount.firstLine += delta;
  if (x.activeCount.firstLine >= 3) y.activeCount.firstLineBy3 += delta;
  if (!y.active || y.referrer === "") return;
  // y crosses the 3-active-referrals line of its own referrer's 3x3 rule.
  const crossing = x.active && y.activeCount.firstLine === 3 ? 1 : !x.active && y.activeCount.firstLine === 2 ? -1 : 0;
  if (crossing !== 0) bu.update(y.referrer, true, (z) => (z.activeCount.firstLineBy3 += crossing));
}

/** relations.go appendChild: a new record under an existing referrer, whose status and 13 more ancestors' are checked. */
export function appendChild(state: ChainState, sink: EventSink, referrer: string, child: string, status: number): void {
  if (state.referral.exists(child)) throw referralAlreadyExists(child);
  const bu = new BunchUpdater(state, sink);
  state.referral.set(child, newInfo(referrer, status));
  state.referral.addChild(referrer, child);
  let node = referrer;
  for (let level = 1; level <= LEVELS && node !== ""; level++) {
    bu.update(node, true, (info) => {
      node = info.referrer;
    });
  }
}

/** Referral BeginBlock: each due downgrade drops one status, then the record is checked again (and may be rescheduled). */
export function performDowngrades(state: ChainState, sink: EventSink): void {
  for (const address of state.referral.dueDowngrades(state.timeMs)) {
    new BunchUpdater(state, sink).update(address, true, (info) => {
      emitUnquoted(sink, "status_updated", { address, before: chainStatusName(info.status), after: chainStatusName(info.status - 1) });
      info.status -= 1;
      info.downgradeAtMs = undefined;
    });
  }
}
