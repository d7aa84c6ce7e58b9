// The joins on a referral's address read its primary key, never the trigram index of the team search by an address
// fragment (pg_trgm's GIN class also serves `=`, and the planner took it on small trees, at about 1 ms a row).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Queryable } from "../db/connection.ts";
import { accountRow, teamPage } from "../db/queries/accounts.ts";
import { progressRow } from "../db/queries/partnership.ts";
import { ENGINES } from "./support/databases.ts";
import { indexedDevnet, type IndexedDevnet } from "./support/pipeline.ts";
import { queryPlan } from "./support/query-plan.ts";

const BLOCKS = 30;
const NO_FILTER = { level: null, status: null, q: null };

describe.each(ENGINES)("referrals joined by address on %s", (engine) => {
  let indexed: IndexedDevnet;
  let root: string;

  beforeAll(async () => {
    indexed = await indexedDevnet(engine, BLOCKS);
    root = indexed.chain.devnet.state.referralRoot;
    await indexed.db.query("analyze");
  }, 240_000);
  afterAll(async () => {
    await indexed?.close();
  });

  const planOf = (read: (db: Queryable) => Promise<unknown>) => queryPlan(indexed.db, read);

  it("reads a team page, an account and its progress without the address trigrams", async () => {
    const plans = [
      await planOf((db) => teamPage(db, root, NO_FILTER, "level", false, 10, 1)),
      await planOf((db) => teamPage(db, root, NO_FILTER, "delegated", true, 10, 1)),
      await planOf((db) => accountRow(db, root)),
      await planOf((db) => progressRow(db, root)),
    ];
    for (const plan of plans) {
      expect(plan).toMatch(/referrals/);
      expect(plan).not.toMatch(/referrals_address_trigrams/);
    }
  });

  it("still finds a member by a fragment of its address, in either letter case", async () => {
    const member = indexed.chain.devnet.state.referrals().find((r) => r.referrer === root)!.address;
    const fragment = member.slice(-8);
    for (const q of [fragment, fragment.toUpperCase()]) {
      const page = await indexed.get(`/api/accounts/team/${root}/paginate/10/1?q=${q}`);
      expect(page.data.map((m: { _id: string }) => m._id)).toContain(member);
    }
  });
});
