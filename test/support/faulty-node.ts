// A proxy in front of a node that answers chosen requests with a JSON-RPC error, as a real node sometimes does.
import { createServer, type Server } from "node:http";

export interface FaultyNode {
  url: string;
  /** Requests answered with an error so far. */
  faults: () => number;
  close: () => Promise<void>;
}

/** Forwards to `target`; `fault(path)` returns an error message to send instead, or null to forward. */
export async function faultyNode(target: string, fault: (path: string) => string | null): Promise<FaultyNode> {
  let faults = 0;
  const server: Server = createServer(async (request, response) => {
    const path = request.url ?? "/";
    const error = fault(path);
    if (error !== null) {
      faults += 1;
      response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ jsonrpc: "2.0", id: -1, error: { code: -32603, message: "Internal error", data: error } }));
      return;
    }
    try {
      const answer = await fetch(`${target}${path}`);
      const body = await answer.text();
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(body);
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
