// The vote module's part of a batch: proposals, votes, endings with the execution of accepted messages, polls and
// answers (x/vote/keeper/keeper.go, government.go, msg_server.go). Governance changes are rare: each is one statement.
import type { Queryable } from "../db/connection.ts";
import type { IndexedBlock } from "./decode-block.ts";
import type { Decision, GovernanceOp, PollFields, ProposalMessage } from "./decode-governance.ts";

const VOTE = "/axiome.vote.v1beta1.";

export interface VotePeriods {
  votePeriod: number;
  pollPeriod: number;
}

interface CurrentProposal {
  id: number;
  messages: ProposalMessage[];
  agreed: string[];
  disagreed: string[];
}

/** What the index knows of the module before the batch, changed op by op. */
class GovernanceBatch {
  private constructor(
    private governors: string[],
    private params: VotePeriods | null,
    private current: CurrentProposal | null,
    private nextProposal: number,
    private nextPoll: number,
  ) {}

  static async load(tx: Queryable): Promise<GovernanceBatch> {
    const governors = await tx.query<{ address: string }>("select address from governors order by n");
    const [params] = await tx.query<{ vote_period: number; poll_period: number }>("select vote_period, poll_period from vote_params");
    const [current] = await tx.query<{ id: string; messages: ProposalMessage[]; agreed: string[]; disagreed: string[] }>(
      "select id, messages, agreed, disagreed from proposals where status = 'voting'",
    );
    const [ids] = await tx.query<{ proposal: string; poll: string }>(
      "select (select coalesce(max(id), 0) from proposals)::text as proposal, (select coalesce(max(id), 0) from polls)::text as poll",
    );
    return new GovernanceBatch(
      governors.map((g) => g.address),
      params ? { votePeriod: params.vote_period, pollPeriod: params.poll_period } : null,
      current ? { id: Number(current.id), messages: current.messages, agreed: current.agreed, disagreed: current.disagreed } : null,
      Number(ids.proposal) + 1,
      Number(ids.poll) + 1,
    );
  }

  async apply(tx: Queryable, block: IndexedBlock, op: GovernanceOp): Promise<void> {
    switch (op.kind) {
      case "proposed":
        return this.propose(tx, block, op.name, op.author, op.messages, op.txHash);
      case "voted":
        return this.vote(tx, block, op.voter, op.agree, op.txHash);
      case "finished":
        return this.finish(tx, block, op.accepted);
      case "pollStarted":
        return this.startPoll(tx, block, op.poll, op.txHash);
      case "answered":
        return this.answer(tx, block, op.respondent, op.yes, op.txHash);
      case "pollFinished":
        return this.finishPoll(tx, block, op.name, op.decision);
    }
  }

  /** keeper.go Propose: the author agrees at once; the vote ends vote_period minutes after the block. */
  private async propose(tx: Queryable, block: IndexedBlock, name: string, author: string, messages: ProposalMessage[], txHash: string): Promise<void> {
    const id = this.nextProposal++;
    this.current = { id, messages, agreed: [author], disagreed: [] };
    await tx.query(
      `insert into proposals (id, name, author, messages, status, start_height, end_time, finished_height, government, agreed, disagreed, tx_hash)
       values ($1, $2, $3, $4::jsonb, 'voting', $5, $6::timestamptz + make_interval(mins => $7::int), null, $8::text[], $9::text[], '{}', $10)`,
      [id, name, author, JSON.stringify(messages), block.height, block.time, this.params?.votePeriod ?? null, this.governors, [author], txHash],
    );
    await insertVote(tx, id, author, true, block.height, txHash);
  }

  private async vote(tx: Queryable, block: IndexedBlock, voter: string, agree: boolean, txHash: string): Promise<void> {
    const current = this.current;
    if (!current) return;
    (agree ? current.agreed : current.disagreed).push(voter);
    await tx.query("update proposals set agreed = $2::text[], disagreed = $3::text[] where id = $1", [current.id, current.agreed, current.disagreed]);
    await insertVote(tx, current.id, voter, agree, block.height, txHash);
  }

  /**
   * keeper.go EndProposal: the record keeps the government as it was; an accepted proposal's messages then run all or
   * none. Of those, the index follows the vote module's own (governors, params) by their rules in government.go and
   * msg_server.go; another module's message failing would leave no trace in events, so it is taken as applied.
   */
  private async finish(tx: Queryable, block: IndexedBlock, accepted: boolean): Promise<void> {
    const current = this.current;
    if (!current) return;
    this.current = null;
    await tx.query("update proposals set status = $2, finished_height = $3, government = $4::text[] where id = $1", [
      current.id,
      accepted ? "accepted" : "rejected",
      block.height,
      this.governors,
    ]);
    if (!accepted) return;
    const outcome = execute(current.messages, this.governors, this.params);
    if (!outcome) return;
    const added = outcome.governors.filter((g) => !this.governors.includes(g));
    const removed = this.governors.filter((g) => !outcome.governors.includes(g));
    this.governors = outcome.governors;
    if (removed.length > 0) await tx.query("delete from governors where address = any($1::text[])", [removed]);
    for (const address of added) {
      await tx.query("insert into governors (address, n, since_height) values ($1, (select coalesce(max(n), 0) + 1 from governors), $2)", [
        address,
        block.height,
      ]);
    }
    if (outcome.params && outcome.params !== this.params) {
      this.params = outcome.params;
      await saveVoteParams(tx, outcome.params);
    }
  }

  /** keeper.go StartPoll: the poll ends poll_period minutes after its block; it is stored, never made current. */
  private async startPoll(tx: Queryable, block: IndexedBlock, poll: PollFields, txHash: string): Promise<void> {
    await tx.query(
      `insert into polls (id, name, author, question, start_time, end_time, quorum, requirement, min_status, start_height, tx_hash)
       values ($1, $2, $3, $4, $5::timestamptz, $5::timestamptz + make_interval(mins => $6::int), $7, $8, $9, $10, $11)`,
      [
        this.nextPoll++,
        poll.name,
        poll.author,
        poll.question,
        block.time,
        this.params?.pollPeriod ?? null,
        poll.quorum,
        poll.requirement,
        poll.minStatus,
        block.height,
        txHash,
      ],
    );
  }

  /**
   * The poll an answer or an ending belongs to: the one the chain reads as current (from genesis or the seed); failing
   * that (a chain whose StartPoll stores where readers look), the newest poll still pending, of the ending's name.
   */
  private async currentPoll(tx: Queryable, name: string | null): Promise<number | null> {
    const [row] = await tx.query<{ id: string }>(
      "select id from polls where current or (decision = 'pending' and ($1::text is null or name = $1)) order by current desc, id desc limit 1",
      [name],
    );
    return row ? Number(row.id) : null;
  }

  private async answer(tx: Queryable, block: IndexedBlock, respondent: string, yes: boolean, txHash: string): Promise<void> {
    const poll = await this.currentPoll(tx, null);
    if (poll === null) return;
    await tx.query(
      `insert into poll_answers (poll_id, n, respondent, yes, height, tx_hash)
       values ($1, (select coalesce(max(n), 0) + 1 from poll_answers where poll_id = $1), $2, $3, $4, $5)`,
      [poll, respondent, yes, block.height, txHash],
    );
    await tx.query(`update polls set ${yes ? "yes = yes + 1" : "no = no + 1"} where id = $1`, [poll]);
  }

  private async finishPoll(tx: Queryable, block: IndexedBlock, name: string, decision: Decision): Promise<void> {
    const poll = await this.currentPoll(tx, name);
    if (poll === null) return;
    await tx.query("update polls set decision = $2, finished_height = $3, current = false where id = $1", [poll, decision, block.height]);
  }
}

async function insertVote(tx: Queryable, proposal: number, voter: string, agree: boolean, height: number | null, txHash: string | null): Promise<void> {
  await tx.query("insert into proposal_votes (proposal_id, voter, agree, height, tx_hash) values ($1, $2, $3, $4, $5)", [
    proposal,
    voter,
    agree,
    height,
    txHash,
  ]);
}

export async function saveVoteParams(tx: Queryable, params: VotePeriods): Promise<void> {
  await tx.query(
    `insert into vote_params (id, vote_period, poll_period) values (1, $1, $2)
     on conflict (id) do update set vote_period = excluded.vote_period, poll_period = excluded.poll_period`,
    [params.votePeriod, params.pollPeriod],
  );
}

/**
 * The vote module's own messages of an accepted proposal run in order, by government.go and params.go: a governor
 * already seated (5), one not seated (6), the last one (7) or a period under a minute fail the whole; null then.
 */
export function execute(
  messages: ProposalMessage[],
  governors: string[],
  params: VotePeriods | null,
): { governors: string[]; params: VotePeriods | null } | null {
  let members = [...governors];
  let periods = params;
  for (const { typeUrl, value } of messages) {
    if (typeof value === "string") continue;
    const governor = typeof value.governor === "string" ? value.governor : "";
    if (typeUrl === `${VOTE}MsgAddGovernor`) {
      if (members.includes(governor)) return null;
      members = [...members, governor];
    } else if (typeUrl === `${VOTE}MsgRemoveGovernor`) {
      if (!members.includes(governor) || members.length === 1) return null;
      members = members.filter((m) => m !== governor);
    } else if (typeUrl === `${VOTE}MsgUpdateParams`) {
      const p = (value.params ?? {}) as Record<string, unknown>;
      const next = { votePeriod: Number(p.vote_period ?? 0), pollPeriod: Number(p.poll_period ?? 0) };
      if (!(next.votePeriod >= 1 && next.pollPeriod >= 1)) return null;
      periods = next;
    }
  }
  return { governors: members, params: periods };
}

export async function writeGovernance(tx: Queryable, blocks: IndexedBlock[]): Promise<void> {
  if (!blocks.some((b) => b.governance.length > 0)) return;
  const batch = await GovernanceBatch.load(tx);
  for (const block of blocks) for (const op of block.governance) await batch.apply(tx, block, op);
}
