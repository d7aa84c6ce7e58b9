// Integration: the hot answers every visitor asks alike (the statistics, the latest block, the first page of the whole
// transactions list and its count) are served from a one-second cache: the same text the route makes uncached, a new
// block once the second has passed (read in its last quarter while the old answer serves), and filtered or deeper pages
// read each time.
import Fastify from "fastify";
import type { TSchema } from "typebox";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Indexer } from "../indexer/indexer.ts";
import { PAGE_SIZES } from "../core/page-sizes.ts";
import { TotalRecords } from "../shapes/common.ts";
import { Block, ChainStat } from "../shapes/chain.ts";
import { TxPage } from "../shapes/transactions.ts";
import { ENGINES } from "./support/databases.ts";
import { indexedDevnet, indexerFor, type IndexedDevnet } from "./support/pipeline.ts";

const BLOCKS = 30;
/** A time filter holding every transaction: the whole list, read the uncached way. */
const ALL_TIME = "time=0_8640000000000";

/** The text a route with `schema` as its 200 answer makes of `value`: what the schema serialiser sends. */
async function schemaText(schema: TSchema, value: unknown): Promise<string> {
  const app = Fastify();
  app.get("/", { schema: { response: { 200: schema } } }, async () => value);
  const response = await app.inject({ method: "GET", url: "/" });
  await app.close();
  return response.body;
}

const HOT: [string, TSchema][] = [
  ["/api/blockchain/stat", ChainStat],
  ["/api/blocks/latest", Block],
  ["/api/transactions/paginate/records_count", TotalRecords],
  ...PAGE_SIZES.map((size): [string, TSchema] => [`/api/transactions/paginate/${size}/1`, TxPage]),
];

describe.each(ENGINES)("hot answers of a devnet index on %s", (engine) => {
  let indexed: IndexedDevnet;
  let indexer: Indexer;
  const text = async (url: string) => {
    const response = await indexed.app.inject({ method: "GET", url });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    indexed = await indexedDevnet(engine, BLOCKS);
    indexer = indexerFor(indexed.db, indexed.chain.url);
  });
  afterEach(() => void vi.useRealTimers());
  afterAll(async () => {
    await indexed?.close();
  });

  it("answers with the text the route's schema serialiser makes, with the short cache policy and an ETag", async () => {
    for (const [url, schema] of HOT) {
      const response = await indexed.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(await schemaText(schema, response.json()));
      expect(response.headers["content-type"], url).toBe("application/json; charset=utf-8");
      expect(response.headers["cache-control"], url).toBe("public, max-age=2");
      expect(response.headers.etag, url).toBeTruthy();
    }
  });

  it("answers as the uncached reads of the same list and block do", async () => {
    for (const size of PAGE_SIZES) {
      expect(await text(`/api/transactions/paginate/${size}/1`)).toBe(await text(`/api/transactions/paginate/${size}/1?${ALL_TIME}`));
    }
    expect(await text("/api/transactions/paginate/records_count")).toBe(await text(`/api/transactions/paginate/records_count?${ALL_TIME}`));
    const latest = await text("/api/blocks/latest");
    const { txs, evts, ...block } = JSON.parse(await text(`/api/blocks/${JSON.parse(latest)._id}`));
    expect([txs.length, evts.length]).not.toEqual([0, 0]);
    expect(latest).toBe(JSON.stringify(block));
  });

  it("shows a new block once its second has passed; filtered and deeper pages at once", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const before = new Map<string, string>();
    const uncached = ["/api/transactions/paginate/10/2", `/api/transactions/paginate/10/1?${ALL_TIME}`, `/api/transactions/paginate/records_count?${ALL_TIME}`];
    for (const url of [...HOT.map(([url]) => url), ...uncached]) before.set(url, await text(url));

    await indexed.chain.devnet.produceBlock();
    expect(await indexer.catchUp()).toBe(BLOCKS + 1);
    for (const [url] of HOT) expect(await text(url), url).toBe(before.get(url));
    for (const url of uncached) expect(await text(url), url).not.toBe(before.get(url));

    vi.setSystemTime(Date.now() + 1001);
    for (const [url] of HOT) expect(await text(url), url).not.toBe(before.get(url));
    expect(JSON.parse(await text("/api/blocks/latest"))._id).toBe(BLOCKS + 1);
    expect(await text("/api/transactions/paginate/10/1")).toBe(await text(`/api/transactions/paginate/10/1?${ALL_TIME}`));
    expect(JSON.parse(await text("/api/transactions/paginate/10/1")).data[0].blockId).toBe(BLOCKS + 1);
  });

  it("reads a new block in the last quarter of the second, while the old answer still serves", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const height = await indexer.catchUp();
    // Past every answer the tests before cached, some of them under a clock set ahead: this test's answers are its own.
    vi.setSystemTime(Date.now() + 10_000);
    for (const [url] of HOT) await text(url);
    await indexed.chain.devnet.produceBlock();
    expect(await indexer.catchUp()).toBe(height + 1);

    vi.setSystemTime(Date.now() + 800);
    expect(JSON.parse(await text("/api/blocks/latest"))._id, "answered at once from the old answer").toBe(height);
    await vi.waitFor(async () => expect(JSON.parse(await text("/api/blocks/latest"))._id).toBe(height + 1));
  });
});
