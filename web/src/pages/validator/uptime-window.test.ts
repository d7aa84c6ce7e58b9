// @vitest-environment node
// Uptime over the last 170 blocks: missed / signed / proposed per height from blocks and consensus entries.
import { describe, expect, it } from "vitest";
import type { Block, ConsensusEntry } from "../../api/types.ts";
import { PROPOSED_SHOWN, countStates, proposedBlocks, uptimeSquares, windowRange } from "./uptime-window.ts";

const ME = "axmvalcons1me";
const OTHER = "axmvalcons1other";

function block(height: number, proposer: string): Block {
  return {
    _id: height,
    hash: `HASH${height}`,
    chainId: "axm-devnet-1",
    proposer,
    consensusAddress: proposer,
    proposerValidator: null,
    timestamp: "2026-11-21T12:00:00.000Z",
    txCnt: 0,
    evtCnt: 0,
    er: 0.2,
  };
}

const entry = (height: number, validators: string[]): ConsensusEntry => ({ _id: height, proposer: OTHER, validators });

describe("uptime window", () => {
  it("spans the latest block and the 169 before it, never below height 1", () => {
    expect(windowRange(1000)).toEqual({ from: 831, to: 1000 });
    expect(windowRange(170)).toEqual({ from: 1, to: 170 });
    expect(windowRange(12)).toEqual({ from: 1, to: 12 });
  });

  it("marks each height proposed, signed or missed, oldest first", () => {
    // Blocks come newest first from the API.
    const blocks = [block(14, OTHER), block(13, ME), block(12, OTHER), block(11, OTHER)];
    const consensus = [entry(11, [OTHER, ME]), entry(12, [OTHER]), entry(13, [OTHER]), entry(14, [ME])];
    const squares = uptimeSquares(blocks, consensus, ME);
    expect(squares).toEqual([
      { height: 11, state: 1 },
      { height: 12, state: 0 },
      { height: 13, state: 2 },
      { height: 14, state: 1 },
    ]);
    expect(countStates(squares)).toEqual({ missed: 1, signed: 2, proposed: 1 });
  });

  it("counts a height without a consensus entry as missed, so the counts add up to the blocks fetched", () => {
    const blocks = [block(3, OTHER), block(2, OTHER), block(1, ME)];
    const squares = uptimeSquares(blocks, [entry(3, [ME])], ME);
    expect(squares.map((s) => s.state)).toEqual([2, 0, 1]);
    const counts = countStates(squares);
    expect(counts.missed + counts.signed + counts.proposed).toBe(blocks.length);
  });

  it("lists the newest 13 blocks it proposed", () => {
    const blocks = Array.from({ length: 40 }, (_, i) => block(40 - i, i % 2 === 0 ? ME : OTHER));
    const proposed = proposedBlocks(blocks, ME);
    expect(proposed).toHaveLength(PROPOSED_SHOWN);
    expect(proposed.map((b) => b._id)).toEqual([40, 38, 36, 34, 32, 30, 28, 26, 24, 22, 20, 18, 16]);
    expect(proposedBlocks(blocks, "axmvalcons1nobody")).toEqual([]);
  });
});
