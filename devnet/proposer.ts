// CometBFT's weighted round-robin proposer selection (proposer priorities).

/** Advances priorities by one round and returns the proposer's index; mutates `priorities`. */
export function nextProposer(priorities: number[], powers: number[]): number {
  const total = powers.reduce((sum, p) => sum + p, 0);
  let best = 0;
  for (let i = 0; i < priorities.length; i++) {
    priorities[i] += powers[i];
    if (priorities[i] > priorities[best]) best = i;
  }
  priorities[best] -= total;
  const average = Math.floor(priorities.reduce((sum, p) => sum + p, 0) / priorities.length);
  for (let i = 0; i < priorities.length; i++) priorities[i] -= average;
  return best;
}
