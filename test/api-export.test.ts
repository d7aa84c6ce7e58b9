// The CSV exports over an indexed devnet, on PGlite and PostgreSQL: each file parsed back (strict RFC 4180) equals, row for
// row, what the paginated API answers for the same address, range and filters; the cut at the limit; 400, 404 and 429.
import { get as httpGet } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { amountOf, exactDecimal } from "../core/amount.ts";
import { STATUSES } from "../core/partnership-status.ts";
import { buildApi } from "../api/server.ts";
import { apiConfig } from "../cli/services.ts";
import { loadConfig } from "../cli/config.ts";
import type { Operation } from "../shapes/operations.ts";
import type { TeamPage } from "../shapes/accounts.ts";
import type { TokenHoldersPage } from "../shapes/contracts.ts";
import type { TxPage, TxDetail } from "../shapes/transactions.ts";
import { guarded, txListCells } from "./support/csv-expected.ts";
import { parseCsv } from "./support/csv-parse.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "./support/databases.ts";
import { indexerFor, serveDevnet, type ServedDevnet } from "./support/pipeline.ts";
import type { Queryable } from "../db/connection.ts";

/** Enough blocks for the busiest address to take part in a few thousand transactions. */
const BLOCKS = 300;
const CUT_AT = 50;
const EXPORT_LIMIT = 3;

/** What the writer does to text a spreadsheet would run as a formula. */

describe.each(ENGINES)("CSV exports of an indexed devnet on %s", (engine) => {
  let chain: ServedDevnet;
  let t: TestDatabase;
  let app: FastifyInstance;
  let small: FastifyInstance;
  let busy: string;
  let range: { from: number; to: number };

  const get = async <T>(url: string): Promise<T> => {
    const response = await app.inject({ method: "GET", url });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    return response.json();
  };
  const csv = async (url: string, api = app) => {
    const response = await api.inject({ method: "GET", url });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    return { response, file: parseCsv(response.body) };
  };
  const one = async (sql: string) => (await t.db.query<{ v: string }>(sql))[0].v;

  beforeAll(async () => {
    chain = await serveDevnet(BLOCKS);
    t = await createTestDatabase(engine);
    expect(await indexerFor(t.db, chain.url).catchUp()).toBe(BLOCKS);
    const config = apiConfig(loadConfig({}), true);
    app = await buildApi({ db: t.db, config });
    small = await buildApi({ db: t.db, config, exportMaxRows: CUT_AT, routeLimits: { search: 0, faucet: 0, auth: 0, export: EXPORT_LIMIT } });
    busy = await one("select address as v from accounts order by tx_count desc, address limit 1");
    const time = async (height: number) => Number(await one(`select (extract(epoch from time) * 1000)::int8::text as v from blocks where height = ${height}`));
    range = { from: await time(60), to: await time(240) };
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await small?.close();
    await chain?.devnet.close();
    await t?.drop();
  });

  /** Every page of the transaction list for the address (and range), newest first. */
  async function listedTransactions(address: string, time: string): Promise<TxPage["data"]> {
    const rows: TxPage["data"] = [];
    for (let page = 1; ; page++) {
      const { data } = await get<TxPage>(`/api/transactions/paginate/100/${page}?address=${address}${time}`);
      rows.push(...data);
      if (data.length < 100) return rows;
    }
  }

  it("transactions: the file equals every page of the transaction list, with and without a range", async () => {
    for (const [query, time] of [
      ["", ""],
      [`?from=${range.from}&to=${range.to}`, `&time=${range.from}_${range.to}`],
    ]) {
      const { response, file } = await csv(`/api/export/${busy}/transactions.csv${query}`);
      const listed = await listedTransactions(busy, time);
      expect(listed.length).toBeGreaterThan(query ? 1500 : 2500);
      expect(file.header).toEqual(["time", "height", "hash", "status", "types", "direction", "amount (AXM)", "fee (AXM)", "memo"]);
      expect(file.rows.map((r) => [r[0], r[1], r[2], r[3], r[4], r[7], r[8]])).toEqual(listed.map(txListCells));
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8; header=present");
      expect(response.headers["cache-control"]).toBe("no-store");
      const name = query ? `${busy}-transactions-${new Date(range.from).toISOString().replace(/[-:]|\.\d{3}/g, "")}-` : `${busy}-transactions.csv`;
      expect(response.headers["content-disposition"]).toContain(`attachment; filename="${name}`);
    }
  }, 120_000);

  it("transactions: direction and amount follow the address's transfers in the transaction's events", async () => {
    // The busiest address is the fee collector, paid only by fees (not a message's transfer): take the next busiest
    // accounts (20-byte addresses, 42 characters).
    const candidates = await t.db.query<{ address: string }>(
      "select address from accounts where length(address) = 42 order by tx_count desc, address limit 12",
    );
    const seen = new Set<string>();
    for (const { address } of candidates.slice(1)) {
      const { file } = await csv(`/api/export/${address}/transactions.csv`);
      for (const row of file.rows) seen.add(row[5]);
      // A sample of rows, checked against the transaction's own events (message transfers; the fee is its own column).
      for (const row of file.rows.filter((_, i) => i % 53 === 0)) {
        const detail = await get<TxDetail>(`/api/transactions/${row[2]}`);
        let net = 0n;
        for (const event of detail.evts.filter((e) => e.type === "transfer" && e.attributes.some((a) => a.key === "msg_index"))) {
          const value = (key: string) => event.attributes.find((a) => a.key === key)?.value ?? "";
          if (value("recipient") === address) net += amountOf(value("amount"));
          if (value("sender") === address) net -= amountOf(value("amount"));
        }
        expect(row[6], row[2]).toBe(exactDecimal(net));
        expect(row[5], row[2]).toBe(net > 0n ? "in" : net < 0n ? "out" : row[5] === "self" ? "self" : "");
      }
    }
    expect([...seen].sort()).toEqual(expect.arrayContaining(["", "in", "out"]));
  }, 120_000);

  it("operations: the file equals the ledger's pages, whole and within a range", async () => {
    const account = await one(
      "select a.address as v from operations o join accounts a on a.id = o.account group by a.address order by count(*) desc, a.address limit 1",
    );
    const ledger: Operation[] = [];
    for (let until = ""; ;) {
      const page = await get<Operation[]>(`/api/operations/${account}?perPage=100${until}`);
      ledger.push(...page);
      if (page.length < 100) break;
      until = `&timeFrom=${Date.parse(page[page.length - 1].time) - 1}`;
    }
    expect(ledger.length).toBeGreaterThan(300);
    const expected = (ops: Operation[]) =>
      ops.map((op) => [
        op.time,
        op.type,
        exactDecimal(BigInt(op.amount) * BigInt(op.s)),
        op.denom === "uret" ? "RET" : "AXM",
        op.fields.find((f) => f.t === 1)?.v ?? "",
        op.txHash ?? "",
      ]);
    const whole = await csv(`/api/export/${account}/operations.csv`);
    expect(whole.file.header).toEqual(["time", "type", "amount", "currency", "counterparty", "tx hash"]);
    expect(whole.file.rows).toEqual(expected(ledger));
    expect(whole.file.rows.some((r) => r[2].startsWith("-"))).toBe(true);
    const within = await csv(`/api/export/${account}/operations.csv?from=${range.from}&to=${range.to}`);
    const inRange = ledger.filter((op) => Date.parse(op.time) >= range.from && Date.parse(op.time) <= range.to);
    expect(inRange.length).toBeGreaterThan(0);
    expect(within.file.rows).toEqual(expected(inRange));
    // The ledger's type filter: the same rows as the ledger asked for those types.
    const types = [...new Set(ledger.map((op) => op.type))].slice(0, 2);
    const typed: Operation[] = [];
    for (let until = ""; ;) {
      const page = await get<Operation[]>(`/api/operations/${account}?perPage=100&type=${types.join(",")}${until}`);
      typed.push(...page);
      if (page.length < 100) break;
      until = `&timeFrom=${Date.parse(page[page.length - 1].time) - 1}`;
    }
    expect(typed.length).toBeLessThan(ledger.length);
    expect((await csv(`/api/export/${account}/operations.csv?type=${types.join(",")}`)).file.rows).toEqual(expected(typed));
  }, 120_000);

  it("team: the file equals the team list in level order, with and without its filters", async () => {
    const root = await one("select ancestor as v from referral_ancestors group by ancestor order by count(*) desc, ancestor limit 1");
    for (const filter of ["", "level=2", "status=1"]) {
      const members: TeamPage["data"] = [];
      for (let page = 1; ; page++) {
        const { data } = await get<TeamPage>(`/api/accounts/team/${root}/paginate/100/${page}?order=level&direction=asc&${filter}`);
        members.push(...data);
        if (data.length < 100) break;
      }
      if (filter === "") expect(members.length).toBeGreaterThan(200);
      const { file } = await csv(`/api/export/${root}/team.csv?${filter}`);
      expect(file.header).toEqual(["address", "nickname", "level", "status", "delegated (AXM)", "team size"]);
      expect(file.rows, filter).toEqual(
        members.map((m) => [m._id, guarded(m.name ?? ""), String(m.level), STATUSES[m.status].name, exactDecimal(BigInt(m.delegated)), String(m.teamSize)]),
      );
    }
  }, 120_000);

  it("holders: the file equals the holder list, quantities in the token's decimals and the same percentages", async () => {
    const token = await one("select contract as v from cw20_balances group by contract order by count(*) desc, contract limit 1");
    const { decimals } = (await t.db.query<{ decimals: number }>("select decimals from cw20_tokens where contract = $1", [token]))[0];
    const holders: TokenHoldersPage["holders"] = [];
    for (let cursor = ""; ;) {
      const page = await get<TokenHoldersPage>(`/api/cw20/${token}/holders?limit=100${cursor}`);
      holders.push(...page.holders);
      if (!page.nextCursor) break;
      cursor = `&cursor=${page.nextCursor}`;
    }
    expect(holders.length).toBeGreaterThan(100);
    const names = new Map(
      (await t.db.query<{ address: string; nickname: string }>("select address, nickname from profiles where nickname <> ''")).map((p) => [
        p.address,
        p.nickname,
      ]),
    );
    const { file, response } = await csv(`/api/export/token/${token}/holders.csv`);
    expect(file.header).toEqual(["address", "nickname", "quantity", "percentage"]);
    expect(file.rows.map((r) => [r[0], r[1], r[2]])).toEqual(
      holders.map((h) => [h.address, guarded(names.get(h.address) ?? ""), exactDecimal(BigInt(h.quantity), decimals)]),
    );
    expect(file.rows.map((r) => Number(r[3]))).toEqual(holders.map((h) => h.percentage));
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="${token}-holders.csv"`);
  }, 120_000);

  it("cuts a file at the row limit with a last line saying so; 100,000 rows by default", async () => {
    expect(loadConfig({}).exportMaxRows).toBe(100_000);
    const whole = (await csv(`/api/export/${busy}/transactions.csv`)).file;
    const { file } = await csv(`/api/export/${busy}/transactions.csv`, small);
    expect(file.rows).toHaveLength(CUT_AT + 1);
    expect(file.rows.slice(0, CUT_AT)).toEqual(whole.rows.slice(0, CUT_AT));
    const last = file.rows[CUT_AT];
    expect(last[0]).toMatch(new RegExp(`^Cut at ${CUT_AT} rows: .*to=${Date.parse(whole.rows[CUT_AT - 1][0])}`));
    expect(last.slice(1).every((cell) => cell === "")).toBe(true);
  });

  it("stops reading the database when the client goes away", async () => {
    // The API reads through this replica handle, which counts the export's chunk reads (the list's own queries).
    let reads = 0;
    const counted: Queryable = {
      query: (sql, params) => {
        if (sql.includes("from address_txs l join transactions t")) reads++;
        return t.db.query(sql, params);
      },
    };
    // Ten rows a read, so that the file is hundreds of reads, more than the connection's buffers hold at once.
    const api = await buildApi({ db: t.db, replica: counted, config: apiConfig(loadConfig({}), true), exportChunkRows: 10 });
    await api.listen({ port: 0, host: "127.0.0.1" });
    const { port } = api.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/api/export/${busy}/transactions.csv`;
    const whole = await fetch(url).then((r) => r.text());
    const allReads = reads;
    expect(allReads).toBeGreaterThan(300);
    expect(whole.length).toBeGreaterThan(0);
    reads = 0;
    await new Promise<void>((resolve, reject) => {
      const req = httpGet(url, (res) => res.once("data", () => (req.destroy(), resolve())));
      req.on("error", reject);
    });
    // The close reaches the server, which destroys the stream: no read starts after that.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const afterAbort = reads;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reads).toBe(afterAbort);
    expect(afterAbort).toBeLessThan(allReads / 2);
    await api.close();
  });

  it("compresses for a client that asks, to the same bytes", async () => {
    const plain = await app.inject({ method: "GET", url: `/api/export/${busy}/transactions.csv` });
    const packed = await app.inject({ method: "GET", url: `/api/export/${busy}/transactions.csv`, headers: { "accept-encoding": "br" } });
    expect(packed.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(packed.rawPayload).toString("utf8")).toBe(plain.body);
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it("refuses bad addresses and ranges with 400, an unknown token with 404, and a client over its limit with 429", async () => {
    const validator = await one("select operator_address as v from validators limit 1");
    for (const url of [
      "/api/export/nonsense/transactions.csv",
      `/api/export/${busy}/transactions.csv?from=${range.to}&to=${range.from}`,
      `/api/export/${busy}/transactions.csv?from=abc`,
      `/api/export/${busy}/transactions.csv?from=99999999999999`,
      `/api/export/${busy}/transactions.csv?page=2`,
      `/api/export/${validator}/operations.csv`,
      `/api/export/${validator}/team.csv`,
      `/api/export/${busy}/team.csv?level=15`,
      `/api/export/${busy}/operations.csv?type=nothing`,
      `/api/export/token/${busy}/holders.csv`,
    ]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe("bad_request");
    }
    // No HEAD: it would read the whole file to send none of it.
    expect((await app.inject({ method: "HEAD", url: `/api/export/${busy}/transactions.csv` })).statusCode).toBe(404);
    const contract = await one("select address as v from contracts where address not in (select contract from cw20_tokens) limit 1");
    expect((await app.inject({ method: "GET", url: `/api/export/token/${contract}/holders.csv` })).statusCode).toBe(404);

    const statuses: number[] = [];
    for (let i = 0; i <= EXPORT_LIMIT; i++) statuses.push((await small.inject({ method: "GET", url: `/api/export/${busy}/team.csv` })).statusCode);
    expect(statuses).toEqual([...Array<number>(EXPORT_LIMIT).fill(200), 429]);
    const refused = await small.inject({ method: "GET", url: `/api/export/${busy}/team.csv` });
    expect(refused.json().error.code).toBe("rate_limited");
    // Each export counts apart, and the rest of the API is not touched.
    expect((await small.inject({ method: "GET", url: `/api/export/${busy}/operations.csv` })).statusCode).toBe(200);
    expect((await small.inject({ method: "GET", url: "/api/blocks/latest" })).statusCode).toBe(200);
  });

  it("documents the four routes in OpenAPI as text/csv with their error answers", async () => {
    const document = await get<{ paths: Record<string, { get: { responses: Record<string, { content: Record<string, unknown> }> } }> }>("/api/docs/json");
    for (const path of [
      "/api/export/{address}/transactions.csv",
      "/api/export/{address}/operations.csv",
      "/api/export/{address}/team.csv",
      "/api/export/token/{address}/holders.csv",
    ]) {
      const responses = document.paths[path]?.get.responses;
      expect(Object.keys(responses?.["200"].content ?? {}), path).toEqual(["text/csv"]);
      expect(Object.keys(responses), path).toEqual(expect.arrayContaining(["400", "429"]));
    }
  });
});
