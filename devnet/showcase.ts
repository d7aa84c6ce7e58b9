// The partnership showcase: genesis users whose scripted transactions take the referral module through every kind of status event early in a run.

/** The first users form a chain under the root, so the tree is deeper than the 14 paid levels. */
export const CHAIN_LENGTH = 16;
/** users[1] heads the showcase team: three lieutenants, three captains under each, four members under each captain. */
export const HUB = 1;
export const LIEUTENANTS = [16, 17, 18];
export const CAPTAINS = Array.from({ length: 9 }, (_, i) => 19 + i);
export const MEMBERS = Array.from({ length: 36 }, (_, i) => 28 + i);
/** Reach Starter, then undelegate below it: one lets the downgrade fall due, the other delegates again and cancels it. */
export const DROPPER = 64;
export const RETURNER = 65;
/** Chain member the dropper and returner joined. */
const DEMO_REFERRER = 3;
/** The random workload leaves the showcase's accounts alone until then, so the script plays out as planned. */
export const SHOWCASE_UNTIL = 150;

/** Referrer (a user index) of each showcase account but the hub, which is in the chain. */
export function showcaseReferrers(): [number, number][] {
  return [
    ...LIEUTENANTS.map((l): [number, number] => [l, HUB]),
    ...CAPTAINS.map((c, i): [number, number] => [c, LIEUTENANTS[Math.floor(i / 3)]]),
    ...MEMBERS.map((m, i): [number, number] => [m, CAPTAINS[Math.floor(i / 4)]]),
    [DROPPER, DEMO_REFERRER],
    [RETURNER, DEMO_REFERRER],
  ];
}

export interface ScriptStep {
  height: number;
  /** User index. */
  user: number;
  kind: "delegate" | "undelegate";
  axm: number;
}

/** Whole AXM the first lieutenant (Guru), the others (Leader) and the first lieutenant's captains delegate; 85% of it is bonded. */
const HUB_AXM = 75_000;
const LIEUTENANT_AXM = [31_000, 13_000, 13_000];
const CAPTAIN_AXM = (i: number) => (i < 3 ? 16_000 : 6_000);
const MEMBER_AXM = 1_300;
const DEMO_AXM = 1_500;

const inThrees = (users: number[], from: number, axm: (i: number) => number): ScriptStep[] =>
  users.map((user, i) => ({ height: from + Math.floor(i / 3), user, kind: "delegate", axm: axm(i) }));

/**
 * Hub first (Starter), lieutenants (hub Leader), captains (first lieutenant Leader, hub Guru), members (lieutenants
 * Guru/Leader, hub Boss once each lieutenant leads 15 active members); the dropper's downgrade is scheduled at 10 and
 * falls due 120 blocks later, the returner's is scheduled at 12 and cancelled at 20.
 */
export const SHOWCASE_SCRIPT: readonly ScriptStep[] = [
  { height: 2, user: HUB, kind: "delegate", axm: HUB_AXM },
  { height: 2, user: LIEUTENANTS[0], kind: "delegate", axm: LIEUTENANT_AXM[0] },
  { height: 2, user: LIEUTENANTS[1], kind: "delegate", axm: LIEUTENANT_AXM[1] },
  { height: 3, user: LIEUTENANTS[2], kind: "delegate", axm: LIEUTENANT_AXM[2] },
  { height: 3, user: DROPPER, kind: "delegate", axm: DEMO_AXM },
  { height: 3, user: RETURNER, kind: "delegate", axm: DEMO_AXM },
  ...inThrees(CAPTAINS, 4, CAPTAIN_AXM),
  ...inThrees(MEMBERS, 7, () => MEMBER_AXM),
  { height: 10, user: DROPPER, kind: "undelegate", axm: 400 },
  { height: 12, user: RETURNER, kind: "undelegate", axm: 400 },
  { height: 20, user: RETURNER, kind: "delegate", axm: 300 },
];

/** The hub and its lieutenants also bought Premium (they burn for it with the other buyers), so the weekly bonus has leaders to pay. */
export const PREMIUM_LEADERS = [HUB, ...LIEUTENANTS];
/** Whole AXM a Premium burn costs, with its fee. */
const PREMIUM_AXM = 51;

/** Every user the script signs for. */
export const SHOWCASE_USERS: ReadonlySet<number> = new Set([HUB, ...showcaseReferrers().map(([user]) => user)]);

/** Whole AXM each showcase account receives at genesis on top of its balance: what it delegates, and fees. */
export function showcaseFunding(): Map<number, number> {
  const funding = new Map<number, number>();
  for (const step of SHOWCASE_SCRIPT) {
    if (step.kind === "delegate") funding.set(step.user, (funding.get(step.user) ?? 100) + step.axm);
  }
  for (const user of PREMIUM_LEADERS) funding.set(user, funding.get(user)! + PREMIUM_AXM);
  return funding;
}
