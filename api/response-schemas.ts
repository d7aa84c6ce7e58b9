// JSON schemas of the answers (API.md shapes): they document the contract in OpenAPI and let Fastify serialise fast.

const text = { type: "string" } as const;
const nullableText = { type: ["string", "null"] } as const;
const integer = { type: "integer" } as const;

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "object",
  required: Object.keys(properties),
  properties,
  ...extra,
});

export const coin = object({ denom: text, amount: text });

export const event = object({
  type: text,
  attributes: { type: "array", items: object({ key: text, value: text }) },
  blockId: integer,
  timestamp: text,
  txHash: nullableText,
  related: { type: "array", items: text },
});

const txFields = {
  _id: text,
  blockId: integer,
  index: integer,
  code: integer,
  codespace: text,
  log: text,
  type: { type: "array", items: text },
  timestamp: text,
  gasUsed: text,
  gasWanted: text,
  fee: { type: "array", items: coin },
  chainId: text,
  memo: text,
};

export const tx = object(txFields);

export const txDetail = object({
  ...txFields,
  tx: object({ body: object({ messages: { type: "array", items: { type: "object", additionalProperties: true } }, memo: text }) }),
  evts: { type: "array", items: event },
});

const blockFields = {
  _id: integer,
  hash: text,
  chainId: text,
  proposer: text,
  consensusAddress: text,
  proposerValidator: { type: ["object", "null"], required: ["address", "name", "logoUrl"], properties: { address: text, name: text, logoUrl: nullableText } },
  timestamp: text,
  txCnt: integer,
  evtCnt: integer,
  er: { type: "number" },
};

export const block = object(blockFields);

export const blockDetail = object({ ...blockFields, txs: { type: "array", items: tx }, evts: { type: "array", items: event } });

export const consensus = object({ _id: integer, proposer: text, validators: { type: "array", items: text } });

export const stat = object({
  totalSupply: text,
  maximalSupply: text,
  delegatedSupply: text,
  burnedTotal: text,
  burnedToday: text,
  registrations: integer,
  registeredToday: integer,
  eventsTotal: integer,
  eventsPerSecond: { type: "number" },
  txsTotal: integer,
  txsPerSecond: { type: "number" },
  blocksPerSecond: { type: "number" },
  blockTime: { type: "number" },
  mempool: object({ n_txs: integer }),
});

export const totalRecords = object({ totalRecords: integer });

export const health = object({ status: { type: "string", enum: ["ok", "behind"] }, indexedHeight: integer, chainHeight: integer, lagBlocks: integer });

export const config = object({
  chainId: nullableText,
  networks: { type: "array", items: object({ name: text, url: nullableText, apiBase: nullableText, available: { type: "boolean" } }) },
  maintenance: { type: "boolean" },
  allowedHosts: { type: "array", items: text },
  analyticsId: text,
  faucetEnabled: { type: "boolean" },
});

export const errorBody = object({ error: object({ code: text, message: text }) });

/** Response schemas of a route: its answer, and the error body for the statuses it can give. */
export function answers(ok: unknown, ...errors: number[]): Record<number, unknown> {
  return Object.fromEntries([[200, ok], ...errors.map((status) => [status, errorBody])]);
}
