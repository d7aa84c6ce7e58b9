// Contract addresses as wasmd derives them: address.Module("wasm", key)[:32], classic (code id, instance id) or predictable (Instantiate2).
import { createHash } from "node:crypto";
import { decodeBech32, bytesToAccount } from "../core/address.ts";

const sha256 = (...parts: Uint8Array[]) => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** The SDK's address.Module(name, key): Hash("module", name ‖ 0x00 ‖ key), with Hash(typ, key) = sha256(sha256(typ) ‖ key). */
function moduleAddress(name: string, key: Uint8Array): Buffer {
  return sha256(sha256(Buffer.from("module")), Buffer.from(name), Buffer.from([0]), key);
}

function uint64BigEndian(value: number | bigint): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(value));
  return bytes;
}

const lengthPrefixed = (bytes: Uint8Array) => Buffer.concat([uint64BigEndian(bytes.length), bytes]);

/** BuildContractAddressClassic: the key is codeID and instanceID as big-endian uint64s. */
export function classicContractAddress(codeId: number, instanceId: number): string {
  return bytesToAccount(moduleAddress("wasm", Buffer.concat([uint64BigEndian(codeId), uint64BigEndian(instanceId)])).subarray(0, 32));
}

/** BuildContractAddressPredictable: length-prefixed checksum, creator bytes, salt and (when fixed) the init message. */
export function predictableContractAddress(checksum: Uint8Array, creator: string, salt: Uint8Array, initMsg: Uint8Array): string {
  const creatorBytes = decodeBech32(creator)?.data ?? new Uint8Array();
  const key = Buffer.concat([lengthPrefixed(checksum), lengthPrefixed(creatorBytes), lengthPrefixed(salt), lengthPrefixed(initMsg)]);
  return bytesToAccount(moduleAddress("wasm", key).subarray(0, 32));
}
