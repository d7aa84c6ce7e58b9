// Read queries of the vote module's index (migrations 014 and 018): the government, proposals with their votes, polls with their
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

export interface ActivityRow {
  kind: "vote" | "answer";
  id: string;
  name: string;
  agree: boolean;
  height: string;
  tx_hash: string | null;
}

/** Where a page of an address's activity ends: height (0 for genesis), 1 for a vote or 0 for an answer, the id. */
export interface ActivityCursor {
  height: number;
  vote: boolean;
  id: number;
}

/**
 * An address's votes and poll answers after `cursor` (from the newest when null), ordered by height descending, votes
 * before answers at one height, then by id descending: each side reads its (address, height, id) index as a range.
 */
export async function activityAfter(db: Queryable, address: string, cursor: ActivityCursor | null, limit: number): Promise<ActivityRow[]> {
  const MAX = Number.MAX_SAFE_INTEGER;
  // Past a vote: the votes at its height below its id, and every answer there. Past an answer: only answers below it.
  const height = cursor?.height ?? MAX;
  const voteBound = cursor === null ? MAX : cursor.vote ? cursor.id : 0;
  const answerBound = cursor === null || cursor.vote ? MAX : cursor.id;
  return db.query<ActivityRow>(
    `select * from (
       (select 'vote' as kind, v.proposal_id::text as id, p.name, v.agree, coalesce(v.height, 0)::text as height, v.tx_hash
          from proposal_votes v join proposals p on p.id = v.proposal_id
         where v.voter = $1 and (coalesce(v.height, 0), v.proposal_id) < ($2::bigint, $3::bigint)
         order by coalesce(v.height, 0) desc, v.proposal_id desc limit $5)
       union all
       (select 'answer' as kind, a.poll_id::text as id, p.name, a.yes as agree, coalesce(a.height, 0)::text as height, a.tx_hash
          from poll_answers a join polls p on p.id = a.poll_id
         where a.respondent = $1 and (coalesce(a.height, 0), a.poll_id) < ($2::bigint, $4::bigint)
         order by coalesce(a.height, 0) desc, a.poll_id desc limit $5)
     ) activity
     order by height::bigint desc, kind desc, id::bigint desc
     limit $5`,
    [address, height, voteBound, answerBound, limit],
  );
}

export interface TxGovernanceRow {
  kind: "proposal" | "poll";
  id: string;
  name: string;
}

/** The proposals and polls a transaction created, voted on or answered. */
export async function governanceOfTx(db: Queryable, hash: string): Promise<TxGovernanceRow[]> {
  return db.query<TxGovernanceRow>(
    `select 'proposal' as kind, id::text, name from proposals where id in (
       select id from proposals where tx_hash = $1 union select proposal_id from proposal_votes where tx_hash = $1)
     union all
     select 'poll' as kind, id::text, name from polls where id in (
       select id from polls where tx_hash = $1 union select poll_id from poll_answers where tx_hash = $1)
     order by kind, id`,
    [hash],
  );
}
