// The distribution queries axm-node serves (x/distribution/keeper/grpc_query.go, proto/axiome/distribution/v1beta1/query.proto), in protobuf.
import { BinaryReader, BinaryWriter } from "cosmjs-types/binary";
import { ACCOUNT_PREFIX, decodeBech32 } from "../core/address.ts";
import type { Chain } from "./chain.ts";
import { invalidRequest } from "./errors.ts";
import { DISTRIBUTION_PARAMS, rewardsByDelegation } from "./distribution.ts";
import { messageField } from "./proto.ts";

const invalidArgument = (detail: string) => invalidRequest(`rpc error: code = InvalidArgument desc = ${detail}`);

/** Repeated DecCoin {1 denom, 2 amount (LegacyDec atomics)}: sdk.DecCoins leaves zero amounts out. */
function decCoins(w: BinaryWriter, field: number, atomics: bigint): void {
  if (atomics === 0n) return;
  messageField(w, field, BinaryWriter.create().uint32(10).string("uaxm").uint32(18).string(atomics.toString()).finish());
}

function delegatorOf(data: Uint8Array): string {
  const reader = new BinaryReader(data);
  let delegator = "";
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    if (tag >>> 3 === 1) delegator = reader.string();
    else reader.skipType(tag & 7);
  }
  if (delegator === "") throw invalidArgument("empty delegator address");
  if (decodeBech32(delegator)?.prefix !== ACCOUNT_PREFIX) throw invalidArgument(`invalid delegator address ${delegator}`);
  return delegator;
}

const addressBytes = (bech32: string) => Buffer.from(decodeBech32(bech32)?.data ?? new Uint8Array());

/**
 * DelegationTotalRewards: each delegation in the store's order (validator address bytes) with {1 validator_address,
 * 2 reward, 3 emission}, and the total of both.
 */
function delegationTotalRewards(chain: Chain, data: Uint8Array): Uint8Array {
  const list = rewardsByDelegation(chain.state, delegatorOf(data)).sort((a, b) => Buffer.compare(addressBytes(a.validator), addressBytes(b.validator)));
  const w = BinaryWriter.create();
  for (const r of list) {
    const entry = BinaryWriter.create().uint32(10).string(r.validator);
    decCoins(entry, 2, r.reward);
    decCoins(entry, 3, r.emission);
    messageField(w, 1, entry.finish());
  }
  decCoins(
    w,
    2,
    list.reduce((sum, r) => sum + r.reward + r.emission, 0n),
  );
  return w.finish();
}

/** Params {1 community_tax, 2 base_proposer_reward, 3 bonus_proposer_reward, 4 withdraw_addr_enabled, 5 burn_rate, 6 validator_commission_rate}. */
function params(): Uint8Array {
  const p = DISTRIBUTION_PARAMS;
  const inner = BinaryWriter.create()
    .uint32(10)
    .string(p.communityTax.toString())
    .uint32(18)
    .string(p.baseProposerReward.toString())
    .uint32(26)
    .string(p.bonusProposerReward.toString())
    .uint32(32)
    .bool(p.withdrawAddrEnabled)
    .uint32(42)
    .string(p.burnRate.toString())
    .uint32(50)
    .string(p.validatorCommissionRate.toString())
    .finish();
  return messageField(BinaryWriter.create(), 1, inner).finish();
}

export const DISTRIBUTION_QUERIES: Record<string, (chain: Chain, data: Uint8Array) => Uint8Array> = {
  "/axiome.distribution.v1beta1.Query/DelegationTotalRewards": delegationTotalRewards,
  "/axiome.distribution.v1beta1.Query/Params": params,
};
