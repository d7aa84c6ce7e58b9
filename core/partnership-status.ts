// Partnership statuses: the explorer's 0..7 scale, the chain's enum, level access and the per-level partner reward shares.

/** Explorer statuses (SPEC.md §3): 0 No Status .. 7 Mega. */
export const STATUSES = [
  { level: 0, key: "noStatus", name: "No Status" },
  { level: 1, key: "starter", name: "Starter" },
  { level: 2, key: "leader", name: "Leader" },
  { level: 3, key: "guru", name: "Guru" },
  { level: 4, key: "boss", name: "Boss" },
  { level: 5, key: "pro", name: "Pro" },
  { level: 6, key: "top", name: "Top" },
  { level: 7, key: "mega", name: "Mega" },
] as const;

export type Status = (typeof STATUSES)[number]["level"];
export const NO_STATUS: Status = 0;
export const LEADER: Status = 2;
export const MEGA: Status = 7;

/** The chain's enum (CHAIN.md): 0 UNSPECIFIED, 1 NEW, 2 STARTER .. 8 MEGA. */
export const CHAIN_STATUS_NAMES = [
  "STATUS_UNSPECIFIED",
  "STATUS_NEW",
  "STATUS_STARTER",
  "STATUS_LEADER",
  "STATUS_GURU",
  "STATUS_BOSS",
  "STATUS_PRO",
  "STATUS_TOP",
  "STATUS_MEGA",
  "STATUS_DEPRECATED",
] as const;

/** Explorer status = chain status - 1; UNSPECIFIED, NEW, DEPRECATED (9) and anything unknown mean no status. */
export function explorerStatus(chainStatus: number): Status {
  if (chainStatus < 2 || chainStatus > MEGA + 1) return NO_STATUS;
  return (chainStatus - 1) as Status;
}

/** A registered account without a status is NEW on the chain; an unregistered one UNSPECIFIED. */
export function chainStatus(status: Status, registered: boolean): number {
  if (status !== NO_STATUS) return status + 1;
  return registered ? 1 : 0;
}

export const MAX_LEVEL = 14;

/** Deepest partner level a status unlocks (SPEC.md §6): Starter 1-2, Leader 3-4 .. Mega 13-14. */
export function deepestUnlockedLevel(status: Status): number {
  return status * 2;
}

export function levelUnlocked(status: Status, level: number): boolean {
  return level >= 1 && level <= deepestUnlockedLevel(status);
}

/** Partner reward per level 1..14 in basis points of the delegated amount (CHAIN.md): 15% in all. */
export const PARTNER_REWARD_BP: readonly bigint[] = [500n, 100n, 200n, 100n, 100n, 100n, 100n, 100n, 70n, 50n, 30n, 20n, 20n, 10n];

export interface PartnerReward {
  level: number;
  amount: bigint;
  /** False when the ancestor's status does not unlock the level: the chain burns the share. */
  unlocked: boolean;
}

/** Each ancestor's share of a delegation, ancestors given by status from level 1 (the referrer) up; zero shares left out. */
export function partnerRewards(delegated: bigint, ancestorStatuses: readonly Status[]): PartnerReward[] {
  return ancestorStatuses.slice(0, MAX_LEVEL).flatMap((status, i) => {
    const amount = (delegated * PARTNER_REWARD_BP[i]) / 10_000n;
    return amount > 0n ? [{ level: i + 1, amount, unlocked: levelUnlocked(status, i + 1) }] : [];
  });
}
