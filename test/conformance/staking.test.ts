// Delegations, balances, rewards, the operations ledger and validators of a hand-made AXM chain (test/fixtures/axm/), checked against figures worked out by hand.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountRow, unbondingEntries } from "../../db/queries/accounts.ts";
import { operationsPage } from "../../db/queries/operations.ts";
import { transactionByHash } from "../../db/queries/transactions.ts";
import { chainStat } from "../../db/queries/stats.ts";
import { allValidators } from "../../db/queries/validators.ts";
import { accountToValoper } from "../../core/address.ts";
import { ENGINES } from "../support/databases.ts";
import { fixtureAccounts, indexReplay, type IndexedReplay } from "../support/replay-node.ts";

const AXM = 1_000_000n;
const CASES = ENGINES.flatMap((engine) => [25, 1].map((batch) => [engine, batch] as const));

describe.each(CASES)("the staking index and ledger of the replayed chain on %s, %i blocks a batch", (engine, batch) => {
  let r: IndexedReplay;
  let a: Record<string, string>;
  let validator: string;
  let validator2: string;
  const delegations = async (operator: string) =>
    (
      await r.db.query<{ delegator: string; amount: string }>("select delegator, amount::text from delegations d where validator = $1 order by d.amount desc", [
        operator,
      ])
    ).map((d) => [d.delegator, d.amount]);
  const ledger = async (name: string) =>
    (await operationsPage(r.db, { address: a[name], types: [], until: null, perPage: 100 })).reverse().map((o) => [o.height, o.type, o.amount]);

  beforeAll(async () => {
    r = await indexReplay(engine, batch);
    a = r.chain.accounts;
    validator = accountToValoper(a.V);
    validator2 = accountToValoper(a.V2);
  });
  afterAll(() => r.close());

  it("bonds the net amount of a delegation and leaves nothing behind a full undelegation", async () => {
    // Block 3: delegate{amount: 10,000 AXM} is the gross amount (x/staking/keeper/msg_server.go); PayUpFees
    // (x/referral/keeper/keeper.go) took 370 AXM burned + 1,130 AXM partner rewards out of it: 8,500 AXM bonded.
    // Block 9: 3,000 AXM redelegated to V2 and 5,500 AXM undelegated; block 11: the 3,000 AXM undelegated from V2.
    // Counting the gross amount would leave a phantom 1,500 AXM.
    const l15 = await accountRow(r.db, a.L15);
    expect(l15.delegated).toBe("0");
    expect(l15.undelegating).toBe((8500n * AXM).toString()); // 5,500 + 3,000
    expect((await unbondingEntries(r.db, a.L15)).map((u) => [u.amount, u.completion_time.toISOString()])).toEqual([
      [(5500n * AXM).toString(), "2026-01-31T09:00:25.000Z"],
      [(3000n * AXM).toString(), "2026-01-31T09:00:35.000Z"],
    ]);
    expect((await delegations(validator)).some(([delegator]) => delegator === a.L15)).toBe(false);
    expect((await delegations(validator2)).some(([delegator]) => delegator === a.L15)).toBe(false);
  });

  it("moves a whole delegation on confirm_request_stake_move and keeps delegations per validator net", async () => {
    // V's genesis self-delegation: 1,000,000 AXM (staking genesis shares × tokens / delegator_shares).
    // N2 bonded 850 AXM in block 5 (1,000 − 140 burned − 10 to L0); block 7 moved all of it to N (keeper.go
    // MoveDelegation); N then bonded 2,000 AXM in uret mode (block 10): N holds 850 + 2,000 = 2,850 AXM, N2 nothing.
    // request/cancel (blocks 6 and 8) move nothing: V keeps its 1,000,000 AXM.
    expect(await delegations(validator)).toEqual([
      [a.V, (1_000_000n * AXM).toString()],
      [a.N, (2850n * AXM).toString()],
    ]);
    // V2: its own 1,000 AXM from genesis; L15's redelegated 3,000 AXM came (redelegate names no delegator: the
    // MsgBeginRedelegate does) and left again.
    expect(await delegations(validator2)).toEqual([[a.V2, (1000n * AXM).toString()]]);
    expect((await accountRow(r.db, a.N)).delegated).toBe((2850n * AXM).toString());
    expect((await accountRow(r.db, a.N2)).delegated).toBe("0");
    expect((await accountRow(r.db, a.V)).delegated).toBe((1_000_000n * AXM).toString());
    // The validators' tokens as the node reports them (1,002,850 and 1,000 AXM) equal the index's net delegations.
    expect((await allValidators(r.db)).map((v) => [v.operator_address, v.tokens])).toEqual([
      [validator, (1_002_850n * AXM).toString()],
      [validator2, (1000n * AXM).toString()],
    ]);
  });

  it("keeps available balances from the bank events", async () => {
    const available = async (name: string) => (await accountRow(r.db, a[name])).available;
    expect(await available("W")).toBe((99_750n * AXM).toString()); // 100,000 − 250 sent to L14
    expect(await available("L15")).toBe("10000006234"); // 20,000 AXM − 10,000 AXM + 1,234 + 5,000 uaxm
    expect(await available("L14")).toBe((840n * AXM).toString()); // 100 + 250 + 500 − 10
    expect(await available("N")).toBe((3000n * AXM).toString()); // 5,000 − 2,000; the 100 RET are no uaxm
    expect(await available("N2")).toBe((950n * AXM).toString()); // 2,000 − 50 − 140 − 10 − 850
    expect(await available("L0")).toBe((960n * AXM).toString()); // 1,000 + 10 − 50 (burned through MsgExec)
    expect(await available("V")).toBe((10_000n * AXM + 777n).toString()); // 10,000 AXM + 777 uaxm emission
  });

  it("counts rewards as withdraw_rewards amount + emission", async () => {
    // x/distribution/keeper/delegation.go: block 4, L15: amount 1,234 + emission 5,000 = 6,234 uaxm; V: amount "0uaxm"
    // + emission 777 = 777 uaxm. Zero withdrawals before a delegation change (blocks 7, 9, 10, 11) add nothing.
    expect((await accountRow(r.db, a.L15)).claimed).toBe("6234");
    expect((await accountRow(r.db, a.V)).claimed).toBe("777");
    expect((await accountRow(r.db, a.N2)).claimed).toBe("0");
  });

  it("counts what was burned and what was minted", async () => {
    // burn{burner: referral} (bank BurnCoins): block 3 370 AXM; block 5 50 (Premium) + 140 AXM; block 8 50 + 10 AXM =
    // 620 AXM. Minted: coinbase{minter: distribution} at withdrawals (x/distribution/keeper/delegation.go): 5,000 + 777
    // uaxm; the 100,000,000 uret minted for L0's partner reward (block 10) are no uaxm.
    expect((await chainStat(r.db)).burned).toBe((620n * AXM).toString());
    const [counters] = await r.db.query<{ minted: string }>("select minted::text from chain_counters where id = 1");
    expect(counters.minted).toBe("5777");
  });

  it("writes the operations ledger from messages and events", async () => {
    expect(await ledger("L15")).toEqual([
      [3, "delegate", (10_000n * AXM).toString()], // what left the wallet: the message's gross amount
      [4, "reward", "6234"],
      [9, "redelegate", (3000n * AXM).toString()],
      [9, "undelegate", (5500n * AXM).toString()],
      [11, "undelegate", (3000n * AXM).toString()],
    ]);
    expect(await ledger("L14")).toEqual([
      [1, "transfer_in", (250n * AXM).toString()], // no LEADER_BONUS_WALLET configured here: a plain transfer
      [3, "partner_reward", (500n * AXM).toString()],
      [8, "burn", (10n * AXM).toString()], // below Premium's 50 AXM
    ]);
    expect(await ledger("N2")).toEqual([
      [5, "premium", (50n * AXM).toString()],
      [5, "delegate", (1000n * AXM).toString()],
    ]);
    expect(await ledger("L0")).toEqual([
      [5, "partner_reward", (10n * AXM).toString()],
      [8, "premium", (50n * AXM).toString()], // MsgBurnPartnerFee inside the grantee's MsgExec
      [10, "partner_reward", "100000000"], // in uret
    ]);
    expect(await ledger("V")).toEqual([[4, "reward", "777"]]);
    expect(await ledger("G")).toEqual([]);
    // The failed registration of L5 (block 2) has no operation.
    expect(await ledger("L5")).toEqual([]);
  });

  it("marks partner rewards paid in RET with their denom", async () => {
    const rows = await r.db.query<{ height: string; amount: string; denom: string | null }>(
      "select height::text, amount::text, denom from operations where account = (select id from accounts where address = $1) and type = 'partner_reward' order by seq",
      [a.L0],
    );
    expect(rows).toEqual([
      { height: "5", amount: (10n * AXM).toString(), denom: null },
      { height: "10", amount: "100000000", denom: "uret" },
    ]);
  });

  it("reads the delegation fee from the distribution params and stores no tx fee", async () => {
    // /axiome.distribution.v1beta1.Query/Params, Params field 6 validator_commission_rate (distribution.proto): 0.1.
    // The same for every validator: the chain's Validator has no commission of its own and no tx fee at all.
    const rows = (await allValidators(r.db)).map((v) => ({ commission_rate: v.commission_rate, tx_fee_rate: v.tx_fee_rate, moniker: v.moniker }));
    expect(rows).toEqual([
      { commission_rate: "0.100000000000000000", tx_fee_rate: null, moniker: "conformance" },
      { commission_rate: "0.100000000000000000", tx_fee_rate: null, moniker: "conformance-2" },
    ]);
    expect(r.node.asked).toContain('abci_query "/axiome.distribution.v1beta1.Query/Params"');
    expect(r.node.asked.some((q) => q.includes("/cosmos.distribution"))).toBe(false);
  });

  it("stores the signed transactions under their real hashes, MsgExec's inner messages decoded", async () => {
    const [registration, failed, exec] = r.chain.txHashes[1];
    expect((await transactionByHash(r.db, registration.toLowerCase()))?.code).toBe(0);
    expect((await transactionByHash(r.db, failed.toLowerCase()))?.code).toBe(18);
    const stored = await transactionByHash(r.db, exec.toLowerCase());
    expect(stored?.messages).toEqual([
      {
        "@type": "/cosmos.authz.v1beta1.MsgExec",
        grantee: a.G,
        msgs: [{ "@type": "/axiome.referral.v1beta1.MsgRegisterReferral", referral_address: a.N2, referrer_address: a.N }],
      },
    ]);
  });
});

describe.each(ENGINES)("the leader-bonus wallet of the replayed chain on %s", (engine) => {
  let r: IndexedReplay;
  beforeAll(async () => {
    r = await indexReplay(engine, 25, { leaderBonusWallet: fixtureAccounts().W });
  });
  afterAll(() => r.close());

  it("makes the wallet's transfers leader_bonus operations of their recipients", async () => {
    const rows = await operationsPage(r.db, { address: r.chain.accounts.L14, types: ["leader_bonus"], until: null, perPage: 10 });
    expect(rows.map((o) => [o.height, o.amount, o.fields])).toEqual([[1, (250n * AXM).toString(), [{ k: "sender", v: r.chain.accounts.W }]]]);
    // The sender's side stays an outgoing transfer.
    expect((await operationsPage(r.db, { address: r.chain.accounts.W, types: [], until: null, perPage: 10 })).map((o) => o.type)).toEqual(["transfer_out"]);
  });
});
