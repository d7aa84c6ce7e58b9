// JSON-RPC batches (several calls in one POST) for the stand-in nodes of the tests and the bench, which answer each
// call as they answer its GET.
import type { IncomingMessage, ServerResponse } from "node:http";
import { uriPath } from "../../chain/rpc.ts";

/** One call's HTTP status and whole JSON-RPC body, as its GET (`/block?height=5`) gets them. */
export type CallReply = (path: string) => { status: number; body: string } | Promise<{ status: number; body: string }>;

interface BatchCall {
  id: unknown;
  /** The call's GET path and query, as the RPC client would ask it alone: `/block?height=5`. */
  path: string;
}

const JSON_TYPE = { "content-type": "application/json" };

/** Answers a GET with its call's reply, and a POST with its calls' replies in one batch answer (status 200, as CometBFT). */
export async function answerCalls(request: IncomingMessage, response: ServerResponse, reply: CallReply): Promise<void> {
  if (request.method === "POST") {
    const calls = await batchCalls(request);
    const bodies = await Promise.all(calls.map(async (call) => (await reply(call.path)).body));
    response.writeHead(200, JSON_TYPE).end(batchAnswer(calls, bodies));
    return;
  }
  const { status, body } = await reply(request.url ?? "/");
  response.writeHead(status, JSON_TYPE).end(body);
}

/** The calls of a POST's body; a single call is a batch of one. */
async function batchCalls(request: IncomingMessage): Promise<BatchCall[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const parsed = JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
  const calls = (Array.isArray(parsed) ? parsed : [parsed]) as { id?: unknown; method?: string; params?: Record<string, string> }[];
  return calls.map(({ id = null, method = "", params = {} }) => ({ id, path: uriPath(method, params) }));
}

/** A call's answer (the whole JSON-RPC body its GET gets) with the call's id, as a batch answers it. */
function withId(body: string, id: unknown): string {
  const asked = '{"jsonrpc":"2.0","id":-1,';
  if (body.startsWith(asked)) return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},${body.slice(asked.length)}`;
  return JSON.stringify({ ...(JSON.parse(body) as object), id });
}

/** The batch's answer: each call's answer with its id, in the calls' order. */
function batchAnswer(calls: BatchCall[], bodies: string[]): string {
  return `[${bodies.map((body, i) => withId(body, calls[i].id)).join(",")}]`;
}
