// How a PostgreSQL server plans the API's reads: for each call's values, but the team pages in level order once for all.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openReadDatabase, type QueryPlan, type Queryable, type ReadDatabase, type SqlParam } from "../db/connection.ts";
import { genericPoolSize, serverConnections } from "../db/defaults.ts";
import { teamPageByOffset, teamPageInLevelOrder } from "../db/queries/accounts.ts";
import { POSTGRES_URL, createTestDatabase, type TestDatabase } from "./support/databases.ts";

const ROOT = "axm1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq";

describe("the pools' sizes", () => {
  it("give the generic reads a quarter of the pool's connections, at least one", () => {
    expect([1, 4, 10, 40].map(genericPoolSize)).toEqual([1, 1, 3, 10]);
    expect(serverConnections(10)).toBe(13);
  });
});

describe.runIf(POSTGRES_URL)("plans of the reads on a PostgreSQL server", () => {
  let t: TestDatabase;
  let replica: ReadDatabase;
  beforeAll(async () => {
    t = await createTestDatabase("postgres");
    replica = openReadDatabase(t.url!, 4);
  });
  afterAll(async () => {
    await replica.close();
    await t.drop();
  });

  const mode = async (db: Queryable, plan?: QueryPlan) =>
    (await db.query<{ mode: string }>("select current_setting('plan_cache_mode') as mode where $1::int = 1", [1], plan))[0].mode;

  it("plans a read for its values unless it asks for a generic plan, on the primary and on a replica", async () => {
    for (const db of [t.db, replica]) {
      expect(await mode(db)).toBe("force_custom_plan");
      expect(await mode(db, "custom")).toBe("force_custom_plan");
      expect(await mode(db, "generic")).toBe("force_generic_plan");
    }
  });

  it("keeps one generic plan for a team page in level order, and plans the other team pages for their values", async () => {
    const sent: { sql: string; plan: QueryPlan | undefined }[] = [];
    const db: Queryable = {
      query: (sql: string, params?: SqlParam[], plan?: QueryPlan) => {
        sent.push({ sql, plan });
        return t.db.query(sql, params, plan);
      },
    };
    for (const page of [1, 2, 1_000]) expect(await teamPageInLevelOrder(db, ROOT, null, false, 10, page)).toEqual([]);
    expect(await teamPageByOffset(db, ROOT, { q: null, level: null, status: 7 }, "level", false, 10, 1)).toEqual([]);
    const [levelOrder, byOffset] = [sent[0], sent[3]];
    expect(levelOrder.plan).toBe("generic");
    expect(byOffset.plan).toBeUndefined();

    // The generic pool has one connection here (poolSize 4), so this read sees the statement's own session.
    const [prepared] = await t.db.query<{ generic_plans: number; custom_plans: number }>(
      "select generic_plans, custom_plans from pg_prepared_statements where statement = $1",
      [levelOrder.sql],
      "generic",
    );
    expect(prepared).toEqual({ generic_plans: 3, custom_plans: 0 });
  });
});
