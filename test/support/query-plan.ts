// The plan of a query function's one query: it is explained on the database instead of run, so a test can read which
// indexes the planner takes for it.
import type { Queryable, SqlParam } from "../../db/connection.ts";

/** The plan PostgreSQL makes for the (last) query `read` asks, explained on `db`; `read` sees no rows. */
export async function queryPlan(db: Queryable, read: (explaining: Queryable) => Promise<unknown>): Promise<string> {
  let plan = "";
  await read({
    query: async <T>(sql: string, params?: SqlParam[]): Promise<T[]> => {
      plan = (await db.query<{ "QUERY PLAN": string }>(`explain ${sql}`, params)).map((row) => row["QUERY PLAN"]).join("\n");
      return [];
    },
  });
  return plan;
}
