// Tests of the node-version quirks the normalisers absorb, each on a minimal hand-made answer.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { RpcFormatError } from "./errors.ts";
import { isoMillis, normalizeBlock, normalizeBlockResults, normalizeStatus, normalizeValidatorsPage } from "./normalize.ts";

const b64 = (text: string) => Buffer.from(text).toString("base64");

function block(overrides: { header?: object; lastCommit?: unknown; txs?: unknown } = {}) {
  return {
    block_id: { hash: "ab".repeat(32) },
    block: {
      header: { height: "5", chain_id: "axm-devnet", time: "2025-01-02T03:04:05.123456789Z", proposer_address: "0a".repeat(20), ...overrides.header },
      data: { txs: overrides.txs === undefined ? [b64("tx")] : overrides.txs },
      last_commit: overrides.lastCommit ?? {
        height: "4",
        signatures: [
          { block_id_flag: 2, validator_address: "0A".repeat(20) },
          { block_id_flag: "BLOCK_ID_FLAG_ABSENT", validator_address: "" },
          { block_id_flag: "BLOCK_ID_FLAG_NIL", validator_address: "0b".repeat(20) },
          { block_id_flag: 1, validator_address: null },
        ],
      },
    },
  };
}

describe("normalizeBlock", () => {
  it("reads the header, hex upper-cased, time cut to milliseconds", () => {
    const normalized = normalizeBlock(block());
    expect(normalized).toMatchObject({
      height: 5,
      hash: "AB".repeat(32),
      chainId: "axm-devnet",
      time: "2025-01-02T03:04:05.123Z",
      proposerAddress: "0A".repeat(20),
    });
    expect(normalized.txs.map((tx) => Buffer.from(tx).toString())).toEqual(["tx"]);
  });

  it("maps block_id_flag numbers and names, and absent validators to an empty address", () => {
    expect(normalizeBlock(block()).lastCommit).toEqual({
      height: 4,
      signatures: [
        { validatorAddress: "0A".repeat(20), flag: 2 },
        { validatorAddress: "", flag: 1 },
        { validatorAddress: "0B".repeat(20), flag: 3 },
        { validatorAddress: "", flag: 1 },
      ],
    });
  });

  it("has no last commit at height 1 and no txs when data.txs is null", () => {
    const first = normalizeBlock(block({ header: { height: "1" }, lastCommit: { height: "0", signatures: [] }, txs: null }));
    expect(first.lastCommit).toBeNull();
    expect(first.txs).toEqual([]);
  });

  it("refuses answers it cannot trust", () => {
    expect(() => normalizeBlock(block({ header: { height: "five" } }))).toThrow(RpcFormatError);
    expect(() => normalizeBlock(block({ header: { height: "-1" } }))).toThrow(/block.header.height/);
    expect(() => normalizeBlock(block({ header: { time: "yesterday" } }))).toThrow(RpcFormatError);
    expect(() => normalizeBlock(block({ header: { proposer_address: "xyz" } }))).toThrow(RpcFormatError);
    expect(() => normalizeBlock(block({ txs: "not a list" }))).toThrow(RpcFormatError);
    // A transaction must be padded base64: whole groups of four, "=" only at the end and at most two.
    for (const tx of ["dHg", "dH=4", "d===", "dHg=dHg=", "dHg-", "dH g"]) expect(() => normalizeBlock(block({ txs: [tx] })), tx).toThrow(/invalid base64/);
    for (const tx of ["", "dHg=", "dA==", "dHh4"]) expect(() => normalizeBlock(block({ txs: [tx] })), tx).not.toThrow();
    expect(() => normalizeBlock(block({ lastCommit: { height: "4", signatures: [{ block_id_flag: 9, validator_address: "" }] } }))).toThrow(RpcFormatError);
    expect(() => normalizeBlock({})).toThrow(RpcFormatError);
    expect(() => normalizeBlock(null)).toThrow(RpcFormatError);
  });
});

describe("isoMillis", () => {
  it("truncates, never rounds, and pads short fractions", () => {
    expect(isoMillis("2025-01-02T03:04:05.999999999Z", "t")).toBe("2025-01-02T03:04:05.999Z");
    expect(isoMillis("2025-01-02T03:04:05.5Z", "t")).toBe("2025-01-02T03:04:05.500Z");
    expect(isoMillis("2025-01-02T03:04:05Z", "t")).toBe("2025-01-02T03:04:05.000Z");
  });
});

describe("normalizeBlockResults", () => {
  it("decodes 0.34 base64 attributes, null values and missing fields", () => {
    const results = normalizeBlockResults({
      height: "9",
      txs_results: [
        {
          code: 0,
          log: "",
          gas_wanted: "100",
          gas_used: "90",
          events: [{ type: "transfer", attributes: [{ key: b64("sender"), value: b64("axm1x"), index: true }] }],
        },
        { code: 5, codespace: "sdk" },
      ],
      begin_block_events: [{ type: "mint", attributes: [{ key: b64("amount"), value: null }] }],
      end_block_events: null,
    });
    expect(results.txsResults).toEqual([
      { code: 0, codespace: "", log: "", gasWanted: "100", gasUsed: "90", events: [{ type: "transfer", attributes: [{ key: "sender", value: "axm1x" }] }] },
      { code: 5, codespace: "sdk", log: "", gasWanted: "0", gasUsed: "0", events: [] },
    ]);
    expect(results.blockEvents).toEqual([{ type: "mint", attributes: [{ key: "amount", value: "" }] }]);
  });

  it("leaves plain 0.38 text alone even where a key happens to be valid base64", () => {
    // "mode" and "receiver" are valid base64; "amount" is not, so the set is plain text.
    const results = normalizeBlockResults({
      height: "9",
      txs_results: null,
      finalize_block_events: [
        {
          type: "coin_received",
          attributes: [
            { key: "receiver", value: "axm1x" },
            { key: "amount", value: "5uaxm" },
            { key: "mode", value: "BeginBlock" },
          ],
        },
      ],
    });
    expect(results.txsResults).toEqual([]);
    expect(results.blockEvents[0].attributes.map((a) => a.key)).toEqual(["receiver", "amount", "mode"]);
  });

  it("does not mistake a set of only base64-looking plain keys for base64 when they decode to binary", () => {
    const results = normalizeBlockResults({
      height: "1",
      finalize_block_events: [{ type: "x", attributes: [{ key: "mode", value: "EndBlock" }] }],
    });
    expect(results.blockEvents[0].attributes).toEqual([{ key: "mode", value: "EndBlock" }]);
  });

  it("names the place of an attribute it refuses, and keeps only key and value of a good one", () => {
    const answer = (attributes: unknown[]) => ({
      height: "3",
      txs_results: [
        {
          events: [
            { type: "a", attributes: [] },
            { type: "b", attributes },
          ],
        },
      ],
    });
    const refused = (attributes: unknown[]) => () => normalizeBlockResults(answer(attributes));
    expect(
      refused([
        { key: "k", value: "v" },
        { key: "amount", value: 5 },
      ]),
    ).toThrow(new RpcFormatError("block_results.txs_results[0].events[1].attributes[1].value: expected a string, got 5"));
    expect(refused(["amount=5"])).toThrow(new RpcFormatError('block_results.txs_results[0].events[1].attributes[0]: expected an object, got "amount=5"'));
    expect(refused([{ key: 7, value: "v" }])).toThrow(new RpcFormatError("block_results.txs_results[0].events[1].attributes[0].key: expected a string, got 7"));
    const read = normalizeBlockResults(answer([{ key: "amount", value: "5uaxm", index: true }, { value: "x" }]));
    expect(read.txsResults[0].events[1].attributes).toEqual([
      { key: "amount", value: "5uaxm" },
      { key: "", value: "x" },
    ]);
    expect(Object.keys(read.txsResults[0].events[1].attributes[0])).toEqual(["key", "value"]);
  });

  it('gives events without a type the type "" and accepts numeric gas', () => {
    const results = normalizeBlockResults({
      height: "3",
      txs_results: [{ gas_wanted: 10, gas_used: 7, events: [{ attributes: [{ key: "", value: "x" }] }] }],
      finalize_block_events: null,
    });
    expect(results.txsResults[0]).toMatchObject({ code: 0, gasWanted: "10", gasUsed: "7", events: [{ type: "", attributes: [{ key: "", value: "x" }] }] });
  });

  it("reads validator updates of 0.34, 0.38 and 1.x as consensus addresses, leaving out keys of other types", () => {
    const key = Buffer.alloc(32, 7).toString("base64");
    // sha256 of 32 bytes of 7, first 20 bytes.
    const address = createHash("sha256").update(Buffer.alloc(32, 7)).digest("hex").slice(0, 40).toUpperCase();
    const results = normalizeBlockResults({
      height: "3",
      validator_updates: [
        { pub_key: { Sum: { type: "tendermint.crypto.PublicKey_Ed25519", value: { ed25519: key } } }, power: "12" },
        { pub_key: { type: "ed25519", data: key } },
        { pub_key_type: "ed25519", pub_key_bytes: key, power: "5" },
        { pub_key: { Sum: { type: "tendermint.crypto.PublicKey_Secp256K1", value: { secp256k1: key } } }, power: "3" },
      ],
    });
    expect(results.validatorUpdates).toEqual([
      { address, power: "12" },
      { address, power: "0" },
      { address, power: "5" },
    ]);
    expect(normalizeBlockResults({ height: "3", validator_updates: null }).validatorUpdates).toEqual([]);
  });
});

describe("normalizeStatus and normalizeValidatorsPage", () => {
  it("rejects a status without a usable height", () => {
    const status = {
      node_info: { network: "axm" },
      sync_info: { latest_block_height: "", latest_block_time: "2025-01-01T00:00:00Z", earliest_block_height: "1", catching_up: false },
    };
    expect(() => normalizeStatus(status)).toThrow(/latest_block_height/);
  });

  it("takes a page without count or total as the whole set", () => {
    const page = normalizeValidatorsPage({
      block_height: "3",
      validators: [{ address: "0a".repeat(20), pub_key: { type: "tendermint/PubKeyEd25519", value: "AA==" }, voting_power: "10" }],
    });
    expect(page).toEqual({ blockHeight: 3, count: 1, total: 1, validators: [{ address: "0A".repeat(20), pubKey: "AA==", votingPower: "10" }] });
  });
});
