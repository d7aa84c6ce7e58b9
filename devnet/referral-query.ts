// The referral module's queries: abci_query answers in protobuf (field numbers assumed, README) and the same records as JSON for genesis.
import { BinaryReader, BinaryWriter } from "cosmjs-types/binary";
import type { ChainState } from "./state.ts";
import type { Chain } from "./chain.ts";
import { TxFailure, invalidRequest } from "./errors.ts";
import { rfc3339Seconds } from "./staking.ts";
import { activeReferrals, isRegistered, measuresOf, statusOf } from "./referral.ts";
import { CHAIN_STATUS_NAMES, MAX_LEVEL, chainStatus, explorerStatus } from "../core/partnership-status.ts";
import { ACTIVE_DELEGATION, criteriaFor, referralsWithReferrals, teamsOfPeople } from "../core/partnership-conditions.ts";

const TEAM_SIZES = [0, 15, 50, 100, 300] as const;

interface ReferralRecord {
  status: number;
  referrer: string;
  active: boolean;
  /** Active members of the team per level 1..14. */
  activeRefCounts: number[];
  downgradeAtMs?: number;
  selfDelegated: bigint;
  teamDelegated: bigint;
  /** first_line, first_line_by3, then team0, team15, team50, team100, team300. */
  activeCount: number[];
}

function activeByLevel(state: ChainState, address: string): number[] {
  const counts: number[] = [];
  let level = state.children.get(address) ?? [];
  while (counts.length < MAX_LEVEL) {
    counts.push(level.filter((a) => (state.delegatedBy.get(a) ?? 0n) >= ACTIVE_DELEGATION).length);
    level = level.flatMap((a) => state.children.get(a) ?? []);
  }
  return counts;
}

function recordOf(state: ChainState, address: string): ReferralRecord {
  const m = measuresOf(state, address);
  return {
    status: chainStatus(statusOf(state, address), isRegistered(state, address, state.referralParams.root)),
    referrer: state.referrers.get(address) ?? "",
    active: m.selfDelegated >= ACTIVE_DELEGATION,
    activeRefCounts: activeByLevel(state, address),
    downgradeAtMs: state.partnerRecords.get(address)?.downgradeAtMs,
    selfDelegated: m.selfDelegated,
    teamDelegated: m.teamDelegated,
    activeCount: [activeReferrals(state, address), referralsWithReferrals(m.firstLine, 3), ...TEAM_SIZES.map((x) => teamsOfPeople(m.firstLine, x))],
  };
}

/** The Get record as the REST gateway writes it (uint64 as strings), for genesis app_state.referral.records. */
export function referralRecordJson(state: ChainState, address: string): object {
  const r = recordOf(state, address);
  const [firstLine, firstLineBy3, ...teams] = r.activeCount.map(String);
  return {
    status: CHAIN_STATUS_NAMES[r.status],
    referrer: r.referrer,
    active: r.active,
    active_ref_counts: r.activeRefCounts.map(String),
    status_downgrade_at: r.downgradeAtMs === undefined ? null : rfc3339Seconds(r.downgradeAtMs),
    self_delegated: r.selfDelegated.toString(),
    team_delegated: r.teamDelegated.toString(),
    active_count: {
      first_line: firstLine,
      first_line_by3: firstLineBy3,
      ...Object.fromEntries(TEAM_SIZES.map((x, i) => [`team${x}`, teams[i]])),
    },
  };
}

export function referralParamsJson(state: ChainState): object {
  const p = state.referralParams;
  return {
    status_downgrade_period: `${p.statusDowngradePeriodMs / 1000}s`,
    root: p.root,
    reward_pool: p.rewardPool,
    leader_bonus_wallet: p.leaderBonusWallet,
    leader_bonus_weekly: p.leaderBonusWeekly.toString(),
    premium_message: p.premium.typeUrl,
    premium_price: p.premium.price.toString(),
    premium_duration: `${p.premium.durationMs / 1000}s`,
  };
}

const notFound = (detail: string) => new TxFailure("sdk", 22, `rpc error: code = NotFound desc = ${detail}: key not found`);

/** The request's field 1 (address) and field 2 (a number: status or max depth). */
function decodeRequest(data: Uint8Array): { address: string; number: number } {
  const reader = new BinaryReader(data);
  const request = { address: "", number: 0 };
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    if (tag >>> 3 === 1) request.address = reader.string();
    else if (tag >>> 3 === 2) request.number = Number(reader.uint64());
    else reader.skipType(tag & 7);
  }
  if (!request.address.startsWith("axm1")) throw invalidRequest(`rpc error: code = InvalidArgument desc = invalid address ${JSON.stringify(request.address)}`);
  return request;
}

/** cosmjs-types' BinaryWriter.uint64 writes 2^31..2^32 - 1 as 0 (a sign slip in its low word); below 2^32 a uint64 varint is a uint32's. */
function uint64(w: BinaryWriter, value: bigint | number): BinaryWriter {
  return BigInt(value) < 2n ** 32n ? w.uint32(Number(value)) : w.uint64(value);
}

const timestampBytes = (ms: number) =>
  BinaryWriter.create().uint32(8).int64(Math.floor(ms / 1000)).uint32(16).int32((ms % 1000) * 1_000_000).finish();
const durationBytes = (ms: number) => BinaryWriter.create().uint32(8).int64(Math.floor(ms / 1000)).finish();

function recordBytes(r: ReferralRecord): Uint8Array {
  const w = BinaryWriter.create().uint32(8).int32(r.status).uint32(18).string(r.referrer).uint32(24).bool(r.active);
  w.uint32(34).fork();
  for (const count of r.activeRefCounts) uint64(w, count);
  w.ldelim();
  if (r.downgradeAtMs !== undefined) w.uint32(42).bytes(timestampBytes(r.downgradeAtMs));
  w.uint32(50).string(r.selfDelegated.toString()).uint32(58).string(r.teamDelegated.toString());
  const counts = BinaryWriter.create();
  r.activeCount.forEach((count, i) => uint64(counts.uint32(((i + 1) << 3) | 0), count));
  return w.uint32(66).bytes(counts.finish()).finish();
}

function get(chain: Chain, data: Uint8Array): Uint8Array {
  const { address } = decodeRequest(data);
  if (!isRegistered(chain.state, address, chain.state.referralParams.root)) throw notFound(`referral ${address} not found`);
  return BinaryWriter.create().uint32(10).bytes(recordBytes(recordOf(chain.state, address))).finish();
}

function children(chain: Chain, data: Uint8Array): Uint8Array {
  const w = BinaryWriter.create();
  for (const child of chain.state.children.get(decodeRequest(data).address) ?? []) w.uint32(10).string(child);
  return w.finish();
}

function exists(chain: Chain, data: Uint8Array): Uint8Array {
  return BinaryWriter.create().uint32(8).bool(isRegistered(chain.state, decodeRequest(data).address, chain.state.referralParams.root)).finish();
}

function checkStatus(chain: Chain, data: Uint8Array): Uint8Array {
  const { address, number } = decodeRequest(data);
  if (number < 2 || number >= CHAIN_STATUS_NAMES.length) throw invalidRequest(`rpc error: code = InvalidArgument desc = invalid status ${number}`);
  const criteria = criteriaFor(explorerStatus(number), measuresOf(chain.state, address));
  const w = BinaryWriter.create().uint32(8).bool(criteria.every((c) => c.met));
  for (const c of criteria) {
    const item = BinaryWriter.create().uint32(8).bool(c.met).uint32(16).int32(c.rule);
    uint64(item.uint32(24), c.target);
    uint64(item.uint32(32), c.actual);
    uint64(item.uint32(40), c.parameterX);
    w.uint32(18).bytes(item.finish());
  }
  return w.finish();
}

/** uaxm the team delegates down to max_depth levels (0: every level). */
function coinsInTeam(chain: Chain, data: Uint8Array): Uint8Array {
  const { address, number: maxDepth } = decodeRequest(data);
  const state = chain.state;
  let total = 0n;
  let level = state.children.get(address) ?? [];
  for (let depth = 1; level.length > 0 && (maxDepth === 0 || depth <= maxDepth); depth++) {
    for (const member of level) total += state.delegatedBy.get(member) ?? 0n;
    level = level.flatMap((a) => state.children.get(a) ?? []);
  }
  return BinaryWriter.create().uint32(10).string(total.toString()).finish();
}

function params(chain: Chain): Uint8Array {
  const p = chain.state.referralParams;
  const inner = BinaryWriter.create()
    .uint32(10).bytes(durationBytes(p.statusDowngradePeriodMs))
    .uint32(18).string(p.root)
    .uint32(26).string(p.rewardPool)
    .uint32(34).string(p.leaderBonusWallet)
    .uint32(42).string(p.leaderBonusWeekly.toString())
    .uint32(50).string(p.premium.price.toString())
    .uint32(58).bytes(durationBytes(p.premium.durationMs))
    .finish();
  return BinaryWriter.create().uint32(10).bytes(inner).finish();
}

export const REFERRAL_QUERIES: Record<string, (chain: Chain, data: Uint8Array) => Uint8Array> = {
  "/axiome.referral.v1beta1.Query/Get": get,
  "/axiome.referral.v1beta1.Query/Children": children,
  "/axiome.referral.v1beta1.Query/Exists": exists,
  "/axiome.referral.v1beta1.Query/CheckStatus": checkStatus,
  "/axiome.referral.v1beta1.Query/Coins": coinsInTeam,
  "/axiome.referral.v1beta1.Query/Params": params,
};
