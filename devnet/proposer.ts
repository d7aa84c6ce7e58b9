// CometBFT's weighted round-robin proposer selection (proposer priorities) over the validator set of a height.
// Arrays are by validator index; power 0 (or an index past the end) is outside the set.

const MAX_ROUNDS = 1000;

/** A set change: validators entering start at -1.125 × the new total power, as CometBFT places them; leaving ones drop out. */
export function updatePriorities(priorities: number[], before: number[], after: number[]): void {
  const total = after.reduce((sum, p) => sum + p, 0);
  for (let i = 0; i < after.length; i++) {
    if (after[i] === 0) priorities[i] = 0;
    else if (!before[i]) priorities[i] = -(total + Math.floor(total / 8));
  }
}

/** Advances priorities by one round and returns the proposer's index; mutates `priorities`. */
export function nextProposer(priorities: number[], powers: number[]): number {
  const members = powers.flatMap((power, i) => (power > 0 ? [i] : []));
  const total = members.reduce((sum, i) => sum + powers[i], 0);
  let best = members[0];
  for (const i of members) {
    priorities[i] += powers[i];
    if (priorities[i] > priorities[best]) best = i;
  }
  priorities[best] -= total;
  const average = Math.floor(members.reduce((sum, i) => sum + priorities[i], 0) / members.length);
  for (const i of members) priorities[i] -= average;
  return best;
}

/**
 * The height's proposer: round 0's, unless its node is offline; then the round moves on to the next
 * in priority, whose proposal is committed. Only round 0 advances the kept priorities, as in CometBFT.
 */
export function proposerOf(priorities: number[], powers: number[], online: (index: number) => boolean): { proposer: number; round: number } {
  let proposer = nextProposer(priorities, powers);
  const rounds = [...priorities];
  let round = 0;
  while (!online(proposer)) {
    // A real chain halts when too few nodes are up; the devnet's own nodes never all go down.
    if (round === MAX_ROUNDS) throw new Error("devnet: no online validator in the set");
    proposer = nextProposer(rounds, powers);
    round++;
  }
  return { proposer, round };
}
