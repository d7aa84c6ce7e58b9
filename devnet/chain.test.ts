// Block production: determinism, real signed transactions, conservation of money, workload coverage.
import { describe, it, expect, beforeAll } from "vitest";
import { TxRaw, TxBody, AuthInfo, SignDoc } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { Secp256k1, Secp256k1Signature, sha256 } from "@cosmjs/crypto";
import { createDevnet, type Devnet } from "./index.ts";
import { addressOfPubkey } from "./keys.ts";
import { RpcClient } from "../chain/rpc.ts";
import { decodeTx } from "../chain/tx.ts";

async function rpc(port: number, method: string, params: Record<string, unknown> = {}) {
  const response = await fetch(`http://127.0.0.1:${port}`, {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return (await response.json()) as { result: any; error?: any };
}

describe("determinism", () => {
  it("builds identical blocks and transactions from the same seed, validator creation and jailing included", async () => {
    const fingerprints = [];
    for (let run = 0; run < 2; run++) {
      const devnet = createDevnet({ seed: "same", clock: "simulated" });
      await devnet.prebuild(110);
      const port = await devnet.listen(0);
      const status = await rpc(port, "status");
      fingerprints.push({
        hash: status.result.sync_info.latest_block_hash,
        txs: devnet.state.txs.map((t) => t.hash),
        validators: devnet.state.validators().map((v) => [v.operatorAddress, v.status, v.jailed, v.tokens]),
      });
      await devnet.close();
    }
    expect(fingerprints[0].txs.length).toBeGreaterThan(30);
    expect(fingerprints[1]).toEqual(fingerprints[0]);
  });

  it("builds a different chain from another seed", async () => {
    const a = createDevnet({ seed: "one", clock: "simulated" });
    const b = createDevnet({ seed: "two", clock: "simulated" });
    await a.prebuild(5);
    await b.prebuild(5);
    expect(a.state.txs.map((t) => t.hash)).not.toEqual(b.state.txs.map((t) => t.hash));
  });

  it("times block N at genesisTime + N * blockTimeMs on the simulated clock", async () => {
    const devnet = createDevnet({ clock: "simulated", blockTimeMs: 2000, genesisTime: "2026-03-01T00:00:00Z" });
    await devnet.prebuild(3);
    const port = await devnet.listen(0);
    const block = await rpc(port, "block", { height: "3" });
    await devnet.close();
    expect(block.result.block.header.time).toMatch(/^2026-03-01T00:00:06\.000\d{6}Z$/);
  });
});

describe("a devnet after 200 blocks", () => {
  let devnet: Devnet;
  let port: number;

  beforeAll(async () => {
    devnet = createDevnet({ seed: "coverage", clock: "simulated", txsPerBlock: 10 });
    await devnet.prebuild(200);
    port = await devnet.listen(0);
    return () => devnet.close();
  });

  it("produces real SIGN_MODE_DIRECT transactions whose signatures verify and whose hash is sha256", async () => {
    const accountNumbers = new Map(devnet.genesis.accounts.map((a) => [a.address, a.mnemonicIndex]));
    for (const height of [1, 50, 120, 200]) {
      const { result } = await rpc(port, "block", { height: String(height) });
      for (const base64 of result.block.data.txs as string[]) {
        const bytes = Buffer.from(base64, "base64");
        const raw = TxRaw.decode(bytes);
        const body = TxBody.decode(raw.bodyBytes);
        const authInfo = AuthInfo.decode(raw.authInfoBytes);
        expect(body.messages.length).toBeGreaterThan(0);
        const pubkey = PubKey.decode(authInfo.signerInfos[0].publicKey!.value).key;
        const signer = addressOfPubkey(pubkey);
        const record = devnet.state.txs.find((t) => t.hash === Buffer.from(sha256(bytes)).toString("hex").toUpperCase());
        expect(record?.signer).toBe(signer);
        expect(accountNumbers.has(signer)).toBe(true);
        const signDoc = SignDoc.encode({
          bodyBytes: raw.bodyBytes,
          authInfoBytes: raw.authInfoBytes,
          chainId: "axm-devnet-1",
          accountNumber: BigInt(devnet.state.account(signer)!.accountNumber),
        }).finish();
        const signature = Secp256k1Signature.fromFixedLength(raw.signatures[0]);
        expect(Secp256k1.verifySignature(signature, sha256(signDoc), pubkey)).toBe(true);
      }
    }
  });

  it("reads whole through the explorer's own RPC client and transaction decoder", async () => {
    const client = new RpcClient(`http://127.0.0.1:${port}`);
    expect((await client.status()).latestHeight).toBe(200);
    let txs = 0;
    for (let height = 1; height <= 200; height += 3) {
      const { block, results } = await client.blockWithResults(height);
      expect(results.txsResults.length).toBe(block.txs.length);
      for (const bytes of block.txs) {
        const decoded = decodeTx(bytes);
        expect(decoded.ok).toBe(true);
        expect(decoded.messages.every((m) => m.known)).toBe(true);
        expect(decoded.signers).toEqual([devnet.state.txs.find((t) => t.hash === decoded.hash)!.signer]);
        txs++;
      }
    }
    expect(txs).toBeGreaterThan(500);
  });

  it("keeps every micro unit: wallets + delegated + unbonding + fees + the distribution module = genesis + minted (emission) - burned", () => {
    const state = devnet.state;
    const modules = new Set(Object.values(state.modules));
    let wallets = 0n;
    for (const account of devnet.genesis.accounts) wallets += state.balances(account.address);
    const others = new Set(state.txs.flatMap((t) => t.addresses).filter((a) => a.startsWith("axm1") && !modules.has(a)));
    for (const account of devnet.genesis.accounts) others.delete(account.address);
    for (const address of others) wallets += state.balances(address);
    const delegated = state.delegations().reduce((sum, d) => sum + d.amount, 0n);
    const validators = state.validators();
    const notBondedTokens = validators.filter((v) => v.status !== "BOND_STATUS_BONDED").reduce((sum, v) => sum + v.tokens, 0n);
    const unbonding = state.unbondings().reduce((sum, u) => sum + u.amount, 0n);
    const fees = state.balances(state.modules.feeCollector);
    const distribution = state.balances(state.modules.distribution);
    const pool = state.distributionPool();

    expect(delegated).toBe(validators.reduce((sum, v) => sum + v.tokens, 0n));
    expect(notBondedTokens).toBeGreaterThan(0n);
    expect(state.bonded).toBe(delegated - notBondedTokens);
    expect(state.balances(state.modules.bondedPool)).toBe(state.bonded);
    expect(state.balances(state.modules.notBondedPool)).toBe(unbonding + notBondedTokens);
    // The distribution module holds what it owes, in LegacyDec atomics: rewards, commission and the community pool's dust.
    expect(distribution * 10n ** 18n).toBe(pool.rewards + pool.commission + pool.communityPool);
    expect(pool.rewards).toBeGreaterThan(0n);
    // Nothing stays in the referral module: partner-fee burns pass through it.
    expect(state.balances(state.modules.referral)).toBe(0n);
    expect(state.minted).toBeGreaterThan(0n);
    expect(state.burned).toBeGreaterThan(0n);
    expect(wallets + delegated + unbonding + fees + distribution).toBe(devnet.genesis.supply + state.minted - state.burned);
    expect(state.supply).toBe(devnet.genesis.supply + state.minted - state.burned);
    expect(state.supply).toBeLessThan(1_000_000_000n * 1_000_000n);
  });

  it("carries every workload message type, multi-message transactions and failures with codes and logs", async () => {
    const types = Object.keys(devnet.state.counts.byType);
    for (const type of [
      "/cosmos.bank.v1beta1.MsgSend",
      "/cosmos.bank.v1beta1.MsgMultiSend",
      "/axiome.staking.v1beta1.MsgDelegate",
      "/axiome.staking.v1beta1.MsgUndelegate",
      "/axiome.staking.v1beta1.MsgBeginRedelegate",
      "/axiome.distribution.v1beta1.MsgWithdrawDelegatorReward",
      "/axiome.referral.v1beta1.MsgRegisterReferral",
      "/axiome.referral.v1beta1.MsgBurnPartnerFee",
      "/axiome.staking.v1beta1.MsgCreateValidator",
      "/axiome.staking.v1beta1.MsgEditValidator",
      "/axiome.staking.v1beta1.MsgRequestStakeMove",
      "/axiome.staking.v1beta1.MsgConfirmRequestStakeMove",
      "/axiome.staking.v1beta1.MsgCancelRequestStakeMove",
      "/cosmos.authz.v1beta1.MsgGrant",
      "/cosmos.authz.v1beta1.MsgExec",
    ]) {
      expect(types).toContain(type);
    }
    expect(devnet.state.txs.some((t) => t.types.length >= 2)).toBe(true);
    const failed = devnet.state.txs.filter((t) => t.code !== 0);
    expect(failed.length / devnet.state.txs.length).toBeGreaterThan(0.02);
    expect(failed.length / devnet.state.txs.length).toBeLessThan(0.12);

    const codes = new Set<string>();
    for (const tx of failed.slice(0, 40)) {
      const { result } = await rpc(port, "tx", { hash: Buffer.from(tx.hash, "hex").toString("base64") });
      const r = result.tx_result;
      expect(r.code).toBe(tx.code);
      expect(r.log).toMatch(/^failed to execute message; message index: \d+: .+/);
      // Only the ante events remain: fee transfer and the three tx events.
      expect(r.events.map((e: { type: string }) => e.type)).toEqual(["coin_spent", "coin_received", "transfer", "message", "tx", "tx", "tx"]);
      codes.add(`${r.codespace}/${r.code}`);
    }
    expect(codes).toContain("sdk/5");
    expect([...codes].some((c) => c.startsWith("staking/"))).toBe(true);
    expect(codes).toContain("referral/3");
  });

  it("reports insufficient funds the way the SDK does", async () => {
    // Code 5 is also wasm's "execute wasm contract failed": the bank's is the one of a bank message.
    const failedSend = devnet.state.txs.find((t) => t.code === 5 && t.types.every((type) => type.startsWith("/cosmos.bank.")))!;
    const { result } = await rpc(port, "tx", { hash: Buffer.from(failedSend.hash, "hex").toString("base64") });
    expect(result.tx_result.log).toMatch(
      /^failed to execute message; message index: 0: spendable balance \d+uaxm is smaller than \d+uaxm: insufficient funds$/,
    );
  });

  it("emits axm-node's block events: fee burn, commission and rewards in BeginBlock, no minting there; completions in EndBlock", async () => {
    const seen = new Set<string>();
    for (let height = 1; height <= 200; height += 7) {
      const { result } = await rpc(port, "block_results", { height: String(height) });
      for (const event of result.finalize_block_events) {
        const mode = event.attributes.at(-1);
        expect(mode.key).toBe("mode");
        seen.add(`${event.type}:${mode.value}`);
      }
    }
    for (const expected of ["burn:BeginBlock", "commission:BeginBlock", "rewards:BeginBlock", "complete_unbonding:EndBlock"]) expect(seen).toContain(expected);
    for (const minting of ["mint:BeginBlock", "coinbase:BeginBlock"]) expect(seen).not.toContain(minting);
    const { result } = await rpc(port, "block_results", { height: "10" });
    const allocation = result.finalize_block_events.filter((e: { type: string }) => e.type === "commission" || e.type === "rewards");
    expect(allocation.length).toBeGreaterThan(0);
    for (const event of allocation) {
      const attributes = Object.fromEntries(event.attributes.map((a: { key: string; value: string }) => [a.key, a.value]));
      expect(attributes.amount).toMatch(/^(\d+\.\d{18}uaxm)?$/);
      expect(attributes.validator).toMatch(/^axmvaloper1/);
    }
  });

  it("pays partner rewards up the referral tree on delegations", async () => {
    let refFees = 0;
    for (const tx of devnet.state.txs.filter((t) => t.code === 0 && t.types.some((type) => type.endsWith("MsgDelegate"))).slice(0, 60)) {
      const { result } = await rpc(port, "tx", { hash: Buffer.from(tx.hash, "hex").toString("base64") });
      for (const event of result.tx_result.events.filter((e: { type: string }) => e.type === "ref_fee")) {
        const attributes = Object.fromEntries(event.attributes.map((a: { key: string; value: string }) => [a.key, a.value]));
        expect(attributes.amount).toMatch(/^\d+uaxm$/);
        expect(attributes.from).toBe(tx.signer);
        expect(devnet.state.referrer(tx.signer)).toBeDefined();
        refFees++;
      }
    }
    expect(refFees).toBeGreaterThan(0);
  });

  it("has a referral tree deeper than the 14 rewarded levels with a few accounts left unregistered", () => {
    const referrals = devnet.state.referrals();
    const depth = (address: string): number => {
      const referrer = devnet.state.referrer(address);
      return referrer ? 1 + depth(referrer) : 0;
    };
    expect(Math.max(...referrals.map((r) => depth(r.address)))).toBeGreaterThanOrEqual(15);
    expect(referrals.length).toBeGreaterThan(250);
    expect(referrals.every((r) => depth(r.address) >= 1)).toBe(true);
  });
});
