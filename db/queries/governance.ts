// Read queries of the vote module's index (migration 012): the government, proposals with their votes, polls with their
// answers. Lists page by id (newest first) and answers by their number within the poll: ranges, never OFFSET.
import { accountToValoper } from "../../core/address.ts";
import type { Queryable } from "../connection.ts";

export interface GovernorRow {
  address: string;
  since_height: string | null;
}

export async function governors(db: Queryable): Promise<GovernorRow[]> {
  return db.query<GovernorRow>("select address, since_height::text from governors order by n");
}

export interface ProposalRow {
  id: string;
  name: string;
  author: string;
  messages: { typeUrl: string; value: unknown }[];
  status: "voting" | "accepted" | "rejected";
  start_height: string | null;
  end_time: Date | null;
  finished_height: string | null;
  government: string[];
  agreed: string[];
  disagreed: string[];
  tx_hash: string | null;
}

const PROPOSAL = `id::text, name, author, messages, status, start_height::text, end_time, finished_height::text, government, agreed, disagreed, tx_hash`;

/** Proposals with an id below `before` (all when null), newest first: the current one, if any, is the newest. */
export async function proposalsBefore(db: Queryable, before: number | null, limit: number): Promise<ProposalRow[]> {
  return db.query<ProposalRow>(`select ${PROPOSAL} from proposals where id < $1 order by id desc limit $2`, [before ?? Number.MAX_SAFE_INTEGER, limit]);
}

export async function proposalById(db: Queryable, id: number): Promise<ProposalRow | null> {
  return (await db.query<ProposalRow>(`select ${PROPOSAL} from proposals where id = $1`, [id]))[0] ?? null;
}

export interface VoteRow {
  voter: string;
  agree: boolean;
  height: string | null;
  tx_hash: string | null;
}

/** A proposal's votes in the order they were cast (the author's first; those known only from a seed after). */
export async function proposalVotes(db: Queryable, id: number): Promise<VoteRow[]> {
  return db.query<VoteRow>("select voter, agree, height::text, tx_hash from proposal_votes where proposal_id = $1 order by height nulls last, tx_hash, voter", [
    id,
  ]);
}

export interface PollRow {
  id: string;
  name: string;
  author: string;
  question: string;
  start_time: Date | null;
  end_time: Date | null;
  quorum: string | null;
  requirement: "none" | "validators" | "minStatus";
  min_status: number | null;
  yes: string;
  no: string;
  decision: "pending" | "positive" | "negative" | "none";
  tx_hash: string | null;
}

const POLL = `id::text, name, author, question, start_time, end_time, quorum, requirement, min_status, yes::text, no::text, decision, tx_hash`;

export async function pollsBefore(db: Queryable, before: number | null, limit: number): Promise<PollRow[]> {
  return db.query<PollRow>(`select ${POLL} from polls where id < $1 order by id desc limit $2`, [before ?? Number.MAX_SAFE_INTEGER, limit]);
}

export async function pollById(db: Queryable, id: number): Promise<PollRow | null> {
  return (await db.query<PollRow>(`select ${POLL} from polls where id = $1`, [id]))[0] ?? null;
}

export interface AnswerRow {
  n: number;
  respondent: string;
  yes: boolean;
  height: string | null;
  tx_hash: string | null;
}

/** A poll's answers numbered above `after`, in the order they came. */
export async function answersAfter(db: Queryable, poll: number, after: number, limit: number): Promise<AnswerRow[]> {
  return db.query<AnswerRow>("select n, respondent, yes, height::text, tx_hash from poll_answers where poll_id = $1 and n > $2 order by n limit $3", [
    poll,
    after,
    limit,
  ]);
}

/** What the explorer calls each account: its nickname, else the moniker of the validator it operates. */
export async function accountNames(db: Queryable, accounts: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(accounts)];
  if (unique.length === 0) return new Map();
  const operators = new Map(unique.map((a) => [accountToValoper(a), a]));
  const [nicknames, monikers] = await Promise.all([
    db.query<{ address: string; name: string }>("select address, nickname as name from profiles where address = any($1::text[]) and nickname <> ''", [unique]),
    db.query<{ address: string; name: string }>(
      "select operator_address as address, moniker as name from validators where operator_address = any($1::text[]) and moniker <> ''",
      [[...operators.keys()]],
    ),
  ]);
  const names = new Map(monikers.map((m) => [operators.get(m.address)!, m.name]));
  for (const n of nicknames) names.set(n.address, n.name);
  return names;
}
