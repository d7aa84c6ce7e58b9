// Integration: devnet → indexer → database → API, checked against the devnet's own state, on each engine.
import { encodeSecp256k1Pubkey, pubkeyToAddress } from "@cosmjs/amino";
import { fromBase64, toBase64 } from "@cosmjs/encoding";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { AuthInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bytesToAccount } from "../core/address.ts";
import { pageAddressEvents } from "../db/queries/events.ts";
import { ENGINES } from "./support/databases.ts";
import { indexedDevnet, type IndexedDevnet } from "./support/pipeline.ts";

const BLOCKS = 80;

describe.each(ENGINES)("the index of a devnet on %s", (engine) => {
  let indexed: IndexedDevnet;
  let chain: IndexedDevnet["chain"];
  let app: IndexedDevnet["app"];
  const get = (url: string) => indexed.get(url);

  beforeAll(async () => {
    indexed = await indexedDevnet(engine, BLOCKS);
    ({ chain, app } = indexed);
  });
  afterAll(async () => {
    await indexed?.close();
  });

  it("counts every transaction, failed ones and each message type as the chain does", async () => {
    const { counts } = chain.devnet.state;
    expect((await get("/api/transactions/paginate/records_count")).totalRecords).toBe(counts.txs);
    expect((await get("/api/transactions/paginate/records_count?status=1")).totalRecords).toBe(counts.failed);
    expect((await get("/api/transactions/paginate/records_count?status=0")).totalRecords).toBe(counts.txs - counts.failed);
    expect(counts.failed).toBeGreaterThan(0);
    const types: string[] = await get("/api/blockchain/config/txfilter");
    expect(types).toEqual(Object.keys(counts.byType).sort());
    for (const type of types) {
      const withType = chain.devnet.state.txs.filter((tx) => tx.types.includes(type)).length;
      expect((await get(`/api/transactions/paginate/records_count?type=${type}`)).totalRecords, type).toBe(withType);
    }
    const multi = chain.devnet.state.txs.filter((tx) => tx.types.some((type) => type.endsWith("MsgSend") || type.endsWith("MsgDelegate"))).length;
    const both = "/cosmos.bank.v1beta1.MsgSend,/axiome.staking.v1beta1.MsgDelegate";
    expect((await get(`/api/transactions/paginate/records_count?type=${both}`)).totalRecords).toBe(multi);
    expect((await get(`/api/transactions/paginate/100/1?type=${both}&status=0`)).data.every((t: { code: number }) => t.code === 0)).toBe(true);
    const stat = await get("/api/blockchain/stat");
    expect(stat.txsTotal).toBe(counts.txs);
  });

  it("keeps each transaction's height, code and fee", async () => {
    const txs = chain.devnet.state.txs;
    let fees = 0n;
    for (const tx of txs.filter((_, i) => i % 7 === 0)) {
      const stored = await get(`/api/transactions/${tx.hash.toLowerCase()}`);
      expect([stored.blockId, stored.index, stored.code, stored.type]).toEqual([tx.height, tx.index, tx.code, tx.types]);
      expect(BigInt(stored.fee[0].amount)).toBe(tx.fee);
      if (tx.code !== 0) expect(stored.log.length).toBeGreaterThan(0);
    }
    for (let page = 1; ; page++) {
      const { data } = await get(`/api/transactions/paginate/100/${page}`);
      if (data.length === 0) break;
      for (const tx of data) fees += BigInt(tx.fee[0]?.amount ?? 0);
    }
    expect(fees).toBe(txs.reduce((sum, tx) => sum + tx.fee, 0n));
  });

  /** A transaction's bytes (base64) as the devnet's RPC gives its block. */
  const rawOf = async (height: number, index: number): Promise<string> =>
    ((await (await fetch(`${chain.url}/block?height=${height}`)).json()) as { result: { block: { data: { txs: string[] } } } }).result.block.data.txs[index];

  it("gives each transaction whole, decoded from the bytes its block carries: body, auth info and signatures", async () => {
    const txs = chain.devnet.state.txs;
    for (const record of txs.filter((_, i) => i % 11 === 0)) {
      const bytes = fromBase64(await rawOf(record.height, record.index));
      const raw = TxRaw.decode(bytes);
      const authInfo = AuthInfo.decode(raw.authInfoBytes);
      const body = TxBody.decode(raw.bodyBytes);
      const { tx } = await get(`/api/transactions/${record.hash}`);
      expect(Object.keys(tx)).toEqual(["body", "auth_info", "signatures"]);
      expect(tx.signatures).toEqual(raw.signatures.map((s) => toBase64(s)));
      expect(tx.body.memo).toBe(body.memo);
      expect(tx.body.timeout_height).toBe(body.timeoutHeight.toString());
      expect(tx.body.messages.map((m: { "@type": string }) => m["@type"])).toEqual(record.types);
      const [signer] = tx.auth_info.signer_infos;
      expect(tx.auth_info.signer_infos).toHaveLength(authInfo.signerInfos.length);
      expect(signer.public_key).toEqual({
        "@type": "/cosmos.crypto.secp256k1.PubKey",
        key: toBase64(PubKey.decode(authInfo.signerInfos[0].publicKey!.value).key),
      });
      expect(pubkeyToAddress(encodeSecp256k1Pubkey(fromBase64(signer.public_key.key)), "axm")).toBe(record.signer);
      expect(signer.mode_info).toEqual({ single: { mode: "SIGN_MODE_DIRECT" } });
      expect(signer.sequence).toBe(authInfo.signerInfos[0].sequence.toString());
      expect(tx.auth_info.fee).toEqual({
        amount: [{ denom: "uaxm", amount: record.fee.toString() }],
        gas_limit: authInfo.fee!.gasLimit.toString(),
        payer: "",
        granter: "",
      });
    }
    // A transaction indexed before the index kept bytes: its messages and memo, nothing made up.
    const [first] = txs;
    const whole = await get(`/api/transactions/${first.hash}`);
    await indexed.db.query("update transactions set raw = null where hash = $1", [first.hash]);
    const stored = await get(`/api/transactions/${first.hash}`);
    await indexed.db.query("update transactions set raw = $2 where hash = $1", [first.hash, await rawOf(first.height, first.index)]);
    expect(stored.tx).toEqual({ body: { messages: whole.tx.body.messages, memo: whole.tx.body.memo } });
    expect(stored.undecodable).toBe(false);
  });

  it("lists for an address every transaction that names it, newest first", async () => {
    const txs = chain.devnet.state.txs;
    for (const address of chain.devnet.genesis.workloadAccounts.slice(0, 12)) {
      const expected = txs.filter((tx) => tx.addresses.includes(address)).map((tx) => tx.hash);
      const total = (await get(`/api/transactions/paginate/records_count?address=${address}`)).totalRecords;
      const listed: string[] = [];
      for (let page = 1; listed.length < total; page++)
        listed.push(...(await get(`/api/transactions/paginate/10/${page}?address=${address}`)).data.map((t: { _id: string }) => t._id));
      expect(listed.length).toBe(total);
      // The index also lists transactions that name the address only in events (rewards, partner fees).
      expect(listed.filter((hash) => expected.includes(hash))).toEqual([...expected].reverse());
    }
  });

  it("agrees with the chain's supply, bonded coins, burns and mints", async () => {
    const stat = await get("/api/blockchain/stat");
    expect(BigInt(stat.totalSupply)).toBe(chain.devnet.state.supply);
    expect(BigInt(stat.delegatedSupply)).toBe(chain.devnet.state.bonded);
    expect(BigInt(stat.burnedTotal)).toBe(chain.devnet.state.burned);
    expect(BigInt(stat.burnedTotal)).toBeGreaterThan(0n);
    const minted = await indexed.db.query<{ minted: string }>("select minted::text from chain_counters");
    expect(BigInt(minted[0].minted)).toBe(chain.devnet.state.minted);
  });

  it("pages blocks, consensus entries and events", async () => {
    const latest = await get("/api/blocks/latest");
    expect(latest._id).toBe(BLOCKS);
    expect(latest.proposerValidator?.name).toBeTruthy();
    const range = await get(`/api/blocks/${BLOCKS - 9}-${BLOCKS}`);
    expect(range.map((b: { _id: number }) => b._id)).toEqual([...Array(10).keys()].map((i) => BLOCKS - i));
    const consensus = await get(`/api/consensus/${BLOCKS - 9}-${BLOCKS - 1}`);
    expect(consensus.length).toBe(9);
    expect(consensus[0].validators.length).toBeGreaterThan(0);
    const block = await get(`/api/blocks/${BLOCKS}`);
    expect(block.txs.length).toBe(block.txCnt);
    const address = chain.devnet.genesis.workloadAccounts[0];
    const events = await get(`/api/events/paginate/records_count?address=${address}`);
    expect(events.totalRecords).toBeGreaterThan(0);
    const page = await get(`/api/events/paginate/30/1?address=${address}`);
    expect(page.data.length).toBe(Math.min(30, events.totalRecords));
    expect(page.data.every((e: { related: string[] }) => e.related.includes(address))).toBe(true);
    const all: string[] = [];
    for (let p = 1; p <= Math.ceil(events.totalRecords / 30) + 1; p++) {
      all.push(...(await get(`/api/events/paginate/30/${p}?address=${address}`)).data.map((e: object) => JSON.stringify(e)));
    }
    expect(all.length).toBe(events.totalRecords);
    const heights = all.map((e) => JSON.parse(e).blockId);
    expect(heights).toEqual([...heights].sort((a, b) => b - a));
    // Pages of every size split the list at every place, also inside a row of several events (one transaction's):
    // together they are the same list, none dropped or repeated.
    const newestFirst = all.map((e) => JSON.parse(e) as { type: string; blockId: number; txHash: string | null });
    for (let size = 1; size <= 7; size++) {
      const paged = [];
      for (let p = 1; p <= Math.ceil(events.totalRecords / size); p++) paged.push(...(await pageAddressEvents(indexed.db, address, size, p)));
      expect(paged.map((e) => ({ type: e.event?.type, blockId: e.height, txHash: e.tx_hash }))).toEqual(
        newestFirst.map((e) => ({ type: e.type, blockId: e.blockId, txHash: e.txHash })),
      );
    }
    // An address the chain never named: no count, and an empty first page rather than an error.
    const stranger = bytesToAccount(new Uint8Array(20).fill(7));
    expect(await get(`/api/events/paginate/records_count?address=${stranger}`)).toEqual({ totalRecords: 0 });
    expect(await get(`/api/events/paginate/30/1?address=${stranger}`)).toEqual({ data: [] });
  });

  it("finds a block by height, a transaction by hash in any case, an account and a validator", async () => {
    const search = async (query: string) => (await app.inject({ method: "POST", url: "/api/blockchain/search", payload: { query } })).json();
    expect(await search("12")).toMatchObject({ type: "block", data: { _id: 12 } });
    const tx = chain.devnet.state.txs[3];
    expect(await search(tx.hash.toLowerCase())).toMatchObject({ type: "tx", data: { _id: tx.hash } });
    expect(await search(tx.hash)).toMatchObject({ type: "tx", data: { _id: tx.hash } });
    const account = chain.devnet.genesis.workloadAccounts[1];
    expect(await search(` ${account} `)).toEqual({ type: "account", data: { account: { address: account } } });
    const validator = chain.devnet.genesis.validators[0];
    expect(await search(validator.operatorAddress)).toMatchObject({ type: "validator", data: { address: validator.operatorAddress } });
    const named = chain.devnet.genesis.validators[2];
    const firstWord = named.moniker.split(" ")[0];
    expect(await search(firstWord.toUpperCase())).toMatchObject({ type: "validator", data: { address: named.operatorAddress, name: named.moniker } });
    expect(await search("999999")).toEqual({ type: "unknown", data: null });
    expect(await search("no_such_name")).toEqual({ type: "unknown", data: null });
  });
});
