// The partnership index of a hand-made AXM chain (test/fixtures/axm/) against figures worked out by hand from axm-node's rules.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountRow, premiumExpiry } from "../../db/queries/accounts.ts";
import { kpiBranches } from "../../db/queries/partnership.ts";
import { ENGINES } from "../support/databases.ts";
import { indexReplay, type IndexedReplay } from "../support/replay-node.ts";

const AXM = 1_000_000n;
const MAX_LEVEL = 14;

/*
 * The fixture's tree (genesis app_state.referral, proto/axiome/referral/v1beta1/genesis.proto): top-level L0 (MEGA), V and V2
 * (NEW); L1 under L0, L2 under L1 … L15 under L14, 16 accounts deep; N registers under L0 in block 2, N2 under N
 * (inside an authz MsgExec) in block 2; L5's second registration fails (code 18).
 */
const LADDER = Array.from({ length: 16 }, (_, i) => `L${i}`);

// Each engine, with every block in one batch and with one block per batch: the index must not depend on batching.
const CASES = ENGINES.flatMap((engine) => [25, 1].map((batch) => [engine, batch] as const));

describe.each(CASES)("the partnership index of the replayed chain on %s, %i blocks a batch", (engine, batch) => {
  let r: IndexedReplay;
  let a: Record<string, string>;
  const account = (name: string) => accountRow(r.db, a[name]);

  beforeAll(async () => {
    r = await indexReplay(engine, batch);
    a = r.chain.accounts;
  });
  afterAll(() => r.close());

  it("keeps genesis roots and referrers, and registrations from successful MsgRegisterReferral messages (inside MsgExec too)", async () => {
    // x/referral/keeper/genesis.go: top_level_accounts have no referrer.
    expect((await account("L0")).referrer).toBeNull();
    expect((await account("V")).referrer).toBeNull();
    expect((await account("V2")).referrer).toBeNull();
    for (let i = 1; i < LADDER.length; i++) expect((await account(LADDER[i])).referrer, LADDER[i]).toBe(a[LADDER[i - 1]]);
    // keeper/msg_server.go RegisterReferral: referral_address joins under referrer_address (block 2).
    expect(await account("N")).toMatchObject({ registered: true, referrer: a.L0 });
    expect(await account("N2")).toMatchObject({ registered: true, referrer: a.N });
    // The failed re-registration of L5 under L0 changed nothing: L5 stays under L4.
    expect((await account("L5")).referrer).toBe(a.L4);
    const registeredAt = await r.db.query<{ address: string; registered_height: string }>(
      "select address, registered_height::text from referrals where registered_height > 0 order by address",
    );
    expect(registeredAt).toEqual(
      [
        { address: a.N, registered_height: "2" },
        { address: a.N2, registered_height: "2" },
      ].sort((x, y) => x.address.localeCompare(y.address)),
    );
  });

  it("keeps every account's ancestors up to 14 levels", async () => {
    const ancestors = async (name: string) =>
      (
        await r.db.query<{ ancestor: string; depth: number }>("select ancestor, depth from referral_ancestors where account = $1 order by depth", [a[name]])
      ).map((x) => [x.ancestor, x.depth]);
    // L15's ancestors are L14 (level 1) … L1 (level 14); L0 is level 15, beyond the programme's 14 levels.
    expect(await ancestors("L15")).toEqual(Array.from({ length: MAX_LEVEL }, (_, i) => [a[`L${14 - i}`], i + 1]));
    expect(await ancestors("N2")).toEqual([
      [a.N, 1],
      [a.L0, 2],
    ]);
    expect(await ancestors("L0")).toEqual([]);
  });

  it("reads statuses and downgrade dates from genesis, transactions and BeginBlock", async () => {
    const status = async (name: string) => {
      const row = await account(name);
      return [row.status, row.status_downgrade_at?.toISOString() ?? null];
    };
    // Explorer status = chain enum − 1 (core/partnership-status.ts): NEW 0, STARTER 1, … MEGA 7; DEPRECATED 0.
    expect(await status("L3")).toEqual([0, null]); // STATUS_DEPRECATED in genesis
    expect(await status("L13")).toEqual([0, null]); // STATUS_NEW
    expect(await status("L9")).toEqual([4, "2026-01-10T12:00:00.000Z"]); // BOSS, genesis downgrades[] time
    expect(await status("L14")).toEqual([1, "2026-01-10T12:00:00.000Z"]); // STARTER, genesis downgrade never reached
    // L1: genesis MEGA due 08:20:00; block 4 BeginBlock (keeper/hooks.go performDowngrade): MEGA → TOP one level,
    // checked again and rescheduled at 08:20:00 + status_downgrade_period 3600 s = 09:20:00.
    expect(await status("L1")).toEqual([6, "2026-01-10T09:20:00.000Z"]);
    // L0: block 2's registration of N checked L0 (bunch_updater.go): scheduled 08:00:10 + 3600 s = 09:00:10; block 6
    // BeginBlock: MEGA → TOP, rescheduled 09:00:10 + 3600 s = 10:00:10.
    expect(await status("L0")).toEqual([6, "2026-01-10T10:00:10.000Z"]);
    // L15: status_updated NEW → STARTER inside its delegation (block 3); its undelegation (block 9, 09:00:25) leaves
    // self stake 0 < 1,000 AXM (status_requirements.go): downgrade scheduled 09:00:25 + 3600 s = 10:00:25, status kept.
    expect(await status("L15")).toEqual([1, "2026-01-10T10:00:25.000Z"]);
    // N: NEW → STARTER inside its uret-mode delegation (block 10); N2 stayed NEW (850 AXM < 1,000 AXM).
    expect(await status("N")).toEqual([1, null]);
    expect(await status("N2")).toEqual([0, null]);
  });

  it("sums team aggregates over levels 1..14 with net delegations", async () => {
    // L14's team is L15 alone: delegated 10,000 AXM gross = 8,500 AXM net (keeper.go PayUpFees, see below), then all
    // 8,500 AXM undelegated (block 9: 5,500 from V and 3,000 redelegated to V2, block 11: those 3,000 from V2):
    // 0 delegated, 8,500 AXM undelegating.
    // L15's available: 20,000 AXM genesis − 10,000 AXM delegated (370 burned + 1,130 partner rewards + 8,500 bonded)
    // + 1,234 uaxm rewards + 5,000 uaxm emission (block 4) = 10,000,006,234 uaxm.
    expect(await account("L14")).toMatchObject({
      team_size: 1,
      active_team: 0,
      team_delegated: "0",
      team_undelegating: (8500n * AXM).toString(),
      team_balance: "10000006234",
    });
    // L1's team is L2..L15 (14 levels): the same delegation figures; balances: L15's 10,000,006,234 uaxm plus the
    // partner rewards of L14 (500 AXM + 250 AXM leader bonus + 100 AXM genesis − 10 AXM burn = 840), L12 200, L10 100,
    // L9 100, L7 100, L6 70, L4 30, L3 20 AXM = 10,000,006,234 + 1,460,000,000 = 11,460,006,234 uaxm.
    expect(await account("L1")).toMatchObject({ team_size: 14, team_delegated: "0", team_undelegating: (8500n * AXM).toString(), team_balance: "11460006234" });
    // L0's team: L1..L14, N (level 1), N2 (level 2) = 16 people; L15 is its level 15, outside.
    // Delegated: N holds 850 AXM (moved from N2, block 7) + 2,000 AXM (block 10, uret mode: nothing taken) = 2,850 AXM;
    // N2 holds 0 after the move. Active (≥ core ACTIVE_DELEGATION 100 AXM): N only.
    // Balances: L1..L14 = 10 + 20 + 30 + 70 + 100 + 100 + 100 + 200 + 840 = 1,470 AXM; N 5,000 − 2,000 = 3,000 AXM;
    // N2 2,000 − 50 (Premium) − 140 (burn) − 10 (L0's fee) − 850 (bonded) = 950 AXM; 1,470 + 3,000 + 950 = 5,420 AXM.
    expect(await account("L0")).toMatchObject({
      team_size: 16,
      active_team: 1,
      team_delegated: (2850n * AXM).toString(),
      team_undelegating: "0",
      team_balance: (5420n * AXM).toString(),
    });
    expect(await account("N")).toMatchObject({ team_size: 1, active_team: 0, team_delegated: "0", team_balance: (950n * AXM).toString() });
  });

  it("counts partner rewards in uaxm, and in RET apart", async () => {
    // Block 3, keeper.go PayUpFees of L15's 10,000 AXM, level i+1 paid when LinesOpened(status) > i (types.go):
    // L14 STARTER (2 lines) level 1: 5% = 500 AXM · L13 NEW (0) level 2: 1% burned · L12 LEADER (4) level 3: 2% = 200 ·
    // L11 STARTER level 4: 1% burned · L10 GURU (6) level 5: 1% = 100 · L9 BOSS (8) level 6: 1% = 100 · L8 NEW level 7:
    // burned · L7 BOSS level 8: 1% = 100 · L6 PRO (10) level 9: 7/1000 = 70 · L5 LEADER level 10: 5/1000 burned ·
    // L4 TOP (12) level 11: 3/1000 = 30 · L3 DEPRECATED (14) level 12: 2/1000 = 20 · L2 GURU level 13: 2/1000 burned ·
    // L1 MEGA (14) level 14: 1/1000 = 10 AXM. Paid 1,130 AXM, burned 100 + 100 + 100 + 50 + 20 = 370 AXM.
    const paid: [string, bigint][] = [
      ["L14", 500n],
      ["L13", 0n],
      ["L12", 200n],
      ["L11", 0n],
      ["L10", 100n],
      ["L9", 100n],
      ["L8", 0n],
      ["L7", 100n],
      ["L6", 70n],
      ["L5", 0n],
      ["L4", 30n],
      ["L3", 20n],
      ["L2", 0n],
      ["L1", 10n],
    ];
    for (const [name, amount] of paid) expect((await account(name)).total_rewards, name).toBe((amount * AXM).toString());
    // L0: block 5, N2's 1,000 AXM, level 2 (MEGA): 1% = 10 AXM. Block 10, uret mode, N's 2,000 AXM, level 1 (TOP):
    // 5% = 100 AXM minted as 100,000,000 uret, never counted as uaxm.
    expect((await account("L0")).total_rewards).toBe((10n * AXM).toString());
    const ret = await r.db.query<{ address: string; total_rewards_ret: string }>(
      "select address, total_rewards_ret::text from teams where total_rewards_ret <> 0",
    );
    expect(ret).toEqual([{ address: a.L0, total_rewards_ret: "100000000" }]);
  });

  it("keeps the KPI window from the weekly moment on, counting what was delegated (gross)", async () => {
    // next_payout starts at the first Saturday 09:00 UTC after block 1 (2026-01-10T08:00:05Z, a Saturday): 09:00:00.
    // Block 5 (09:00:00) reaches it: L15's block-3 delegation is dropped before block 5's delegations count.
    // Block 5: N2 delegates 1,000 AXM (it bonds only 850 of them: the partner rewards and burn come out of it, but the KPI
    // counts the new delegation as the partner made it). Block 10: N delegates 2,000 AXM (uret mode).
    // N2's ancestors N (branch N2) and L0 (branch N); N's ancestor L0 (branch N): L0/N = 1,000 + 2,000 = 3,000 AXM.
    expect(await kpiBranches(r.db, a.N)).toEqual([1_000n * AXM]);
    expect(await kpiBranches(r.db, a.L0)).toEqual([3_000n * AXM]);
    expect(await kpiBranches(r.db, a.L14)).toEqual([]);
    const [state] = await r.db.query<{ next_payout: Date }>("select next_payout from leader_bonus where id = 1");
    expect(state.next_payout.toISOString()).toBe("2026-01-17T09:00:00.000Z");
  });

  it("gives Premium for 50 AXM burned directly and inside MsgExec, and nothing for a smaller burn", async () => {
    // core/partnership-premium.ts: MsgBurnPartnerFee of at least 50 AXM buys a year (365 days) from the block's time.
    expect((await premiumExpiry(r.db, a.N2))?.toISOString()).toBe("2027-01-10T09:00:00.000Z"); // block 5, 2026-01-10T09:00:00Z
    expect((await premiumExpiry(r.db, a.L0))?.toISOString()).toBe("2027-01-10T09:00:20.000Z"); // block 8, via authz MsgExec
    expect(await premiumExpiry(r.db, a.L14)).toBeNull(); // 10 AXM
    expect(await premiumExpiry(r.db, a.G)).toBeNull(); // the grantee burned nothing of its own
  });

  it("keeps the product's profiles from genesis", async () => {
    expect((await account("L0")).nickname).toBe("conformance-root");
  });
});
