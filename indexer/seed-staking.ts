// What staking looks like where the index starts: the consensus set to count uptime over, and the delegations.
import { QueryValidatorDelegationsRequest, QueryValidatorDelegationsResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import { RpcFormatError, type RpcClient } from "../chain/rpc.ts";
import { valoperToAccount } from "../core/address.ts";
import type { Queryable } from "../db/connection.ts";
import { STAKING_SERVICES, readValidators } from "./node-state.ts";
import { Columns, insertUnnest } from "./sql-rows.ts";

/**
 * Keys of the set of `height` enter the book as members; the difference to the set of `height + 1`
 * (changes of blocks the index never sees) is scheduled for that height.
 */
export async function seedConsensusSet(db: Queryable, rpc: RpcClient, height: number): Promise<void> {
  const now = (await rpc.validators(height)).map((v) => v.address);
  const next = await rpc.validators(height + 1).then(
    (list) => list.map((v) => v.address),
    () => now,
  );
  const members = new Set(now);
  const addresses = [...new Set([...now, ...next])];
  const known = new Map((await db.query<{ id: number; address: string }>("select id, address from consensus_validators")).map((k) => [k.address, k.id]));
  let nextId = Math.max(0, ...known.values()) + 1;
  const keys = new Columns(3);
  for (const address of addresses) {
    if (!known.has(address)) known.set(address, nextId++);
    keys.push(known.get(address), address, members.has(address));
  }
  await insertUnnest(
    db,
    "consensus_validators (id, address, in_set)",
    ["int4", "text", "bool"],
    keys,
    "on conflict (id) do update set in_set = excluded.in_set",
  );
  const changes = new Columns(3);
  const later = new Set(next);
  for (const address of addresses) {
    if (members.has(address) !== later.has(address)) changes.push(height + 1, known.get(address), later.has(address));
  }
  await insertUnnest(db, "validator_set_changes (apply_height, consensus_id, joins)", ["int8", "int4", "bool"], changes, "on conflict do nothing");
}

type Json = Record<string, unknown>;

function field(value: unknown, key: string): unknown {
  return value && typeof value === "object" ? (value as Json)[key] : undefined;
}

function array(value: unknown, what: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new RpcFormatError(`genesis ${what}: expected an array`);
  return value;
}

function text(value: unknown, what: string): string {
  if (typeof value !== "string") throw new RpcFormatError(`genesis ${what}: expected a string`);
  return value;
}

const DEC = 10n ** 18n;

/** A LegacyDec decimal text ("12.5") as atomics (× 10^18). */
function decAtomics(value: string, what: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,18}))?$/.exec(value);
  if (!match) throw new RpcFormatError(`genesis ${what}: expected a decimal, got ${value.slice(0, 40)}`);
  return BigInt(match[1]) * DEC + BigInt((match[2] ?? "").padEnd(18, "0"));
}

/** Delegations of a genesis app state: staking's own list (shares turned into tokens) and the gentxs' self-delegations. */
export function genesisDelegations(appState: unknown): [validator: string, delegator: string, amount: bigint][] {
  const staking = field(appState, "staking");
  const ratio = new Map<string, { tokens: bigint; shares: bigint }>();
  for (const v of array(field(staking, "validators"), "staking.validators")) {
    const operator = text(field(v, "operator_address"), "validator.operator_address");
    ratio.set(operator, {
      tokens: BigInt(text(field(v, "tokens"), "validator.tokens")),
      shares: decAtomics(text(field(v, "delegator_shares"), "validator.delegator_shares"), "delegator_shares"),
    });
  }
  const list: [string, string, bigint][] = [];
  for (const d of array(field(staking, "delegations"), "staking.delegations")) {
    const validator = text(field(d, "validator_address"), "delegation.validator_address");
    const shares = decAtomics(text(field(d, "shares"), "delegation.shares"), "delegation.shares");
    const r = ratio.get(validator);
    const amount = r && r.shares > 0n ? (shares * r.tokens) / r.shares : shares / DEC;
    list.push([validator, text(field(d, "delegator_address"), "delegation.delegator_address"), amount]);
  }
  for (const gentx of array(field(field(appState, "genutil"), "gen_txs"), "genutil.gen_txs")) {
    for (const message of array(field(field(gentx, "body"), "messages"), "gentx messages")) {
      if (!String(field(message, "@type")).endsWith(".MsgCreateValidator")) continue;
      const validator = text(field(message, "validator_address"), "gentx validator_address");
      const delegator = field(message, "delegator_address");
      list.push([
        validator,
        typeof delegator === "string" && delegator ? delegator : valoperToAccount(validator),
        BigInt(text(field(field(message, "value"), "amount"), "gentx value")),
      ]);
    }
  }
  return list;
}

/** Every delegation at `height` (the block before the first indexed one), read validator by validator. */
async function delegationsAt(rpc: RpcClient, height: number): Promise<[string, string, bigint][]> {
  const list: [string, string, bigint][] = [];
  for (const validator of await readValidators(rpc, height)) {
    for (const service of STAKING_SERVICES) {
      let key: Uint8Array = new Uint8Array();
      let answered = true;
      do {
        const request = QueryValidatorDelegationsRequest.encode({
          validatorAddr: validator.operatorAddress,
          pagination: { key: key as Uint8Array<ArrayBuffer>, offset: 0n, limit: 1000n, countTotal: false, reverse: false },
        }).finish();
        const answer = await rpc.abciQuery(`${service}/ValidatorDelegations`, request, height);
        if (answer.code !== 0) {
          answered = false;
          break;
        }
        const page = QueryValidatorDelegationsResponse.decode(answer.value);
        for (const d of page.delegationResponses) list.push([validator.operatorAddress, d.delegation.delegatorAddress, BigInt(d.balance.amount)]);
        key = page.pagination?.nextKey ?? new Uint8Array();
      } while (key.length > 0);
      if (answered) break;
    }
  }
  return list;
}

/** Fills the delegations table for an index starting at `start`: from genesis at height 1, else from the node's state. */
export async function seedDelegations(db: Queryable, rpc: RpcClient, start: number): Promise<void> {
  const list = start <= 1 ? genesisDelegations(await rpc.genesisAppState()) : await delegationsAt(rpc, start - 1);
  const sums = new Map<string, bigint>();
  for (const [validator, delegator, amount] of list) sums.set(`${validator} ${delegator}`, (sums.get(`${validator} ${delegator}`) ?? 0n) + amount);
  const rows = new Columns(3);
  for (const [key, amount] of sums) if (amount > 0n) rows.push(...key.split(" "), amount.toString());
  await insertUnnest(db, "delegations (validator, delegator, amount)", ["text", "text", "numeric"], rows, "on conflict do nothing");
}
