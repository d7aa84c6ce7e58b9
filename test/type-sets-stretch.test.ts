// The search for the stretch a deep page of several types starts in (migration 031, its steps since migration 036):
// the first stretch whose running count reaches a target, found in few probes where the filter's transactions are spread
// evenly, and in a binary search's order of probes however they are spread.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, createTestDatabase, type TestDatabase } from "./support/databases.ts";

/** Stretches in each spread. */
const STRETCHES = 4_096;
const LOG2 = Math.log2(STRETCHES);

/** How many transactions of the filter each stretch holds, for spreads that a straight line guesses well and badly. */
const SPREADS: Record<string, (k: number) => number> = {
  even: () => 20,
  "all in the last stretches": (k) => (k >= STRETCHES - 40 ? 50 : 0),
  "all in the first stretches": (k) => (k < 40 ? 50 : 0),
  "growing with the square": (k) => Math.floor((k * k) / STRETCHES),
  "both ends, a few between": (k) => (k < 20 || k >= STRETCHES - 20 ? 500 : k % 97 === 0 ? 1 : 0),
  "one stretch in a hundred": (k) => (k % 100 === 7 ? 300 : 0),
};

/** The filter's types: its transactions are split between a set of its type alone and a set with another type. */
const FILTER = ["/t.A"];
const SETS = [["/t.A"], ["/t.A", "/t.B"]];
/** Of each stretch's transactions, the share each set holds (the rest of the stretch's count goes to the first). */
const shareOf = (set: number, n: number) => (set === 1 ? Math.floor(n / 3) : n - Math.floor(n / 3));

describe.each(ENGINES)("the stretch search on %s", (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await t?.drop();
  });

  /** Replaces the type sets' running counts with those of a spread; returns the running count at each stretch's end. */
  async function load(spread: (k: number) => number): Promise<number[]> {
    await t.db.query("delete from type_set_buckets");
    await t.db.query("delete from type_set_counts");
    const running = [0, 0];
    const rows: [string[], number, number][] = [];
    const total: number[] = [];
    for (let k = 0; k < STRETCHES; k++) {
      const n = spread(k);
      SETS.forEach((types, set) => {
        const share = shareOf(set, n);
        running[set] += share;
        if (share > 0) rows.push([types, k, running[set]]);
      });
      total.push(running[0] + running[1]);
    }
    await t.db.query(
      `insert into type_set_buckets (types, bucket, tx_count, ok_count, fail_count)
       select s.types, s.bucket, s.n, s.n, 0 from json_to_recordset($1::json) as s(types text[], bucket int4, n int8)`,
      [JSON.stringify(rows.map(([types, bucket, n]) => ({ types, bucket, n })))],
    );
    for (const [set, types] of SETS.entries()) {
      await t.db.query("insert into type_set_counts (types, tx_count, ok_count, fail_count) values ($1, $2, $2, 0)", [types, running[set]]);
    }
    return total;
  }

  /** The search from stretch `first` to the last for `target`, and how many running counts it read. */
  async function search(first: number, target: number, atFinal: number): Promise<{ stretch: number; reached: number; probes: number }> {
    // The counts a session has not yet reported (pg_stat_xact_*) run on over its transactions: read before and after.
    const calls = "select coalesce(sum(calls), 0)::int as calls from pg_stat_xact_user_functions where funcname = 'type_sets_through'";
    return t.db.transaction(async (tx) => {
      await tx.exec("set local track_functions = 'all'");
      const [before] = await tx.query<{ calls: number }>(calls);
      const [found] = await tx.query<{ stretch: number; reached: number }>(
        "select stretch::int, reached::int from type_sets_stretch($1::text[], 2, $2, $3, $4, $5)",
        [FILTER, first, STRETCHES - 1, atFinal, target],
      );
      const [after] = await tx.query<{ calls: number }>(calls);
      return { ...found, probes: after.calls - before.calls };
    });
  }

  it.each(Object.entries(SPREADS))("finds the first stretch that reaches each target, %s", async (_, spread) => {
    const total = await load(spread);
    const atFinal = total[STRETCHES - 1];
    const most: number[] = [];
    for (const first of [0, 1_000]) {
      const before = first === 0 ? 0 : total[first - 1];
      const targets = new Set([before + 1, atFinal, atFinal - 10, atFinal - 1_000, before + Math.floor((atFinal - before) / 2)]);
      for (let i = 1; i < 40; i++) targets.add(before + Math.ceil(((atFinal - before) * i) / 40));
      let worst = 0;
      for (const target of [...targets].filter((x) => x > before && x <= atFinal)) {
        const want = total.findIndex((count, k) => k >= first && count >= target);
        const got = await search(first, target, atFinal);
        expect({ stretch: got.stretch, reached: got.reached }, `from ${first} to ${target}`).toEqual({ stretch: want, reached: total[want] });
        // From a later stretch the search first reads the count before it, which the bound below leaves out.
        worst = Math.max(worst, got.probes - (first > 0 ? 1 : 0));
      }
      most.push(worst);
    }
    // However the transactions are spread, at most twice a binary search's probes and two.
    for (const worst of most) expect(worst).toBeLessThanOrEqual(2 * LOG2 + 2);
  });

  // From the first stretch, the count before it (none) is known without a read.
  it("reaches a target on an even spread in at most three probes", async () => {
    const total = await load(SPREADS.even);
    const atFinal = total[STRETCHES - 1];
    for (const deep of [1, 10, 999, 9_990, 40_000, atFinal - 1]) {
      const got = await search(0, atFinal - deep, atFinal);
      expect(got.stretch, `${deep} deep`).toBe(total.findIndex((count) => count >= atFinal - deep));
      expect(got.probes, `${deep} deep`).toBeLessThanOrEqual(3);
    }
  });
});
