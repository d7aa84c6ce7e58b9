// Validator states over a run: the bonded set, downtime jailing and unjailing, a created validator, edits, rewards and queries.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { Comet38Client } from "@cosmjs/tendermint-rpc";
import { BinaryReader } from "cosmjs-types/binary";
import { TxRaw, TxBody, SignDoc, AuthInfo } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import {
  QueryValidatorsRequest,
  QueryValidatorsResponse,
  QueryValidatorRequest,
  QueryValidatorResponse,
  QueryValidatorDelegationsRequest,
  QueryValidatorDelegationsResponse,
  QueryPoolResponse,
} from "cosmjs-types/cosmos/staking/v1beta1/query";
import { BondStatus } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import {
  QuerySigningInfoRequest,
  QuerySigningInfoResponse,
  QuerySigningInfosRequest,
  QuerySigningInfosResponse,
} from "cosmjs-types/cosmos/slashing/v1beta1/query";
import { Secp256k1, Secp256k1Signature, sha256 } from "@cosmjs/crypto";
import { accountToValoper, bytesToAccount, consensusHexToBech32 } from "../core/address.ts";
import { decodeTx } from "../chain/tx.ts";
import { createDevnet, type Devnet } from "./index.ts";
import type { ValidatorView } from "./view.ts";

const BLOCKS = 340;
const DEC = 10n ** 18n;

interface Attribute {
  key: string;
  value: string;
}
interface RpcEvent {
  type: string;
  attributes: Attribute[];
}
interface Height {
  time: number;
  proposer: string;
  /** Consensus addresses of the height's validator set. */
  set: string[];
  /** Signatures of this height's block from the next block's last_commit, in the set's order (absent ones have no address). */
  commit: { address: string; signed: boolean }[];
  round: number;
  blockEvents: RpcEvent[];
  txEvents: RpcEvent[][];
  updates: { pubkey: string; power: number }[];
}

let devnet: Devnet;
let url: string;
let comet: Comet38Client;
/** By height; index 0 unused. */
const heights: Height[] = [];

async function rpc(method: string, params: Record<string, unknown> = {}) {
  const response = await fetch(url, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  return ((await response.json()) as { result: any }).result;
}

const attributes = (event: RpcEvent): Record<string, string> => Object.fromEntries(event.attributes.map((a) => [a.key, a.value]));
const view = (operator: string) => devnet.state.validators().find((v) => v.operatorAddress === operator)!;
const pubkeyOf = (v: ValidatorView) => devnet.genesis.validators.find((g) => g.operatorAddress === v.operatorAddress)?.consensusPubkey;
/** Every event of a type in the run, block and transaction events alike, with its height. */
const eventsAt = (type: string) =>
  heights.flatMap((h, height) => [...h.blockEvents, ...h.txEvents.flat()].filter((e) => e.type === type).map((e) => ({ height, attrs: attributes(e) })));

async function query(path: string, data: Uint8Array) {
  return comet.abciQuery({ path, data });
}

beforeAll(async () => {
  devnet = createDevnet({ seed: "validators", clock: "simulated", txsPerBlock: 8 });
  await devnet.prebuild(BLOCKS);
  url = `http://127.0.0.1:${await devnet.listen(0)}`;
  comet = await Comet38Client.connect(url);
  let next = await rpc("block", { height: "1" });
  for (let height = 1; height < BLOCKS; height++) {
    const block = next;
    next = await rpc("block", { height: String(height + 1) });
    const [set, results] = await Promise.all([
      rpc("validators", { height: String(height), per_page: "100" }),
      rpc("block_results", { height: String(height) }),
    ]);
    heights[height] = {
      time: Date.parse(block.block.header.time),
      proposer: block.block.header.proposer_address,
      set: set.validators.map((v: { address: string }) => v.address),
      commit: next.block.last_commit.signatures.map((s: { validator_address: string; block_id_flag: number }) => ({
        address: s.validator_address,
        signed: s.block_id_flag === 2,
      })),
      round: next.block.last_commit.round,
      blockEvents: results.finalize_block_events,
      txEvents: (results.txs_results ?? []).map((r: { events: RpcEvent[] }) => r.events),
      updates: (results.validator_updates ?? []).map((u: { pub_key: { Sum: { value: { ed25519: string } } }; power: string }) => ({
        pubkey: u.pub_key.Sum.value.ed25519,
        power: Number(u.power),
      })),
    };
  }
});

afterAll(async () => {
  comet?.disconnect();
  await devnet?.close();
});

describe("the validator set", () => {
  it("starts with nine validators: the seven most powerful bonded, the other two unbonded and not jailed", async () => {
    const { genesis } = await rpc("genesis");
    const staking = genesis.app_state.staking;
    expect(staking.params.max_validators).toBe(7);
    expect(staking.validators.length).toBe(9);
    const bonded = staking.validators.filter((v: { status: string }) => v.status === "BOND_STATUS_BONDED");
    const unbonded = staking.validators.filter((v: { status: string }) => v.status === "BOND_STATUS_UNBONDED");
    expect(bonded.length).toBe(7);
    expect(unbonded.length).toBe(2);
    // staking.proto's Validator: no commission and no tx fee, emission points and emission instead.
    for (const v of staking.validators) {
      expect(v.jailed).toBe(false);
      expect(Object.keys(v)).not.toContain("commission");
      expect(Object.keys(v)).not.toContain("tx_fee_rate");
      expect([v.points, v.emission]).toEqual(["0", "0.000000000000000000"]);
    }
    // The commission is one distribution param for every validator.
    expect(genesis.app_state.distribution.params).toMatchObject({ burn_rate: "0.300000000000000000", validator_commission_rate: "0.050000000000000000" });
    // Only the operators delegate at genesis (staking InitGenesis calls no referral hook).
    expect(
      staking.delegations.every((d: { delegator_address: string }) =>
        staking.validators.some((v: { operator_address: string }) => accountToValoper(d.delegator_address) === v.operator_address),
      ),
    ).toBe(true);
    const weakestBonded = Math.min(...bonded.map((v: { tokens: string }) => Number(v.tokens)));
    expect(unbonded.every((v: { tokens: string }) => Number(v.tokens) < weakestBonded)).toBe(true);
    expect(genesis.validators.length).toBe(7);
  });

  it("holds the seven most powerful validators at every height, and only that set signs its commit and proposes it", () => {
    for (let height = 1; height < BLOCKS; height++) {
      const h = heights[height];
      expect(h.set.length, `height ${height}`).toBe(7);
      expect(h.set).toContain(h.proposer);
      expect(h.commit.length).toBe(7);
      expect(h.commit.filter((s) => s.signed).every((s) => h.set.includes(s.address))).toBe(true);
    }
  });

  it("misses signatures at each validator's own rate, and moves past an offline proposer with a new round", () => {
    const byConsensus = new Map(devnet.state.validators().map((v) => [v.consensusAddressHex, v]));
    const tally = new Map<ValidatorView, { missed: number; signing: number }>();
    for (let height = 1; height < BLOCKS; height++) {
      heights[height].set.forEach((address, i) => {
        const validator = byConsensus.get(address)!;
        const offline = validator.node.offline;
        if (offline && height >= offline.from && height < (offline.until ?? Infinity)) return;
        const counts = tally.get(validator) ?? { missed: 0, signing: 0 };
        counts.signing++;
        if (!heights[height].commit[i].signed) counts.missed++;
        tally.set(validator, counts);
      });
    }
    const steady = [...tally].filter(([, counts]) => counts.signing >= 150).sort(([a], [b]) => a.node.missRate - b.node.missRate);
    expect(steady.length).toBeGreaterThanOrEqual(4);
    expect(steady.at(-1)![1].missed).toBeGreaterThan(steady[0][1].missed);
    expect(new Set(devnet.state.validators().map((v) => v.node.missRate)).size).toBeGreaterThanOrEqual(5);
    expect(heights.some((h) => h.round > 0)).toBe(true);
  });

  it("jails the hibernating validator for downtime, drops it from the set and its commits, and keeps it jailed", () => {
    const hibernating = devnet.state.validators().find((v) => v.node.offline && v.node.offline.until === undefined)!;
    const address = consensusHexToBech32(hibernating.consensusAddressHex);
    const [slash] = eventsAt("slash").filter((e) => e.attrs.address === address);
    expect(slash.attrs).toMatchObject({ reason: "missing_signature", jailed: address });
    expect(Number(slash.attrs.power)).toBeGreaterThan(0);
    const liveness = eventsAt("liveness").filter((e) => e.attrs.address === address && e.height <= slash.height);
    expect(Number(liveness.at(-1)!.attrs.missed_blocks)).toBeGreaterThan(50);
    expect(heights[slash.height].updates).toContainEqual({ pubkey: pubkeyOf(hibernating), power: 0 });
    expect(heights[slash.height + 1].set).toContain(hibernating.consensusAddressHex);
    for (let height = slash.height + 2; height < BLOCKS; height++) {
      expect(heights[height].set).not.toContain(hibernating.consensusAddressHex);
      expect(heights[height].commit.map((s) => s.address)).not.toContain(hibernating.consensusAddressHex);
    }
    expect(hibernating).toMatchObject({ jailed: true, status: "BOND_STATUS_UNBONDED" });
  });

  it("takes the returning validator through jail, a signed MsgUnjail after the jail time, and back into the set", async () => {
    const returning = devnet.state.validators().find((v) => v.node.offline?.until !== undefined)!;
    const address = consensusHexToBech32(returning.consensusAddressHex);
    const [slash] = eventsAt("slash").filter((e) => e.attrs.address === address);
    expect(slash.height).toBeGreaterThan(returning.node.offline!.from);
    expect(slash.height).toBeLessThanOrEqual(returning.node.offline!.from + 52);

    const unjail = devnet.state.txs.find((t) => t.types.includes("/axiome.slashing.v1beta1.MsgUnjail"))!;
    expect(unjail.code).toBe(0);
    expect(heights[unjail.height].time).toBeGreaterThanOrEqual(heights[slash.height].time + 600_000);
    const message = eventsAt("message").find((e) => e.height === unjail.height && e.attrs.action === "/axiome.slashing.v1beta1.MsgUnjail");
    expect(message?.attrs).toMatchObject({ module: "slashing", sender: unjail.signer });

    const { result } = await (await fetch(`${url}/tx?hash=0x${unjail.hash}`)).json();
    const bytes = Buffer.from(result.tx, "base64");
    expect(decodeTx(bytes).messages[0].json).toEqual({ "@type": "/axiome.slashing.v1beta1.MsgUnjail", validator_addr: returning.operatorAddress });
    const raw = TxRaw.decode(bytes);
    const pubkey = PubKey.decode(AuthInfo.decode(raw.authInfoBytes).signerInfos[0].publicKey!.value).key;
    const accountNumber = BigInt(devnet.state.account(unjail.signer)!.accountNumber);
    const signDoc = SignDoc.encode({ bodyBytes: raw.bodyBytes, authInfoBytes: raw.authInfoBytes, chainId: "axm-devnet-1", accountNumber }).finish();
    expect(Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(raw.signatures[0]), sha256(signDoc), pubkey)).toBe(true);

    const rejoined = heights[unjail.height].updates.find((u) => u.pubkey === pubkeyOf(returning));
    expect(rejoined?.power).toBeGreaterThan(0);
    expect(heights[unjail.height].updates.some((u) => u.power === 0)).toBe(true);
    expect(heights[unjail.height + 1].set).not.toContain(returning.consensusAddressHex);
    expect(heights[unjail.height + 2].set).toContain(returning.consensusAddressHex);
    expect(returning).toMatchObject({ jailed: false, status: "BOND_STATUS_BONDED" });
    expect(devnet.state.validators().some((v) => v.status === "BOND_STATUS_UNBONDING" && !v.jailed)).toBe(true);
  });

  it("creates a validator at height 40 that starts inactive, with a logo of its own", async () => {
    const created = devnet.state.validators()[9];
    const tx = devnet.state.txs.find((t) => t.types.includes("/axiome.staking.v1beta1.MsgCreateValidator"))!;
    expect(tx).toMatchObject({ height: 40, code: 0 });
    expect(eventsAt("create_validator")).toEqual([{ height: 40, attrs: { validator: created.operatorAddress, amount: "20000000000uaxm", msg_index: "0" } }]);
    expect(created).toMatchObject({ status: "BOND_STATUS_UNBONDED", jailed: false });
    expect(heights.slice(40).every((h) => !h.set.includes(created.consensusAddressHex))).toBe(true);
    const logo = await fetch(`${url}/logos/${created.identity}.svg`);
    expect(logo.status).toBe(200);
    expect(await logo.text()).toContain(">JR</text>");
  });

  it("edits only descriptions, with edit_validator{min_self_delegation} as the chain emits it", async () => {
    const edits = eventsAt("edit_validator");
    expect(edits.length).toBeGreaterThanOrEqual(5);
    for (const edit of edits) expect(edit.attrs).toEqual({ min_self_delegation: "1", msg_index: "0" });
    const tx = devnet.state.txs.find((t) => t.types.includes("/axiome.staking.v1beta1.MsgEditValidator"))!;
    const { result } = await (await fetch(`${url}/tx?hash=0x${tx.hash}`)).json();
    const bytes = Buffer.from(result.tx, "base64");
    expect((decodeTx(bytes).messages[0].json.description as { moniker: string }).moniker).toBe("[do-not-modify]");
    // proto/axiome/staking/v1beta1/tx.proto: 1 description, 2 validator_address (3 and 4 reserved): no commission rate.
    const any = TxBody.decode(TxRaw.decode(bytes).bodyBytes).messages[0];
    const numbers: number[] = [];
    for (const reader = new BinaryReader(any.value); reader.pos < reader.len;) {
      const tag = reader.uint32();
      numbers.push(tag >>> 3);
      reader.skipType(tag & 7);
    }
    expect(numbers).toEqual([1, 2]);
  });
});

describe("rewards and delegations", () => {
  it("allocates fees only to the validators of the last commit, each commissioned at the global validator_commission_rate", () => {
    const byConsensus = new Map(devnet.state.validators().map((v) => [v.consensusAddressHex, v]));
    for (let height = 2; height < BLOCKS; height++) {
      const paid = heights[height].blockEvents.filter((e) => e.type === "rewards").map((e) => attributes(e).validator);
      expect(paid.sort()).toEqual(heights[height - 1].set.map((a) => byConsensus.get(a)!.operatorAddress).sort());
    }
    const atomicsOf = (amount: string) => (amount === "" ? 0n : BigInt(amount.replace("uaxm", "").replace(".", "")));
    const at = (type: string, height: number) =>
      new Map(heights[height].blockEvents.filter((e) => e.type === type).map((e) => [attributes(e).validator, atomicsOf(attributes(e).amount)]));
    let checked = 0;
    for (let height = 150; height < 200; height++) {
      const rewards = at("rewards", height);
      for (const [operator, commission] of at("commission", height)) {
        const whole = rewards.get(operator)!;
        // LegacyDec Mul rounds: commission = round(5% of the validator's whole share).
        expect(commission * 20n - whole, operator).toBeGreaterThanOrEqual(-10n);
        expect(commission * 20n - whole, operator).toBeLessThanOrEqual(10n);
        if (whole > 0n) checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("has tiny delegations under 0.01 AXM from the workload", () => {
    expect(eventsAt("delegate").some((e) => BigInt(e.attrs.amount.replace("uaxm", "")) < 10_000n)).toBe(true);
    expect(devnet.state.delegations().filter((d) => d.amount < 10_000n).length).toBeGreaterThan(3);
  });
});

describe("staking and slashing queries", () => {
  it("lists validators in the chain's protobuf (no commission; points 14, emission 15) and filters by status", async () => {
    const all = await query("/axiome.staking.v1beta1.Query/Validators", QueryValidatorsRequest.encode({ status: "" }).finish());
    const { validators } = QueryValidatorsResponse.decode(all.value);
    expect(validators.length).toBe(10);
    const extra = axiomeFields(all.value);
    validators.forEach((v, i) => {
      const state = view(v.operatorAddress);
      expect(v.jailed).toBe(state.jailed);
      expect(v.tokens).toBe(state.tokens.toString());
      expect(v.delegatorShares).toBe((state.tokens * DEC).toString());
      expect(extra[i].fields).not.toContain(10);
      expect(extra[i].points).toBe(state.points);
      expect(extra[i].emission).toMatch(/^\d+$/);
    });
    expect(extra.some((f) => f.points > 0n && BigInt(f.emission) > 0n)).toBe(true);
    expect((await query("/cosmos.staking.v1beta1.Query/Validators", new Uint8Array())).code).toBe(6);
    const bonded = await query("/axiome.staking.v1beta1.Query/Validators", QueryValidatorsRequest.encode({ status: "BOND_STATUS_BONDED" }).finish());
    const list = QueryValidatorsResponse.decode(bonded.value).validators;
    expect(list.length).toBe(7);
    expect(list.every((v) => v.status === BondStatus.BOND_STATUS_BONDED)).toBe(true);
    const unbonding = devnet.state.validators().find((v) => v.status === "BOND_STATUS_UNBONDING")!;
    const one = await query("/axiome.staking.v1beta1.Query/Validator", QueryValidatorRequest.encode({ validatorAddr: unbonding.operatorAddress }).finish());
    const { validator } = QueryValidatorResponse.decode(one.value);
    expect(validator?.status).toBe(BondStatus.BOND_STATUS_UNBONDING);
    expect(Number(validator?.unbondingHeight)).toBeGreaterThan(0);
    expect(Number(validator?.unbondingTime?.seconds)).toBeGreaterThan(heights[1].time / 1000);
    const bad = await query("/axiome.staking.v1beta1.Query/Validators", QueryValidatorsRequest.encode({ status: "BOND_STATUS_SLEEPING" }).finish());
    expect(bad.code).toBe(18);
  });

  it("answers NotFound for an unknown validator, as the SDK does", async () => {
    const unknown = accountToValoper(bytesToAccount(new Uint8Array(20)));
    const answer = await query("/axiome.staking.v1beta1.Query/Validator", QueryValidatorRequest.encode({ validatorAddr: unknown }).finish());
    expect(answer.code).toBe(22);
    expect(answer.log).toBe(`rpc error: code = NotFound desc = validator ${unknown} not found: key not found`);
  });

  it("pages a validator's delegations by key, like the SDK", async () => {
    const validator = devnet.state.validators()[0];
    const expected = devnet.state.delegations().filter((d) => d.validator === validator.operatorAddress);
    const seen: string[] = [];
    let key: Uint8Array = new Uint8Array();
    let total = 0n;
    do {
      const request = QueryValidatorDelegationsRequest.encode({
        validatorAddr: validator.operatorAddress,
        pagination: { key: key as Uint8Array<ArrayBuffer>, offset: 0n, limit: 10n, countTotal: key.length === 0, reverse: false },
      }).finish();
      const page = QueryValidatorDelegationsResponse.decode((await query("/axiome.staking.v1beta1.Query/ValidatorDelegations", request)).value);
      if (key.length === 0) total = page.pagination!.total;
      expect(page.delegationResponses.length).toBeLessThanOrEqual(10);
      for (const { delegation, balance } of page.delegationResponses) {
        const amount = expected.find((d) => d.delegator === delegation!.delegatorAddress)!.amount;
        expect(balance).toEqual({ denom: "uaxm", amount: amount.toString() });
        expect(delegation!.shares).toBe((amount * DEC).toString());
        seen.push(delegation!.delegatorAddress);
      }
      key = page.pagination!.nextKey;
    } while (key.length > 0);
    expect(Number(total)).toBe(expected.length);
    expect(new Set(seen).size).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(20);
  });

  it("reports the pools and every signing info", async () => {
    const { pool } = QueryPoolResponse.decode((await query("/axiome.staking.v1beta1.Query/Pool", new Uint8Array())).value);
    expect(BigInt(pool!.bondedTokens)).toBe(devnet.state.bonded);
    expect(BigInt(pool!.notBondedTokens)).toBe(devnet.state.balances(devnet.state.modules.notBondedPool));

    const { info } = QuerySigningInfosResponse.decode(
      (await query("/axiome.slashing.v1beta1.Query/SigningInfos", QuerySigningInfosRequest.encode({}).finish())).value,
    );
    const everBonded = devnet.state.validators().filter((v) => heights.some((h) => h.set.includes(v.consensusAddressHex)));
    expect(info.map((i) => i.address).sort()).toEqual(everBonded.map((v) => consensusHexToBech32(v.consensusAddressHex)).sort());

    const hibernating = devnet.state.validators().find((v) => v.node.offline && v.node.offline.until === undefined)!;
    const address = consensusHexToBech32(hibernating.consensusAddressHex);
    const [slash] = eventsAt("slash").filter((e) => e.attrs.address === address);
    const one = await query("/axiome.slashing.v1beta1.Query/SigningInfo", QuerySigningInfoRequest.encode({ consAddress: address }).finish());
    const { valSigningInfo } = QuerySigningInfoResponse.decode(one.value);
    expect(Number(valSigningInfo!.jailedUntil!.seconds) * 1000).toBe(Math.floor((heights[slash.height].time + 600_000) / 1000) * 1000);
    expect(valSigningInfo!.tombstoned).toBe(false);
    const unknown = await query(
      "/axiome.slashing.v1beta1.Query/SigningInfo",
      QuerySigningInfoRequest.encode({ consAddress: consensusHexToBech32("00".repeat(20)) }).finish(),
    );
    expect(unknown.code).toBe(22);
  });
});

/** Field numbers, 14 (points) and 15 (emission, LegacyDec atomics) of each validator in a QueryValidatorsResponse, read off the wire. */
function axiomeFields(response: Uint8Array): { points: bigint; emission: string; fields: number[] }[] {
  const found: { points: bigint; emission: string; fields: number[] }[] = [];
  const outer = new BinaryReader(response);
  while (outer.pos < outer.len) {
    const tag = outer.uint32();
    if (tag >>> 3 !== 1) {
      outer.skipType(tag & 7);
      continue;
    }
    const inner = new BinaryReader(outer.bytes());
    const fields = { points: 0n, emission: "", fields: [] as number[] };
    while (inner.pos < inner.len) {
      const field = inner.uint32();
      fields.fields.push(field >>> 3);
      if (field === 14 << 3) fields.points = BigInt(inner.uint64().toString());
      else if (field === (15 << 3) + 2) fields.emission = inner.string();
      else inner.skipType(field & 7);
    }
    found.push(fields);
  }
  return found;
}
