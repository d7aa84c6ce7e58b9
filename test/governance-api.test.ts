// API.md's "Governance" over an indexed devnet: the government, proposals with their votes and polls with their answers
// equal the devnet's vote module (devnet/vote*.ts), paged by cursor, with 400s and 404s for bad and unknown ids.
import Value from "typebox/value";
import type { TSchema } from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES } from "./support/databases.ts";
import { indexedDevnet, type IndexedDevnet } from "./support/pipeline.ts";
import * as shape from "../shapes/governance.ts";
import { VOTE_AUTHORITY } from "../devnet/module-accounts.ts";

const BLOCKS = 60;
const VOTE = "/axiome.vote.v1beta1.";

function checked<T>(schema: TSchema, answer: T): T {
  expect([...Value.Errors(schema, answer)].slice(0, 3).map((e) => `${e.instancePath} ${e.message}`)).toEqual([]);
  return answer;
}

describe.each(ENGINES)("governance routes over an indexed devnet on %s", (engine) => {
  let d: IndexedDevnet;
  const txHash = (height: number, type: string, signer?: string) =>
    d.chain.devnet.state.txs.find((t) => t.height === height && t.code === 0 && t.types.includes(`${VOTE}${type}`) && (!signer || t.signer === signer))?.hash;

  beforeAll(async () => {
    d = await indexedDevnet(engine, BLOCKS);
  }, 240_000);
  afterAll(() => d?.close());

  it("lists the government in the chain's order, named, with the height each was seated at", async () => {
    const vote = d.chain.devnet.state.vote();
    const genesis = d.chain.devnet.genesis;
    const { members } = checked(shape.Government, await d.get("/api/governance/government"));
    expect(members.map((m: shape.Governor) => m.address)).toEqual(vote.government);
    const seatedAt = vote.history[0].finished;
    expect(members.map((m: shape.Governor) => m.since)).toEqual(vote.government.map((g) => (genesis.vote.government.includes(g) ? 0 : seatedAt)));
    // Operators are named by their validator, users by their nickname when they have one.
    const monikers = d.chain.devnet.state.validators().map((v) => v.moniker);
    expect(members.slice(0, 3).map((m: shape.Governor) => m.name)).toEqual(monikers.slice(0, 3));
    for (const m of members.slice(3)) expect(m.name).toBe(d.chain.devnet.state.profile(m.address)?.nickname || null);
  });

  it("lists proposals newest first, the running one first, by cursor", async () => {
    const vote = d.chain.devnet.state.vote();
    const first = checked(shape.ProposalPage, await d.get("/api/governance/proposals?limit=3"));
    expect(first.proposals.map((p: shape.Proposal) => [p.id, p.status])).toEqual([
      [4, "voting"],
      [3, "accepted"],
      [2, "rejected"],
    ]);
    expect(first.nextCursor).toBe("2");
    const next = checked(shape.ProposalPage, await d.get(`/api/governance/proposals?limit=3&cursor=${first.nextCursor}`));
    expect(next).toEqual({ proposals: [expect.objectContaining({ id: 1, status: "accepted" })], nextCursor: null });
    const all = [...first.proposals, ...next.proposals].reverse();
    expect(all.map((p: shape.Proposal) => p.name)).toEqual([...vote.history.map((r) => r.proposal.name), vote.current!.proposal.name]);
    vote.history.forEach((record, i) => {
      expect(all[i]).toMatchObject({
        government: record.government,
        agreed: record.agreed,
        disagreed: record.disagreed,
        startHeight: record.started,
        finishedHeight: record.finished,
        endTime: new Date(record.proposal.endTimeMs).toISOString(),
        txHash: txHash(record.started, "MsgPropose"),
      });
    });
    expect(all[3]).toMatchObject({ finishedHeight: null, agreed: vote.current!.agreed, disagreed: vote.current!.disagreed });
  });

  it("shows a proposal's messages decoded and each governor's vote with its transaction", async () => {
    const vote = d.chain.devnet.state.vote();
    const p2 = checked(shape.ProposalDetail, await d.get("/api/governance/proposals/2"));
    expect(p2.messages).toEqual([
      {
        typeUrl: "/axiome.referral.v1beta1.MsgUpdateParams",
        value: {
          authority: VOTE_AUTHORITY,
          params: { delegating_award: { network: expect.arrayContaining(["5%", "7/1000"]) }, status_downgrade_period: 604800, uret_mode: false },
        },
      },
    ]);
    const p3 = checked(shape.ProposalDetail, await d.get("/api/governance/proposals/3"));
    expect(p3.messages.map((m: { typeUrl: string }) => m.typeUrl)).toEqual([`${VOTE}MsgUpdateParams`, `${VOTE}MsgRemoveGovernor`]);
    expect(p3.messages[1].value).toEqual({ authority: VOTE_AUTHORITY, governor: vote.history[2].disagreed[1] });
    // The author agreed with the proposal's own transaction; every other vote has its MsgVote.
    const record = vote.history[2];
    expect(p3.votes.map((v: { address: string; agree: boolean }) => [v.address, v.agree])).toEqual(
      expect.arrayContaining([...record.agreed.map((a) => [a, true]), ...record.disagreed.map((a) => [a, false])]),
    );
    expect(p3.votes).toHaveLength(record.agreed.length + record.disagreed.length);
    expect(p3.votes[0]).toMatchObject({ address: record.proposal.author, agree: true, height: record.started, txHash: p3.txHash });
    for (const v of p3.votes.slice(1)) expect(v.txHash).toBe(txHash(v.height, "MsgVote", v.address));
  });

  it("lists polls with the counted answers and the chain's decision, and pages a poll's answers", async () => {
    const { polls, nextCursor } = checked(shape.PollPage, await d.get("/api/governance/polls"));
    expect(nextCursor).toBeNull();
    expect(polls.map((p: shape.Poll) => [p.name, p.requirement, p.quorum, p.decision])).toEqual([
      ["Open: a governance forum", { kind: "none", minStatus: null }, null, "pending"],
      ["Validators: 4-second blocks", { kind: "validators", minStatus: null }, 2 / 3, "pending"],
      ["A 15th partner level", { kind: "minStatus", minStatus: 1 }, 0.5, "negative"],
    ]);
    const genesisPoll = polls[2];
    // The root's genesis answer and the two eligible answers: counted here, while the chain's own counts stay 0.
    expect([genesisPoll.yes, genesisPoll.no, genesisPoll.txHash, genesisPoll.startTime]).toEqual([2, 1, null, "2025-12-31T23:50:00.000Z"]);
    const page = checked(shape.PollDetail, await d.get(`/api/governance/polls/${genesisPoll.id}?limit=2`));
    expect(page.answers.map((a: { respondent: string; yes: boolean; height: number | null }) => [a.respondent, a.yes, a.height])).toEqual([
      [d.chain.devnet.genesis.referralRoot, true, null],
      [expect.any(String), true, 4],
    ]);
    expect(page.nextCursor).toBe("2");
    const rest = checked(shape.PollDetail, await d.get(`/api/governance/polls/${genesisPoll.id}?limit=2&cursor=2`));
    expect(rest.answers).toEqual([expect.objectContaining({ yes: false, height: 4, txHash: txHash(4, "MsgAnswerPoll", rest.answers[0].respondent) })]);
    expect(rest.nextCursor).toBeNull();
    const started = d.chain.devnet.state.vote().startedPoll!;
    expect(polls[0]).toMatchObject({ startTime: new Date(started.startTimeMs!).toISOString(), endTime: new Date(started.endTimeMs!).toISOString() });
  });

  it("lists each address's votes and answers newest first, merged, by cursor, as the proposals and polls name them", async () => {
    const proposals = (checked(shape.ProposalPage, await d.get("/api/governance/proposals?limit=100")) as shape.ProposalPage).proposals;
    const polls = (checked(shape.PollPage, await d.get("/api/governance/polls?limit=100")) as shape.PollPage).polls;
    type Entry = shape.ActivityEntry;
    const expected = new Map<string, Entry[]>();
    const add = (address: string, entry: Entry) => expected.set(address, [...(expected.get(address) ?? []), entry]);
    for (const p of proposals) {
      const detail = (await d.get(`/api/governance/proposals/${p.id}`)) as shape.ProposalDetail;
      for (const v of detail.votes) add(v.address, { kind: "vote", id: p.id, name: p.name, agree: v.agree, height: v.height ?? 0, txHash: v.txHash });
    }
    for (const p of polls) {
      const detail = (await d.get(`/api/governance/polls/${p.id}?limit=100`)) as shape.PollDetail;
      for (const a of detail.answers) add(a.respondent, { kind: "answer", id: p.id, name: p.name, agree: a.yes, height: a.height ?? 0, txHash: a.txHash });
    }
    const order = (a: Entry, b: Entry) => b.height - a.height || (a.kind === b.kind ? b.id - a.id : a.kind === "vote" ? -1 : 1);
    const kinds = new Set([...expected.values()].flatMap((entries) => entries.map((e) => e.kind)));
    expect([...kinds].sort()).toEqual(["answer", "vote"]);
    for (const [address, entries] of expected) {
      const seen: Entry[] = [];
      let cursor: string | null = null;
      do {
        const page = checked(
          shape.ActivityPage,
          await d.get(`/api/governance/activity/${address}?limit=2${cursor ? `&cursor=${cursor}` : ""}`),
        ) as shape.ActivityPage;
        expect(page.entries.length).toBeLessThanOrEqual(2);
        seen.push(...page.entries);
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen, address).toEqual(entries.sort(order));
    }
    const someone = d.chain.devnet.genesis.quietAccounts[0];
    expect(await d.get(`/api/governance/activity/${someone}`)).toEqual({ entries: [], nextCursor: null });
  });

  it("names the proposal or poll a transaction created, voted on or answered", async () => {
    const p3 = (await d.get("/api/governance/proposals/3")) as shape.ProposalDetail;
    expect(await d.get(`/api/governance/transactions/${p3.txHash!.toLowerCase()}`)).toEqual({ proposals: [{ id: 3, name: p3.name }], polls: [] });
    const vote = p3.votes[1];
    expect(await d.get(`/api/governance/transactions/${vote.txHash}`)).toEqual({ proposals: [{ id: 3, name: p3.name }], polls: [] });
    const poll = ((await d.get("/api/governance/polls")) as shape.PollPage).polls[2];
    const answer = ((await d.get(`/api/governance/polls/${poll.id}`)) as shape.PollDetail).answers[1];
    expect(await d.get(`/api/governance/transactions/${answer.txHash}`)).toEqual({ proposals: [], polls: [{ id: poll.id, name: poll.name }] });
    const other = d.chain.devnet.state.txs.find((t) => t.code === 0 && !t.types.some((type) => type.startsWith(VOTE)))!;
    expect(checked(shape.TxGovernance, await d.get(`/api/governance/transactions/${other.hash}`))).toEqual({ proposals: [], polls: [] });
  });

  it("answers 404 for an unknown id, 400 for a malformed one or a bad page, with cache headers", async () => {
    for (const url of ["/api/governance/proposals/99", "/api/governance/polls/99"]) {
      const response = await d.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe("not_found");
    }
    for (const url of [
      "/api/governance/proposals/0",
      "/api/governance/proposals/abc",
      "/api/governance/polls/-1",
      "/api/governance/polls/1.5",
      "/api/governance/proposals?limit=0",
      "/api/governance/proposals?limit=101",
      "/api/governance/polls?cursor=x",
      "/api/governance/polls/1?cursor=-2",
      "/api/governance/proposals?other=1",
      "/api/governance/activity/axm1notanaddress",
      `/api/governance/activity/${VOTE_AUTHORITY}?cursor=1`,
      `/api/governance/activity/${VOTE_AUTHORITY}?cursor=1.2.3`,
      `/api/governance/activity/${VOTE_AUTHORITY}?limit=0`,
      "/api/governance/transactions/ABC",
    ]) {
      const response = await d.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(400);
      expect(typeof response.json().error.message).toBe("string");
    }
    const response = await d.app.inject({ method: "GET", url: "/api/governance/proposals/1" });
    expect(response.headers["cache-control"]).toBe("public, max-age=2");
    expect(response.headers.etag).toBeDefined();
  });
});
