// The referral module's query messages the indexer reads (proto/axiome/referral/v1beta1/query.proto, types.proto), in protobuf.
import { BinaryReader, BinaryWriter } from "cosmjs-types/binary";
import { RpcFormatError } from "./errors.ts";

export const REFERRAL_SERVICE = "/axiome.referral.v1beta1.Query";

/** GetRequest, ChildrenRequest: {1 acc_address}. */
export function addressRequest(address: string): Uint8Array {
  return BinaryWriter.create().uint32(10).string(address).finish();
}

/** What the index keeps of an account's Info: its chain status (enum number), referrer and scheduled downgrade. */
export interface ReferralInfo {
  chainStatus: number;
  referrer: string;
  downgradeAt: string | null;
}

/** google.protobuf.Timestamp {1 seconds, 2 nanos} as an ISO time. */
function timestampOf(bytes: Uint8Array): string {
  const reader = new BinaryReader(bytes);
  let seconds = 0n;
  let nanos = 0;
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    if (tag >>> 3 === 1) seconds = reader.int64();
    else if (tag >>> 3 === 2) nanos = reader.int32();
    else reader.skipType(tag & 7);
  }
  return new Date(Number(seconds) * 1000 + Math.floor(nanos / 1_000_000)).toISOString();
}

/** GetResponse {1 info Info {1 status, 2 referrer, 8 status_downgrade_at, ...}}; an unregistered account answers an empty Info. */
export function decodeReferralInfo(bytes: Uint8Array): ReferralInfo {
  const info: ReferralInfo = { chainStatus: 0, referrer: "", downgradeAt: null };
  try {
    const outer = new BinaryReader(bytes);
    while (outer.pos < outer.len) {
      const tag = outer.uint32();
      if (tag >>> 3 !== 1) {
        outer.skipType(tag & 7);
        continue;
      }
      const reader = new BinaryReader(outer.bytes());
      while (reader.pos < reader.len) {
        const field = reader.uint32();
        if (field >>> 3 === 1) info.chainStatus = reader.int32();
        else if (field >>> 3 === 2) info.referrer = reader.string();
        else if (field >>> 3 === 8) info.downgradeAt = timestampOf(reader.bytes());
        else reader.skipType(field & 7);
      }
    }
  } catch (error) {
    throw new RpcFormatError(`referral Get answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  return info;
}

/** ChildrenResponse {1 children (repeated string)}: the account's first line. */
export function decodeChildren(bytes: Uint8Array): string[] {
  const children: string[] = [];
  try {
    const reader = new BinaryReader(bytes);
    while (reader.pos < reader.len) {
      const tag = reader.uint32();
      if (tag >>> 3 === 1) children.push(reader.string());
      else reader.skipType(tag & 7);
    }
  } catch (error) {
    throw new RpcFormatError(`referral Children answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  return children;
}
