// A validator's last 170 blocks (SPEC.md §2, §9): which it missed, signed or proposed, and the ones it proposed.
import type { Block, ConsensusEntry } from "../../api/types.ts";

/** SPEC.md §9: the window is the latest block with known signatures and the 169 before it. */
export const UPTIME_WINDOW = 170;
/** SPEC.md §9: of the proposed blocks in the window, the newest 13 are listed. */
export const PROPOSED_SHOWN = 13;

/** 0: did not sign; 1: signed; 2: proposed (SPEC.md §2). */
export type UptimeState = 0 | 1 | 2;

export interface UptimeSquare {
  height: number;
  state: UptimeState;
}

export interface UptimeCounts {
  missed: number;
  signed: number;
  proposed: number;
}

/** The heights of the window that ends at `latest`. */
export function windowRange(latest: number): { from: number; to: number } {
  return { from: Math.max(1, latest - UPTIME_WINDOW + 1), to: latest };
}

/** One square per block fetched, oldest first: proposed when it is the block's proposer, else signed when it is among that height's signers. */
export function uptimeSquares(blocks: readonly Block[], consensus: readonly ConsensusEntry[], consensusAddress: string): UptimeSquare[] {
  const signers = new Map(consensus.map((entry) => [entry._id, entry.validators]));
  return [...blocks]
    .sort((a, b) => a._id - b._id)
    .map((block) => ({
      height: block._id,
      state: block.proposer === consensusAddress ? 2 : signers.get(block._id)?.includes(consensusAddress) ? 1 : 0,
    }));
}

export function countStates(squares: readonly UptimeSquare[]): UptimeCounts {
  const counts: UptimeCounts = { missed: 0, signed: 0, proposed: 0 };
  for (const { state } of squares) {
    if (state === 2) counts.proposed++;
    else if (state === 1) counts.signed++;
    else counts.missed++;
  }
  return counts;
}

/** The blocks it proposed, newest first, at most PROPOSED_SHOWN. */
export function proposedBlocks(blocks: readonly Block[], consensusAddress: string): Block[] {
  return blocks
    .filter((block) => block.proposer === consensusAddress)
    .sort((a, b) => b._id - a._id)
    .slice(0, PROPOSED_SHOWN);
}
