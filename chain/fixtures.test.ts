// Tests of decoding on real node answers from several chains and node versions (../shared/fixtures).
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fromBase64 } from "@cosmjs/encoding";
import { normalizeBlock, normalizeBlockResults, normalizeStatus, normalizeTxResults, normalizeValidatorsPage } from "./normalize.ts";
import { decodeTx } from "./tx.ts";

const FIXTURES = new URL("../../shared/fixtures/real-chains/", import.meta.url);

type Json = Record<string, any>;

/** The `result` of a fixture; SOURCES.md: "*.result.json" files hold the result only (recorded via jq). */
function resultOf(file: string): Json {
  const parsed = JSON.parse(readFileSync(new URL(file, FIXTURES), "utf8"));
  const envelope = file.includes(".result.") ? { jsonrpc: "2.0", id: -1, result: parsed } : parsed;
  return envelope.result;
}

const files = readdirSync(FIXTURES).filter((file) => file.endsWith(".json"));
const isRpcKind = (kind: RegExp) => files.filter((file) => kind.test(file));
const blockFiles = isRpcKind(/(\.block\.|rpc-block\.json|block_at_height)/);
const blockResultsFiles = isRpcKind(/block_results/);
const statusFiles = isRpcKind(/-status\.json$/);
const validatorsFiles = isRpcKind(/(rpc-tendermint-validators|legacy-2019-validators)/);
const txSearchFiles = isRpcKind(/tx_search/);
/** Answers to methods the chain room does not call (REST, commit, blockchain, broadcast_tx_commit, errors). */
const otherFiles = isRpcKind(/(lcd|quokka-cve|sapientfi|commit|blockchain_from|tendermint-error)/);

function countEvents(events: unknown): number {
  return Array.isArray(events) ? events.length : 0;
}

function countAttributes(events: unknown): number {
  return Array.isArray(events) ? events.reduce((sum, event) => sum + countEvents(event.attributes), 0) : 0;
}

describe("real-chain fixtures", () => {
  it("are all read by one of the checks below", () => {
    const covered = new Set([...blockFiles, ...blockResultsFiles, ...statusFiles, ...validatorsFiles, ...txSearchFiles, ...otherFiles]);
    expect(files.filter((file) => !covered.has(file))).toEqual([]);
    for (const file of otherFiles) expect(() => JSON.parse(readFileSync(new URL(file, FIXTURES), "utf8"))).not.toThrow();
  });

  describe.each(blockFiles)("block %s", (file) => {
    const raw = resultOf(file);
    const block = normalizeBlock(raw);

    it("keeps every tx and commit signature", () => {
      expect(block.height).toBe(Number(raw.block.header.height));
      expect(block.txs.length).toBe(countEvents(raw.block.data.txs));
      expect(block.lastCommit?.signatures.length ?? 0).toBe(countEvents(raw.block.last_commit?.signatures));
      expect(block.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      for (const sig of block.lastCommit?.signatures ?? []) expect([1, 2, 3]).toContain(sig.flag);
    });

    it("decodes every tx without throwing, with a 64-char upper-hex hash", () => {
      for (const bytes of block.txs) {
        const tx = decodeTx(bytes);
        expect(tx.hash).toMatch(/^[0-9A-F]{64}$/);
        expect(tx.ok).toBe(true);
        expect(tx.signers.length).toBeGreaterThan(0);
      }
    });
  });

  it("decodes the celestia block's messages: SDK ones known, celestia's own kept raw", () => {
    const block = normalizeBlock(resultOf("celenium-celestia-mocha4-1768659.block.result.json"));
    const txs = block.txs.map(decodeTx);
    const messages = txs.flatMap((tx) => tx.messages);
    const exec = messages.find((m) => m.typeUrl === "/cosmos.authz.v1beta1.MsgExec");
    expect(exec?.known).toBe(true);
    const inner = exec?.json.msgs as Json[];
    expect(inner.length).toBeGreaterThan(0);
    for (const msg of inner) expect(msg["@type"]).toMatch(/^\/cosmos\./);
    const blobs = messages.filter((m) => m.typeUrl === "/celestia.blob.v1.MsgPayForBlobs");
    expect(blobs.length).toBe(18);
    for (const blob of blobs) {
      expect(blob.known).toBe(false);
      expect(Object.keys(blob.json)).toEqual(["@type", "value"]);
      expect(blob.json.value).toMatch(/^[A-Za-z0-9+/]+=*$/);
    }
    expect(txs.map((tx) => tx.fee[0]?.denom)).toEqual(Array(19).fill("utia"));
  });

  it("decodes the cosmoshub block's distribution message and keeps gov's raw", () => {
    const messages = normalizeBlock(resultOf("quokka-mbc-rpc-block.json")).txs.flatMap((bytes) => decodeTx(bytes).messages);
    expect(messages.map((m) => [m.typeUrl, m.known])).toEqual([
      ["/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward", true],
      ["/cosmos.gov.v1beta1.MsgVote", false],
      ["/cosmos.gov.v1beta1.MsgVote", false],
    ]);
    expect(messages[0].json.delegator_address).toMatch(/^cosmos1/);
  });

  it("pairs the celestia block with its results: one result per tx", () => {
    const block = normalizeBlock(resultOf("celenium-celestia-mocha4-1768659.block.result.json"));
    const results = normalizeBlockResults(resultOf("celenium-celestia-mocha4-1768659.block_results.result.json"));
    expect(results.height).toBe(block.height);
    expect(results.txsResults.length).toBe(block.txs.length);
    expect(results.validatorUpdates).toEqual([{ address: expect.stringMatching(/^[0-9A-F]{40}$/), power: "74800441" }]);
    const injective = normalizeBlockResults(resultOf("cosmjs-injective-137512194.block_results.result.json"));
    expect(injective.validatorUpdates).toEqual([{ address: expect.stringMatching(/^[0-9A-F]{40}$/), power: "820743" }]);
  });

  describe.each(blockResultsFiles)("block_results %s", (file) => {
    const raw = resultOf(file);
    const results = normalizeBlockResults(raw);

    it("loses no tx result, event or attribute", () => {
      expect(results.height).toBe(Number(raw.height));
      expect(results.txsResults.length).toBe(countEvents(raw.txs_results));
      (raw.txs_results ?? []).forEach((tx: Json, i: number) => {
        expect(results.txsResults[i].events.length).toBe(countEvents(tx.events));
        expect(results.txsResults[i].events.reduce((n, e) => n + e.attributes.length, 0)).toBe(countAttributes(tx.events));
        expect(results.txsResults[i].code).toBe(tx.code ?? 0);
        expect(results.txsResults[i].gasUsed).toMatch(/^\d+$/);
      });
      const rawBlockEvents = [raw.begin_block_events, raw.end_block_events, raw.finalize_block_events];
      expect(results.blockEvents.length).toBe(rawBlockEvents.reduce((n, events) => n + countEvents(events), 0));
      expect(results.blockEvents.reduce((n, e) => n + e.attributes.length, 0)).toBe(rawBlockEvents.reduce((n, events) => n + countAttributes(events), 0));
    });

    it("leaves every attribute key as readable text", () => {
      const events = [...results.blockEvents, ...results.txsResults.flatMap((tx) => tx.events)];
      for (const { key, value } of events.flatMap((e) => e.attributes)) {
        expect(key).toMatch(/^[\x20-\x7e]*$/);
        expect(typeof value).toBe("string");
      }
    });
  });

  it("decodes base64 attributes to known text, per chain", () => {
    const celestia = normalizeBlockResults(resultOf("celenium-celestia-mocha4-1768659.block_results.result.json"));
    expect(celestia.blockEvents[0]).toEqual({
      type: "coin_received",
      attributes: [
        { key: "receiver", value: "celestia1m3h30wlvsf8llruxtpukdvsy0km2kum8emkgad" },
        { key: "amount", value: "31660047utia" },
      ],
    });
    const injective034 = normalizeBlockResults(resultOf("tendermintrs-injective-4555980.block_results.json"));
    expect(injective034.blockEvents[0].attributes[0]).toEqual({ key: "receiver", value: "inj1m3h30wlvsf8llruxtpukdvsy0km2kum8zcsu4c" });
    const gaia = normalizeBlockResults(resultOf("tendermintrs-gaia-ibc0-block_results_at_height_10.json"));
    expect(gaia.blockEvents[0].attributes.map((a) => a.key)).toEqual(["recipient", "sender", "amount"]);
    const sei = normalizeBlockResults(resultOf("tendermintrs-sei-54810790.block_results.json"));
    expect(sei.blockEvents[0]).toMatchObject({ type: "proposer_reward", attributes: [{ key: "amount", value: "" }, { key: "validator" }] });
    expect(sei.blockEvents[0].attributes[1].value).toMatch(/^seivaloper1/);
    expect(sei.txsResults.filter((tx) => tx.code === 32).length).toBe(2);
  });

  it("keeps plain 0.38 / 1.x attributes as they are", () => {
    const injective = normalizeBlockResults(resultOf("cosmjs-injective-137512194.block_results.result.json"));
    expect(injective.blockEvents[0].attributes).toContainEqual({ key: "mode", value: "BeginBlock" });
    const dydx = normalizeBlockResults(resultOf("tendermintrs-dydx-12791634.block_results.json"));
    expect(dydx.blockEvents.every((e) => e.type === "")).toBe(true);
    expect(dydx.blockEvents[0].attributes[0]).toEqual({ key: "", value: "\n0/dydxprotocol.clob.MsgProposedOperationsResponse" });
    expect(normalizeBlockResults(resultOf("tendermintrs-kvstore-v038-block_results_at_height_10.json"))).toEqual({
      height: 10,
      txsResults: [],
      blockEvents: [],
      validatorUpdates: [],
    });
  });

  it.each(statusFiles)("status %s", (file) => {
    const raw = resultOf(file);
    const status = normalizeStatus(raw);
    expect(status.chainId).toBe(raw.node_info.network);
    expect(status.latestHeight).toBe(Number(raw.sync_info.latest_block_height));
    expect(status.earliestHeight).toBe(1);
    expect(status.catchingUp).toBe(false);
  });

  it.each(validatorsFiles)("validators %s", (file) => {
    const raw = resultOf(file);
    const page = normalizeValidatorsPage(raw);
    expect(page.validators.length).toBe(raw.validators.length);
    expect(page.count).toBe(Number(raw.count ?? raw.validators.length));
    expect(page.total).toBe(Number(raw.total));
    for (const v of page.validators) expect(v.address).toMatch(/^[0-9A-F]{40}$/);
  });

  describe.each(txSearchFiles)("tx_search %s", (file) => {
    const raw = resultOf(file);

    it("normalises every tx result and matches each tx's hash", () => {
      const results = normalizeTxResults(raw.txs.map((tx: Json) => tx.tx_result));
      expect(results.length).toBe(raw.txs.length);
      raw.txs.forEach((tx: Json, i: number) => {
        expect(results[i].events.length).toBe(countEvents(tx.tx_result.events));
        expect(decodeTx(fromBase64(tx.tx)).hash).toBe(tx.hash);
      });
    });
  });

  it("decodes the aura tx_search answer: base64 attributes and a Cosmos tx", () => {
    const raw = resultOf("horoscope-aura-423136.tx_search.result.json");
    const [result] = normalizeTxResults(raw.txs.map((tx: Json) => tx.tx_result));
    expect(raw.txs[0].tx_result.events[0].attributes[0].key).toBe("c3BlbmRlcg==");
    expect(result.events[0].attributes[0]).toEqual({ key: "spender", value: "aura12pku6jshmeekleg5sfhdt50a4sxjlrhuqw2rku" });
    const tx = decodeTx(fromBase64(raw.txs[0].tx));
    expect(tx.ok).toBe(true);
    expect(tx.messages.length).toBeGreaterThan(0);
  });
});
