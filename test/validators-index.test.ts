// Integration: the validator list, uptime counters and delegations of the index, checked against the devnet's staking state
// and against what its RPC says block by block (the validator set of each height and the commit signatures).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RpcClient } from "../chain/rpc.ts";
import { toBech32 } from "@cosmjs/encoding";
import { VALOPER_PREFIX, consensusHexToBech32 } from "../core/address.ts";
import { ENGINES } from "./support/databases.ts";
import { indexedDevnet, type IndexedDevnet } from "./support/pipeline.ts";
import type { Validator } from "../shapes/validators.ts";

// Long enough for the devnet's early downtime to jail a validator and for the created validator to appear.
const BLOCKS = 140;

interface Uptime {
  blocks: number;
  signed: number;
  proposed: number;
}

/** Uptime figures read from the node height by height: the set of each height and who signed it. */
async function uptimeFromNode(rpc: RpcClient, lastIndexed: number): Promise<Map<string, Uptime>> {
  const figures = new Map<string, Uptime>();
  const of = (address: string) => {
    if (!figures.has(address)) figures.set(address, { blocks: 0, signed: 0, proposed: 0 });
    return figures.get(address)!;
  };
  for (let height = 1; height <= lastIndexed; height++) {
    const block = await rpc.block(height);
    of(block.proposerAddress).proposed += 1;
    // The commit of height - 1 is the one this block carries; the index has the commits up to lastIndexed - 1.
    if (!block.lastCommit) continue;
    const signers = new Set(block.lastCommit.signatures.filter((s) => s.flag === 2).map((s) => s.validatorAddress));
    for (const member of await rpc.validators(block.lastCommit.height)) {
      of(member.address).blocks += 1;
      if (signers.has(member.address)) of(member.address).signed += 1;
    }
  }
  return figures;
}

describe.each(ENGINES)("validators in the index of a devnet on %s", (engine) => {
  let indexed: IndexedDevnet;
  let chain: IndexedDevnet["chain"];
  let app: IndexedDevnet["app"];
  let validators: Validator[];
  const get = (url: string) => indexed.get(url);

  beforeAll(async () => {
    indexed = await indexedDevnet(engine, BLOCKS);
    ({ chain, app } = indexed);
    validators = await get("/api/validators/all");
  });
  afterAll(async () => {
    await indexed?.close();
  });

  it("lists every validator of the chain with its name, description, coins, status and jail state", () => {
    const expected = chain.devnet.state.validators();
    expect(validators.map((v) => v.bech32Address).sort()).toEqual(expected.map((v) => v.operatorAddress).sort());
    for (const v of expected) {
      const listed = validators.find((a) => a.bech32Address === v.operatorAddress)!;
      expect([listed.locked, listed.status, listed.isActive], v.moniker).toEqual([v.tokens.toString(), v.status, !v.jailed]);
      // The name is the moniker, whole; the description comes apart, never in the name's place (issue 15).
      expect([listed.name, listed.fullName, listed.details], v.moniker).toEqual([v.moniker, v.moniker, v.details]);
    }
    const classes = { active: 0, inactive: 0, jailed: 0 };
    for (const v of validators) {
      if (!v.isActive) classes.jailed += 1;
      else if (v.status === "BOND_STATUS_BONDED") classes.active += 1;
      else classes.inactive += 1;
    }
    expect(classes.active).toBeGreaterThan(0);
    expect(classes.inactive).toBeGreaterThan(0);
    expect(classes.jailed).toBeGreaterThan(0);
    const bondedPower = validators.filter((v) => v.status === "BOND_STATUS_BONDED").reduce((sum, v) => sum + v.votingPower, 0);
    expect(bondedPower).toBeCloseTo(100, 3);
    expect(validators.filter((v) => v.status !== "BOND_STATUS_BONDED").every((v) => v.votingPower === 0)).toBe(true);
  });

  it("counts for each validator the blocks it was in the set for, signed and proposed, as the node reports them", async () => {
    const fromNode = await uptimeFromNode(new RpcClient(chain.url), BLOCKS);
    for (const [hex, expected] of fromNode) {
      const listed = validators.find((v) => v.consensusAddress === consensusHexToBech32(hex));
      if (!listed) continue;
      expect({ blocks: listed.blocksSinceStart, signed: listed.okBlocksSinceStart, proposed: listed.totalProposed }, listed.bech32Address).toEqual(expected);
    }
    const jailed = validators.find((v) => !v.isActive)!;
    expect(jailed.okBlocksSinceStart).toBeLessThan(jailed.blocksSinceStart);
    expect(validators.reduce((sum, v) => sum + v.totalProposed, 0)).toBe(BLOCKS);
  });

  it("keeps each validator's delegations as the chain holds them, biggest first, ten per page", async () => {
    const all = chain.devnet.state.delegations();
    let tiny = 0;
    for (const v of validators) {
      const expected = all
        .filter((d) => d.validator === v.bech32Address)
        .sort((a, b) => (b.amount > a.amount ? 1 : b.amount < a.amount ? -1 : a.delegator.localeCompare(b.delegator)));
      const listed: { address: string; amount: { amount: string }[] }[] = [];
      for (let page = 1; ; page++) {
        const rows = await get(`/api/validators/delegations/${v.bech32Address}/paginate/10/${page}`);
        listed.push(...rows);
        if (rows.length < 10) break;
      }
      expect(
        listed.map((d) => [d.address, d.amount[0].amount]),
        v.bech32Address,
      ).toEqual(expected.map((d) => [d.delegator, d.amount.toString()]));
      tiny += expected.filter((d) => d.amount < 10_000n).length;
    }
    expect(tiny).toBeGreaterThan(0);
  });

  it("answers 400 for a malformed validator and 404 for an unknown one", async () => {
    const malformed = await app.inject({ method: "GET", url: "/api/validators/delegations/axmvaloper1xyz/paginate/10/1" });
    expect(malformed.statusCode).toBe(400);
    const unknown = await app.inject({ method: "GET", url: `/api/validators/delegations/${toBech32(VALOPER_PREFIX, new Uint8Array(20))}/paginate/10/1` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("not_found");
    const size = await app.inject({ method: "GET", url: `/api/validators/delegations/${validators[0].bech32Address}/paginate/50/1` });
    expect(size.statusCode).toBe(400);
  });

  it("narrows a consensus range to one validator's signature with ?validator", async () => {
    const window = `${BLOCKS - 60}-${BLOCKS - 1}`;
    const whole: { _id: number; validators: string[] }[] = await get(`/api/consensus/${window}`);
    for (const v of validators.slice(0, 3)) {
      const narrowed: { _id: number; validators: string[] }[] = await get(`/api/consensus/${window}?validator=${v.consensusAddress}`);
      expect(narrowed.map((e) => [e._id, e.validators])).toEqual(whole.map((e) => [e._id, e.validators.filter((a) => a === v.consensusAddress)]));
    }
    expect((await app.inject({ method: "GET", url: `/api/consensus/${window}?validator=axm1nope` })).statusCode).toBe(400);
  });
});
