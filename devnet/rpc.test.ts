// The devnet's RPC, read by cosmjs' own CometBFT 0.38 client and used by a cosmjs signing client.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { Comet38Client } from "@cosmjs/tendermint-rpc";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { makeCosmoshubPath } from "@cosmjs/amino";
import { SigningStargateClient, StargateClient, QueryClient, setupBankExtension } from "@cosmjs/stargate";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { QueryPoolResponse, QueryValidatorsRequest, QueryValidatorsResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import { createDevnet, type Devnet } from "./index.ts";

let devnet: Devnet;
let port: number;
let url: string;

async function rpc(method: string, params: Record<string, unknown> = {}) {
  const response = await fetch(url, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 7, method, params }) });
  return (await response.json()) as { jsonrpc: string; id: number; result?: any; error?: any };
}

async function untilMempoolHas(count: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { result } = await rpc("num_unconfirmed_txs");
    if (Number(result.n_txs) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("transaction never reached the mempool");
}

async function walletFor(index: number) {
  return DirectSecp256k1HdWallet.fromMnemonic(devnet.genesis.mnemonic, { prefix: "axm", hdPaths: [makeCosmoshubPath(index)] });
}

beforeAll(async () => {
  devnet = createDevnet({ seed: "rpc", clock: "simulated", txsPerBlock: 6 });
  await devnet.prebuild(40);
  port = await devnet.listen(0);
  url = `http://127.0.0.1:${port}`;
});

afterAll(() => devnet.close());

describe("devnet RPC read by cosmjs' Comet38Client", () => {
  it("answers status, block, block_results, validators, commit and blockchain in 0.38 shapes", async () => {
    const client = await Comet38Client.connect(url);
    const status = await client.status();
    expect(status.nodeInfo.network).toBe("axm-devnet-1");
    expect(status.syncInfo.latestBlockHeight).toBe(40);
    expect(status.syncInfo.catchingUp).toBe(false);

    const block = await client.block(12);
    expect(block.block.header.height).toBe(12);
    expect(block.block.lastCommit?.height).toBe(11);
    const validators = devnet.genesis.validators.map((v) => v.consensusAddressHex);
    expect(validators).toContain(Buffer.from(block.block.header.proposerAddress).toString("hex").toUpperCase());
    // Nine genesis validators, of which the seven most powerful are bonded and sign.
    expect(validators.length).toBe(9);
    expect(block.block.lastCommit?.signatures.length).toBe(7);

    const results = await client.blockResults(12);
    expect(results.results.length).toBe(block.block.txs.length);
    // No x/mint: BeginBlock allocates the last block's fees, with the global commission, and mints nothing.
    expect(results.finalizeBlockEvents.some((e) => e.type === "commission")).toBe(true);
    expect(results.finalizeBlockEvents.some((e) => e.type === "coinbase" || e.type === "mint")).toBe(false);

    const set = await client.validators({ height: 12 });
    expect(set.total).toBe(7);
    expect(set.validators[0].votingPower).toBeGreaterThan(0n);

    const commit = await client.commit(12);
    expect(Buffer.from(commit.commit.blockId.hash).toString("hex").toUpperCase()).toBe(Buffer.from(block.blockId.hash).toString("hex").toUpperCase());
    const chain = await client.blockchain(1, 40);
    expect(chain.blockMetas.length).toBe(20);
    expect(chain.blockMetas[0].header.height).toBe(40);

    const genesis = await client.genesis();
    expect(genesis.validators.length).toBe(7);
    client.disconnect();
  });

  it("serves the same answers on GET with URI parameters", async () => {
    const byGet = await (await fetch(`${url}/block?height=5`)).json();
    const byPost = await rpc("block", { height: "5" });
    expect(byGet.result).toEqual(byPost.result);
    expect(byGet.id).toBe(-1);
  });

  it("refuses heights beyond the chain head like a real node", async () => {
    const answer = await rpc("block", { height: "999" });
    expect(answer.error).toEqual({
      code: -32603,
      message: "Internal error",
      data: "height 999 must be less than or equal to the current blockchain height 40",
    });
    const results = await (await fetch(`${url}/block_results?height=999`)).json();
    expect(results.error.code).toBe(-32603);
  });

  it("answers abci_query for accounts, balances, supply, the chain's own staking service; unknown and cosmos.* staking paths with code 6", async () => {
    const client = await StargateClient.connect(url);
    const user = devnet.genesis.accounts[20].address;
    const account = await client.getAccount(user);
    expect(account?.address).toBe(user);
    expect(Number(account?.accountNumber)).toBe(devnet.state.account(user)!.accountNumber);
    const balance = await client.getBalance(user, "uaxm");
    expect(BigInt(balance.amount)).toBe(devnet.state.balances(user));
    expect(await client.getAccount("axm1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqnrql8a")).toBeNull();

    const comet = await Comet38Client.connect(url);
    const query = QueryClient.withExtensions(comet, setupBankExtension);
    expect(BigInt((await query.bank.supplyOf("uaxm")).amount)).toBe(devnet.state.supply);
    const request = QueryValidatorsRequest.encode({ status: "BOND_STATUS_BONDED" }).finish();
    const { validators } = QueryValidatorsResponse.decode((await comet.abciQuery({ path: "/axiome.staking.v1beta1.Query/Validators", data: request })).value);
    const bonded = devnet.state.validators().filter((v) => v.status === "BOND_STATUS_BONDED");
    expect(validators.map((v) => v.operatorAddress).sort()).toEqual(bonded.map((v) => v.operatorAddress).sort());
    expect(validators[0].description?.identity).toMatch(/^[0-9A-F]{16}$/);
    expect(validators[0].consensusPubkey?.typeUrl).toBe("/cosmos.crypto.ed25519.PubKey");
    const { pool } = QueryPoolResponse.decode((await comet.abciQuery({ path: "/axiome.staking.v1beta1.Query/Pool", data: new Uint8Array() })).value);
    expect(BigInt(pool!.bondedTokens)).toBe(devnet.state.bonded);

    for (const path of [
      "/nope.v1.Query/Thing",
      "/cosmos.staking.v1beta1.Query/Validators",
      "/cosmos.distribution.v1beta1.Query/DelegationTotalRewards",
      "/cosmos.slashing.v1beta1.Query/SigningInfos",
    ]) {
      const unknown = await comet.abciQuery({ path, data: new Uint8Array() });
      expect(unknown.code, path).toBe(6);
      expect(unknown.log).toContain("unknown query path");
    }
    comet.disconnect();
  });

  it("serves one SVG logo per validator identity and 404 for anything else", async () => {
    const logos = new Set<string>();
    for (const validator of devnet.genesis.validators) {
      const response = await fetch(`${url}/logos/${validator.identity}.svg`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/svg+xml");
      logos.add(await response.text());
    }
    expect(logos.size).toBe(devnet.genesis.validators.length);
    expect((await fetch(`${url}/logos/0000000000000000.svg`)).status).toBe(404);
    expect((await fetch(`${url}/nothing-here`)).status).toBe(404);
  });
});

describe("broadcasting to the devnet", () => {
  it("includes a cosmjs sendTokens in the next block", async () => {
    const [sender, recipient] = devnet.genesis.quietAccounts;
    const index = devnet.genesis.accounts.find((a) => a.address === sender)!.mnemonicIndex;
    const client = await SigningStargateClient.connectWithSigner(url, await walletFor(index), { broadcastPollIntervalMs: 50 });
    const before = devnet.state.balances(recipient);
    const sending = client.sendTokens(
      sender,
      recipient,
      [{ denom: "uaxm", amount: "1234567" }],
      { amount: [{ denom: "uaxm", amount: "5000" }], gas: "200000" },
      "hello",
    );
    await untilMempoolHas(1);
    const height = devnet.height() + 1;
    await devnet.produceBlock();
    const result = await sending;
    expect(result.code).toBe(0);
    expect(result.height).toBe(height);
    expect(devnet.state.balances(recipient)).toBe(before + 1_234_567n);
    const tx = await client.getTx(result.transactionHash);
    expect(tx?.events.some((e) => e.type === "transfer")).toBe(true);
    client.disconnect();
  });

  it("estimates gas through Simulate", async () => {
    const [, , sender, recipient] = devnet.genesis.quietAccounts;
    const index = devnet.genesis.accounts.find((a) => a.address === sender)!.mnemonicIndex;
    const client = await SigningStargateClient.connectWithSigner(url, await walletFor(index));
    const gas = await client.simulate(
      sender,
      [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: sender, toAddress: recipient, amount: [{ denom: "uaxm", amount: "1" }] } }],
      "",
    );
    expect(gas).toBeGreaterThan(40_000);
    expect(gas).toBeLessThan(200_000);
    client.disconnect();
  });

  it("rejects a wrong sequence with code 32 and a bad signature with code 4", async () => {
    const [, , , , sender, recipient] = devnet.genesis.quietAccounts;
    const index = devnet.genesis.accounts.find((a) => a.address === sender)!.mnemonicIndex;
    const client = await SigningStargateClient.connectWithSigner(url, await walletFor(index));
    const { accountNumber, sequence } = devnet.state.account(sender)!;
    const messages = [
      { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: sender, toAddress: recipient, amount: [{ denom: "uaxm", amount: "1" }] } },
    ];
    const fee = { amount: [{ denom: "uaxm", amount: "5000" }], gas: "200000" };
    const wrong = await client.sign(sender, messages, fee, "", { accountNumber: BigInt(accountNumber), sequence: sequence + 5, chainId: "axm-devnet-1" });
    const answer = await rpc("broadcast_tx_sync", { tx: Buffer.from(TxRaw.encode(wrong).finish()).toString("base64") });
    expect(answer.result.code).toBe(32);
    expect(answer.result.codespace).toBe("sdk");
    expect(answer.result.log).toBe(`account sequence mismatch, expected ${sequence}, got ${sequence + 5}: incorrect account sequence`);

    const forged = await client.sign(sender, messages, fee, "", { accountNumber: BigInt(accountNumber), sequence, chainId: "another-chain" });
    const rejected = await rpc("broadcast_tx_sync", { tx: Buffer.from(TxRaw.encode(forged).finish()).toString("base64") });
    expect(rejected.result.code).toBe(4);
    client.disconnect();
  });

  it("can go down and come back on the same port", async () => {
    await devnet.close();
    await expect(fetch(`${url}/status`)).rejects.toThrow();
    await devnet.produceBlock();
    expect(await devnet.listen(port)).toBe(port);
    const status = await rpc("status");
    expect(Number(status.result.sync_info.latest_block_height)).toBe(devnet.height());
  });
});
