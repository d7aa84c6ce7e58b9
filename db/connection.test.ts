// The embedded engine in one thread with the API: a long transaction must leave the event loop its turns, and its
// planner knows a page read out of order is cheap. On a server, reads are prepared statements planned for each call's
// values, or once for any values on a pool of their own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, POSTGRES_URL, type TestDatabase } from "../test/support/databases.ts";
import { openDatabase, openReadDatabase, StatementNames, type Database, type QueryPlan, type Queryable } from "./connection.ts";
import { genericPoolSize, serverConnections } from "./defaults.ts";

describe("a PGlite transaction of many statements", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase("pglite");
    await test.db.query("create table busy (n int)");
  });
  afterAll(() => test?.drop());

  it("lets timers and I/O run between its statements, and reads outside it wait for its commit", async () => {
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(Date.now()), 1);
    const outside: Promise<{ n: number }[]>[] = [];
    let statements = 0;
    await test.db.transaction(async (tx) => {
      for (let i = 0; i < 200; i++) {
        await tx.query("insert into busy select g from generate_series(1, 20) g");
        statements++;
        if (i === 0) outside.push(test.db.query<{ n: number }>("select count(*)::int as n from busy"));
      }
    });
    clearInterval(timer);
    expect(statements).toBe(200);
    expect(ticks.length).toBeGreaterThan(1);
    expect(await Promise.all(outside)).toEqual([[{ n: 4000 }]]);
  });

  it("prepares each text once and sends later calls their values: rows typed, arrays and nulls kept, errors rolled back", async () => {
    await test.db.query("create table kept (n int)");
    const sql = "insert into kept select unnest($1::int[]) where $2::text is null or $2 <> 'skip' returning n, $2::text as note";
    const answers = await test.db.transaction(async (tx) => [
      await tx.query(sql, [[7, 8], null]),
      await tx.query(sql, [[9], "skip"]),
      await tx.query(sql, [[10], "kept"]),
    ]);
    expect(answers).toEqual([
      [
        { n: 7, note: null },
        { n: 8, note: null },
      ],
      [],
      [{ n: 10, note: "kept" }],
    ]);
    const prepared = await test.db.query<{ statement: string }>("select statement from pg_prepared_statements where statement = $1", [sql]);
    expect(prepared).toHaveLength(1);
    await expect(test.db.transaction((tx) => tx.query(sql, [[11, 11], "x"]).then(() => tx.query("insert into nowhere values (1)")))).rejects.toThrow(
      /relation "nowhere" does not exist/,
    );
    await expect(test.db.transaction((tx) => tx.query("insert into kept values ($1)", ["not a number"]))).rejects.toThrow(/invalid input syntax/);
    expect(await test.db.query("select n from kept order by n")).toEqual([{ n: 7 }, { n: 8 }, { n: 10 }]);
    expect(await test.db.transaction((tx) => tx.query<{ n: number }>("select $1::int + 1 as n", [41]))).toEqual([{ n: 42 }]);
  });

  it("plans a text for its values five times, then once where that costs no more", async () => {
    const sql = "select $1::int * 2 as n";
    for (let n = 1; n <= 7; n++) expect(await test.db.transaction((tx) => tx.query(sql, [n]))).toEqual([{ n: n * 2 }]);
    const plans = await test.db.query("select generic_plans::int, custom_plans::int from pg_prepared_statements where statement = $1", [sql]);
    expect(plans).toEqual([{ generic_plans: 2, custom_plans: 5 }]);
  });
});

describe("the embedded engine's plans", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase("pglite");
  });
  afterAll(() => test?.drop());

  it("probes the ancestor rows of a block's few accounts by index on a young tree, instead of reading them all", async () => {
    await test.db.query(
      `insert into referral_ancestors (ancestor, depth, account)
       select 'axm1ancestor' || (g % 30), d, 'axm1member' || g from generate_series(1, 300) g, generate_series(1, 10) d`,
    );
    await test.db.query("analyze referral_ancestors");
    const members = Array.from({ length: 15 }, (_, i) => `axm1member${i * 20 + 1}`);
    const plan = await test.db.query<{ "QUERY PLAN": string }>(
      `explain select a.ancestor, sum(u.amount) from unnest($1::text[], $2::numeric[]) as u(member, amount)
       join referral_ancestors a on a.account = u.member group by 1`,
      [members, members.map(() => "5")],
    );
    const text = plan.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).toMatch(/Index (Only )?Scan using referral_ancestors_account/);
    expect(text).not.toContain("Seq Scan on referral_ancestors");
  });
});

describe.skipIf(!POSTGRES_URL)("reads on a PostgreSQL server", () => {
  let test: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    test = await createTestDatabase("postgres");
    db = await openDatabase({ url: test.url ?? "", poolSize: 1 });
  });
  afterAll(async () => {
    await db?.close();
    await test?.drop();
  });

  it("prepares a text once per connection and plans it anew for each call's values", async () => {
    const sql = "select $1::int as n";
    for (let n = 1; n <= 7; n++) expect(await db.query(sql, [n])).toEqual([{ n }]);
    const prepared = await db.query<{ name: string; generic_plans: number; custom_plans: number }>(
      "select name, generic_plans::int, custom_plans::int from pg_prepared_statements where statement = $1",
      [sql],
    );
    expect(prepared).toEqual([{ name: expect.stringMatching(/^axm_\d+$/), generic_plans: 0, custom_plans: 7 }]);
  });

  it("plans a read once for any values when it asks for a generic plan, on connections of their own, on the primary and a replica", async () => {
    const sql = "select $1::int as n, current_setting('plan_cache_mode') as mode";
    const replica = openReadDatabase(test.url ?? "", 1);
    try {
      for (const reader of [db, replica] as Queryable[]) {
        const read = (n: number, plan?: QueryPlan) => reader.query<{ n: number; mode: string }>(sql, [n], plan);
        expect(await read(1)).toEqual([{ n: 1, mode: "force_custom_plan" }]);
        for (let n = 1; n <= 3; n++) expect(await read(n, "generic")).toEqual([{ n, mode: "force_generic_plan" }]);
        expect(await read(2, "custom")).toEqual([{ n: 2, mode: "force_custom_plan" }]);
        const planned = (plan: QueryPlan) =>
          reader.query("select generic_plans::int, custom_plans::int from pg_prepared_statements where statement = $1", [sql], plan);
        expect(await planned("custom")).toEqual([{ generic_plans: 0, custom_plans: 2 }]);
        expect(await planned("generic")).toEqual([{ generic_plans: 3, custom_plans: 0 }]);
      }
    } finally {
      await replica.close();
    }
  });

  it("answers in a table's new shape after a migration adds a column to it", async () => {
    await db.query("create table shifting (a int)");
    await db.query("insert into shifting values (1)");
    expect(await db.query("select * from shifting")).toEqual([{ a: 1 }]);
    await db.query("alter table shifting add column b int default 2");
    expect(await db.query("select * from shifting")).toEqual([{ a: 1, b: 2 }]);
    expect(await db.query("select * from shifting")).toEqual([{ a: 1, b: 2 }]);
  });
});

describe("the pools of a server", () => {
  it("give the generic reads a quarter of the pool's connections, at least one", () => {
    expect([1, 4, 10, 40].map(genericPoolSize)).toEqual([1, 1, 3, 10]);
    expect(serverConnections(10)).toBe(13);
  });
});

describe("statement names", () => {
  it("names each text once, up to a limit, and not a text the server refused", () => {
    const names = new StatementNames(2);
    const first = names.nameOf("select 1");
    expect(first).toMatch(/^axm_\d+$/);
    expect(names.nameOf("select 1")).toBe(first);
    expect(names.nameOf("select 2")).not.toBe(first);
    expect(names.nameOf("select 3")).toBeUndefined();
    names.refuse("select 1");
    expect(names.nameOf("select 1")).toBeUndefined();
  });
});
