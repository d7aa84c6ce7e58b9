// A node that answers from a recorded chain file, so the benchmark measures the indexer and not the simulator's rendering.
import { createReadStream } from "node:fs";
import { createServer } from "node:http";
import { createInterface } from "node:readline";
import type { RecordedAnswer } from "./record-chain.ts";
import { answerCalls } from "../test/support/json-rpc-batch.ts";

const file = process.env.BENCH_CHAIN_FILE!;
const port = Number(process.env.BENCH_RPC_PORT ?? 36_700);

const answers = new Map<string, string>();
for await (const line of createInterface({ input: createReadStream(file) })) {
  const { url, body } = JSON.parse(line) as RecordedAnswer;
  answers.set(url, body);
}

/** A GET path's recorded answer (looked up with its query, then without), or a 500 naming what was not recorded. */
function reply(path: string): { status: number; body: string } {
  const body = answers.get(path) ?? answers.get(path.split("?")[0]);
  if (body) return { status: 200, body };
  return { status: 500, body: JSON.stringify({ jsonrpc: "2.0", id: -1, error: { code: -32603, message: `not recorded: ${path}`, data: "" } }) };
}

createServer((request, response) => void answerCalls(request, response, reply)).listen(port, "127.0.0.1", () =>
  console.log(`ready: ${answers.size} recorded answers on port ${port}`),
);
process.once("SIGTERM", () => process.exit(0));
