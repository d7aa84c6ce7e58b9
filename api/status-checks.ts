// The chain's own status criteria for an account (referral CheckStatus over abci_query): live targets, cached briefly.
import { BinaryReader, BinaryWriter } from "cosmjs-types/binary";
import { MICRO } from "../core/amount.ts";
import { RULE, STATUS_CONDITIONS, type Criterion, type Rule } from "../core/partnership-conditions.ts";
import type { Status } from "../core/partnership-status.ts";
import { RpcClient, RpcFormatError } from "../chain/rpc.ts";
import type { NodeOptions } from "./claimable-rewards.ts";
import { ResponseCache } from "./response-cache.ts";

const QUERY_PATH = "/axiome.referral.v1beta1.Query/CheckStatus";
/** A status's figures move with delegations: a few seconds of staleness spares the node seven queries a page view. */
const CACHE_MS = 5_000;
const CACHE_ENTRIES = 10_000;
const KNOWN_RULES = new Set<number>(Object.values(RULE));

/** CheckStatusRequest {1 acc_address, 2 status (chain enum)} (proto/axiome/referral/v1beta1/query.proto). */
export function encodeCheckStatus(address: string, chainStatus: number): Uint8Array {
  return new BinaryWriter().uint32(10).string(address).uint32(16).int32(chainStatus).finish();
}

/**
 * CheckStatusResponse {1 result: StatusCheckResult {1 overall, 2 criteria [{1 met, 2 rule, 3 target_value,
 * 4 actual_value, 5 parameter_x}]}} (types.proto). The chain counts self stake in whole AXM
 * (x/referral/keeper/status_requirements.go); the explorer's answers keep it in uaxm like the index-derived ones.
 */
export function decodeCheckStatus(bytes: Uint8Array): Criterion[] {
  const outer = new BinaryReader(bytes);
  const criteria: Criterion[] = [];
  while (outer.pos < outer.len) {
    const tag = outer.uint32();
    if (tag >>> 3 !== 1) {
      outer.skipType(tag & 7);
      continue;
    }
    const result = new BinaryReader(outer.bytes());
    while (result.pos < result.len) {
      const inner = result.uint32();
      if (inner >>> 3 === 2) criteria.push(decodeCriterion(result.bytes()));
      else result.skipType(inner & 7);
    }
  }
  return criteria;
}

function decodeCriterion(bytes: Uint8Array): Criterion {
  const r = new BinaryReader(bytes);
  const c = { met: false, rule: 0, target: 0n, actual: 0n, parameterX: 0 };
  while (r.pos < r.len) {
    const tag = r.uint32();
    switch (tag >>> 3) {
      case 1:
        c.met = r.bool();
        break;
      case 2:
        c.rule = r.int32();
        break;
      case 3:
        c.target = r.uint64();
        break;
      case 4:
        c.actual = r.uint64();
        break;
      case 5:
        c.parameterX = Number(r.uint64());
        break;
      default:
        r.skipType(tag & 7);
    }
  }
  if (!KNOWN_RULES.has(c.rule)) throw new RpcFormatError(`${QUERY_PATH}: unknown rule ${c.rule}`);
  const perUnit = c.rule === RULE.SELF_STAKE ? MICRO : 1n;
  return { rule: c.rule as Rule, target: c.target * perUnit, actual: c.actual * perUnit, parameterX: c.parameterX, met: c.met };
}

export class StatusChecks {
  private readonly rpc: RpcClient;
  private readonly cache = new ResponseCache(CACHE_MS, CACHE_ENTRIES);

  constructor(options: NodeOptions) {
    this.rpc = new RpcClient(options.rpcUrl, { timeoutMs: options.timeoutMs });
  }

  /** Each status's criteria (explorer statuses 1..7) as the chain measures them; rejects when the node cannot say. */
  async criteria(address: string): Promise<Map<Status, Criterion[]>> {
    const json = await this.cache.get(address, async () => {
      const answers = await Promise.all(STATUS_CONDITIONS.map(({ status }) => this.check(address, status)));
      return answers.map((list) => list.map((c) => ({ ...c, target: c.target.toString(), actual: c.actual.toString() })));
    });
    const answers = JSON.parse(json) as { rule: Rule; target: string; actual: string; parameterX: number; met: boolean }[][];
    return new Map(STATUS_CONDITIONS.map(({ status }, i) => [status, answers[i].map((c) => ({ ...c, target: BigInt(c.target), actual: BigInt(c.actual) }))]));
  }

  private async check(address: string, status: Status): Promise<Criterion[]> {
    // The chain's enum is the explorer's status + 1 (CHAIN.md: explorer status = chain status - 1).
    const answer = await this.rpc.abciQuery(QUERY_PATH, encodeCheckStatus(address, status + 1));
    if (answer.code !== 0) throw new Error(`${QUERY_PATH}: code ${answer.code}: ${answer.log}`);
    return decodeCheckStatus(answer.value);
  }
}
