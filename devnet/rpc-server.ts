// HTTP server of the devnet node: CometBFT JSON-RPC over GET (URI params) and POST, plus validator logos, avatars, exchange logos and token logos.
import { createServer, type Server, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { METHODS, RawJson, RpcError, type NodeContext, type Params } from "./rpc-methods.ts";
import { logoSvg } from "./logos.ts";
import { badgeSvg } from "./profiles.ts";
import { tokenLogoSvg } from "./token-logos.ts";

/** Finished blocks never change, so their rendered JSON can be reused; the cache stays small. */
const CACHED_METHODS = new Set(["block", "block_results"]);
const CACHE_SIZE = 256;

interface JsonRpcRequest {
  jsonrpc?: string;
  id?: unknown;
  method?: string;
  params?: Params | unknown[];
}

export class RpcServer {
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  private cache = new Map<string, string>();
  private ctx: NodeContext;

  constructor(ctx: NodeContext) {
    this.ctx = ctx;
  }

  async listen(port: number, host: string): Promise<number> {
    if (this.server) throw new Error("devnet RPC server is already listening");
    const server = createServer((req, res) => void this.handle(req, res));
    server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    return (server.address() as AddressInfo).port;
  }

  /** Closes the port and drops open keep-alive connections, as a node going down would. */
  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://devnet");
    try {
      if (req.method === "POST") return this.respond(res, 200, await this.answerBody(await readBody(req)));
      if (req.method !== "GET") return this.respond(res, 405, "method not allowed", "text/plain");
      const logo = /^\/logos\/([0-9A-Fa-f]{16})\.svg$/.exec(url.pathname);
      if (logo) return this.serveLogo(res, logo[1]);
      const badge = /^\/(avatars|exchanges)\/(axm1[0-9a-z]+)\.svg$/.exec(url.pathname);
      if (badge) return this.serveBadge(res, badge[1], badge[2]);
      const tokenLogo = /^\/token-logos\/([A-Za-z-]{3,12})\.svg$/.exec(url.pathname);
      if (tokenLogo) return this.serveTokenLogo(res, tokenLogo[1]);
      const method = url.pathname.slice(1);
      if (method === "") return this.respond(res, 200, this.index(), "text/html");
      if (!(method in METHODS)) return this.respond(res, 404, "404 page not found", "text/plain");
      const params: Params = Object.fromEntries(url.searchParams.entries());
      return this.respond(res, 200, this.answer(-1, method, params));
    } catch (error) {
      this.respond(res, 500, envelopeError(-1, new RpcError(-32603, "Internal error", String(error))));
    }
  }

  private async answerBody(body: string): Promise<string> {
    let request: JsonRpcRequest | JsonRpcRequest[];
    try {
      request = JSON.parse(body);
    } catch (error) {
      return envelopeError(null, new RpcError(-32700, "Parse error. Invalid JSON", String(error)));
    }
    if (Array.isArray(request)) return `[${request.map((r) => this.answerRequest(r)).join(",")}]`;
    return this.answerRequest(request);
  }

  private answerRequest(request: JsonRpcRequest): string {
    const params = Array.isArray(request.params) ? {} : (request.params ?? {});
    return this.answer(request.id ?? null, request.method ?? "", params);
  }

  private answer(id: unknown, method: string, params: Params): string {
    const handler = METHODS[method];
    if (!handler) return envelopeError(id, new RpcError(-32601, "Method not found", ""));
    try {
      return envelope(id, this.render(method, params, handler));
    } catch (error) {
      if (error instanceof RpcError) return envelopeError(id, error);
      return envelopeError(id, new RpcError(-32603, "Internal error", error instanceof Error ? error.message : String(error)));
    }
  }

  private render(method: string, params: Params, handler: (ctx: NodeContext, params: Params) => object): string {
    const height = String(params.height ?? "").replace(/"/g, "");
    const cacheable = CACHED_METHODS.has(method) && /^\d+$/.test(height) && Number(height) <= this.ctx.chain.store.height;
    const key = `${method}:${height}`;
    const cached = cacheable ? this.cache.get(key) : undefined;
    if (cached) return cached;
    const result = handler(this.ctx, params);
    const json = result instanceof RawJson ? result.json : JSON.stringify(result);
    if (cacheable) {
      this.cache.set(key, json);
      if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    }
    return json;
  }

  private serveLogo(res: ServerResponse, identity: string): void {
    const validator = this.ctx.chain.state.validators.find((v) => v.identity === identity.toUpperCase());
    if (!validator) return this.respond(res, 404, "404 page not found", "text/plain");
    this.respond(res, 200, logoSvg(validator), "image/svg+xml");
  }

  /** A profile's avatar or an exchange's logo. */
  private serveBadge(res: ServerResponse, kind: string, address: string): void {
    const { profiles, exchanges } = this.ctx.chain.info;
    const named = kind === "avatars" ? profiles.find((p) => p.address === address)?.nickname : exchanges.find((e) => e.address === address)?.name;
    if (!named) return this.respond(res, 404, "404 page not found", "text/plain");
    this.respond(res, 200, badgeSvg(address, named, kind === "avatars" ? "circle" : "square"), "image/svg+xml");
  }

  private serveTokenLogo(res: ServerResponse, symbol: string): void {
    const svg = tokenLogoSvg(symbol);
    if (!svg) return this.respond(res, 404, "404 page not found", "text/plain");
    this.respond(res, 200, svg, "image/svg+xml");
  }

  private index(): string {
    const links = Object.keys(METHODS).map((m) => `<a href="/${m}">/${m}</a>`);
    return `<html><body><br>Available endpoints:<br>${links.join("<br>")}</body></html>`;
  }

  private respond(res: ServerResponse, status: number, body: string, contentType = "application/json"): void {
    res.writeHead(status, { "content-type": contentType, "content-length": Buffer.byteLength(body) });
    res.end(body);
  }
}

function envelope(id: unknown, resultJson: string): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${resultJson}}`;
}

function envelopeError(id: unknown, error: RpcError): string {
  return JSON.stringify({ jsonrpc: "2.0", id, error: { code: error.rpcCode, message: error.message, data: error.data } });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
