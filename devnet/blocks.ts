// Compact storage of produced blocks: headers and raw txs kept, results deflated until someone asks.
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { createHash } from "node:crypto";

export interface BlockRecord {
  height: number;
  /** RFC3339 with nanoseconds, as CometBFT writes block times. */
  time: string;
  timeMs: number;
  /** Index in the validator list of the proposer. */
  proposer: number;
  /** The consensus round that committed the block (above 0 when earlier proposers were offline). */
  round: number;
  txs: Uint8Array[];
  /** Upper-case hex. */
  hash: string;
  partsHash: string;
  dataHash: string;
  validatorsHash: string;
  nextValidatorsHash: string;
  /** Header app_hash: the state after the previous block. */
  appHash: string;
  /** The state after this block (block_results.app_hash). */
  resultAppHash: string;
  lastResultsHash: string;
  lastCommitHash: string;
  /** Bit i set: validator i, a member of this height's set, did not sign this block's commit. */
  commitAbsent: number;
  /**
   * Voting power and proposer priority of each validator at this height, by validator index; 0 outside
   * the set. Validators created later are past the end of the array: read those as 0.
   */
  powers: number[];
  priorities: number[];
  /** Deflated JSON of the block_results fields other than height and app_hash. */
  results: Buffer;
  txCount: number;
}

export function sha256Hex(...parts: (string | Uint8Array)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return hash.digest("hex").toUpperCase();
}

export function packResults(json: string): Buffer {
  // zlib returns a view of its 16 KiB output chunk; copying keeps only the compressed bytes alive.
  return Buffer.from(deflateRawSync(json, { level: 1 }));
}

export function unpackResults(record: BlockRecord): string {
  return inflateRawSync(record.results).toString("utf8");
}

/** Blocks by height plus the tx hash index; tx locations are packed as height * 2^16 + index. */
export class BlockStore {
  private blocks: BlockRecord[] = [];
  private txIndex = new Map<string, number>();

  add(record: BlockRecord, txHashes: string[]): void {
    this.blocks.push(record);
    txHashes.forEach((hash, index) => this.txIndex.set(hash, record.height * 65536 + index));
  }

  get(height: number): BlockRecord | undefined {
    return this.blocks[height - 1];
  }

  latest(): BlockRecord | undefined {
    return this.blocks[this.blocks.length - 1];
  }

  get height(): number {
    return this.blocks.length;
  }

  findTx(hash: string): { height: number; index: number } | undefined {
    const location = this.txIndex.get(hash.toUpperCase());
    return location === undefined ? undefined : { height: Math.floor(location / 65536), index: location % 65536 };
  }
}
