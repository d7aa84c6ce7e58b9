// A proxy in front of a node that answers chosen requests with a JSON-RPC error, as a real node sometimes does.
import { createServer, type Server } from "node:http";
import { answerCalls } from "./json-rpc-batch.ts";

export interface FaultyNode {
  url: string;
  /** Requests, or calls of a batch, answered with an error so far. */
  faults: () => number;
  close: () => Promise<void>;
}

/** Forwards to `target`; `fault(path)` returns an error message to send instead, or null to forward (a batch's calls by their GET paths). */
export async function faultyNode(target: string, fault: (path: string) => string | null): Promise<FaultyNode> {
  let faults = 0;
  /** One call's answer, as its GET gets it. */
  const reply = async (path: string): Promise<{ status: number; body: string }> => {
    const error = fault(path);
    if (error === null) {
      const answer = await fetch(`${target}${path}`);
      return { status: answer.status, body: await answer.text() };
    }
    faults += 1;
    return { status: 500, body: JSON.stringify({ jsonrpc: "2.0", id: -1, error: { code: -32603, message: "Internal error", data: error } }) };
  };
  const server: Server = createServer(async (request, response) => {
    try {
      await answerCalls(request, response, reply);
    } catch {
      response.writeHead(502).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    faults: () => faults,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
