// A PostgreSQL server keeps one generic plan for the team pages in level order or sorted by a figure and for text searches, and plans the other
// team pages for their values.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QueryPlan, Queryable, SqlParam } from "../db/connection.ts";
import { teamCount, teamPageByFigure, teamPageByOffset, teamPageInLevelOrder } from "../db/queries/accounts.ts";
import { POSTGRES_URL, createTestDatabase, type TestDatabase } from "./support/databases.ts";

const ROOT = "axm1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq";

describe.runIf(POSTGRES_URL)("the plans of team pages on a PostgreSQL server", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await t.drop();
  });

  /** The test database, noting each statement it is sent and the plan asked for it. */
  function recording(): { db: Queryable; sent: { sql: string; plan: QueryPlan | undefined }[] } {
    const sent: { sql: string; plan: QueryPlan | undefined }[] = [];
    const db: Queryable = {
      query: (sql: string, params?: SqlParam[], plan?: QueryPlan) => {
        sent.push({ sql, plan });
        return t.db.query(sql, params, plan);
      },
    };
    return { db, sent };
  }

  it("reads a page in level order or sorted by a figure with its one generic plan, and a filtered page with a plan for its values", async () => {
    const { db, sent } = recording();
    for (const page of [1, 2, 1_000]) expect(await teamPageInLevelOrder(db, ROOT, null, false, 10, page)).toEqual([]);
    expect(await teamPageByOffset(db, ROOT, { q: null, level: null, status: 7 }, "level", false, 10, 1)).toEqual([]);
    for (const page of [1, 1_000]) expect(await teamPageByFigure(db, ROOT, "delegated", true, 10, page)).toEqual([]);
    const [levelOrder, byOffset, byFigure] = [sent[0], sent[3], sent[4]];
    expect(levelOrder.plan).toBe("generic");
    expect(byOffset.plan).toBe("custom");
    expect(byFigure.plan).toBe("generic");

    // The generic pool has one connection here (a pool of 4), so this read sees the statement's own session.
    const planned = await t.db.query(
      "select generic_plans::int, custom_plans::int from pg_prepared_statements where statement = $1",
      [levelOrder.sql],
      "generic",
    );
    expect(planned).toEqual([{ generic_plans: 3, custom_plans: 0 }]);
  });

  it("counts and pages a text search with one generic plan, with a filter or a sort too", async () => {
    const { db, sent } = recording();
    for (const q of ["zen", "alex", "a_b%"]) {
      expect(await teamCount(db, ROOT, { q, level: null, status: null })).toBe(0);
      expect(await teamPageByOffset(db, ROOT, { q, level: null, status: null }, "level", false, 10, 1)).toEqual([]);
    }
    expect(await teamCount(db, ROOT, { q: "zen", level: 2, status: 1 })).toBe(0);
    expect(await teamPageByOffset(db, ROOT, { q: "zen", level: null, status: null }, "delegated", true, 10, 3)).toEqual([]);
    expect(sent.map((s) => s.plan)).toEqual(Array<QueryPlan>(8).fill("generic"));

    const [count, page] = [sent[0].sql, sent[1].sql];
    const planned = await t.db.query<{ statement: string; generic_plans: number; custom_plans: number }>(
      "select statement, generic_plans::int, custom_plans::int from pg_prepared_statements where statement = any($1::text[])",
      [[count, page]],
      "generic",
    );
    expect(
      planned
        .map(({ statement, ...plans }) => ({ statement: statement === count ? "count" : "page", ...plans }))
        .sort((a, b) => a.statement.localeCompare(b.statement)),
    ).toEqual([
      { statement: "count", generic_plans: 3, custom_plans: 0 },
      { statement: "page", generic_plans: 3, custom_plans: 0 },
    ]);
  });
});
