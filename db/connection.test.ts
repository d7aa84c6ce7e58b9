// The embedded engine in one thread with the API: a long transaction must leave the event loop its turns.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/support/databases.ts";

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
});
