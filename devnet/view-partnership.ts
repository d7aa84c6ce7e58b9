// The state view's partnership part: the chain's referral records, and the off-chain programme's Premium and KPI.
import type { Chain } from "./chain.ts";
import type { DevnetStateView, PartnerRecordView } from "./view.ts";
import { rfc3339Seconds } from "./staking.ts";
import { explorerStatus } from "../core/partnership-status.ts";
import type { Status } from "../core/partnership-status.ts";

type PartnershipView = Pick<
  DevnetStateView,
  "referrer" | "referrals" | "status" | "statuses" | "partnerRecord" | "teamSize" | "teamDelegated" | "children" | "premiumExpiry" | "kpi" | "leaderBonus"
>;

export function partnershipView(chain: Chain): PartnershipView {
  const referral = chain.state.referral;
  const programme = chain.programme;
  const status = (address: string): Status => explorerStatus(referral.get(address)?.status ?? 0);
  const teamSize = (address: string): number => referral.children(address).reduce((sum, child) => sum + 1 + teamSize(child), 0);
  const partnerRecord = (address: string): PartnerRecordView | undefined => {
    const info = referral.get(address);
    if (!info) return undefined;
    return {
      status: status(address),
      chainStatus: info.status,
      referrer: info.referrer === "" ? undefined : info.referrer,
      active: info.active,
      selfDelegated: info.selfDelegated,
      teamDelegated: info.teamDelegated,
      teamSize: teamSize(address),
      activeRefCounts: [...info.activeRefCounts],
      activeCount: { ...info.activeCount },
      statusDowngradeAt: info.downgradeAtMs === undefined ? undefined : rfc3339Seconds(info.downgradeAtMs),
    };
  };
  return {
    referrer: (address) => referral.get(address)?.referrer || undefined,
    referrals: () =>
      referral
        .addresses()
        .map((address) => ({ address, referrer: referral.get(address)!.referrer }))
        .filter((r) => r.referrer !== ""),
    status,
    statuses: () => referral.addresses().map((address) => ({ address, status: status(address) })),
    partnerRecord,
    teamSize,
    teamDelegated: (address) => referral.get(address)?.teamDelegated ?? 0n,
    children: (address) => [...referral.children(address)],
    premiumExpiry: (address) => {
      const ms = programme.premiumUntil.get(address);
      return ms === undefined ? undefined : rfc3339Seconds(ms);
    },
    kpi: (address) => programme.kpi(address),
    leaderBonus: { wallet: programme.wallet, weekly: programme.weekly },
  };
}
