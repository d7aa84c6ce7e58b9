// The CometBFT RPC methods the devnet answers, with CometBFT's parameter rules and error texts.
import type { Chain } from "./chain.ts";
import {
  renderBlock,
  renderBlockResults,
  renderBlockMeta,
  renderCommit,
  renderHeader,
  renderStatus,
  renderTx,
  renderValidators,
  validatorSet,
} from "./render.ts";
import { abciQuery } from "./abci-query.ts";
import type { BlockRecord } from "./blocks.ts";

/** A result already rendered to JSON text, spliced into the envelope as is. */
export class RawJson {
  constructor(readonly json: string) {}
}

export class RpcError extends Error {
  readonly rpcCode: number;
  readonly data: string;

  constructor(rpcCode: number, message: string, data: string) {
    super(message);
    this.rpcCode = rpcCode;
    this.data = data;
  }
}

export type Params = Record<string, unknown>;

export interface NodeContext {
  chain: Chain;
  genesisTime(): string;
  genesisDoc(): object;
}

const internal = (data: string) => new RpcError(-32603, "Internal error", data);
const invalidParams = (data: string) => new RpcError(-32602, "Invalid params", data);

/** Params arrive as JSON values (POST) or URI strings, possibly quoted ("12", "\"12\""). */
function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const s = String(value);
  return s.length >= 2 && s.startsWith('"') && s.endsWith('"') ? s.slice(1, -1) : s;
}

function intParam(params: Params, name: string): number | undefined {
  const value = text(params[name]);
  if (value === undefined || value === "") return undefined;
  if (!/^-?\d+$/.test(value)) throw invalidParams(`error converting ${name}: invalid integer ${JSON.stringify(value)}`);
  return Number(value);
}

/** Byte params: 0x-hex in URIs; base64 in JSON bodies (bare hex accepted when it can only be hex). */
function bytesParam(params: Params, name: string, hexLength?: number): Uint8Array {
  const value = text(params[name]) ?? "";
  if (/^0x[0-9a-fA-F]*$/.test(value)) return Buffer.from(value.slice(2), "hex");
  if (hexLength !== undefined && value.length === hexLength && /^[0-9a-fA-F]+$/.test(value)) return Buffer.from(value, "hex");
  return Buffer.from(value, "base64");
}

function hexParam(params: Params, name: string): Uint8Array {
  const value = (text(params[name]) ?? "").replace(/^0x/, "");
  if (!/^[0-9a-fA-F]*$/.test(value)) throw invalidParams(`error converting ${name}: encoding/hex: invalid byte`);
  return Buffer.from(value, "hex");
}

function recordAt(ctx: NodeContext, params: Params): BlockRecord {
  const latest = ctx.chain.store.height;
  const height = intParam(params, "height") ?? latest;
  if (height <= 0) throw internal(`height must be greater than 0, but got ${height}`);
  if (height > latest) throw internal(`height ${height} must be less than or equal to the current blockchain height ${latest}`);
  return ctx.chain.store.get(height)!;
}

function blockchain(ctx: NodeContext, params: Params) {
  const latest = ctx.chain.store.height;
  let max = intParam(params, "maxHeight") ?? latest;
  let min = intParam(params, "minHeight") ?? 1;
  if (min < 0 || max < 0) throw internal("heights must be non-negative");
  if (min === 0) min = 1;
  if (max === 0) max = latest;
  max = Math.min(max, latest);
  min = Math.max(min, max - 19);
  if (min > max) throw internal(`min height ${min} can't be greater than max height ${max}`);
  const metas = [];
  for (let h = max; h >= min; h--) metas.push(renderBlockMeta(ctx.chain, ctx.chain.store.get(h)!));
  return { last_height: String(latest), block_metas: metas };
}

function pageOf(params: Params, total: number, defaultPerPage: number) {
  const perPage = Math.min(Math.max(intParam(params, "per_page") ?? defaultPerPage, 1), 100);
  const pages = Math.max(1, Math.ceil(total / perPage));
  const page = intParam(params, "page") ?? 1;
  if (page < 1 || page > pages) throw internal(`page should be within [1, ${pages}] range, given ${page}`);
  return { page, perPage };
}

/** tx_search for the queries clients use: tx.hash, tx.height and message.sender. */
function txSearch(ctx: NodeContext, params: Params) {
  const query = text(params.query) ?? "";
  const match = /^\s*(tx\.hash|tx\.height|message\.sender)\s*=\s*'?([^']*)'?\s*$/.exec(query);
  if (!match) throw internal(`unsupported query ${JSON.stringify(query)}: the devnet answers tx.hash, tx.height and message.sender`);
  const [, key, value] = match;
  let found: { height: number; index: number }[];
  if (key === "tx.hash") {
    const location = ctx.chain.store.findTx(value);
    found = location ? [location] : [];
  } else if (key === "tx.height") {
    const record = ctx.chain.store.get(Number(value));
    found = record ? record.txs.map((_, index) => ({ height: record.height, index })) : [];
  } else {
    found = ctx.chain.txs.filter((tx) => tx.signer === value).map(({ height, index }) => ({ height, index }));
  }
  if (text(params.order_by) === "desc") found.reverse();
  const { page, perPage } = pageOf(params, found.length, 30);
  const slice = found.slice((page - 1) * perPage, page * perPage);
  return { txs: slice.map(({ height, index }) => renderTx(ctx.chain, height, index)), total_count: String(found.length) };
}

function broadcast(ctx: NodeContext, params: Params) {
  const result = ctx.chain.checkTx(bytesParam(params, "tx"));
  return { code: result.code, data: "", log: result.log, codespace: result.codespace, hash: result.hash };
}

function unconfirmed(ctx: NodeContext, withTxs: boolean) {
  const n = String(ctx.chain.mempool.size);
  return { n_txs: n, total: n, total_bytes: String(ctx.chain.mempool.bytes), txs: withTxs ? [] : null };
}

export const METHODS: Record<string, (ctx: NodeContext, params: Params) => object> = {
  health: () => ({}),
  status: (ctx) => renderStatus(ctx.chain, ctx.genesisTime()),
  genesis: (ctx) => ({ genesis: ctx.genesisDoc() }),
  block: (ctx, params) => renderBlock(ctx.chain, recordAt(ctx, params)),
  block_by_hash: (ctx, params) => {
    const hash = Buffer.from(bytesParam(params, "hash", 64))
      .toString("hex")
      .toUpperCase();
    for (let h = ctx.chain.store.height; h >= 1; h--) {
      if (ctx.chain.store.get(h)!.hash === hash) return renderBlock(ctx.chain, ctx.chain.store.get(h)!);
    }
    return { block_id: { hash: "", parts: { total: 0, hash: "" } }, block: null };
  },
  block_results: (ctx, params) => new RawJson(renderBlockResults(recordAt(ctx, params))),
  header: (ctx, params) => ({ header: renderHeader(ctx.chain, recordAt(ctx, params)) }),
  commit: (ctx, params) => {
    const record = recordAt(ctx, params);
    return {
      signed_header: { header: renderHeader(ctx.chain, record), commit: renderCommit(ctx.chain, record) },
      canonical: record.height < ctx.chain.store.height,
    };
  },
  validators: (ctx, params) => {
    const latest = ctx.chain.store.height;
    // The next height's set is known before its block, as CometBFT's NextValidators.
    const record =
      intParam(params, "height") === latest + 1 && latest > 0
        ? { ...ctx.chain.store.get(latest)!, height: latest + 1, ...ctx.chain.nextSet() }
        : recordAt(ctx, params);
    const set = validatorSet(ctx.chain, record);
    const { page, perPage } = pageOf(params, set.length, 30);
    return renderValidators(record, set, page, perPage);
  },
  blockchain,
  tx: (ctx, params) => {
    const hash = Buffer.from(bytesParam(params, "hash", 64))
      .toString("hex")
      .toUpperCase();
    const location = ctx.chain.store.findTx(hash);
    if (!location) throw internal(`tx (${hash}) not found`);
    return renderTx(ctx.chain, location.height, location.index);
  },
  tx_search: txSearch,
  broadcast_tx_sync: broadcast,
  broadcast_tx_async: broadcast,
  num_unconfirmed_txs: (ctx) => unconfirmed(ctx, false),
  unconfirmed_txs: (ctx) => unconfirmed(ctx, true),
  abci_info: (ctx) => {
    const latest = ctx.chain.store.latest();
    return {
      response: {
        data: "axiome",
        version: "1.0.0",
        app_version: "0",
        last_block_height: String(latest?.height ?? 0),
        last_block_app_hash: latest ? Buffer.from(latest.resultAppHash, "hex").toString("base64") : "",
      },
    };
  },
  abci_query: (ctx, params) => {
    const answer = abciQuery(ctx.chain, text(params.path) ?? "", hexParam(params, "data"));
    return {
      response: {
        code: answer.code,
        log: answer.log,
        info: "",
        index: "0",
        key: null,
        value: answer.value.length > 0 ? Buffer.from(answer.value).toString("base64") : null,
        proofOps: null,
        height: String(ctx.chain.store.height),
        codespace: answer.codespace,
      },
    };
  },
};
