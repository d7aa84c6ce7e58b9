// Sign-in: devnet keys sign a challenge as Keplr's signArbitrary does (ADR-036), the token names the address, and every forgery is a 401.
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { Secp256k1HdWallet, makeCosmoshubPath, type StdSignDoc } from "@cosmjs/amino";
import { toBech32 } from "@cosmjs/encoding";
import { SignJWT } from "jose";
import { buildApi } from "../api/server.ts";
import { AuthTokens, authSecret } from "../api/auth-tokens.ts";
import { canSeeTelegram } from "../api/visitor.ts";
import { apiOptions } from "../cli/services.ts";
import { loadConfig } from "../cli/config.ts";
import { DEVNET_MNEMONIC } from "../devnet/keys.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "./support/databases.ts";

const SECRET = "auth-test-secret-of-at-least-32-chars";
// These tests sign in far more often than a person would; the limits have their own test.
const NO_LIMITS = { AUTH_RATE_LIMIT: "0", RATE_LIMIT: "0" };

let wallet: Secp256k1HdWallet;
let alice: string;
let bob: string;

beforeAll(async () => {
  wallet = await Secp256k1HdWallet.fromMnemonic(DEVNET_MNEMONIC, { prefix: "axm", hdPaths: [makeCosmoshubPath(7), makeCosmoshubPath(8)] });
  [alice, bob] = (await wallet.getAccounts()).map((a) => a.address);
});

/** The sign doc Keplr's and Leap's signArbitrary build: ADR-036, written out here rather than taken from the API's code. */
function keplrSignDoc(signer: string, data: string): StdSignDoc {
  return {
    chain_id: "",
    account_number: "0",
    sequence: "0",
    fee: { gas: "0", amount: [] },
    msgs: [{ type: "sign/MsgSignData", value: { signer, data: Buffer.from(data, "utf8").toString("base64") } }],
    memo: "",
  };
}

/** What a wallet's signArbitrary answers: the signer's public key and signature, both base64. */
async function signArbitrary(signer: string, data: string): Promise<{ pubkey: string; signature: string }> {
  const { signature } = await wallet.signAmino(signer, keplrSignDoc(signer, data));
  return { pubkey: signature.pub_key.value, signature: signature.signature };
}

const post = (app: FastifyInstance, url: string, payload: unknown) => app.inject({ method: "POST", url, payload: payload as never });
const me = (app: FastifyInstance, authorization?: string) =>
  app.inject({ method: "GET", url: "/api/auth/me", headers: authorization ? { authorization } : {} });

async function challengeFor(app: FastifyInstance, address: string): Promise<string> {
  const response = await post(app, "/api/auth/challenge", { address });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().challenge;
}

async function signIn(app: FastifyInstance, address: string): Promise<string> {
  const challenge = await challengeFor(app, address);
  const response = await post(app, "/api/auth/verify", { address, challenge, ...(await signArbitrary(address, challenge)) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token;
}

async function expectRefused(app: FastifyInstance, payload: unknown, message: RegExp): Promise<void> {
  const response = await post(app, "/api/auth/verify", payload);
  expect(response.statusCode, response.body).toBe(401);
  expect(response.json().error.code).toBe("unauthorized");
  expect(response.json().error.message).toMatch(message);
}

describe.each(ENGINES)("sign-in on %s", (engine) => {
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    app = await buildApi(await apiOptions(loadConfig({ ...NO_LIMITS, AUTH_SECRET: SECRET, AUTH_TOKEN_TTL: "600" }), t.db, false));
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it("issues a one-time challenge naming the address, valid 5 minutes", async () => {
    const response = await post(app, "/api/auth/challenge", { address: ` ${alice} ` });
    const { challenge, expiresAt } = response.json();
    expect(challenge).toContain(alice);
    expect(challenge).toMatch(/Nonce: [\w-]{22}/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(4.9 * 60_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect(await challengeFor(app, alice)).not.toBe(challenge);
  });

  it("exchanges a wallet's signature of the challenge for a token that /auth/me reads", async () => {
    const challenge = await challengeFor(app, alice);
    const response = await post(app, "/api/auth/verify", { address: alice, challenge, ...(await signArbitrary(alice, challenge)) });
    expect(response.statusCode, response.body).toBe(200);
    const { token, address, expiresAt } = response.json();
    expect(address).toBe(alice);
    expect(Math.abs(Date.parse(expiresAt) - Date.now() - 600_000)).toBeLessThan(2000);
    const answer = await me(app, `Bearer ${token}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ address: alice, expiresAt, premium: false, premiumExp: null });
    expect(answer.headers["cache-control"]).toBe("no-store");
    // Premium bought (its expiry indexed) shows at once; an expired one does not count.
    await t.db.query("insert into premium (address, expires_at) values ($1, now() + interval '1 day')", [alice]);
    expect((await me(app, `Bearer ${token}`)).json()).toMatchObject({ premium: true });
    await t.db.query("update premium set expires_at = now() - interval '1 second' where address = $1", [alice]);
    expect((await me(app, `Bearer ${token}`)).json()).toMatchObject({ premium: false });
  });

  it("refuses a replayed challenge", async () => {
    const challenge = await challengeFor(app, alice);
    const body = { address: alice, challenge, ...(await signArbitrary(alice, challenge)) };
    expect((await post(app, "/api/auth/verify", body)).statusCode).toBe(200);
    await expectRefused(app, body, /already used/);
  });

  it("refuses an expired challenge, even well signed", async () => {
    const challenge = await challengeFor(app, alice);
    await t.db.query("update auth_challenges set expires_at = now() - interval '1 second' where challenge = $1", [challenge]);
    await expectRefused(app, { address: alice, challenge, ...(await signArbitrary(alice, challenge)) }, /expired/);
  });

  it("refuses another signer, a tampered signature, a signature of other text, and a challenge issued to someone else", async () => {
    const challenge = await challengeFor(app, alice);
    const bobs = await signArbitrary(bob, challenge);
    await expectRefused(app, { address: alice, challenge, ...bobs }, /signature/);
    const own = await signArbitrary(alice, challenge);
    const tampered = Buffer.from(own.signature, "base64");
    tampered[10] ^= 1;
    await expectRefused(app, { address: alice, challenge, pubkey: own.pubkey, signature: tampered.toString("base64") }, /signature/);
    await expectRefused(app, { address: alice, challenge: `${challenge} `, ...(await signArbitrary(alice, `${challenge} `)) }, /unknown/i);
    await expectRefused(app, { address: alice, challenge, ...(await signArbitrary(alice, "something else")) }, /signature/);
    await expectRefused(app, { address: bob, challenge, ...bobs }, /unknown/i);
    // None of these used the challenge up: its rightful signature still signs in.
    expect((await post(app, "/api/auth/verify", { address: alice, challenge, ...own })).statusCode).toBe(200);
  });

  it("answers malformed sign-in input with a 400, and a key that is not a curve point with a 401", async () => {
    const challenge = await challengeFor(app, alice);
    const good = { address: alice, challenge, ...(await signArbitrary(alice, challenge)) };
    const contract = toBech32("axm", new Uint8Array(32).fill(1));
    for (const address of ["", "axm1", contract, toBech32("axmvaloper", new Uint8Array(20)), "x".repeat(5000), "😀"]) {
      for (const [url, body] of [
        ["/api/auth/challenge", { address }],
        ["/api/auth/verify", { ...good, address }],
      ] as const) {
        const response = await post(app, url, body);
        expect(response.statusCode, `${url} ${address.slice(0, 40)}`).toBe(400);
        expect(response.json().error.message).toBe("Invalid address format.");
      }
    }
    for (const body of [
      { ...good, pubkey: good.pubkey.slice(0, 40) },
      { ...good, pubkey: "!".repeat(44) },
      { ...good, pubkey: Buffer.alloc(33, 1).toString("base64").replace(/.$/, "=") },
      { ...good, signature: good.signature.slice(4) },
      { ...good, signature: "A".repeat(86) + "=A" },
      { ...good, challenge: "" },
      { ...good, challenge: 5 },
      { ...good, extra: true },
      { address: alice, challenge },
      {},
    ]) {
      const response = await post(app, "/api/auth/verify", body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(typeof response.json().error.message).toBe("string");
    }
    const notAPoint = Buffer.concat([Buffer.from([2]), Buffer.alloc(32, 0xff)]).toString("base64");
    await expectRefused(app, { ...good, pubkey: notAPoint }, /signature/);
  });
});

describe("tokens and visitors", () => {
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestDatabase("pglite");
    app = await buildApi(await apiOptions(loadConfig({ ...NO_LIMITS, AUTH_SECRET: SECRET }), t.db, false));
    app.get("/visitor-probe", async (request) => ({ visitor: request.visitor?.address ?? null }));
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  const probe = async (authorization?: string) => {
    const response = await app.inject({ method: "GET", url: "/visitor-probe", headers: authorization === undefined ? {} : { authorization } });
    expect(response.statusCode).toBe(200);
    return response.json().visitor;
  };

  it("gives every route the signed-in visitor, and treats an absent or bad token as an anonymous one", async () => {
    const token = await signIn(app, bob);
    expect(await probe(`Bearer ${token}`)).toBe(bob);
    expect(await probe(`bearer ${token}`)).toBe(bob);
    const [header, payload, signature] = token.split(".");
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), sub: alice })).toString("base64url");
    const otherSecret = await new AuthTokens("another-secret-of-at-least-32-characters", 600).issue(alice);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${payload}.`;
    const badHeaders = [
      undefined,
      "",
      "Bearer",
      "Bearer ",
      `Basic ${token}`,
      `Bearer ${token}x`,
      `Bearer ${header}.${forgedPayload}.${signature}`,
      `Bearer ${otherSecret.token}`,
      `Bearer ${unsigned}`,
      "Bearer a.b.c",
      `Bearer ${"a".repeat(5000)}`,
      "Bearer 😀",
    ];
    for (const authorization of badHeaders) {
      expect(await probe(authorization), String(authorization).slice(0, 60)).toBeNull();
      expect((await me(app, authorization)).statusCode, String(authorization).slice(0, 60)).toBe(401);
    }
    const config = await app.inject({ method: "GET", url: "/api/config", headers: { authorization: "Bearer nonsense" } });
    expect(config.statusCode).toBe(200);
  });

  it("refuses an expired token, and one signed with another algorithm", async () => {
    const tokens = new AuthTokens(SECRET, 3600);
    const expired = await tokens.issue(alice, new Date(Date.now() - 3601_000));
    expect((await me(app, `Bearer ${expired.token}`)).statusCode).toBe(401);
    expect(await tokens.verify(expired.token)).toBeNull();
    const fresh = await tokens.issue(alice);
    expect((await me(app, `Bearer ${fresh.token}`)).json().address).toBe(alice);
    const hs512 = await new SignJWT({})
      .setProtectedHeader({ alg: "HS512" })
      .setIssuer("axm-explorer")
      .setSubject(alice)
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(hs512)).toBeNull();
  });

  it("keeps a generated secret in the data folder (mode 600), so tokens survive a restart", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "axm-auth-"));
    try {
      const config = loadConfig({ ...NO_LIMITS, DATA_DIR: dataDir });
      const first = await buildApi(await apiOptions(config, t.db, false));
      const token = await signIn(first, alice);
      await first.close();
      const secret = await readFile(join(dataDir, "auth-secret"), "utf8");
      expect(secret.length).toBeGreaterThanOrEqual(43);
      expect((await stat(join(dataDir, "auth-secret"))).mode & 0o777).toBe(0o600);
      const second = await buildApi(await apiOptions(config, t.db, false));
      expect((await me(second, `Bearer ${token}`)).json().address).toBe(alice);
      await second.close();
      expect(await Promise.all([authSecret("", dataDir), authSecret("", dataDir)])).toEqual([secret, secret]);
      expect(await authSecret(SECRET, dataDir)).toBe(SECRET);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("rejects a configured secret shorter than 32 characters without echoing it", () => {
    expect(() => loadConfig({ AUTH_SECRET: "short-secret" })).toThrow(/AUTH_SECRET must be at least 32 characters long$/);
  });
});

describe("who may see partners' telegram handles", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  const visitor = { address: "axm1visitor", expiresAt: new Date("2026-06-01T01:00:00Z") };

  it("is a signed-in visitor whose Premium has not expired", () => {
    expect(canSeeTelegram(visitor, new Date("2026-06-02T00:00:00Z"), now)).toBe(true);
    expect(canSeeTelegram(visitor, new Date("2026-05-31T00:00:00Z"), now)).toBe(false);
    expect(canSeeTelegram(visitor, now, now)).toBe(false);
    expect(canSeeTelegram(visitor, null, now)).toBe(false);
    expect(canSeeTelegram(null, new Date("2027-01-01T00:00:00Z"), now)).toBe(false);
  });
});
