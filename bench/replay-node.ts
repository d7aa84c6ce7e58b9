// A node that answers from a recorded chain file, so the benchmark measures the indexer and not the simulator's rendering.
import { createReadStream } from "node:fs";
import { createServer } from "node:http";
import { createInterface } from "node:readline";
import type { RecordedAnswer } from "./record-chain.ts";

const file = process.env.BENCH_CHAIN_FILE!;
const port = Number(process.env.BENCH_RPC_PORT ?? 36_700);

const answers = new Map<string, string>();
for await (const line of createInterface({ input: createReadStream(file) })) {
  const { url, body } = JSON.parse(line) as RecordedAnswer;
  answers.set(url, body);
}

createServer((request, response) => {
  const body = answers.get(request.url ?? "") ?? answers.get((request.url ?? "").split("?")[0]);
  response.writeHead(body ? 200 : 500, { "content-type": "application/json" });
  response.end(body ?? JSON.stringify({ jsonrpc: "2.0", id: -1, error: { code: -32603, message: `not recorded: ${request.url}`, data: "" } }));
}).listen(port, "127.0.0.1", () => console.log(`ready: ${answers.size} recorded answers on port ${port}`));
process.once("SIGTERM", () => process.exit(0));
