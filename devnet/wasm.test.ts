// The wasm module: checksums, addresses, permissions, admin rules, cw20-base behaviour and storage, abci queries and failing contracts.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { createHash } from "node:crypto";
import { Comet38Client } from "@cosmjs/tendermint-rpc";
import { QueryClient, createProtobufRpcClient, SigningStargateClient, defaultRegistryTypes } from "@cosmjs/stargate";
import { DirectSecp256k1HdWallet, Registry, type GeneratedType } from "@cosmjs/proto-signing";
import { makeCosmoshubPath } from "@cosmjs/amino";
import { fromBech32, toBech32 } from "@cosmjs/encoding";
import { TxRaw, TxBody } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import * as wasmTx from "cosmjs-types/cosmwasm/wasm/v1/tx";
import { QueryClientImpl, QueryContractInfoRequest } from "cosmjs-types/cosmwasm/wasm/v1/query";
import { AccessType, ContractCodeHistoryOperationType } from "cosmjs-types/cosmwasm/wasm/v1/types";
import { createDevnet, type Devnet } from "./index.ts";
import { classicContractAddress, predictableContractAddress } from "./wasm-address.ts";
import { codeBytes } from "./wasm-code.ts";
import { COUNTER_V1 } from "./contracts-counter.ts";

interface Attribute {
  key: string;
  value: string;
}
interface TxEvent {
  type: string;
  attributes: Attribute[];
}
interface DeliveredTx {
  height: number;
  code: number;
  log: string;
  events: TxEvent[];
  messages: { typeUrl: string; value: Uint8Array }[];
}

const BLOCKS = 130;
const WASM_CODECS = [
  wasmTx.MsgStoreCode,
  wasmTx.MsgInstantiateContract,
  wasmTx.MsgInstantiateContract2,
  wasmTx.MsgExecuteContract,
  wasmTx.MsgMigrateContract,
  wasmTx.MsgUpdateAdmin,
  wasmTx.MsgClearAdmin,
];
const CW20_ATTRIBUTES: Record<string, string[]> = {
  transfer: ["from", "to", "amount"],
  send: ["from", "to", "amount"],
  mint: ["to", "amount"],
  burn: ["from", "amount"],
  increase_allowance: ["owner", "spender", "amount"],
  decrease_allowance: ["owner", "spender", "amount"],
  transfer_from: ["from", "to", "by", "amount"],
  send_from: ["from", "to", "by", "amount"],
  burn_from: ["from", "by", "amount"],
  update_marketing: [],
  update_minter: ["new_minter"],
  upload_logo: [],
};

let devnet: Devnet;
let url: string;
let comet: Comet38Client;
let wasm: QueryClientImpl;
/** Every delivered wasm transaction so far, in order (tests broadcast, and each block they make has workload activity). */
const delivered: DeliveredTx[] = [];
const fetched = new Set<string>();

async function rpc(method: string, params: Record<string, unknown> = {}) {
  const response = await fetch(url, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  return ((await response.json()) as { result: any }).result;
}

async function deliveredTx(hash: string, height: number): Promise<DeliveredTx> {
  const result = await rpc("tx", { hash: Buffer.from(hash, "hex").toString("base64") });
  const body = TxBody.decode(TxRaw.decode(Buffer.from(result.tx, "base64")).bodyBytes);
  return { height, code: result.tx_result.code, log: result.tx_result.log, events: result.tx_result.events, messages: body.messages };
}

async function deliveredSoFar(): Promise<DeliveredTx[]> {
  for (const t of devnet.state.txs.filter((t) => t.types.some((type) => type.startsWith("/cosmwasm.")) && !fetched.has(t.hash))) {
    fetched.add(t.hash);
    delivered.push(await deliveredTx(t.hash, t.height));
  }
  return delivered;
}

const attributes = (event: TxEvent) => Object.fromEntries(event.attributes.map((a) => [a.key, a.value]));
const eventsOf = (txs: DeliveredTx[], type: string) => txs.flatMap((tx) => tx.events.filter((e) => e.type === type).map(attributes));
const json = (bytes: Uint8Array) => JSON.parse(Buffer.from(bytes).toString("utf8"));
const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const ofType = (name: string) => (tx: DeliveredTx) => tx.messages.some((m) => m.typeUrl === `/cosmwasm.wasm.v1.${name}`);

function contractByLabel(label: string) {
  return devnet.state.contracts().find((c) => c.label === label)!;
}

async function smart(contract: string, msg: unknown): Promise<any> {
  const { data } = await wasm.SmartContractState({ address: contract, queryData: Buffer.from(JSON.stringify(msg)) });
  return json(data);
}

/** Walks AllContractState with a small page size, following next_key to the end. */
async function allState(address: string, limit = 7n) {
  const models: { key: Uint8Array; value: Uint8Array }[] = [];
  let key: Uint8Array = new Uint8Array();
  let pages = 0;
  do {
    const page = await wasm.AllContractState({ address, pagination: { key, offset: 0n, limit, countTotal: false, reverse: false } });
    models.push(...page.models);
    key = page.pagination!.nextKey;
    pages++;
  } while (key.length > 0);
  return { models, pages };
}

/** cw-storage-plus's key of `Map::new("balance")` for an address, built by hand. */
function balanceKey(address: string): Buffer {
  return Buffer.concat([Buffer.from([0, "balance".length]), Buffer.from("balance"), Buffer.from(address)]);
}

async function signerFor(address: string) {
  const index = devnet.genesis.accounts.find((a) => a.address === address)!.mnemonicIndex;
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(devnet.genesis.mnemonic, { prefix: "axm", hdPaths: [makeCosmoshubPath(index)] });
  const registry = new Registry([...defaultRegistryTypes, ...WASM_CODECS.map((codec): [string, GeneratedType] => [codec.typeUrl, codec])]);
  return SigningStargateClient.connectWithSigner(url, wallet, { registry, broadcastPollIntervalMs: 20 });
}

/** Signs and broadcasts one message, then produces the block that includes it. */
async function broadcast(sender: string, typeUrl: string, value: object) {
  const client = await signerFor(sender);
  const signed = await client.sign(sender, [{ typeUrl, value: { sender, ...value } }], { amount: [{ denom: "uaxm", amount: "20000" }], gas: "800000" }, "");
  const answer = await rpc("broadcast_tx_sync", { tx: Buffer.from(TxRaw.encode(signed).finish()).toString("base64") });
  expect(answer.code, answer.log).toBe(0);
  await devnet.produceBlock();
  client.disconnect();
  const tx = devnet.state.txs.find((t) => t.hash === answer.hash)!;
  return deliveredTx(tx.hash, tx.height);
}

beforeAll(async () => {
  devnet = createDevnet({ clock: "simulated" });
  await devnet.prebuild(BLOCKS);
  url = `http://127.0.0.1:${await devnet.listen(0)}`;
  comet = await Comet38Client.connect(url);
  wasm = new QueryClientImpl(createProtobufRpcClient(QueryClient.withExtensions(comet)));
});

afterAll(async () => {
  comet?.disconnect();
  await devnet.close();
});

describe("codes", () => {
  it("stores each upload under the SHA-256 of its bytes, with its instantiate permission", async () => {
    const stores = (await deliveredSoFar()).filter((tx) => tx.code === 0 && ofType("MsgStoreCode")(tx));
    expect(stores.length).toBeGreaterThanOrEqual(4);
    for (const tx of stores) {
      const msg = wasmTx.MsgStoreCode.decode(tx.messages[0].value);
      const [event] = eventsOf([tx], "store_code");
      expect(event.code_checksum).toBe(sha256Hex(msg.wasmByteCode));
      const { codeInfo, data } = await wasm.Code({ codeId: BigInt(event.code_id) });
      expect(Buffer.from(data).equals(Buffer.from(msg.wasmByteCode))).toBe(true);
      expect(Buffer.from(codeInfo!.dataHash).toString("hex")).toBe(sha256Hex(msg.wasmByteCode));
      expect(codeInfo!.creator).toBe(msg.sender);
      expect(codeInfo!.instantiatePermission).toEqual(msg.instantiatePermission);
    }
    const { codeInfos } = await wasm.Codes({});
    const permissions = new Set(codeInfos.map((c) => c.instantiatePermission.permission));
    expect(permissions).toEqual(new Set([AccessType.ACCESS_TYPE_EVERYBODY, AccessType.ACCESS_TYPE_NOBODY, AccessType.ACCESS_TYPE_ANY_OF_ADDRESSES]));
    expect(codeInfos.map((c) => Number(c.codeId))).toEqual(devnet.state.codes().map((c) => c.id));
  });

  it("rejects bytes that are not wasm and takes a gzipped upload at the checksum of the unpacked code", async () => {
    const [sender] = devnet.genesis.quietAccounts;
    const broken = await broadcast(sender, "/cosmwasm.wasm.v1.MsgStoreCode", { wasmByteCode: Buffer.from("not a wasm module") });
    expect(broken.code).toBe(2);
    expect(broken.log).toMatch(/Bad magic number.*: create wasm contract failed$/);
    const { gzipSync } = await import("node:zlib");
    const wasmBytes = codeBytes(COUNTER_V1);
    const zipped = await broadcast(sender, "/cosmwasm.wasm.v1.MsgStoreCode", { wasmByteCode: gzipSync(wasmBytes) });
    expect(zipped.code, zipped.log).toBe(0);
    expect(eventsOf([zipped], "store_code")[0].code_checksum).toBe(sha256Hex(wasmBytes));
  });
});

describe("contract addresses", () => {
  it("derives classic addresses as wasmd's BuildContractAddressClassic (its own test vectors)", () => {
    const vectors: [number, number, string][] = [
      [0, 0, "purple1w0w8sasnut0jx0vvsnvlc8nayq0q2ej8xgrpwgel05tn6wy4r57qfplul7"],
      [0, 1, "purple156r47kpk4va938pmtpuee4fh77847gqcw2dmpl2nnpwztwfgz04s5cr8hj"],
      [1, 0, "purple1mzdhwvvh22wrt07w59wxyd58822qavwkx5lcej7aqfkpqqlhaqfs5efvjk"],
      [1, 1, "purple14hj2tavq8fpesdwxxcu44rty3hh90vhujrvcmstl4zr3txmfvw9smc2vxm"],
    ];
    for (const [codeId, instanceId, expected] of vectors) {
      expect(toBech32("purple", fromBech32(classicContractAddress(codeId, instanceId), 90).data)).toBe(expected);
    }
  });

  it("derives Instantiate2 addresses as BuildContractAddressPredictable (wasmd's golden vector)", () => {
    const creator = toBech32("axm", Buffer.from("9999999999aaaaaaaaaabbbbbbbbbbcccccccccc", "hex"));
    const checksum = Buffer.from("13a1fc994cc6d1c81b746ee0c0ff6f90043875e0bf1d9be6b7d779fc978dc2a5", "hex");
    const address = predictableContractAddress(checksum, creator, Buffer.from("61", "hex"), Buffer.from("{}"));
    expect(toBech32("purple", fromBech32(address, 90).data)).toBe("purple1px25n9sgj3a99q0zcl4awx7my6s6mxqegmdd2lmvf5lwxh080q6suttktr");
  });

  it("gives every instantiation of the run the address its code, instance sequence or salt imply", async () => {
    let instance = 0;
    for (const tx of (await deliveredSoFar()).filter((t) => t.code === 0 && (ofType("MsgInstantiateContract")(t) || ofType("MsgInstantiateContract2")(t)))) {
      const [event] = eventsOf([tx], "instantiate");
      if (tx.messages[0].typeUrl.endsWith("2")) {
        const msg = wasmTx.MsgInstantiateContract2.decode(tx.messages[0].value);
        const checksum = Buffer.from(devnet.state.codes().find((c) => c.id === Number(msg.codeId))!.checksum, "hex");
        expect(event._contract_address).toBe(predictableContractAddress(checksum, msg.sender, msg.salt, msg.fixMsg ? msg.msg : new Uint8Array()));
      } else {
        const msg = wasmTx.MsgInstantiateContract.decode(tx.messages[0].value);
        expect(event._contract_address).toBe(classicContractAddress(Number(msg.codeId), ++instance));
      }
      expect(fromBech32(event._contract_address, 90).data.length).toBe(32);
    }
    expect(instance).toBeGreaterThanOrEqual(8);
  });
});

describe("permissions and admins", () => {
  it("refuses instantiation to whoever a code's permission leaves out", async () => {
    const refused = (await deliveredSoFar()).filter((tx) => tx.code !== 0 && ofType("MsgInstantiateContract")(tx));
    expect(refused.length).toBeGreaterThanOrEqual(2);
    const seen = new Set<number>();
    for (const tx of refused) {
      expect(tx.log).toMatch(/^failed to execute message; message index: 0: can not instantiate: unauthorized$/);
      const msg = wasmTx.MsgInstantiateContract.decode(tx.messages[0].value);
      const { instantiatePermission } = await wasm.CodeInfo({ codeId: msg.codeId });
      seen.add(instantiatePermission.permission);
      expect(instantiatePermission.addresses).not.toContain(msg.sender);
    }
    expect(seen).toEqual(new Set([AccessType.ACCESS_TYPE_NOBODY, AccessType.ACCESS_TYPE_ANY_OF_ADDRESSES]));

    const quiet = devnet.genesis.quietAccounts[1];
    const restricted = devnet.state.codes().find((c) => c.permission === "AnyOfAddresses")!;
    const open = devnet.state.codes().find((c) => c.permission === "Everybody" && c.program === "crates.io:counter@0.1.0")!;
    const instantiate = (codeId: number, label: string) =>
      broadcast(quiet, "/cosmwasm.wasm.v1.MsgInstantiateContract", { admin: quiet, codeId: BigInt(codeId), label, msg: Buffer.from('{"count":3}'), funds: [] });
    expect((await instantiate(restricted.id, "Not allowed")).log).toMatch(/can not instantiate: unauthorized$/);
    const allowed = await instantiate(open.id, "Quiet counter");
    expect(allowed.code, allowed.log).toBe(0);
    const address = eventsOf([allowed], "instantiate")[0]._contract_address;
    const { contracts } = await wasm.ContractsByCode({ codeId: BigInt(open.id) });
    expect(contracts).toContain(address);
    expect((await smart(address, { get_count: {} })).count).toBe(3);
  });

  it("lets only the admin migrate, update or clear the admin, and keeps the history", async () => {
    const counter = contractByLabel("Block Counter");
    const { entries } = await wasm.ContractHistory({ address: counter.address });
    expect(entries.map((e) => e.operation)).toEqual([
      ContractCodeHistoryOperationType.CONTRACT_CODE_HISTORY_OPERATION_TYPE_INIT,
      ContractCodeHistoryOperationType.CONTRACT_CODE_HISTORY_OPERATION_TYPE_MIGRATE,
    ]);
    const migration = (await deliveredSoFar()).find((tx) => tx.code === 0 && ofType("MsgMigrateContract")(tx))!;
    const migrateMsg = wasmTx.MsgMigrateContract.decode(migration.messages[0].value);
    expect(eventsOf([migration], "migrate")[0]).toEqual({ code_id: String(migrateMsg.codeId), _contract_address: counter.address, msg_index: "0" });
    expect(entries[1].codeId).toBe(migrateMsg.codeId);
    expect(Number(entries[1].updated!.blockHeight)).toBe(migration.height);
    const { contractInfo } = await wasm.ContractInfo({ address: counter.address });
    expect(contractInfo.codeId).toBe(migrateMsg.codeId);

    const refused = (await deliveredSoFar()).find((tx) => tx.code !== 0 && ofType("MsgMigrateContract")(tx))!;
    expect(refused.log).toMatch(/can not migrate: unauthorized$/);
    const target = wasmTx.MsgMigrateContract.decode(refused.messages[0].value);
    expect((await wasm.ContractInfo({ address: target.contract })).contractInfo.admin).not.toBe(target.sender);

    const updates = (await deliveredSoFar()).filter((tx) => tx.code === 0 && (ofType("MsgUpdateAdmin")(tx) || ofType("MsgClearAdmin")(tx)));
    for (const tx of updates) {
      const event = eventsOf([tx], "update_contract_admin")[0];
      expect((await wasm.ContractInfo({ address: event._contract_address })).contractInfo.admin).toBe(event.new_admin_address);
    }
    expect(updates.map((tx) => eventsOf([tx], "update_contract_admin")[0].new_admin_address)).toContain("");

    const [, , , owner, heir] = devnet.genesis.quietAccounts;
    const created = await broadcast(owner, "/cosmwasm.wasm.v1.MsgInstantiateContract", {
      admin: owner,
      codeId: BigInt(devnet.state.codes().find((c) => c.program === "crates.io:counter@0.1.0")!.id),
      label: "Handed over",
      msg: Buffer.from('{"count":0}'),
      funds: [],
    });
    const address = eventsOf([created], "instantiate")[0]._contract_address;
    expect((await broadcast(owner, "/cosmwasm.wasm.v1.MsgUpdateAdmin", { contract: address, newAdmin: heir })).code).toBe(0);
    expect((await broadcast(owner, "/cosmwasm.wasm.v1.MsgClearAdmin", { contract: address })).log).toMatch(/can not modify contract: unauthorized$/);
    const cleared = await broadcast(heir, "/cosmwasm.wasm.v1.MsgClearAdmin", { contract: address });
    expect(eventsOf([cleared], "update_contract_admin")[0]).toEqual({ _contract_address: address, new_admin_address: "", msg_index: "0" });
    expect((await wasm.ContractInfo({ address })).contractInfo.admin).toBe("");
  });
});

describe("CW-20 tokens", () => {
  it("keeps every token's balances equal to a replay of its wasm events, and their sum equal to total_supply", async () => {
    const tokens = devnet.state.cw20Tokens();
    expect(tokens.length).toBeGreaterThanOrEqual(4);
    const replay = new Map<string, Map<string, bigint>>();
    for (const tx of (await deliveredSoFar()).filter((t) => t.code === 0)) {
      tx.messages.forEach((message, i) => {
        if (message.typeUrl !== "/cosmwasm.wasm.v1.MsgInstantiateContract") return;
        const msg = json(wasmTx.MsgInstantiateContract.decode(message.value).msg);
        const instantiated = tx.events.find((e) => e.type === "instantiate" && attributes(e).msg_index === String(i));
        if (!msg.initial_balances) return;
        replay.set(
          attributes(instantiated!)._contract_address,
          new Map(msg.initial_balances.map((b: { address: string; amount: string }) => [b.address, BigInt(b.amount)])),
        );
      });
      for (const event of eventsOf([tx], "wasm")) {
        const book = replay.get(event._contract_address);
        if (!book) continue;
        const add = (who: string, delta: bigint) => book.set(who, (book.get(who) ?? 0n) + delta);
        const amount = BigInt(event.amount ?? "0");
        if (["transfer", "send", "transfer_from", "send_from"].includes(event.action)) {
          add(event.from, -amount);
          add(event.to, amount);
        } else if (event.action === "mint") add(event.to, amount);
        else if (event.action === "burn" || event.action === "burn_from") add(event.from, -amount);
      }
    }
    for (const { contract, tokenInfo } of tokens) {
      const stored = new Map<string, bigint>();
      for (const { key, value } of (await allState(contract)).models) {
        const text = Buffer.from(key).toString("latin1");
        if (text.startsWith("\u0000\u0007balance")) stored.set(text.slice(9), BigInt(json(value)));
      }
      const supply = BigInt((await smart(contract, { token_info: {} })).total_supply);
      expect(
        [...stored.values()].reduce((a, b) => a + b, 0n),
        tokenInfo.symbol,
      ).toBe(supply);
      const replayed = replay.get(contract)!;
      for (const holder of new Set([...replayed.keys(), ...stored.keys()])) {
        expect(stored.get(holder) ?? 0n, `${tokenInfo.symbol} ${holder}`).toBe(replayed.get(holder) ?? 0n);
      }
      expect(stored).toEqual(devnet.state.cw20Balances(contract));
    }
    const holders = tokens.map((t) => [...devnet.state.cw20Balances(t.contract).values()].filter((b) => b > 0n).length);
    expect(Math.max(...holders)).toBeGreaterThanOrEqual(100);
  });

  it("stores balances under cw-storage-plus keys and answers the balance query from them", async () => {
    const token = devnet.state.cw20Tokens()[0].contract;
    const holders = [...devnet.state.cw20Balances(token)].slice(0, 12);
    for (const [holder, amount] of holders) {
      const { data } = await wasm.RawContractState({ address: token, queryData: balanceKey(holder) });
      expect(json(data)).toBe(amount.toString());
      expect(await smart(token, { balance: { address: holder } })).toEqual({ balance: amount.toString() });
    }
    const { data } = await wasm.RawContractState({ address: token, queryData: Buffer.from("token_info") });
    expect(json(data).total_supply).toBe((await smart(token, { token_info: {} })).total_supply);
  });

  it("enforces the mint cap, with the cap and minter the minter query reports", async () => {
    const capped = (await deliveredSoFar()).filter((tx) => tx.code !== 0 && /Minting cannot exceed the cap: execute wasm contract failed$/.test(tx.log));
    expect(capped.length).toBeGreaterThanOrEqual(1);
    for (const { contract, tokenInfo } of devnet.state.cw20Tokens()) {
      const minter = await smart(contract, { minter: {} });
      expect(minter).toEqual(tokenInfo.mint);
      if (minter?.cap) expect(BigInt(tokenInfo.total_supply)).toBeLessThanOrEqual(BigInt(minter.cap));
    }
    const kinds = devnet.state.cw20Tokens().map((t) => (t.tokenInfo.mint === null ? "none" : t.tokenInfo.mint.cap === null ? "uncapped" : "capped"));
    expect(new Set(kinds)).toEqual(new Set(["none", "uncapped", "capped"]));
  });

  it("emits cw20-base's wasm attributes, in its order, for every action", async () => {
    const cw20 = new Set(devnet.state.cw20Tokens().map((t) => t.contract));
    const actions = new Set<string>();
    for (const tx of (await deliveredSoFar()).filter((t) => t.code === 0)) {
      for (const event of tx.events.filter((e) => e.type === "wasm" && cw20.has(e.attributes[0].value))) {
        const keys = event.attributes.map((a) => a.key);
        const action = event.attributes[1].value;
        actions.add(action);
        expect(keys).toEqual(["_contract_address", "action", ...CW20_ATTRIBUTES[action], "msg_index"]);
        expect(tx.events[tx.events.indexOf(event) - 1]).toMatchObject({
          type: "execute",
          attributes: [{ key: "_contract_address", value: event.attributes[0].value }, { key: "msg_index" }],
        });
      }
    }
    for (const action of ["transfer", "send", "mint", "burn", "increase_allowance", "transfer_from", "update_marketing"])
      expect(actions, action).toContain(action);
  });

  it("hands a send to the receiving contract's Receive, as a sub-message of the same message", async () => {
    const names = contractByLabel("AXM Name Service");
    const sends = (await deliveredSoFar()).filter((tx) => tx.code === 0 && eventsOf([tx], "wasm").some((e) => e.action === "send"));
    expect(sends.length).toBeGreaterThan(0);
    for (const tx of sends) {
      const types = tx.events
        .map((e) => (e.type === "execute" || e.type === "wasm" ? `${e.type}:${e.attributes[0].value}` : e.type))
        .filter((t) => t.includes(":"));
      const sent = eventsOf([tx], "wasm").find((e) => e.action === "send")!;
      expect(types).toEqual([`execute:${sent._contract_address}`, `wasm:${sent._contract_address}`, `execute:${names.address}`, `wasm:${names.address}`]);
      expect(eventsOf([tx], "wasm")[1]).toMatchObject({ action: "register", owner: sent.from, paid_with: sent._contract_address, amount: sent.amount });
    }
  });

  it("answers token_info and marketing_info as cw20-base does, logos included", async () => {
    for (const { contract, tokenInfo, marketing } of devnet.state.cw20Tokens()) {
      const { name, symbol, decimals, total_supply } = tokenInfo;
      expect(await smart(contract, { token_info: {} })).toEqual({ name, symbol, decimals, total_supply });
      const answer = await smart(contract, { marketing_info: {} });
      expect(answer).toEqual(marketing ?? { project: null, description: null, logo: null, marketing: null });
      if (!answer.logo) continue;
      const logo = await fetch(`${url}${answer.logo.url}`);
      expect(logo.status).toBe(200);
      expect(logo.headers.get("content-type")).toBe("image/svg+xml");
      expect(await logo.text()).toContain(symbol);
    }
    const descriptions = devnet.state.cw20Tokens().map((t) => t.marketing?.description);
    expect(descriptions).toContain("");
    expect(descriptions).toContain(undefined);
    const xss = descriptions.find((d) => d?.includes("<script>"))!;
    for (const payload of [
      "onerror=alert(1)",
      "<script>alert(2)</script>",
      'href="javascript:alert(3)"',
      "<iframe",
      "style=",
      "<b>",
      "<i>",
      '<a href="https://',
    ])
      expect(xss).toContain(payload);
    expect((await fetch(`${url}/token-logos/NOPE.svg`)).status).toBe(404);
  });
});

describe("queries", () => {
  it("pages AllContractState, ContractHistory and Codes by next_key over every entry, in key order", async () => {
    for (const contract of devnet.state.contracts()) {
      const { models, pages } = await allState(contract.address, 5n);
      const expected = devnet.state.contractState(contract.address);
      expect(models.map((m) => Buffer.from(m.key).toString("hex"))).toEqual(expected.map((m) => Buffer.from(m.key).toString("hex")));
      expect(models.map((m) => Buffer.from(m.value).toString("hex"))).toEqual(expected.map((m) => Buffer.from(m.value).toString("hex")));
      const keys = models.map((m) => Buffer.from(m.key));
      expect(keys.every((k, i) => i === 0 || Buffer.compare(keys[i - 1], k) < 0)).toBe(true);
      expect(pages).toBe(Math.max(1, Math.ceil(models.length / 5)));
    }
    const big = devnet.state.cw20Tokens()[0].contract;
    const counted = await wasm.AllContractState({
      address: big,
      pagination: { key: new Uint8Array(), offset: 0n, limit: 3n, countTotal: true, reverse: false },
    });
    expect(Number(counted.pagination!.total)).toBe(devnet.state.contractState(big).length);

    const codes: bigint[] = [];
    let key: Uint8Array = new Uint8Array();
    do {
      const page = await wasm.Codes({ pagination: { key, offset: 0n, limit: 2n, countTotal: false, reverse: false } });
      codes.push(...page.codeInfos.map((c) => c.codeId));
      key = page.pagination!.nextKey;
    } while (key.length > 0);
    expect(codes.map(Number)).toEqual(devnet.state.codes().map((c) => c.id));

    const counter = contractByLabel("Block Counter");
    const first = await wasm.ContractHistory({
      address: counter.address,
      pagination: { key: new Uint8Array(), offset: 0n, limit: 1n, countTotal: false, reverse: false },
    });
    const second = await wasm.ContractHistory({
      address: counter.address,
      pagination: { key: first.pagination!.nextKey, offset: 0n, limit: 1n, countTotal: false, reverse: false },
    });
    expect([...first.entries, ...second.entries].map((e) => json(e.msg))).toEqual(counter.history.map((h) => h.msg));
    expect(second.pagination!.nextKey.length).toBe(0);
  });

  it("simulates an instantiation without keeping the contract or using up an instance id", async () => {
    const [, , , , , , sender] = devnet.genesis.quietAccounts;
    const code = devnet.state.codes().find((c) => c.program === "crates.io:counter@0.1.0")!;
    const message = {
      typeUrl: "/cosmwasm.wasm.v1.MsgInstantiateContract",
      value: { sender, admin: "", codeId: BigInt(code.id), label: "Dry run", msg: Buffer.from('{"count":1}'), funds: [] },
    };
    const before = devnet.state.contracts().length;
    const client = await signerFor(sender);
    expect(await client.simulate(sender, [message], "")).toBeGreaterThan(100_000);
    client.disconnect();
    expect(devnet.state.contracts().length).toBe(before);
    const created = await broadcast(sender, message.typeUrl, message.value);
    // Classic instance ids number the contracts made without a salt: all but the Salted Counter.
    expect(eventsOf([created], "instantiate")[0]._contract_address).toBe(
      classicContractAddress(code.id, devnet.state.contracts().filter((c) => !c.label.startsWith("Salted")).length),
    );
  });

  it("reports the contract info of every contract, and wasmd's errors for unknown contracts and codes", async () => {
    for (const c of devnet.state.contracts()) {
      const { contractInfo } = await wasm.ContractInfo({ address: c.address });
      expect(contractInfo).toMatchObject({ codeId: BigInt(c.codeId), creator: c.creator, admin: c.admin, label: c.label });
      expect(contractInfo.created).toEqual({ blockHeight: BigInt(c.createdHeight), txIndex: BigInt(c.createdTxIndex) });
      const instantiated = (await deliveredSoFar()).find(
        (tx) => tx.code === 0 && eventsOf([tx], "instantiate").some((e) => e._contract_address === c.address),
      )!;
      expect(instantiated.height).toBe(c.createdHeight);
    }
    const unknown = classicContractAddress(999, 999);
    const answer = await rpc("abci_query", {
      path: "/cosmwasm.wasm.v1.Query/ContractInfo",
      data: Buffer.from(QueryContractInfoRequest.encode({ address: unknown }).finish()).toString("hex"),
    });
    expect(answer.response).toMatchObject({ code: 22, codespace: "wasm", log: `address ${unknown}: no such contract` });
    await expect(wasm.Code({ codeId: 999n })).rejects.toThrow(/code id 999: no such code/);
    await expect(smart(contractByLabel("Weekly Lottery").address, { nothing: {} })).rejects.toThrow(/unknown variant `nothing`.*query wasm contract failed/);
  });
});

describe("the failing contract", () => {
  it("fails every execution on chain with the contract's error in the log, keeping only the ante events and the funds", async () => {
    const lottery = contractByLabel("Weekly Lottery");
    const executions = (await deliveredSoFar()).filter((tx) =>
      tx.messages.some((m) => m.typeUrl.endsWith("MsgExecuteContract") && wasmTx.MsgExecuteContract.decode(m.value).contract === lottery.address),
    );
    expect(executions.length).toBeGreaterThan(0);
    for (const tx of executions) {
      expect(tx.code).toBe(5);
      expect(tx.log).toMatch(
        /^failed to execute message; message index: 0: Ticket sales are closed for round 0: the draw schedule is not set: execute wasm contract failed$/,
      );
      expect(tx.events.map((e) => e.type)).toEqual(["coin_spent", "coin_received", "transfer", "message", "tx", "tx", "tx"]);
    }
    expect(lottery.executeMessages).toBe(0);
    expect(devnet.state.balances(lottery.address)).toBe(0n);
  });

  it("keeps the AXM paid for names in the name service's account", async () => {
    const names = contractByLabel("AXM Name Service");
    const paid = (await deliveredSoFar())
      .filter((tx) => tx.code === 0)
      .flatMap((tx) => tx.messages.filter((m) => m.typeUrl.endsWith("MsgExecuteContract")).map((m) => wasmTx.MsgExecuteContract.decode(m.value)))
      .filter((m) => m.contract === names.address)
      .reduce((sum, m) => sum + m.funds.reduce((s, c) => s + BigInt(c.amount), 0n), 0n);
    expect(paid).toBeGreaterThan(0n);
    expect(devnet.state.balances(names.address)).toBe(paid);
  });
});
