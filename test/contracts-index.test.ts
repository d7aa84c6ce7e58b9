// Integration: codes, contracts, their history and executions, CW-20 tokens, supplies and every holder's balance in the
// index, and the node-read routes (info, history, state, cw20 queries), checked against the devnet's own wasm state.
import { createHash } from "node:crypto";
import { toBase64, toBech32, toHex } from "@cosmjs/encoding";
import { Tx } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { MsgExecuteContract } from "cosmjs-types/cosmwasm/wasm/v1/tx";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApi } from "../api/server.ts";
import { RpcClient } from "../chain/rpc.ts";
import { apiConfig } from "../cli/services.ts";
import { loadConfig } from "../cli/config.ts";
import { ACCOUNT_PREFIX } from "../core/address.ts";
import type { DevnetStateView } from "../devnet/index.ts";
import { createTestDatabase, ENGINES, type TestDatabase } from "./support/databases.ts";
import { indexerFor, serveDevnet, type ServedDevnet } from "./support/pipeline.ts";
import { generateBadValues, inUrl } from "./support/bad-inputs.ts";

const BLOCKS = 130;
const PRICE_IN_AXM = "0.5";
const AXM_USD = "2";

/** A devnet indexed into a new database, with an API that reads contract state from the devnet's node. */
async function setUp(engine: "pglite" | "postgres") {
  const chain = await serveDevnet(BLOCKS);
  const t = await createTestDatabase(engine);
  expect(await indexerFor(t.db, chain.url).catchUp()).toBe(BLOCKS);
  const priced = chain.devnet.state.cw20Tokens()[0].contract;
  const app = await buildApi({
    db: t.db,
    config: apiConfig(loadConfig({}), true),
    node: { rpcUrl: chain.url, timeoutMs: 5000 },
    prices: { tokens: { [priced]: PRICE_IN_AXM }, axmUsd: AXM_USD },
  });
  return { chain, t, app, priced };
}

const byBalance = (a: [string, bigint], b: [string, bigint]) => (a[1] === b[1] ? (a[0] < b[0] ? 1 : -1) : a[1] < b[1] ? 1 : -1);

describe.each(ENGINES)("contracts in the index of a devnet on %s", (engine) => {
  let chain: ServedDevnet;
  let t: TestDatabase;
  let app: FastifyInstance;
  let view: DevnetStateView;
  let priced: string;
  const get = async (url: string) => {
    const response = await app.inject({ method: "GET", url });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response.json();
  };
  const status = async (url: string) => (await app.inject({ method: "GET", url })).statusCode;

  beforeAll(async () => {
    ({ chain, t, app, priced } = await setUp(engine));
    view = chain.devnet.state;
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await chain?.devnet.close();
    await t?.drop();
  });

  it("lists every uploaded code with its checksum, creator, permission and contracts count", async () => {
    const codes = view.codes();
    expect(codes.length).toBeGreaterThanOrEqual(4);
    const answer = await get("/api/codes?total=true&limit=100");
    expect(answer.pagination.total).toBe(codes.length);
    expect(answer.codes.map((c: { id: number }) => c.id)).toEqual(codes.map((c) => c.id).reverse());
    const contracts = view.contracts();
    for (const code of codes) {
      const expected = {
        id: code.id,
        verified: false,
        checksum: code.checksum,
        creator: code.creator,
        permission: code.permission,
        permissionAddresses: code.addresses,
        contractsCount: contracts.filter((c) => c.codeId === code.id).length,
      };
      expect(await get(`/api/codes/${code.id}`), `code ${code.id}`).toEqual(expected);
      const ofCode = await get(`/api/codes/${code.id}/contracts?total=true&limit=100`);
      expect(ofCode.contracts.map((c: { address: string }) => c.address)).toEqual(
        contracts
          .filter((c) => c.codeId === code.id)
          .map((c) => c.address)
          .reverse(),
      );
    }
    expect(new Set(codes.map((c) => c.permission))).toEqual(new Set(["Everybody", "Nobody", "AnyOfAddresses"]));
  });

  it("lists every contract newest first with its label, creator, code, initial block and executions, page by page", async () => {
    const contracts = view.contracts();
    expect(contracts.length).toBeGreaterThanOrEqual(8);
    const expected = contracts
      .map((c) => ({ label: c.label, address: c.address, creator: c.creator, code: c.codeId, initialBlock: c.createdHeight, executes: c.executeEvents }))
      .reverse();
    const listed = [];
    for (let offset = 0; ; offset += 3) {
      const page = await get(`/api/contracts?total=true&limit=3${offset ? `&offset=${offset}` : ""}`);
      expect(page.pagination.total).toBe(contracts.length);
      listed.push(...page.contracts);
      if (page.contracts.length < 3) break;
    }
    expect(listed).toEqual(expected);
    expect(
      contracts.some((c) => c.executeEvents > c.executeMessages),
      "a contract called by another",
    ).toBe(true);
  });

  it("answers each contract's AXM balance as the bank keeps it (the Contract screen's assets)", async () => {
    const funded = view.contracts().filter((c) => view.balances(c.address) > 0n);
    for (const contract of view.contracts()) {
      const { balance } = await get(`/api/accounts/info/${contract.address}?fields=balance`);
      expect(balance[0], contract.label).toEqual({ denom: "uaxm", amount: view.balances(contract.address).toString() });
    }
    expect(funded.length, "a contract that holds AXM").toBeGreaterThan(0);
  });

  it("keeps each contract's admin (updated and cleared) and its code history with the messages sent", async () => {
    const contracts = view.contracts();
    const admins = await t.db.query<{ address: string; admin: string }>("select address, admin from contracts");
    expect(new Map(admins.map((r) => [r.address, r.admin]))).toEqual(new Map(contracts.map((c) => [c.address, c.admin])));
    const history = await t.db.query<{ contract: string; operation: string; code_id: number; height: number; tx_index: number; msg: unknown }>(
      "select contract, operation, code_id, height, tx_index, msg from contract_history order by contract, seq",
    );
    const expected = contracts
      .flatMap((c) =>
        c.history.map((h) => ({ contract: c.address, operation: h.operation, code_id: h.codeId, height: h.height, tx_index: h.txIndex, msg: h.msg })),
      )
      .sort((a, b) => (a.contract < b.contract ? -1 : a.contract > b.contract ? 1 : 0));
    expect(history.map((h) => ({ ...h, code_id: Number(h.code_id), height: Number(h.height) }))).toEqual(expected);
    expect(history.some((h) => h.operation === "migrate")).toBe(true);
    expect(contracts.some((c) => c.admin === "")).toBe(true);
  });

  it("answers contract info and history from the node in wasmd's REST shapes, with the code's checksum", async () => {
    const checksums = new Map(view.codes().map((c) => [c.id, c.checksum]));
    for (const c of view.contracts()) {
      const info = await get(`/api/cosmwasm/wasm/v1/contract/${c.address}`);
      expect(info).toMatchObject({
        address: c.address,
        contract_info: {
          code_id: String(c.codeId),
          creator: c.creator,
          admin: c.admin,
          label: c.label,
          created: { block_height: String(c.createdHeight), tx_index: String(c.createdTxIndex) },
        },
        codeChecksum: checksums.get(c.codeId),
      });
      const entries = [];
      let key = "";
      do {
        const page = await get(
          `/api/cosmwasm/wasm/v1/contract/${c.address}/history?pagination.limit=1${key ? `&pagination.key=${encodeURIComponent(key)}` : ""}`,
        );
        entries.push(...page.entries);
        key = page.pagination.next_key ?? "";
      } while (key);
      expect(entries, c.address).toEqual(
        c.history.map((h) => ({
          operation: `CONTRACT_CODE_HISTORY_OPERATION_TYPE_${h.operation.toUpperCase()}`,
          code_id: String(h.codeId),
          updated: { block_height: String(h.height), tx_index: String(h.txIndex) },
          msg: h.msg,
        })),
      );
    }
  });

  it("walks a contract's whole raw state by next_key, keys in hex and values in base64", async () => {
    for (const c of view.contracts()) {
      const models = [];
      let key = "";
      do {
        const page = await get(
          `/api/cosmwasm/wasm/v1/contract/${c.address}/state?pagination.limit=3${key ? `&pagination.key=${encodeURIComponent(key)}` : ""}`,
        );
        models.push(...page.models);
        key = page.pagination.next_key ?? "";
      } while (key);
      expect(models, c.address).toEqual(view.contractState(c.address).map((m) => ({ key: toHex(m.key).toUpperCase(), value: toBase64(m.value) })));
    }
  });

  it("lists every CW-20 token by cursor and answers each one's information, supply, holders and authorities", async () => {
    const tokens = view.cw20Tokens();
    expect(tokens.length).toBeGreaterThanOrEqual(4);
    const listed = [];
    let cursor = "";
    do {
      const page = await get(`/api/cw20/tokens?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      listed.push(...page.tokens);
      cursor = page.cursor ?? "";
    } while (cursor);
    expect(listed.map((x: { id: string; symbol: string; name: string; decimals: number }) => [x.id, x.symbol, x.name, x.decimals])).toEqual(
      tokens.map((x) => [x.contract, x.tokenInfo.symbol, x.tokenInfo.name, x.tokenInfo.decimals]),
    );
    const contracts = new Map(view.contracts().map((c) => [c.address, c]));
    for (const token of tokens) {
      const answer = await get(`/api/cw20/token/${token.contract}`);
      const holders = [...view.cw20Balances(token.contract).values()].filter((b) => b > 0n).length;
      const contract = contracts.get(token.contract)!;
      expect(answer, token.tokenInfo.symbol).toMatchObject({
        data: { name: token.tokenInfo.name, symbol: token.tokenInfo.symbol, decimals: token.tokenInfo.decimals },
        details: {
          creator: contract.creator,
          mint_authority: token.tokenInfo.mint?.minter ?? null,
          marketing_authority: token.marketing?.marketing ?? null,
          update_authority: contract.admin || null,
        },
        statistics: { holders, maxSupply: token.tokenInfo.mint?.cap ?? null, currentSupply: view.cw20Supply(token.contract).toString() },
        about: token.marketing?.description?.trim() ? token.marketing.description : null,
      });
      const project = token.marketing?.project ?? "";
      expect(
        answer.links.map((l: { url: string }) => l.url),
        "links",
      ).toEqual(/^https?:\/\//.test(project) ? [project] : []);
      const logo = token.marketing?.logo;
      if (logo && typeof logo === "object") expect(answer.data.logo.endsWith(logo.url), "logo").toBe(true);
      expect(answer.data.marketing).toEqual({
        project: token.marketing?.project ?? null,
        description: token.marketing?.description ?? null,
        marketing: token.marketing?.marketing ?? null,
        logo: token.marketing?.logo ?? null,
      });
      expect(await get(`/api/cw20/${token.contract}/info`)).toEqual({
        name: token.tokenInfo.name,
        symbol: token.tokenInfo.symbol,
        decimals: token.tokenInfo.decimals,
        total_supply: token.tokenInfo.total_supply,
      });
      expect(await get(`/api/cw20/${token.contract}/marketing`)).toEqual({
        project: token.marketing?.project ?? null,
        description: token.marketing?.description ?? null,
        logo: token.marketing?.logo ?? null,
        marketing: token.marketing?.marketing ?? null,
      });
    }
  });

  it("pages every token's holders by cursor, each once, biggest first, with their share of the supply", async () => {
    let most = 0;
    for (const token of view.cw20Tokens()) {
      const expected = [...view.cw20Balances(token.contract)].filter(([, b]) => b > 0n).sort(byBalance);
      const listed: { address: string; quantity: string; percentage: number }[] = [];
      let cursor = "";
      do {
        const page = await get(`/api/cw20/${token.contract}/holders?limit=10${cursor ? `&cursor=${cursor}` : ""}`);
        listed.push(...page.holders);
        cursor = page.nextCursor ?? "";
      } while (cursor);
      expect(
        listed.map((h) => [h.address, BigInt(h.quantity)]),
        token.tokenInfo.symbol,
      ).toEqual(expected);
      const supply = view.cw20Supply(token.contract);
      for (const h of listed) expect(h.percentage).toBeCloseTo(Number((BigInt(h.quantity) * 10n ** 12n) / supply) / 1e10, 5);
      most = Math.max(most, listed.length);
    }
    expect(most).toBeGreaterThan(100);
  });

  it("answers an address's balances of a list of tokens, and prices from configuration", async () => {
    const tokens = view.cw20Tokens().map((x) => x.contract);
    const holders = new Set(tokens.flatMap((c) => [...view.cw20Balances(c).keys()]));
    for (const holder of [...holders].slice(0, 40)) {
      const answer = await get(`/api/multichain/assets/balances/${holder}?contracts=${tokens.join(",")}`);
      expect(answer.data.balances, holder).toEqual(
        tokens.map((contract) => ({ contract, balance: (view.cw20Balances(contract).get(holder) ?? 0n).toString() })),
      );
    }
    const token = view.cw20Tokens().find((x) => x.contract === priced)!;
    const answer = await get(`/api/cw20/token/${priced}`);
    expect(answer.statistics.priceInAxm).toBe(0.5);
    expect(answer.statistics.priceInUsd).toBe(1);
    expect(answer.statistics.marketCapitalization).toBeCloseTo(Number(view.cw20Supply(priced)) / 10 ** token.tokenInfo.decimals, 6);
    const [top] = (await get(`/api/cw20/${priced}/holders?limit=1`)).holders;
    expect(top.valueInAxm).toBe(((BigInt(top.quantity) * 5n * 1_000_000n) / (10n * 10n ** BigInt(token.tokenInfo.decimals))).toString());
    const other = view.cw20Tokens().find((x) => x.contract !== priced)!;
    expect((await get(`/api/cw20/token/${other.contract}`)).statistics).toMatchObject({ priceInAxm: null, priceInUsd: null, marketCapitalization: null });
  });

  it("finds a contract by address, and answers execute messages' msg as JSON", async () => {
    const contract = view.contracts()[0].address;
    const found = await app.inject({ method: "POST", url: "/api/blockchain/search", payload: { query: contract } });
    expect(found.json()).toEqual({ type: "contract", data: { address: contract } });
    const page = await get("/api/transactions/paginate/10/1?type=/cosmwasm.wasm.v1.MsgExecuteContract");
    expect(page.data.length).toBeGreaterThan(0);
    const rpc = new RpcClient(chain.url);
    for (const summary of page.data.slice(0, 5)) {
      const tx = await get(`/api/transactions/${summary._id}`);
      const block = await rpc.block(summary.blockId);
      const raw = block.txs.find((bytes) => createHash("sha256").update(bytes).digest("hex").toUpperCase() === summary._id)!;
      const messages = Tx.decode(raw).body!.messages.filter((m) => m.typeUrl === "/cosmwasm.wasm.v1.MsgExecuteContract");
      const expected = messages.map((m) => JSON.parse(Buffer.from(MsgExecuteContract.decode(m.value).msg).toString("utf8")));
      expect(
        tx.tx.body.messages.filter((m: { "@type": string }) => m["@type"] === "/cosmwasm.wasm.v1.MsgExecuteContract").map((m: { msg: unknown }) => m.msg),
      ).toEqual(expected);
    }
  });

  it("answers 400 for malformed input and 404 for a well-formed contract, code or token that does not exist", async () => {
    const contract = view.contracts()[0].address;
    const account = view.contractTeam[0];
    const unknown = toBech32(ACCOUNT_PREFIX, new Uint8Array(32).fill(7));
    const notToken = view.contracts().find((c) => !view.cw20Tokens().some((x) => x.contract === c.address))!.address;
    for (const url of [
      `/api/cosmwasm/wasm/v1/contract/${account}`,
      "/api/cosmwasm/wasm/v1/contract/axm1nope",
      `/api/cosmwasm/wasm/v1/contract/${contract.slice(0, -1)}x`,
      `/api/cosmwasm/wasm/v1/contract/${contract}/state?pagination.key=%25%25`,
      `/api/cosmwasm/wasm/v1/contract/${contract}/history?pagination.limit=0`,
      "/api/codes/abc",
      "/api/codes/0",
      "/api/contracts?limit=101",
      "/api/contracts?offset=-1",
      "/api/contracts?limit=10&page=2",
      `/api/cw20/${contract}/holders?cursor=bm9wZQ`,
      `/api/cw20/${contract}/holders?limit=1000`,
      "/api/cw20/tokens?cursor=x",
      `/api/multichain/assets/balances/axm1nope?contracts=${contract}`,
      `/api/multichain/assets/balances/${account}?contracts=${account}`,
    ]) {
      expect(await status(url), url).toBe(400);
    }
    for (const url of [
      `/api/cosmwasm/wasm/v1/contract/${unknown}`,
      `/api/cosmwasm/wasm/v1/contract/${unknown}/history`,
      `/api/cosmwasm/wasm/v1/contract/${unknown}/state`,
      "/api/codes/999999",
      "/api/codes/999999/contracts",
      `/api/cw20/token/${unknown}`,
      `/api/cw20/token/${notToken}`,
      `/api/cw20/${notToken}/holders`,
      `/api/cw20/${notToken}/info`,
      `/api/cw20/${unknown}/marketing`,
    ]) {
      expect(await status(url), url).toBe(404);
    }
  });

  it("never answers a generated bad parameter with a 5xx", async () => {
    const contract = view.cw20Tokens()[0].contract;
    for (const v of generateBadValues()) {
      const x = inUrl(v);
      for (const url of [
        `/api/codes/${x}`,
        `/api/codes/${x}/contracts`,
        `/api/contracts?limit=${x}`,
        `/api/codes?offset=${x}`,
        `/api/cosmwasm/wasm/v1/contract/${x}`,
        `/api/cosmwasm/wasm/v1/contract/${contract}/state?pagination.key=${x}`,
        `/api/cosmwasm/wasm/v1/contract/${contract}/history?pagination.limit=${x}`,
        `/api/cw20/tokens?cursor=${x}`,
        `/api/cw20/token/${x}`,
        `/api/cw20/${contract}/holders?cursor=${x}`,
        `/api/cw20/${x}/info`,
        `/api/multichain/assets/balances/${x}`,
        `/api/multichain/assets/balances/${contract}?contracts=${x}`,
      ]) {
        const response = await app.inject({ method: "GET", url });
        expect(response.statusCode, `${url.slice(0, 200)}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
  });
});
