// The devnet's referral tree at genesis: a chain deeper than 14 levels, the partnership showcase, hubs with lieutenants, and a few users left unregistered.
import { Prng } from "./prng.ts";
import { CHAIN_LENGTH, SHOWCASE_USERS, showcaseReferrers } from "./showcase.ts";

/** Members of the chain that later users join often: the tree's leaders (users[1] is the showcase hub). */
const HUB_POSITIONS = [1, 4, 7, 10, 13];
const LIEUTENANTS = 3;
/** Share of the other users left for the workload to register. */
const UNREGISTERED = 0.08;

/**
 * Users join in order: the first ones form a chain under the root, the showcase team under its hub; of the rest, many
 * join a hub or one of its lieutenants (the hub's first-line referrals after its chain successor), the others a recent
 * member, so the tree stays deep. Returns each registered user's referrer, in order of registration.
 */
export function buildReferralTree(prng: Prng, root: string, users: string[]): Map<string, string> {
  const referrerOf = new Map<string, string>();
  const childrenOf = new Map<string, string[]>();
  const members = [root];
  const join = (user: string, referrer: string) => {
    referrerOf.set(user, referrer);
    childrenOf.set(referrer, [...(childrenOf.get(referrer) ?? []), user]);
    members.push(user);
  };
  for (let i = 0; i < CHAIN_LENGTH; i++) join(users[i], i === 0 ? root : users[i - 1]);
  for (const [user, referrer] of showcaseReferrers()) join(users[user], users[referrer]);
  const hubs = HUB_POSITIONS.map((p) => users[p]);
  users.forEach((user, i) => {
    if (i < CHAIN_LENGTH || SHOWCASE_USERS.has(i) || prng.chance(UNREGISTERED)) return;
    join(user, pickReferrer(prng, members, hubs, childrenOf));
  });
  return referrerOf;
}

function pickReferrer(prng: Prng, members: string[], hubs: string[], childrenOf: Map<string, string[]>): string {
  const hub = prng.pick(hubs);
  const lieutenants = (childrenOf.get(hub) ?? []).slice(1, 1 + LIEUTENANTS);
  if (lieutenants.length < LIEUTENANTS) return hub;
  const roll = prng.next();
  if (roll < 0.1) return hub;
  if (roll < 0.7) return prng.pick(lieutenants);
  return members[Math.max(0, members.length - 1 - prng.int(Math.min(members.length, 30)))];
}
