// Precommit signatures: ed25519 over CometBFT's canonical vote sign bytes, so commits verify like a real node's.
import { sign } from "node:crypto";
import { BinaryWriter } from "cosmjs-types/binary";
import type { ConsensusKey } from "./keys.ts";

const PRECOMMIT = 2;

export interface VoteTarget {
  chainId: string;
  height: number;
  round: number;
  /** Upper-case hex block hash and part set header hash. */
  blockHash: string;
  partsHash: string;
  timeMs: number;
  nanos: number;
}

/** Length-prefixed CanonicalVote protobuf; the round is written only above 0, its default. */
export function voteSignBytes(vote: VoteTarget): Uint8Array {
  const writer = BinaryWriter.create();
  writer.uint32(8).int32(PRECOMMIT);
  writer.uint32(17).sfixed64(BigInt(vote.height));
  if (vote.round > 0) writer.uint32(25).sfixed64(BigInt(vote.round));
  const blockId = writer.uint32(34).fork();
  blockId.uint32(10).bytes(Buffer.from(vote.blockHash, "hex"));
  blockId.uint32(18).fork().uint32(8).uint32(1).uint32(18).bytes(Buffer.from(vote.partsHash, "hex")).ldelim();
  blockId.ldelim();
  writer
    .uint32(42)
    .fork()
    .uint32(8)
    .int64(BigInt(Math.floor(vote.timeMs / 1000)))
    .uint32(16)
    .int32((vote.timeMs % 1000) * 1_000_000 + vote.nanos)
    .ldelim();
  writer.uint32(50).string(vote.chainId);
  const body = writer.finish();
  return BinaryWriter.create().bytes(body).finish();
}

export function signVote(key: ConsensusKey, vote: VoteTarget): string {
  // Nodes the devnet does not run are always offline, so they never reach here.
  if (!key.signingKey) throw new Error(`no node runs consensus key ${key.addressHex}`);
  return sign(null, voteSignBytes(vote), key.signingKey).toString("base64");
}
