// Sign-in by memo transaction against a served devnet: cosmjs sends the code's transfer as the Axiome Wallet would, the
// indexer indexes it, and the poll gives the token once; replays, a wrong sender, a failed transfer, an expired code and
// a second use get nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { makeCosmoshubPath } from "@cosmjs/amino";
import { SigningStargateClient } from "@cosmjs/stargate";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { buildApi } from "../api/server.ts";
import { apiOptions } from "../cli/services.ts";
import { loadConfig } from "../cli/config.ts";
import type { Indexer } from "../indexer/indexer.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "./support/databases.ts";
import { indexerFor, serveDevnet, type ServedDevnet } from "./support/pipeline.ts";

const SECRET = "memo-test-secret-of-at-least-32-chars";
const FEE = { amount: [{ denom: "uaxm", amount: "5000" }], gas: "200000" };

interface Code {
  memo: string;
  secret: string;
  address: string;
  chainId: string;
  denom: string;
  amount: string;
  expiresAt: string;
}

describe.each(ENGINES)("memo sign-in on %s", (engine) => {
  let chain: ServedDevnet;
  let t: TestDatabase;
  let indexer: Indexer;
  let app: FastifyInstance;
  let alice: string;
  let bob: string;
  const clients = new Map<string, SigningStargateClient>();

  beforeAll(async () => {
    chain = await serveDevnet(3);
    t = await createTestDatabase(engine);
    indexer = indexerFor(t.db, chain.url);
    await indexer.catchUp();
    app = await buildApi(await apiOptions(loadConfig({ AUTH_RATE_LIMIT: "0", RATE_LIMIT: "0", AUTH_SECRET: SECRET }), t.db, false));
    [alice, bob] = chain.devnet.genesis.quietAccounts;
    for (const address of [alice, bob]) {
      const index = chain.devnet.genesis.accounts.find((a) => a.address === address)!.mnemonicIndex;
      const wallet = await DirectSecp256k1HdWallet.fromMnemonic(chain.devnet.genesis.mnemonic, { prefix: "axm", hdPaths: [makeCosmoshubPath(index)] });
      clients.set(address, await SigningStargateClient.connectWithSigner(chain.url, wallet));
    }
  });
  afterAll(async () => {
    for (const client of clients.values()) client.disconnect();
    await app.close();
    await chain.devnet.close();
    await t.drop();
  });

  const post = (url: string, payload: unknown) => app.inject({ method: "POST", url, payload: payload as never });

  async function newCode(address: string): Promise<Code> {
    const response = await post("/api/auth/memo-challenge", { address });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const poll = (code: Pick<Code, "secret">) => post("/api/auth/memo-poll", { secret: code.secret });

  /** Signs and broadcasts a MsgSend with the memo as the wallet app would, then the devnet makes a block and it is indexed. */
  async function send(from: string, to: string, memo: string, amount = "1"): Promise<void> {
    const client = clients.get(from)!;
    const message = { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: from, toAddress: to, amount: [{ denom: "uaxm", amount }] } };
    const signed = await client.sign(from, [message], FEE, memo);
    await client.broadcastTxSync(TxRaw.encode(signed).finish());
    await chain.devnet.produceBlock();
    await indexer.catchUp();
  }

  it("hands out an unguessable one-time code for a 1 uaxm transfer to oneself", async () => {
    const code = await newCode(` ${alice} `);
    expect(code).toMatchObject({ address: alice, chainId: chain.devnet.genesis.chainId, denom: "uaxm", amount: "1" });
    expect(code.memo).toMatch(/^axm-explorer-signin:[\w-]{22}$/);
    expect(code.secret).toMatch(/^[\w-]{43}$/);
    expect(Date.parse(code.expiresAt) - Date.now()).toBeGreaterThan(9.9 * 60_000);
    expect((await newCode(alice)).memo).not.toBe(code.memo);
    const pending = await poll(code);
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual({ status: "pending", expiresAt: code.expiresAt });
    expect(pending.headers["cache-control"]).toBe("no-store");
  });

  it("gives the token once the transfer is indexed, and nothing to a second poll", async () => {
    const code = await newCode(alice);
    await send(alice, alice, code.memo);
    const answer = await poll(code);
    expect(answer.statusCode, answer.body).toBe(200);
    const { status, token, address } = answer.json();
    expect({ status, address }).toEqual({ status: "signed-in", address: alice });
    const me = await app.inject({ method: "GET", url: "/api/auth/me", headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toMatchObject({ address: alice });
    const again = await poll(code);
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toMatch(/already used/);
  });

  it("does not take an earlier code's transaction for a new code (replay)", async () => {
    const first = await newCode(alice);
    await send(alice, alice, first.memo);
    expect((await poll(first)).json().status).toBe("signed-in");
    const second = await newCode(alice);
    expect((await poll(second)).json().status).toBe("pending");
  });

  it("refuses a transfer from another sender, and burns the code", async () => {
    const code = await newCode(alice);
    await send(bob, bob, code.memo);
    const answer = await poll(code);
    expect(answer.statusCode).toBe(401);
    expect(answer.json().error.message).toContain(`not a transfer from ${alice} to itself`);
    await send(alice, alice, code.memo);
    expect((await poll(code)).statusCode).toBe(401);
  });

  it("refuses a transfer from the address to someone else", async () => {
    const code = await newCode(alice);
    await send(alice, bob, code.memo);
    expect((await poll(code)).statusCode).toBe(401);
  });

  it("does not count a failed transaction", async () => {
    const code = await newCode(alice);
    const balance = chain.devnet.state.balances(alice);
    await send(alice, alice, code.memo, String(balance * 10n));
    const failed = await t.db.query<{ code: number }>("select code from transactions where memo = $1", [code.memo]);
    expect(failed.map((r) => r.code)).toHaveLength(1);
    expect(failed[0].code).not.toBe(0);
    expect((await poll(code)).json().status).toBe("pending");
    await send(alice, alice, code.memo);
    expect((await poll(code)).json().status).toBe("signed-in");
  });

  it("answers an expired code with 410 and forgets it", async () => {
    const code = await newCode(alice);
    await send(alice, alice, code.memo);
    await t.db.query("update auth_memo_challenges set expires_at = now() - interval '1 second' where memo = $1", [code.memo]);
    const answer = await poll(code);
    expect(answer.statusCode).toBe(410);
    expect(answer.json().error).toEqual({ code: "gone", message: "The sign-in code has expired: ask for a new one" });
    expect((await poll(code)).statusCode).toBe(401);
  });

  it("answers malformed input with a 400", async () => {
    for (const address of ["", "axm1", "x".repeat(5000)]) expect((await post("/api/auth/memo-challenge", { address })).statusCode).toBe(400);
    for (const secret of ["", "short", "!".repeat(43), 7]) expect((await post("/api/auth/memo-poll", { secret })).statusCode).toBe(400);
    expect((await post("/api/auth/memo-poll", {})).statusCode).toBe(400);
    expect((await poll({ secret: "A".repeat(43) })).statusCode).toBe(401);
  });

  it("finds the memo through the partial index", async () => {
    const plan = await t.db.transaction(async (tx) => {
      // A test chain is small enough to scan; a real one is not, and then the planner takes the index.
      await tx.query("set local enable_seqscan = off");
      return tx.query<{ "QUERY PLAN": string }>(
        "explain select 1 from transactions where memo = 'axm-explorer-signin:x' and memo like 'axm-explorer-signin:%' and code = 0",
      );
    });
    expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toContain("transactions_sign_in_memo");
  });
});
