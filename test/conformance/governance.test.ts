// The vote module's index of a hand-made AXM chain (test/fixtures/axm-vote/) against what axm-node's x/vote does,
// each expectation naming its source file. Indexed whole and one block a batch: the result must not depend on batching.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES } from "../support/databases.ts";
import { indexReplay, type IndexedReplay } from "../support/replay-node.ts";

/*
 * The fixture (genesis app_state.vote, proto/axiome/vote/v1beta1/genesis.proto): government V, W, G; params 60/1440
 * minutes; one history record ("Founding params"); a current proposal "Seat A" (MsgAddGovernor A, start_block 480, V
 * agreed); a current poll "Leaders' poll" (min_status LEADER, quorum 2/3, until 08:00:12) answered yes by L0; an earlier
 * poll in poll_history. Block 1: L15's vote refused (code 1), W agrees, G disagrees: everyone voted, 2 of 3 agreed, "Seat
 * A" accepted in G's transaction. Block 2: A proposes "Quicker votes"; N answers no for L1 through authz; L13 (NEW) is
 * refused (9). Block 3: BeginBlock ends the poll (NEGATIVE, 0/0); V starts "Validators' poll"; L2's answer finds no poll
 * (8). Block 4: BeginBlock ends "Quicker votes" rejected (an hour passed, only its author voted); W proposes "Second try",
 * V agrees.
 */
const CASES = ENGINES.flatMap((engine) => [25, 1].map((batch) => [engine, batch] as const));

describe.each(CASES)("the vote module's index of the replayed chain on %s, %i blocks a batch", (engine, batch) => {
  let r: IndexedReplay;
  let a: Record<string, string>;
  const rows = <T>(sql: string) => r.db.query<T>(sql);
  const hash = (height: number, index: number) => r.chain.txHashes[height - 1][index];

  beforeAll(async () => {
    r = await indexReplay(engine, batch, { fixture: "axm-vote" });
    a = r.chain.accounts;
  });
  afterAll(() => r.close());

  it("keeps the government in the chain's order, a governor seated by an accepted proposal counting from its block", async () => {
    // x/vote/genesis.go InitGenesis: SetGovernment; government.go AddGovernor appends, run by keeper.go EndProposal.
    expect(await rows("select address, n, since_height::text from governors order by n")).toEqual([
      { address: a.V, n: 1, since_height: "0" },
      { address: a.W, n: 2, since_height: "0" },
      { address: a.G, n: 3, since_height: "0" },
      { address: a.A, n: 4, since_height: "1" },
    ]);
    // "Quicker votes" (a vote MsgUpdateParams) was rejected: the genesis params stand.
    expect(await rows("select vote_period, poll_period from vote_params")).toEqual([{ vote_period: 60, poll_period: 1440 }]);
  });

  it("numbers proposals in the chain's order: genesis history, the genesis current one, then the transactions'", async () => {
    const proposals = await rows<Record<string, unknown>>(
      `select id::text, name, author, status, start_height::text as start, end_time, finished_height::text as finished, government, agreed,
         disagreed, tx_hash from proposals order by id`,
    );
    expect(proposals).toEqual([
      // A history record's outcome is keeper.go Validate's: everyone voted, three of three agreed.
      {
        id: "1",
        name: "Founding params",
        author: a.W,
        status: "accepted",
        start: "100",
        end_time: new Date("2026-01-09T12:00:00Z"),
        finished: "130",
        government: [a.V, a.W, a.G],
        agreed: [a.W, a.V, a.G],
        disagreed: [],
        tx_hash: null,
      },
      // genesis.go: current_proposal with messages, start_block; the last vote (G's) ends it in its transaction.
      {
        id: "2",
        name: "Seat A",
        author: a.V,
        status: "accepted",
        start: "480",
        end_time: new Date("2026-01-10T08:30:00Z"),
        finished: "1",
        government: [a.V, a.W, a.G],
        agreed: [a.V, a.W],
        disagreed: [a.G],
        tx_hash: null,
      },
      // keeper.go Propose: end = block time + vote_period minutes; ABCI.go BeginBlock ends it once that has passed, and
      // Validate says "not agreed" when not everyone voted.
      {
        id: "3",
        name: "Quicker votes",
        author: a.A,
        status: "rejected",
        start: "2",
        end_time: new Date("2026-01-10T09:00:10Z"),
        finished: "4",
        government: [a.V, a.W, a.G, a.A],
        agreed: [a.A],
        disagreed: [],
        tx_hash: hash(2, 0),
      },
      {
        id: "4",
        name: "Second try",
        author: a.W,
        status: "voting",
        start: "4",
        end_time: new Date("2026-01-10T10:00:20Z"),
        finished: null,
        government: [a.V, a.W, a.G, a.A],
        agreed: [a.W, a.V],
        disagreed: [],
        tx_hash: hash(4, 0),
      },
    ]);
  });

  it("keeps each proposal's messages as the node's JSON and each vote with its transaction", async () => {
    const [quicker] = await rows<{ messages: unknown }>("select messages from proposals where id = 3");
    expect(quicker.messages).toEqual([
      {
        typeUrl: "/axiome.vote.v1beta1.MsgUpdateParams",
        value: { authority: "axm14vn5ga9x42pvzqxamjnrjal6ed2k7eh5zlyc58", params: { vote_period: 1, poll_period: 1440 } },
      },
      { typeUrl: "/axiome.vote.v1beta1.MsgRemoveGovernor", value: { authority: "axm14vn5ga9x42pvzqxamjnrjal6ed2k7eh5zlyc58", governor: a.G } },
    ]);
    // The refused vote of L15 (block 1, code 1) left no trace.
    expect(
      await rows("select proposal_id::text as id, voter, agree, height::text, tx_hash from proposal_votes order by proposal_id, height nulls first, voter"),
    ).toEqual([
      ...[a.W, a.V, a.G].map((voter) => ({ id: "1", voter, agree: true, height: null, tx_hash: null })).sort((x, y) => x.voter.localeCompare(y.voter)),
      { id: "2", voter: a.V, agree: true, height: null, tx_hash: null },
      ...[
        { id: "2", voter: a.W, agree: true, height: "1", tx_hash: hash(1, 1) },
        { id: "2", voter: a.G, agree: false, height: "1", tx_hash: hash(1, 2) },
      ].sort((x, y) => x.voter.localeCompare(y.voter)),
      { id: "3", voter: a.A, agree: true, height: "2", tx_hash: hash(2, 0) },
      ...[
        { id: "4", voter: a.W, agree: true, height: "4", tx_hash: hash(4, 0) },
        { id: "4", voter: a.V, agree: true, height: "4", tx_hash: hash(4, 1) },
      ].sort((x, y) => x.voter.localeCompare(y.voter)),
    ]);
  });

  it("counts a poll's answers (an authz one included) where the chain's counters stay 0, and keeps the chain's decision", async () => {
    const polls = await rows<Record<string, unknown>>(
      `select id::text, name, quorum, requirement, min_status, yes::text, no::text, decision, current, start_time, end_time,
         finished_height::text as finished, tx_hash from polls order by id`,
    );
    expect(polls).toEqual([
      {
        id: "1",
        name: "Earlier poll",
        quorum: "1/2",
        requirement: "none",
        min_status: null,
        yes: "0",
        no: "0",
        decision: "negative",
        current: false,
        start_time: new Date("2026-01-08T00:00:00Z"),
        end_time: new Date("2026-01-09T00:00:00Z"),
        finished: null,
        tx_hash: null,
      },
      // keeper.go LoadPolls makes the genesis poll current; EndPoll reads counters Answer never wrote: 0/0, NEGATIVE.
      {
        id: "2",
        name: "Leaders' poll",
        quorum: "2/3",
        requirement: "minStatus",
        min_status: 2,
        yes: "1",
        no: "1",
        decision: "negative",
        current: false,
        start_time: new Date("2026-01-10T07:00:00Z"),
        end_time: new Date("2026-01-10T08:00:12Z"),
        finished: "3",
        tx_hash: null,
      },
      // keeper.go StartPoll: start = block time, end = + poll_period minutes; stored where no reader looks, never current.
      {
        id: "3",
        name: "Validators' poll",
        quorum: "1/2",
        requirement: "validators",
        min_status: null,
        yes: "0",
        no: "0",
        decision: "pending",
        current: false,
        start_time: new Date("2026-01-10T08:00:15Z"),
        end_time: new Date("2026-01-11T08:00:15Z"),
        finished: null,
        tx_hash: hash(3, 0),
      },
    ]);
    // genesis poll_answers first, then L1's answer given through N's MsgExec; L13's (9) and L2's (8) refused ones are absent.
    expect(await rows("select poll_id::text as poll, n, respondent, yes, height::text, tx_hash from poll_answers order by poll_id, n")).toEqual([
      { poll: "2", n: 1, respondent: a.L0, yes: true, height: null, tx_hash: null },
      { poll: "2", n: 2, respondent: a.L1, yes: false, height: "2", tx_hash: hash(2, 1) },
    ]);
  });
});
