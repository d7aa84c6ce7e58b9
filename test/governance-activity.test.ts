// An account's governance activity (db/queries/governance.ts activityAfter) merges votes and poll answers newest first:
// by height, votes before answers at one height, then by id, genesis' answers (no height) last; paged one row at a time
// by the route's cursor it yields the same rows in the same order, on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityAfter, type ActivityCursor, type ActivityRow } from "../db/queries/governance.ts";
import { createTestDatabase, ENGINES, type TestDatabase } from "./support/databases.ts";

const VOTER = "axm1dt9p9msxhan43e4kqrq6zntttg8g2w3hw577nu";
const OTHER = "axm1aw7923zshsvgqksehc96njs89drvr88ppxa9rv";

describe.each(ENGINES)("governance activity on %s", (engine) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    for (const id of [1, 2, 3]) {
      await t.db.query(
        `insert into proposals (id, name, author, messages, status, government, agreed, disagreed) values ($1, $2, $3, '[]', 'rejected', '{}', '{}', '{}')`,
        [id, `P${id}`, VOTER],
      );
    }
    for (const id of [1, 2, 3]) {
      await t.db.query(`insert into polls (id, name, author, question, requirement) values ($1, $2, $3, 'q?', 'none')`, [id, `Q${id}`, VOTER]);
    }
    const vote = (proposal: number, voter: string, agree: boolean, height: number | null) =>
      t.db.query("insert into proposal_votes (proposal_id, voter, agree, height, tx_hash) values ($1, $2, $3, $4, $5)", [
        proposal,
        voter,
        agree,
        height,
        height === null ? null : `V${proposal}${voter.slice(-4)}`,
      ]);
    const answer = (poll: number, n: number, respondent: string, yes: boolean, height: number | null) =>
      t.db.query("insert into poll_answers (poll_id, n, respondent, yes, height, tx_hash) values ($1, $2, $3, $4, $5, $6)", [
        poll,
        n,
        respondent,
        yes,
        height,
        height === null ? null : `A${poll}${respondent.slice(-4)}`,
      ]);
    await vote(1, VOTER, true, 5);
    await vote(2, VOTER, false, 9);
    await vote(3, VOTER, true, 9);
    await vote(3, OTHER, false, 9);
    await answer(1, 1, VOTER, true, null);
    await answer(2, 1, VOTER, false, 9);
    await answer(3, 1, VOTER, true, 12);
    await answer(3, 2, OTHER, true, 12);
  }, 60_000);
  afterAll(() => t?.drop());

  const key = (row: ActivityRow) => `${row.kind} ${row.id} @${row.height}`;
  const EXPECTED = ["answer 3 @12", "vote 3 @9", "vote 2 @9", "answer 2 @9", "vote 1 @5", "answer 1 @0"];

  it("orders one account's votes and answers newest first, votes before answers at one height", async () => {
    const rows = await activityAfter(t.db, VOTER, null, 100);
    expect(rows.map(key)).toEqual(EXPECTED);
    expect(rows.find((r) => r.kind === "answer" && r.id === "2")).toMatchObject({ name: "Q2", agree: false, tx_hash: `A2${VOTER.slice(-4)}` });
    expect(rows.at(-1)).toMatchObject({ name: "Q1", agree: true, tx_hash: null });
  });

  it("pages through the same rows by the cursor of each page's last row, whatever the page size", async () => {
    for (const limit of [1, 2, 4]) {
      const seen: string[] = [];
      let cursor: ActivityCursor | null = null;
      for (;;) {
        const rows: ActivityRow[] = await activityAfter(t.db, VOTER, cursor, limit);
        seen.push(...rows.map(key));
        if (rows.length < limit) break;
        const last = rows[rows.length - 1];
        cursor = { height: Number(last.height), vote: last.kind === "vote", id: Number(last.id) };
      }
      expect(seen, `limit ${limit}`).toEqual(EXPECTED);
    }
  });

  it("keeps other accounts' votes and answers apart", async () => {
    expect((await activityAfter(t.db, OTHER, null, 10)).map(key)).toEqual(["answer 3 @12", "vote 3 @9"]);
  });
});
