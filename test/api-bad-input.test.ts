// Every route of the API under a few hundred generated bad inputs: each answer a 4xx with the JSON error body, never a 5xx.
import { readFileSync } from "node:fs";
import { toBech32 } from "@cosmjs/encoding";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { normalizeBlock, normalizeBlockResults } from "../chain/normalize.ts";
import { decodeBlock } from "../indexer/decode-block.ts";
import { writeBatch } from "../indexer/write-batch.ts";
import { buildApi } from "../api/server.ts";
import { apiConfig } from "../cli/services.ts";
import { loadConfig } from "../cli/config.ts";
import { openDatabase } from "../db/connection.ts";
import { createTestDatabase, type TestDatabase } from "./support/databases.ts";
import { generateBadValues, inUrl } from "./support/bad-inputs.ts";

const FIXTURES = new URL("../../shared/fixtures/real-chains/", import.meta.url);
const read = (file: string) => JSON.parse(readFileSync(new URL(file, FIXTURES), "utf8"));
const BAD = generateBadValues();
// Values that are well-formed in a numeric position (a page past the end is an empty page, not an error).
const notAHeight = (v: string) => !/^[1-9]\d{0,11}$/.test(v);

let t: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestDatabase("pglite");
  const block = normalizeBlock(read("celenium-celestia-mocha4-1768659.block.result.json"));
  const results = normalizeBlockResults(read("celenium-celestia-mocha4-1768659.block_results.result.json"));
  await t.db.query("insert into indexer_state (chain_id, start_height, indexed_height, chain_height) values ($1, $2, $2, $2)", [block.chainId, block.height]);
  await t.db.transaction((tx) => writeBatch(tx, [decodeBlock(block, results)], block.height));
  app = await buildApi({ db: t.db, config: apiConfig(loadConfig({}), false) });
});
afterAll(async () => {
  await app.close();
  await t.drop();
});

describe("a database that stops answering", () => {
  it("gets 503 database_unavailable with the JSON body, not a 500", async () => {
    const gone = await createTestDatabase("pglite");
    const api = await buildApi({ db: gone.db, config: apiConfig(loadConfig({}), false) });
    await gone.drop();
    const response = await api.inject({ method: "GET", url: "/api/blocks/latest" });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe("database_unavailable");
    await api.close();
  });

  it("as a PostgreSQL server that refuses connections: 503 database_unavailable", async () => {
    const refused = await openDatabase({ url: "postgres://postgres@127.0.0.1:1/none", poolSize: 1 });
    const api = await buildApi({ db: refused, config: apiConfig(loadConfig({}), false) });
    const response = await api.inject({ method: "GET", url: "/api/blockchain/stat" });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe("database_unavailable");
    await api.close();
    await refused.close();
  });
});

async function expectClientError(method: "GET" | "POST" | "DELETE", url: string, payload?: unknown): Promise<void> {
  const response = await app.inject({ method, url, payload: payload as never });
  const context = `${method} ${url.slice(0, 200)} ${payload === undefined ? "" : JSON.stringify(payload).slice(0, 200)} -> ${response.statusCode} ${response.body.slice(0, 200)}`;
  expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, context).toBeLessThan(500);
  const body = response.json();
  expect(typeof body.error?.code, context).toBe("string");
  expect(typeof body.error?.message, context).toBe("string");
}

describe("bad input gets a 4xx with a JSON error, never a 5xx", () => {
  it(`GET /api/blocks/{id} and /api/consensus/{id} (${BAD.length * 3} inputs)`, async () => {
    for (const v of BAD) {
      await expectClientError("GET", `/api/blocks/${inUrl(v)}`);
      if (notAHeight(v)) await expectClientError("GET", `/api/blocks/1-${inUrl(v)}`);
      await expectClientError("GET", `/api/consensus/${inUrl(v)}`);
    }
    await expectClientError("GET", "/api/blocks/1-1000");
    await expectClientError("GET", "/api/blocks/10-5");
  });

  it(`GET /api/transactions/paginate/{pageSize}/{page} (${BAD.length * 2} inputs)`, async () => {
    for (const v of BAD) {
      await expectClientError("GET", `/api/transactions/paginate/${inUrl(v)}/1`);
      if (notAHeight(v)) await expectClientError("GET", `/api/transactions/paginate/10/${inUrl(v)}`);
    }
  });

  it(`transaction filters type, status, time, address on the page and the count (${BAD.length * 8} inputs)`, async () => {
    for (const v of BAD) {
      for (const name of ["type", "status", "time", "address"]) {
        if (name === "status" && ["0", "1", "2"].includes(v)) continue;
        await expectClientError("GET", `/api/transactions/paginate/10/1?${name}=${inUrl(v)}`);
        await expectClientError("GET", `/api/transactions/paginate/records_count?${name}=${inUrl(v)}`);
      }
    }
    await expectClientError("GET", "/api/transactions/paginate/10/1?time=2000_1000");
    await expectClientError("GET", "/api/transactions/paginate/10/1?unknown=1");
  });

  it(`GET /api/transactions/{hash} (${BAD.length} inputs)`, async () => {
    for (const v of BAD) await expectClientError("GET", `/api/transactions/${inUrl(v)}`);
    await expectClientError("GET", `/api/transactions/${"AB".repeat(32)}`);
  });

  it(`events by address: count and page (${BAD.length * 3} inputs)`, async () => {
    for (const v of BAD) {
      await expectClientError("GET", `/api/events/paginate/records_count?address=${inUrl(v)}`);
      await expectClientError("GET", `/api/events/paginate/30/1?address=${inUrl(v)}`);
      await expectClientError("GET", `/api/events/paginate/${inUrl(v)}/1?address=axm1qyqszqgpqyqszqgpqyqszqgpqyqszqgpxm48nm`);
    }
    await expectClientError("GET", "/api/events/paginate/30/1");
  });

  it(`validators: delegations by validator and page, consensus ranges by validator (${BAD.length * 4} inputs)`, async () => {
    const valoper = toBech32("axmvaloper", new Uint8Array(20).fill(7));
    for (const v of BAD) {
      await expectClientError("GET", `/api/validators/delegations/${inUrl(v)}/paginate/10/1`);
      await expectClientError("GET", `/api/validators/delegations/${valoper}/paginate/${inUrl(v)}/1`);
      if (notAHeight(v)) await expectClientError("GET", `/api/validators/delegations/${valoper}/paginate/10/${inUrl(v)}`);
      await expectClientError("GET", `/api/consensus/1-2?validator=${inUrl(v)}`);
    }
    // Well-formed but unknown: 404 with the same body.
    await expectClientError("GET", `/api/validators/delegations/${valoper}/paginate/10/1`);
    await expectClientError("GET", `/api/validators/delegations/${toBech32("axm", new Uint8Array(20).fill(7))}/paginate/10/1`);
    await expectClientError("GET", `/api/consensus/1-2?validator=${toBech32("axmvaloper", new Uint8Array(20).fill(7))}`);
  });

  it(`CSV exports: addresses, ranges and team filters (${BAD.length * 7} inputs)`, async () => {
    const account = toBech32("axm", new Uint8Array(20).fill(7));
    // A well-formed range end (1 to 13 digits, or empty) is an empty file here, not an error.
    const millis = (v: string) => /^([0-9]{1,13})?$/.test(v);
    for (const v of BAD) {
      await expectClientError("GET", `/api/export/${inUrl(v)}/transactions.csv`);
      await expectClientError("GET", `/api/export/${inUrl(v)}/operations.csv`);
      await expectClientError("GET", `/api/export/${inUrl(v)}/team.csv`);
      await expectClientError("GET", `/api/export/token/${inUrl(v)}/holders.csv`);
      if (!millis(v)) await expectClientError("GET", `/api/export/${account}/transactions.csv?from=${inUrl(v)}`);
      if (!millis(v)) await expectClientError("GET", `/api/export/${account}/operations.csv?to=${inUrl(v)}`);
      if (!/^([1-9]|1[0-4])?$/.test(v)) await expectClientError("GET", `/api/export/${account}/team.csv?level=${inUrl(v)}`);
    }
    await expectClientError("GET", `/api/export/${account}/transactions.csv?from=2000&to=1000`);
    await expectClientError("GET", `/api/export/${account}/transactions.csv?to=9999999999999`);
    await expectClientError("GET", `/api/export/${account}/team.csv?order=level`);
    await expectClientError("GET", `/api/export/token/${toBech32("axm", new Uint8Array(32).fill(7))}/holders.csv`);
  });

  it(`GET /api/accounts/delegations/{address} (${BAD.length} inputs)`, async () => {
    for (const v of BAD) await expectClientError("GET", `/api/accounts/delegations/${inUrl(v)}`);
    await expectClientError("GET", `/api/accounts/delegations/${toBech32("axmvaloper", new Uint8Array(20).fill(7))}`);
  });

  it(`GET /api/accounts/rich: limits and cursors (${BAD.length * 2} inputs)`, async () => {
    // A well-formed limit (1..100) is a 200; a cursor is an opaque text only this API gives.
    const limit = (v: string) => /^(100|[1-9][0-9]?)$/.test(v);
    for (const v of BAD) {
      if (!limit(v)) await expectClientError("GET", `/api/accounts/rich?limit=${inUrl(v)}`);
      await expectClientError("GET", `/api/accounts/rich?cursor=${inUrl(v)}`);
    }
  });

  // The search rule (core/search-input.ts) accepts text containing an address prefix, or letters of any script, digits,
  // spaces, "-", "_" and "."; on this index such text finds nothing (200).
  const acceptedBySearch = (v: string) => v.trim() !== "" && v.trim().length <= 128 && (/axm(valoper)?1/.test(v) || /^[\p{L}\p{M}\p{N} _.-]+$/u.test(v.trim()));

  it(`governance: proposal and poll ids, addresses, transaction hashes, list limits and cursors (${BAD.length * 10} inputs)`, async () => {
    // A well-formed id is a 404 here; a well-formed limit (1..100) or cursor (an id) is a 200, so those are left out.
    const limit = (v: string) => /^(100|[1-9][0-9]?)$/.test(v);
    const cursor = (v: string) => /^[1-9][0-9]{0,14}$/.test(v);
    const governor = toBech32("axm", new Uint8Array(20).fill(9));
    for (const v of BAD) {
      await expectClientError("GET", `/api/governance/proposals/${inUrl(v)}`);
      await expectClientError("GET", `/api/governance/polls/${inUrl(v)}`);
      if (!limit(v)) await expectClientError("GET", `/api/governance/proposals?limit=${inUrl(v)}`);
      if (!limit(v)) await expectClientError("GET", `/api/governance/polls/1?limit=${inUrl(v)}`);
      if (!cursor(v)) await expectClientError("GET", `/api/governance/polls?cursor=${inUrl(v)}`);
      if (!cursor(v)) await expectClientError("GET", `/api/governance/proposals?cursor=${inUrl(v)}`);
      await expectClientError("GET", `/api/governance/activity/${inUrl(v)}`);
      await expectClientError("GET", `/api/governance/activity/${governor}?cursor=${inUrl(v)}`);
      if (!limit(v)) await expectClientError("GET", `/api/governance/activity/${governor}?limit=${inUrl(v)}`);
      if (!/^[0-9A-Fa-f]{64}$/.test(v)) await expectClientError("GET", `/api/governance/transactions/${inUrl(v)}`);
    }
  });

  it(`charts: series, from and to (${BAD.length * 3} inputs)`, async () => {
    const day = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
    for (const v of BAD) {
      await expectClientError("GET", `/api/charts/${inUrl(v)}`);
      if (!day(v)) await expectClientError("GET", `/api/charts/fees?from=${inUrl(v)}`);
      if (!day(v)) await expectClientError("GET", `/api/charts/transactions?to=${inUrl(v)}&from=2026-01-01`);
    }
  });

  it(`POST /api/blockchain/search (${BAD.length + 6} inputs)`, async () => {
    for (const v of BAD) {
      if (!acceptedBySearch(v)) {
        await expectClientError("POST", "/api/blockchain/search", { query: v });
      } else {
        const response = await app.inject({ method: "POST", url: "/api/blockchain/search", payload: { query: v } });
        expect(response.statusCode, v).toBe(200);
        expect(response.json().type, v).toBe("unknown");
      }
    }
    for (const payload of [{}, { query: 5 }, { query: null }, { query: ["1"] }, { q: "1" }, "not json"]) {
      await expectClientError("POST", "/api/blockchain/search", payload);
    }
  });

  it(`GET /api/blockchain/search/suggest (${BAD.length + 5} inputs)`, async () => {
    for (const v of BAD) {
      const url = `/api/blockchain/search/suggest?q=${encodeURIComponent(v)}`;
      if (!acceptedBySearch(v)) {
        await expectClientError("GET", url);
      } else {
        const response = await app.inject({ method: "GET", url });
        expect(response.statusCode, v).toBe(200);
        expect(Array.isArray(response.json()), v).toBe(true);
      }
    }
    for (const query of ["", "?q=", "?x=1", "?q=a&q=b", "?q=a&x=1"]) await expectClientError("GET", `/api/blockchain/search/suggest${query}`);
  });

  it(`POST /api/auth/memo-challenge and /api/auth/memo-poll (${2 * BAD.length + 8} inputs)`, async () => {
    for (const v of BAD) {
      await expectClientError("POST", "/api/auth/memo-challenge", { address: v });
      // A well-formed secret nobody was given is a 401, anything else a 400: both client errors.
      await expectClientError("POST", "/api/auth/memo-poll", { secret: v });
    }
    for (const payload of [{}, { address: 5 }, { address: null }, "not json"]) await expectClientError("POST", "/api/auth/memo-challenge", payload);
    for (const payload of [{}, { secret: 5 }, { secret: "a".repeat(43), extra: 1 }, "not json"])
      await expectClientError("POST", "/api/auth/memo-poll", payload);
  });

  it("a NUL byte anywhere in the URL or a JSON body is a 400, never a database error (team search, search, faucet)", async () => {
    const account = toBech32("axm", new Uint8Array(20).fill(7));
    for (const q of ["%00", "a%00b", "%00%00"]) {
      const response = await app.inject({ method: "GET", url: `/api/accounts/team/${account}/paginate/10/1?q=${q}` });
      expect(response.statusCode, q).toBe(400);
      expect(response.json().error.code).toBe("bad_request");
      await expectClientError("GET", `/api/accounts/team/${account}/paginate/records_count?q=${q}`);
    }
    await expectClientError("POST", "/api/blockchain/search", { query: "ab\u0000c" });
    await expectClientError("GET", "/api/blockchain/search/suggest?q=ab%00c");
    await expectClientError("POST", "/api/faucet/request", { address: `${account}\u0000` });
  });

  it("unknown routes and methods", async () => {
    for (const v of BAD.slice(0, 60)) await expectClientError("GET", `/api/${inUrl(v)}x/y`);
    await expectClientError("POST", "/api/blocks/latest");
    await expectClientError("DELETE", "/api/blocks/1");
  });
});
