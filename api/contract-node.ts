// Asking the node for a contract route: the page asked for in wasmd's REST parameters, and the node's failures as API errors.
import type { FastifyRequest } from "fastify";
import { ApiError, badRequest, notFound } from "./errors.ts";
import { NodeRefusal, pageKey, type PageAsk, type WasmNode } from "./node-wasm.ts";

/** The node's JSON answer: a refusal is a 404 (the node does not know it), an unreachable node a 503 (logged). */
export async function fromNode(node: WasmNode | null, request: FastifyRequest, ask: (node: WasmNode) => Promise<string>): Promise<string> {
  if (!node) throw new ApiError(503, "node_unavailable", "No node is configured for contract queries");
  try {
    return await ask(node);
  } catch (error) {
    if (error instanceof NodeRefusal) throw notFound(error.message);
    request.log.warn({ err: error }, "contract query: the node did not answer");
    throw new ApiError(503, "node_unavailable", "The node did not answer");
  }
}

/** `pagination.key` (base64, the previous page's next_key) and `pagination.limit` as the node takes them. */
export function nodePage(query: Record<string, string | undefined>, defaultLimit: number): PageAsk {
  const key = pageKey(query["pagination.key"]);
  if (!key) throw badRequest("pagination.key: not base64");
  return { key, limit: Number(query["pagination.limit"] ?? defaultLimit) };
}
