// The faucet against a devnet: real MsgSends, one payout a day per address and per client, atomic under 50 parallel requests.
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { toBech32 } from "@cosmjs/encoding";
import { buildApi } from "../api/server.ts";
import { apiConfig, apiOptions } from "../cli/services.ts";
import { loadConfig, type Env } from "../cli/config.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "./support/databases.ts";
import { serveDevnet, type ServedDevnet } from "./support/pipeline.ts";
import { generateBadValues } from "./support/bad-inputs.ts";
import { freePort } from "./support/explorer-process.ts";

const PAYOUT = 5_000_000_000n;
const SECRET = { AUTH_SECRET: "faucet-test-secret-of-32-characters!" };

let served: ServedDevnet;

beforeAll(async () => {
  served = await serveDevnet(3, { txsPerBlock: 0 });
});
afterAll(() => served.devnet.close());

const newAccount = () => toBech32("axm", randomBytes(20));
const faucetSequence = () => served.devnet.state.account(served.devnet.genesis.faucetAddress)!.sequence;

async function devnetApi(db: TestDatabase["db"], env: Env = {}): Promise<FastifyInstance> {
  const config = loadConfig({ DEVNET_PORT: String(served.port), FAUCET_RATE_LIMIT: "0", ...SECRET, ...env });
  return buildApi(await apiOptions(config, db, true));
}

function requestPayout(app: FastifyInstance, address: unknown, client = "127.0.0.1") {
  return app.inject({ method: "POST", url: "/api/faucet/request", payload: { address } as never, remoteAddress: client });
}

async function answer(app: FastifyInstance, address: string, client?: string): Promise<{ sended: boolean; reason?: string }> {
  const response = await requestPayout(app, address, client);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function sended(app: FastifyInstance, address: string, client?: string): Promise<boolean> {
  return (await answer(app, address, client)).sended;
}

const REFUSED_FOR_ADDRESS = { sended: false, reason: "address" };
const REFUSED_FOR_CLIENT = { sended: false, reason: "client" };

describe.each(ENGINES)("faucet on %s", (engine) => {
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    app = await devnetApi(t.db);
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it("pays 5,000 AXM by a MsgSend on chain, then refuses the address and the client for 24 hours, saying which", async () => {
    const [first, second] = [newAccount(), newAccount()];
    const before = faucetSequence();
    expect(await sended(app, `  ${first}\n`, "10.1.0.1")).toBe(true);
    await served.devnet.produceBlock();
    expect(served.devnet.state.balances(first)).toBe(PAYOUT);
    expect(faucetSequence()).toBe(before + 1);

    expect(await answer(app, first, "10.1.0.2")).toEqual(REFUSED_FOR_ADDRESS);
    expect(await answer(app, first.toUpperCase(), "10.1.0.3")).toEqual(REFUSED_FOR_ADDRESS);
    expect(await answer(app, first, "10.1.0.1")).toEqual(REFUSED_FOR_ADDRESS);
    // An address never paid, refused because this client was paid for another: the client's limit, not the address's.
    expect(await answer(app, second, "10.1.0.1")).toEqual(REFUSED_FOR_CLIENT);
    await served.devnet.produceBlock();
    expect(served.devnet.state.balances(second)).toBe(0n);

    await t.db.query("update faucet_claims set claimed_at = claimed_at - interval '24 hours'");
    expect(await sended(app, first, "10.1.0.1")).toBe(true);
    await served.devnet.produceBlock();
    expect(served.devnet.state.balances(first)).toBe(2n * PAYOUT);
  });

  it("counts an IPv6 /64 as one client", async () => {
    expect(await sended(app, newAccount(), "2001:db8:1:2::1")).toBe(true);
    expect(await sended(app, newAccount(), "2001:db8:1:2::ffff")).toBe(false);
    await served.devnet.produceBlock();
  });

  it("remembers payouts across a restart of the API", async () => {
    const address = newAccount();
    expect(await sended(app, address, "10.2.0.1")).toBe(true);
    await served.devnet.produceBlock();
    await app.close();
    app = await devnetApi(t.db);
    expect(await answer(app, address, "10.2.0.2")).toEqual(REFUSED_FOR_ADDRESS);
    expect(await answer(app, newAccount(), "10.2.0.1")).toEqual(REFUSED_FOR_CLIENT);
    expect(await sended(app, newAccount(), "10.2.0.3")).toBe(true);
    await served.devnet.produceBlock();
  });

  it("pays once for 50 parallel requests for one address, and once for 50 from one client", async () => {
    const address = newAccount();
    const before = faucetSequence();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => sended(app, address, `10.3.0.${i + 1}`)));
    expect(answers.filter(Boolean).length).toBe(1);
    const fromOneClient = await Promise.all(Array.from({ length: 50 }, () => sended(app, newAccount(), "10.3.1.1")));
    expect(fromOneClient.filter(Boolean).length).toBe(1);
    await served.devnet.produceBlock();
    expect(served.devnet.state.balances(address)).toBe(PAYOUT);
    expect(faucetSequence()).toBe(before + 2);
  });

  it("answers 503 and releases the claim when the node is down", async () => {
    const down = await devnetApi(t.db, { DEVNET_PORT: String(await freePort()) });
    try {
      const address = newAccount();
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await requestPayout(down, address, "10.4.0.1");
        expect(response.statusCode).toBe(503);
        expect(response.json().error.code).toBe("faucet_unavailable");
        const claims = await t.db.query("select 1 from faucet_claims where claimant in ($1, '10.4.0.1')", [address]);
        expect(claims).toEqual([]);
      }
      expect(await sended(app, address, "10.4.0.1")).toBe(true);
      await served.devnet.produceBlock();
      expect(served.devnet.state.balances(address)).toBe(PAYOUT);
    } finally {
      await down.close();
    }
  });
});

/** A node in front of the devnet whose broadcast answers come late (the tx itself goes through at once), or never (swallowed). */
async function slowBroadcastNode(mode: "late" | "swallow", delayMs: number): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const broadcast = (request.url ?? "").includes("broadcast_tx") || body.toString().includes("broadcast_tx");
    if (broadcast && mode === "swallow") return void setTimeout(() => response.destroy(), delayMs);
    const answer = await fetch(`http://127.0.0.1:${served.port}${request.url}`, {
      method: request.method,
      body: request.method === "POST" ? body : undefined,
      headers: { "content-type": "application/json" },
    });
    const text = await answer.text();
    if (broadcast) await new Promise((resolve) => setTimeout(resolve, delayMs));
    response.writeHead(answer.status, { "content-type": "application/json" }).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe.each(ENGINES)("faucet with a node whose answers are lost, on %s", (engine) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(engine);
  });
  afterAll(() => t.drop());

  async function apiBehind(node: string, settleMs: number): Promise<FastifyInstance> {
    const options = await apiOptions(loadConfig({ RPC_URL: node, RPC_TIMEOUT_MS: "1000", FAUCET_RATE_LIMIT: "0", ...SECRET }), t.db, true);
    return buildApi({ ...options, faucet: { ...options.faucet!, settleMs } });
  }

  it("never pays twice when the broadcast times out and the payout lands anyway", async () => {
    const node = await slowBroadcastNode("late", 3_000);
    const app = await apiBehind(node.url, 20_000);
    try {
      const address = newAccount();
      const first = await requestPayout(app, address, "10.5.0.1");
      expect(first.statusCode).toBe(503);
      await served.devnet.produceBlock();
      expect(served.devnet.state.balances(address)).toBe(PAYOUT);
      // The claim is kept while the outcome is unknown: the same address, or the same client, is not paid again.
      expect(await sended(app, address, "10.5.0.2")).toBe(false);
      expect(await sended(app, newAccount(), "10.5.0.1")).toBe(false);
      // Once settled as landed, the claim stays: still no second payout.
      await expect.poll(async () => (await requestPayout(app, newAccount(), "10.5.0.3")).statusCode, { timeout: 15_000, interval: 500 }).toBe(200);
      expect(await sended(app, address, "10.5.0.4")).toBe(false);
      await served.devnet.produceBlock();
      expect(served.devnet.state.balances(address)).toBe(PAYOUT);
    } finally {
      await app.close();
      await node.close();
    }
  });

  it("releases the claim once a payout the node never answered has not landed within the settle time", async () => {
    const node = await slowBroadcastNode("swallow", 2_000);
    const app = await apiBehind(node.url, 2_000);
    try {
      const address = newAccount();
      expect((await requestPayout(app, address, "10.6.0.1")).statusCode).toBe(503);
      expect(await t.db.query("select 1 from faucet_claims where claimant = $1", [address])).toHaveLength(1);
      await served.devnet.produceBlock();
      await expect
        .poll(async () => (await t.db.query("select 1 from faucet_claims where claimant = $1", [address])).length, { timeout: 15_000, interval: 500 })
        .toBe(0);
      expect(served.devnet.state.balances(address)).toBe(0n);
    } finally {
      await app.close();
      await node.close();
    }
  });
});

describe("faucet input", () => {
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestDatabase("pglite");
    app = await devnetApi(t.db);
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  const account = newAccount();
  const flipLast = (text: string) => text.slice(0, -1) + (text.endsWith("q") ? "p" : "q");
  const BAD_ADDRESSES = [
    toBech32("cosmos", randomBytes(20)),
    toBech32("axmvaloper", randomBytes(20)),
    toBech32("axmvalcons", randomBytes(20)),
    toBech32("axm", randomBytes(32)),
    toBech32("axm", randomBytes(19)),
    flipLast(account),
    account.slice(0, 20) + " " + account.slice(20),
    account.slice(0, 10).toUpperCase() + account.slice(10),
    "a".repeat(5000),
    `${account}é`,
    "аxm1" + account.slice(4),
    "😀",
    "",
    "   ",
    ...generateBadValues(),
  ];

  it(`refuses ${BAD_ADDRESSES.length} malformed addresses with 400 'Invalid address format.' and claims nothing`, async () => {
    for (const address of BAD_ADDRESSES) {
      const response = await requestPayout(app, address);
      expect(response.statusCode, address.slice(0, 80)).toBe(400);
      expect(response.json().error, address.slice(0, 80)).toEqual({ code: "bad_request", message: "Invalid address format." });
    }
    expect(await t.db.query("select 1 from faucet_claims")).toEqual([]);
  });

  it("refuses bodies that are not { address: string } with a 400 (415 for text that is not JSON)", async () => {
    for (const payload of [{}, { address: 5 }, { address: null }, { address: [account] }, { address: account, more: 1 }, [account]]) {
      const response = await app.inject({ method: "POST", url: "/api/faucet/request", payload: payload as never });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof response.json().error.message).toBe("string");
    }
    const text = await app.inject({ method: "POST", url: "/api/faucet/request", payload: "not json" });
    expect(text.statusCode).toBe(415);
    const broken = await app.inject({ method: "POST", url: "/api/faucet/request", payload: '{"address":', headers: { "content-type": "application/json" } });
    expect(broken.statusCode).toBe(400);
    expect(await t.db.query("select 1 from faucet_claims")).toEqual([]);
  });

  it("has no faucet where none is configured: /config says so and the route answers 404", async () => {
    const config = loadConfig({ ...SECRET });
    const none = await buildApi(await apiOptions(config, t.db, false));
    try {
      expect((await none.inject({ method: "GET", url: "/api/config" })).json().faucetEnabled).toBe(false);
      const response = await requestPayout(none, account);
      expect(response.statusCode).toBe(404);
      expect((await requestPayout(none, "nonsense")).statusCode).toBe(400);
    } finally {
      await none.close();
    }
    expect(apiConfig(loadConfig({ FAUCET_MNEMONIC: served.devnet.genesis.mnemonic }), false).faucetEnabled).toBe(true);
    expect((await app.inject({ method: "GET", url: "/api/config" })).json().faucetEnabled).toBe(true);
  });
});
