// The referral module's queries as axm-node answers them (x/referral/keeper/grpc_query.go; query.proto, types.proto, params.proto), in protobuf.
import { BinaryReader, BinaryWriter } from "cosmjs-types/binary";
import type { Chain } from "./chain.ts";
import { TxFailure } from "./errors.ts";
import type { ReferralInfo } from "./referral-store.ts";
import { uint64, messageField, timestampBytes } from "./proto.ts";
import { CHAIN_STATUS, DELEGATING_AWARD, checkChainStatus, fractionText } from "../core/partnership-chain.ts";

/** A request's field 1 (acc_address) and field 2 (status or max_depth). */
function decodeRequest(data: Uint8Array): { address: string; number: number } {
  const reader = new BinaryReader(data);
  const request = { address: "", number: 0 };
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    if (tag >>> 3 === 1) request.address = reader.string();
    else if (tag >>> 3 === 2) request.number = Number(reader.uint64());
    else reader.skipType(tag & 7);
  }
  return request;
}

/** An error a query handler returns: baseapp answers codespace undefined, code 1, with its text. */
const queryError = (text: string) => new TxFailure("undefined", 1, text);
/** A query that dereferences an empty record panics; baseapp recovers it as ErrPanic. */
const queryPanic = () => new TxFailure("undefined", 111222, "runtime error: invalid memory address or nil pointer dereference: panic");

/** ActiveAggregations {1 first_line .. 7 team300} (int32, zero fields left out). */
function activeCountBytes(info: ReferralInfo): Uint8Array {
  const c = info.activeCount;
  const w = BinaryWriter.create();
  [c.firstLine, c.firstLineBy3, c.team0, c.team15, c.team50, c.team100, c.team300].forEach((count, i) => {
    if (count !== 0) w.uint32((i + 1) << 3).int32(count);
  });
  return w.finish();
}

/** Info {1 status, 2 referrer, 4 active, 7 active_ref_counts (packed), 8 status_downgrade_at, 9 self_delegated, 10 team_delegated, 11 active_count}. */
function infoBytes(info: ReferralInfo): Uint8Array {
  const w = BinaryWriter.create();
  if (info.status !== 0) w.uint32(8).int32(info.status);
  if (info.referrer !== "") w.uint32(18).string(info.referrer);
  if (info.active) w.uint32(32).bool(true);
  w.uint32(58).fork();
  for (const count of info.activeRefCounts) uint64(w, count);
  w.ldelim();
  if (info.downgradeAtMs !== undefined) messageField(w, 8, timestampBytes(info.downgradeAtMs));
  w.uint32(74).string(info.selfDelegated.toString()).uint32(82).string(info.teamDelegated.toString());
  return messageField(w, 11, activeCountBytes(info)).finish();
}

/** GetResponse {1 info}: an unregistered account answers an empty Info. */
function get(chain: Chain, data: Uint8Array): Uint8Array {
  const info = chain.state.referral.get(decodeRequest(data).address);
  return messageField(BinaryWriter.create(), 1, info ? infoBytes(info) : new Uint8Array()).finish();
}

/** ChildrenResponse {1 children}, in store order. */
function children(chain: Chain, data: Uint8Array): Uint8Array {
  const w = BinaryWriter.create();
  for (const child of chain.state.referral.children(decodeRequest(data).address)) w.uint32(10).string(child);
  return w.finish();
}

function exists(chain: Chain, data: Uint8Array): Uint8Array {
  const w = BinaryWriter.create();
  if (chain.state.referral.exists(decodeRequest(data).address)) w.uint32(8).bool(true);
  return w.finish();
}

/** CoinsResponse {1 delegated}: team and own delegation (max_depth is not used by the chain). */
function coinsInTeam(chain: Chain, data: Uint8Array): Uint8Array {
  const info = chain.state.referral.get(decodeRequest(data).address);
  if (!info) throw queryPanic();
  return BinaryWriter.create()
    .uint32(10)
    .string((info.teamDelegated + info.selfDelegated).toString())
    .finish();
}

/** CheckStatusResponse {1 result StatusCheckResult {1 overall, 2 criteria {1 met, 2 rule, 3 target_value, 4 actual_value, 5 parameter_x}}}. */
function checkStatus(chain: Chain, data: Uint8Array): Uint8Array {
  const { address, number: status } = decodeRequest(data);
  if (status < CHAIN_STATUS.NEW || status > CHAIN_STATUS.MEGA) throw queryError(`cannot obtain data: there is no such status: ${status}`);
  const info = chain.state.referral.get(address);
  if (!info && status > CHAIN_STATUS.NEW) throw queryPanic();
  const result = checkChainStatus(
    status,
    info ?? { selfDelegated: 0n, teamDelegated: 0n, activeCount: { firstLine: 0, firstLineBy3: 0, team0: 0, team15: 0, team50: 0, team100: 0, team300: 0 } },
  );
  const w = BinaryWriter.create();
  if (result.overall) w.uint32(8).bool(true);
  for (const c of result.criteria) {
    const item = BinaryWriter.create();
    if (c.met) item.uint32(8).bool(true);
    item.uint32(16).int32(c.rule);
    uint64(item.uint32(24), c.target);
    if (c.actual !== 0n) uint64(item.uint32(32), c.actual);
    if (c.parameterX !== 0) uint64(item.uint32(40), c.parameterX);
    messageField(w, 2, item.finish());
  }
  return messageField(BinaryWriter.create(), 1, w.finish()).finish();
}

/** ParamsResponse {1 params {1 delegating_award {1 network (fraction text)}, 2 status_downgrade_period, 3 uret_mode}}. */
function params(chain: Chain): Uint8Array {
  const p = chain.state.referral.params;
  const award = BinaryWriter.create();
  for (const fraction of DELEGATING_AWARD) award.uint32(10).string(fractionText(fraction));
  const inner = messageField(BinaryWriter.create(), 1, award.finish()).uint32(16).int32(p.statusDowngradePeriodSeconds);
  if (p.uretMode) inner.uint32(24).bool(true);
  return messageField(BinaryWriter.create(), 1, inner.finish()).finish();
}

export const REFERRAL_QUERIES: Record<string, (chain: Chain, data: Uint8Array) => Uint8Array> = {
  "/axiome.referral.v1beta1.Query/Get": get,
  "/axiome.referral.v1beta1.Query/Children": children,
  "/axiome.referral.v1beta1.Query/Exists": exists,
  "/axiome.referral.v1beta1.Query/CheckStatus": checkStatus,
  "/axiome.referral.v1beta1.Query/Coins": coinsInTeam,
  "/axiome.referral.v1beta1.Query/Params": params,
};
