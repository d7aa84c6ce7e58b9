// Claimable rewards when the node fails: one failed query rests the node for NODE_REST_MS, so account answers do not
// each wait for a node that is down; after the rest it is asked again. Against a real HTTP server that fails every request.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ClaimableRewards, NODE_REST_MS, NodeRestingError } from "../api/claimable-rewards.ts";
import { RpcHttpError, RpcUnavailableError } from "../chain/errors.ts";

let server: Server;
let requests = 0;
let url: string;

beforeAll(async () => {
  server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(503, { "content-type": "text/plain" }).end("node is starting");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => vi.useRealTimers());

const delegator = "axm1qqqsyqcyq5rqwzqfpg9scrgwpugpzysnq8ygsf";

describe("claimable rewards from a failing node", () => {
  it("asks a node that has just failed no more until its rest is over, then asks it again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const claimable = new ClaimableRewards({ rpcUrl: url, timeoutMs: 1000 });
    const before = requests;
    await expect(claimable.rewards(delegator)).rejects.toBeInstanceOf(RpcHttpError);
    expect(requests).toBe(before + 1);
    for (const address of [delegator, "axm1zg69v7ys40x77y352eufp27daufrg4ncnjqz7q"]) {
      await expect(claimable.rewards(address)).rejects.toBeInstanceOf(NodeRestingError);
    }
    expect(requests, "no request while the node rests").toBe(before + 1);
    vi.setSystemTime(Date.now() + NODE_REST_MS + 1);
    await expect(claimable.rewards(delegator)).rejects.toBeInstanceOf(RpcHttpError);
    expect(requests).toBe(before + 2);
  });

  it("rests a node that refuses connections too", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const claimable = new ClaimableRewards({ rpcUrl: `http://127.0.0.1:${port}`, timeoutMs: 1000 });
    await expect(claimable.rewards(delegator)).rejects.toBeInstanceOf(RpcUnavailableError);
    await expect(claimable.rewards(delegator)).rejects.toBeInstanceOf(NodeRestingError);
  });
});
