// Routes of API.md's "Governance": the chain's vote module (government, proposals with votes, polls with answers) from
// the index; names are nicknames, else the name of the validator an account operates.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import * as q from "../../db/queries/governance.ts";
import type { ApiContext } from "../context.ts";
import { badRequest, notFound } from "../errors.ts";
import { sendAnswer, SHORT_CACHE } from "../http.ts";
import { ResponseCache } from "../response-cache.ts";
import { answers } from "../../shapes/common.ts";
import { fractionValue } from "../../core/fraction.ts";
import * as shape from "../../shapes/governance.ts";
import { TxHashParams } from "../../shapes/transactions.ts";
import { accountAddress } from "../account-address.ts";

/** Governance changes a few times a day at most, and never faster than a block: one query serves a second of visitors. */
const TTL_MS = 1000;
const ENTRIES = 2000;
const LIST_LIMIT = 10;
const ANSWERS_LIMIT = 50;
const ACTIVITY_LIMIT = 20;

const integer = (text: string | null): number | null => (text === null ? null : Number(text));
const iso = (time: Date | null): string | null => time?.toISOString() ?? null;

/** An id of the explorer's numbering: digits without sign or leading zero; anything else is a 400. */
function idOf(text: string, what: string): number {
  if (!/^[1-9][0-9]{0,15}$/.test(text) || !Number.isSafeInteger(Number(text))) throw badRequest(`${what} id: a positive integer, not ${text.slice(0, 40)}`);
  return Number(text);
}

function formatProposal(row: q.ProposalRow, names: Map<string, string>): shape.Proposal {
  return {
    id: Number(row.id),
    name: row.name,
    author: row.author,
    authorName: names.get(row.author) ?? null,
    messages: row.messages,
    status: row.status,
    startHeight: integer(row.start_height),
    endTime: iso(row.end_time),
    finishedHeight: integer(row.finished_height),
    government: row.government,
    agreed: row.agreed,
    disagreed: row.disagreed,
    txHash: row.tx_hash,
  };
}

function formatPoll(row: q.PollRow, names: Map<string, string>): shape.Poll {
  return {
    id: Number(row.id),
    name: row.name,
    author: row.author,
    authorName: names.get(row.author) ?? null,
    question: row.question,
    startTime: iso(row.start_time),
    endTime: iso(row.end_time),
    quorum: fractionValue(row.quorum),
    requirement: { kind: row.requirement, minStatus: row.requirement === "minStatus" ? row.min_status : null },
    yes: Number(row.yes),
    no: Number(row.no),
    decision: row.decision,
    txHash: row.tx_hash,
  };
}

export function governanceRoutes(server: FastifyInstance, ctx: ApiContext): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const cache = new ResponseCache(TTL_MS, ENTRIES);
  const cached = async (reply: FastifyReply, key: string, produce: () => Promise<unknown>) => sendAnswer(reply, await cache.answer(key, produce), SHORT_CACHE);
  const page = (query: shape.GovernanceListQuery) => ({ limit: Number(query.limit ?? LIST_LIMIT), before: query.cursor ? Number(query.cursor) : null });

  app.get(
    "/governance/government",
    {
      schema: {
        tags: ["governance"],
        summary: "The governors, in the chain's order, with the height each was seated at",
        response: answers(shape.Government, 503),
      },
    },
    async (_request, reply) =>
      cached(reply, "government", async () => {
        const rows = await q.governors(ctx.db);
        const names = await q.accountNames(
          ctx.db,
          rows.map((r) => r.address),
        );
        return { members: rows.map((r) => ({ address: r.address, name: names.get(r.address) ?? null, since: integer(r.since_height) })) };
      }),
  );

  app.get(
    "/governance/proposals",
    {
      schema: {
        tags: ["governance"],
        summary: "Proposals, newest (the current one) first; pass nextCursor as cursor for the next page (null after the last)",
        querystring: shape.GovernanceListQuery,
        response: answers(shape.ProposalPage, 400, 503),
      },
    },
    async (request, reply) => {
      const { limit, before } = page(request.query);
      return cached(reply, `proposals ${limit} ${before}`, async () => {
        const rows = await q.proposalsBefore(ctx.db, before, limit);
        const names = await q.accountNames(
          ctx.db,
          rows.map((r) => r.author),
        );
        return { proposals: rows.map((r) => formatProposal(r, names)), nextCursor: rows.length === limit ? rows[rows.length - 1].id : null };
      });
    },
  );

  app.get(
    "/governance/proposals/:id",
    {
      schema: {
        tags: ["governance"],
        summary: "A proposal with its messages and each governor's vote",
        params: shape.IdParams,
        response: answers(shape.ProposalDetail, 400, 404, 503),
      },
    },
    async (request, reply) => {
      const id = idOf(request.params.id, "Proposal");
      return cached(reply, `proposal ${id}`, async () => {
        const row = await q.proposalById(ctx.db, id);
        if (!row) throw notFound(`Proposal ${id} not found`);
        const votes = await q.proposalVotes(ctx.db, id);
        const names = await q.accountNames(ctx.db, [row.author, ...row.government, ...votes.map((v) => v.voter)]);
        return {
          ...formatProposal(row, names),
          votes: votes.map((v) => ({ address: v.voter, name: names.get(v.voter) ?? null, agree: v.agree, height: integer(v.height), txHash: v.tx_hash })),
        };
      });
    },
  );

  app.get(
    "/governance/polls",
    {
      schema: {
        tags: ["governance"],
        summary: "Polls, newest first; pass nextCursor as cursor for the next page (null after the last)",
        querystring: shape.GovernanceListQuery,
        response: answers(shape.PollPage, 400, 503),
      },
    },
    async (request, reply) => {
      const { limit, before } = page(request.query);
      return cached(reply, `polls ${limit} ${before}`, async () => {
        const rows = await q.pollsBefore(ctx.db, before, limit);
        const names = await q.accountNames(
          ctx.db,
          rows.map((r) => r.author),
        );
        return { polls: rows.map((r) => formatPoll(r, names)), nextCursor: rows.length === limit ? rows[rows.length - 1].id : null };
      });
    },
  );

  app.get(
    "/governance/polls/:id",
    {
      schema: {
        tags: ["governance"],
        summary: "A poll with a page of its answers in the order they came (50 by default); pass nextCursor as cursor for the next",
        params: shape.IdParams,
        querystring: shape.GovernanceListQuery,
        response: answers(shape.PollDetail, 400, 404, 503),
      },
    },
    async (request, reply) => {
      const id = idOf(request.params.id, "Poll");
      const limit = Number(request.query.limit ?? ANSWERS_LIMIT);
      const after = request.query.cursor ? Number(request.query.cursor) : 0;
      return cached(reply, `poll ${id} ${limit} ${after}`, async () => {
        const row = await q.pollById(ctx.db, id);
        if (!row) throw notFound(`Poll ${id} not found`);
        const rows = await q.answersAfter(ctx.db, id, after, limit);
        const names = await q.accountNames(ctx.db, [row.author, ...rows.map((a) => a.respondent)]);
        return {
          ...formatPoll(row, names),
          answers: rows.map((a) => ({
            respondent: a.respondent,
            name: names.get(a.respondent) ?? null,
            yes: a.yes,
            height: integer(a.height),
            txHash: a.tx_hash,
          })),
          nextCursor: rows.length === limit ? String(rows[rows.length - 1].n) : null,
        };
      });
    },
  );

  app.get(
    "/governance/activity/:address",
    {
      schema: {
        tags: ["governance"],
        summary: "An account's votes and poll answers, newest first (20 by default); pass nextCursor as cursor for the next page",
        params: shape.ActivityParams,
        querystring: shape.ActivityQuery,
        response: answers(shape.ActivityPage, 400, 503),
      },
    },
    async (request, reply) => {
      const address = accountAddress(request.params.address);
      const limit = Number(request.query.limit ?? ACTIVITY_LIMIT);
      const cursor = activityCursor(request.query.cursor);
      return cached(reply, `activity ${address} ${limit} ${request.query.cursor ?? ""}`, async () => {
        const rows = await q.activityAfter(ctx.db, address, cursor, limit);
        const last = rows[rows.length - 1];
        return {
          entries: rows.map((r) => ({ kind: r.kind, id: Number(r.id), name: r.name, agree: r.agree, height: Number(r.height), txHash: r.tx_hash })),
          nextCursor: rows.length === limit ? `${last.height}.${last.kind === "vote" ? 1 : 0}.${last.id}` : null,
        };
      });
    },
  );

  app.get(
    "/governance/transactions/:hash",
    {
      schema: {
        tags: ["governance"],
        summary: "The proposals and polls a transaction created, voted on or answered",
        params: TxHashParams,
        response: answers(shape.TxGovernance, 400, 503),
      },
    },
    async (request, reply) => {
      const hash = request.params.hash.toUpperCase();
      return cached(reply, `tx ${hash}`, async () => {
        const rows = await q.governanceOfTx(ctx.db, hash);
        const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => ({ id: Number(r.id), name: r.name }));
        return { proposals: of("proposal"), polls: of("poll") };
      });
    },
  );
}

/** The cursor text "height.kind.id" (the shape holds it to 15 digits a number, safe integers) as a position; null for the first page. */
function activityCursor(text: string | undefined): q.ActivityCursor | null {
  if (!text) return null;
  const [height, kind, id] = text.split(".").map(Number);
  return { height, vote: kind === 1, id };
}
