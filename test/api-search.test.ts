// The global search over an indexed devnet, on each engine: suggestions while typing (every kind of hit, their order,
// the limit, bad input) and what Enter finds for a name; the name queries are served by indexes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_SUGGESTIONS } from "../core/search.ts";
import { nameHits } from "../db/queries/search.ts";
import type { Suggestion } from "../shapes/chain.ts";
import { ENGINES } from "./support/databases.ts";
import { indexedDevnet, type IndexedDevnet } from "./support/pipeline.ts";
import { queryPlan } from "./support/query-plan.ts";

/** Tokens are issued at heights 8..11 and contracts instantiated by 20. */
const BLOCKS = 30;

describe.each(ENGINES)("the global search of a devnet's index on %s", (engine) => {
  let indexed: IndexedDevnet;
  let view: IndexedDevnet["chain"]["devnet"]["state"];
  const suggest = async (q: string): Promise<Suggestion[]> => indexed.get(`/api/blockchain/search/suggest?q=${encodeURIComponent(q)}`);
  const search = async (query: string) => (await indexed.app.inject({ method: "POST", url: "/api/blockchain/search", payload: { query } })).json();
  const validator = (moniker: string) => view.validators().find((v) => v.moniker === moniker)!.operatorAddress;
  const token = (symbol: string) => view.cw20Tokens().find((t) => t.tokenInfo.symbol === symbol)!.contract;
  const contract = (label: string) => view.contracts().find((c) => c.label === label)!.address;

  beforeAll(async () => {
    indexed = await indexedDevnet(engine, BLOCKS);
    view = indexed.chain.devnet.state;
  }, 240_000);
  afterAll(async () => {
    await indexed?.close();
  });

  it("suggests a validator by its moniker with a space, in any letter case, by its start and by a later word", async () => {
    const cobalt = { kind: "validator", id: validator("Cobalt Validator"), label: "Cobalt Validator", detail: validator("Cobalt Validator") };
    expect((await suggest("cobalt validator"))[0]).toEqual(cobalt);
    expect((await suggest("COBALT  Val"))[0]).toEqual(cobalt);
    expect(await suggest("Validator")).toContainEqual(cobalt);
    expect(await suggest("Cobalt Validators")).toEqual([]);
  });

  it("suggests a CW-20 token by its symbol and by its name, once, as a token and not as a contract", async () => {
    const gold = { kind: "token", id: token("AXMG"), label: "AXMG", detail: "Axiome Gold" };
    expect((await suggest("AXMG"))[0]).toEqual(gold);
    expect((await suggest("axm"))[0]).toEqual(gold);
    expect((await suggest("axiome g"))[0]).toEqual(gold);
    const byWord = await suggest("gold");
    expect(byWord).toContainEqual(gold);
    expect(byWord.filter((hit) => hit.id === gold.id)).toHaveLength(1);
  });

  it("suggests a contract by its label", async () => {
    const lottery = contract("Weekly Lottery");
    expect((await suggest("weekly lot"))[0]).toEqual({ kind: "contract", id: lottery, label: "Weekly Lottery", detail: lottery });
    expect(await suggest("Lottery")).toContainEqual({ kind: "contract", id: lottery, label: "Weekly Lottery", detail: lottery });
  });

  it("suggests accounts by nickname: names that start with the text first, then names holding it", async () => {
    const profile = indexed.chain.devnet.genesis.profiles.find((p) => /^Swift/.test(p.nickname))!;
    const hits = await suggest("swift");
    expect(hits.length).toBe(MAX_SUGGESTIONS);
    expect(hits.every((hit) => hit.kind === "account" && hit.label.toLowerCase().startsWith("swift") && hit.detail === hit.id)).toBe(true);
    expect(await suggest(profile.nickname.toLowerCase())).toContainEqual({
      kind: "account",
      id: profile.address,
      label: profile.nickname,
      detail: profile.address,
    });

    const inside = (await suggest("fox")).map((hit) => hit.label.toLowerCase());
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.every((label) => label.includes("fox"))).toBe(true);
    const firstInside = inside.findIndex((label) => !label.startsWith("fox"));
    expect(inside.slice(firstInside).every((label) => !label.startsWith("fox"))).toBe(true);

    // Two characters match the start of a name only; an exchange's name has a space.
    expect((await suggest("sw")).every((hit) => hit.label.toLowerCase().startsWith("sw"))).toBe(true);
    const exchange = view.exchanges.find((e) => e.name === "Kestrel Markets")!;
    expect((await suggest("kestrel m"))[0]).toEqual({ kind: "account", id: exchange.address, label: "Kestrel Markets", detail: exchange.address });
  });

  it("lists the whole name first, then names with a word starting with the text, then names holding it; kinds in one order within each", async () => {
    const harbor = await suggest("harbor");
    expect(harbor.slice(0, 2)).toEqual([
      { kind: "validator", id: validator("Harbor Point"), label: "Harbor Point", detail: validator("Harbor Point") },
      { kind: "token", id: token("HRBC"), label: "HRBC", detail: "Harbor Credits" },
    ]);
    expect(harbor.slice(2).every((hit) => hit.kind === "account" && /harbor/i.test(hit.label))).toBe(true);
  });

  it("suggests the block, transaction, account, contract or validator an exact height, hash or address names", async () => {
    expect((await suggest("12"))[0]).toEqual({ kind: "block", id: "12", label: "12", detail: null });
    expect(await suggest(String(BLOCKS + 1000))).toEqual([]);
    const tx = view.txs[0].hash;
    expect(await suggest(tx.toLowerCase())).toEqual([{ kind: "transaction", id: tx, label: tx, detail: null }]);
    const block = await indexed.get("/api/blocks/5");
    expect(await suggest(block.hash.toLowerCase())).toEqual([{ kind: "block", id: "5", label: "5", detail: block.hash }]);
    const named = indexed.chain.devnet.genesis.profiles[0];
    expect(await suggest(named.address)).toEqual([{ kind: "account", id: named.address, label: named.nickname, detail: named.address }]);
    const lottery = contract("Weekly Lottery");
    expect(await suggest(lottery.toUpperCase())).toEqual([{ kind: "contract", id: lottery, label: lottery, detail: null }]);
    const aurora = validator("Aurora Stake");
    expect(await suggest(aurora)).toEqual([{ kind: "validator", id: aurora, label: "Aurora Stake", detail: aurora }]);
  });

  it("answers at most 8, cacheable for a moment, and nothing for text no name holds", async () => {
    const response = await indexed.app.inject({ method: "GET", url: "/api/blockchain/search/suggest?q=s" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=2");
    expect(response.json().length).toBe(MAX_SUGGESTIONS);
    expect(await suggest("no_such_name_anywhere")).toEqual([]);
    // "_" is a letter of the name, not LIKE's any-character.
    expect(await suggest("s_ift")).toEqual([]);
    expect(await suggest("Ёлка ünïcode 名字")).toEqual([]);
  });

  it("answers text that cannot be anything with 400 'Invalid search format', and a malformed query with 400", async () => {
    for (const q of ["<script>", "a;b", "{}", "a\tb", "a".repeat(129), " "]) {
      const response = await indexed.app.inject({ method: "GET", url: `/api/blockchain/search/suggest?q=${encodeURIComponent(q)}` });
      expect(response.statusCode, q).toBe(400);
      expect(response.json().error.message, q).toBe("Invalid search format");
    }
    for (const query of ["", "?q=", "?q=a&x=1", `?q=${"a".repeat(1001)}`, "?q=a%00b"]) {
      const response = await indexed.app.inject({ method: "GET", url: `/api/blockchain/search/suggest${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code, query).toBe("bad_request");
    }
  });

  it("finds on Enter the name that is the text or starts with it: a moniker with a space, a token, a contract, a nickname", async () => {
    expect(await search("cobalt validator")).toMatchObject({ type: "validator", data: { address: validator("Cobalt Validator"), name: "Cobalt Validator" } });
    expect(await search("AXMG")).toEqual({ type: "token", data: { address: token("AXMG") } });
    expect(await search("Weekly Lottery")).toEqual({ type: "contract", data: { address: contract("Weekly Lottery") } });
    const exchange = view.exchanges.find((e) => e.name === "Tidepool Exchange")!;
    expect(await search("tidepool exchange")).toEqual({ type: "account", data: { account: { address: exchange.address } } });
    // A word inside a name is only suggested: Enter does not guess.
    expect(await search("Lottery")).toEqual({ type: "unknown", data: null });
    const invalid = await indexed.app.inject({ method: "POST", url: "/api/blockchain/search", payload: { query: "<script>" } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe("Invalid search format");
  });

  /** The plan of nameHits' query for the text, with sequential scans priced out so that any index that can serve it shows. */
  const planOf = (text: string) =>
    indexed.db.transaction(async (tx) => {
      await tx.query("set local enable_seqscan = off");
      return queryPlan(tx, (explaining) => nameHits(explaining, text, MAX_SUGGESTIONS));
    });

  it("serves the name queries from indexes: the start of a name from btrees, a substring from trigrams", async () => {
    const short = await planOf("sw");
    for (const index of ["profiles_nickname_start", "contracts_label_start", "cw20_tokens_symbol_start", "cw20_tokens_name_start"])
      expect(short).toContain(index);
    const long = await planOf("swift");
    for (const index of [/profiles_nickname(?!_)/, /contracts_label_trigrams/, /cw20_tokens_symbol_trigrams/, /cw20_tokens_name_trigrams/])
      expect(long).toMatch(index);
    expect(`${short}\n${long}`).not.toMatch(/Seq Scan on (profiles|contracts|cw20_tokens)/);
  });
});
