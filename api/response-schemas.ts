// JSON schemas of the answers (API.md shapes): they document the contract in OpenAPI and let Fastify serialise fast.
import { OPERATION_LANGUAGES, OPERATION_TYPE_IDS } from "../core/operations.ts";

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
  /** Null when the node gave no result for the transaction. */
  code: { type: ["integer", "null"] },
  codespace: text,
  log: text,
  /** The bytes are not a Cosmos transaction: no messages, fee or signers could be read. */
  undecodable: { type: "boolean" },
  type: { type: "array", items: text },
  timestamp: text,
  gasUsed: text,
  gasWanted: text,
  fee: { type: "array", items: coin },
  chainId: text,
  memo: text,
};

export const tx = object(txFields);

const txDetailFields = {
  ...txFields,
  tx: object({ body: object({ messages: { type: "array", items: { type: "object", additionalProperties: true } }, memo: text }) }),
  evts: { type: "array", items: event },
};

/** An undecodable transaction's detail adds its bytes (base64) and the decoder's reason. */
export const txDetail = object(txDetailFields, { properties: { ...txDetailFields, raw: text, decodeError: text } });

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

export const consensus = object({ _id: integer, proposer: nullableText, validators: { type: "array", items: text } });

export const validator = object({
  name: text,
  fullName: text,
  bech32Address: text,
  address: text,
  consensusAddress: text,
  logoUrl: nullableText,
  status: text,
  isActive: { type: "boolean" },
  delegationFee: { type: ["number", "null"] },
  txFee: { type: ["number", "null"] },
  locked: text,
  votingPower: { type: "number" },
  okBlocksSinceStart: integer,
  blocksSinceStart: integer,
  totalProposed: integer,
  siteUrl: text,
  securityContact: text,
});

export const delegation = object({ address: text, amount: { type: "array", items: coin } });

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
  /** The index's first height when it started in mid-chain (totals, registrations and per-address counts start there); null from genesis. */
  countedFrom: { type: ["integer", "null"] },
});

export const totalRecords = object({ totalRecords: integer });

const indexHealth = object({
  status: { type: "string", enum: ["ok", "behind", "stale"] },
  indexedHeight: integer,
  chainHeight: integer,
  lagBlocks: integer,
  /** Seconds since the indexer's last heartbeat; null before its first. */
  heartbeatAgeSeconds: { type: ["integer", "null"] },
  /** Whether the node answered the API's own height query (else chainHeight is the indexer's last view). */
  nodeAnswered: { type: "boolean" },
  /** Capabilities the node refused (its module queries), so those figures are missing from the index. */
  degraded: { type: "array", items: text },
});

export const health = {
  ...indexHealth,
  properties: {
    ...indexHealth.properties,
    /** Only with a read replica (DATABASE_READ_URL): the primary's indexed height, the replica's distance to it in blocks, and the age of its last replayed transaction. */
    replica: object({ primaryHeight: integer, lagBlocks: integer, replaySeconds: { type: ["number", "null"] } }),
  },
};

export const config = object({
  chainId: nullableText,
  networks: { type: "array", items: object({ name: text, url: nullableText, apiBase: nullableText, available: { type: "boolean" } }) },
  maintenance: { type: "boolean" },
  allowedHosts: { type: "array", items: text },
  analyticsId: text,
  analyticsOrigin: text,
  maintenanceChannels: object({ en: text, ru: text, de: text }),
  faucetEnabled: { type: "boolean" },
});

export const errorBody = object({ error: object({ code: text, message: text }) });

/** Response schemas of a route: its answer, and the error body for the statuses it can give. */
export function answers(ok: unknown, ...errors: number[]): Record<number, unknown> {
  return Object.fromEntries<unknown>([[200, ok], ...errors.map((status) => [status, errorBody] as const)]);
}

// Accounts and the partnership programme (API.md).
const amountText = { type: "string", pattern: "^-?\\d+$" } as const;
const nullableAmountText = { anyOf: [amountText, { type: "null" }] } as const;
const nullableTime = { type: ["string", "null"] } as const;
const boolean = { type: "boolean" } as const;

export const referral = object({
  _id: text,
  name: nullableText,
  img: nullableText,
  telegram: nullableText,
  status: integer,
  referrer: nullableText,
  teamSize: integer,
  teamSizeDaily: integer,
  teamBalance: amountText,
  teamDelegated: amountText,
  teamUndelegating: amountText,
  totalRewards: amountText,
  totalRewardsRet: amountText,
  confirmed_account: boolean,
  premium: boolean,
  premiumExp: nullableTime,
});

/** Only the fields asked for are present, so none is required. */
export const accountInfo = {
  type: "object",
  properties: {
    balance: { type: "array", items: coin },
    claimable: object({ total: { type: "array", items: coin } }),
    unbounding: { type: "array", items: object({ balance: amountText, completion_time: text }) },
    claimedTotal: amountText,
    referralClaimedTotal: amountText,
    refInfo: object({ self_delegated: amountText, team_delegated: amountText, status_downgrade_at: nullableTime }),
    referral,
  },
};

export const teamMember = object({
  _id: text,
  name: nullableText,
  img: nullableText,
  status: integer,
  level: integer,
  delegated: amountText,
  unbonding: amountText,
  teamSize: integer,
  teamSizeDaily: integer,
  activeTeam: integer,
  referrer: nullableText,
  premium: boolean,
  telegram: nullableText,
});

export const teamPage = object({ data: { type: "array", items: teamMember }, names: { type: "object", additionalProperties: text } });

export const teamCount = object({ total_records: integer });

// Status progress, KPI and the leader bonus (API.md).
const statusKeys = ["1", "2", "3", "4", "5", "6", "7"];
const kpiStatusKeys = ["2", "3", "4", "5", "6", "7"];
const byKeys = (keys: string[], value: unknown) => object(Object.fromEntries(keys.map((k) => [k, value])), { additionalProperties: false });

export const criterion = object({
  rule: { type: "string", enum: ["RULE_SELF_STAKE", "RULE_N_COINS_IN_STRUCTURE", "RULE_N_REFERRALS_WITH_X_REFERRALS_EACH", "RULE_N_TEAMS_OF_X_PEOPLE_EACH"] },
  actual_value: amountText,
  target_value: amountText,
  parameter_x: integer,
});

export const statusProgress = byKeys(statusKeys, { type: "array", items: criterion });

export const statusKpi = object({
  kpi: byKeys(kpiStatusKeys, amountText),
  completed: object({ amount: amountText, cards: integer }),
  rating: {
    type: "array",
    items: object({ _id: text, name: nullableText, img: nullableText, premium: boolean, status: integer, lbDelegated: amountText }),
  },
  nextPayoutAt: text,
});

export const leaderBonusTable = object({
  bonuses: { type: "array", items: object({ status: integer, share: { type: "number" }, usersCount: integer, amountForOneWithOtherLevels: nullableAmountText }) },
  pool: nullableAmountText,
  nextPayoutAt: text,
});

// The operations ledger (API.md Operation).
export const operation = object({
  type: { type: "string", enum: OPERATION_TYPE_IDS },
  title: text,
  amount: amountText,
  /** uaxm, or uret for partner rewards paid in RET. */
  denom: text,
  s: { type: "integer", enum: [1, -1] },
  c: text,
  time: text,
  error: nullableText,
  fields: { type: "array", items: object({ l: text, v: text, t: integer, n: nullableText }) },
  txHash: nullableText,
});

export const operations = { type: "array", items: operation };

export const operationTypeLabels = { type: "object", additionalProperties: object(Object.fromEntries(OPERATION_LANGUAGES.map((language) => [language, text]))) };

// Contracts, codes and CW-20 tokens (API.md).
const nullableNumber = { type: ["number", "null"] } as const;
const nullableAmount = { type: ["string", "null"], pattern: "^\\d+$" } as const;
const anyJson = {} as const;
const restPagination = object({ next_key: nullableText, total: text });
const txPosition = object({ block_height: text, tx_index: text });

export const contractRow = object({ label: text, address: text, creator: text, code: integer, initialBlock: integer, executes: integer });

export const contractsPage = object({ contracts: { type: "array", items: contractRow }, pagination: object({ total: integer }) });

export const code = object({
  id: integer,
  verified: boolean,
  checksum: text,
  creator: text,
  permission: { type: "string", enum: ["Everybody", "Nobody", "AnyOfAddresses"] },
  permissionAddresses: { type: "array", items: text },
  contractsCount: integer,
});

export const codesPage = object({ codes: { type: "array", items: code }, pagination: object({ total: integer }) });

export const contractInfo = object({
  address: text,
  contract_info: object({ code_id: text, creator: text, admin: text, label: text, created: txPosition, ibc_port_id: text, extension: { type: ["object", "null"] } }),
  codeChecksum: nullableText,
});

export const contractHistory = object({
  entries: { type: "array", items: object({ operation: text, code_id: text, updated: txPosition, msg: anyJson }) },
  pagination: restPagination,
});

export const contractState = object({ models: { type: "array", items: object({ key: text, value: text }) }, pagination: restPagination });

export const tokenListRow = object({ id: text, symbol: text, name: text, logo: nullableText, decimals: integer });

export const tokenList = object({ tokens: { type: "array", items: tokenListRow }, cursor: nullableText });

const logoInfo = { anyOf: [object({ url: text }), { type: "string", enum: ["embedded"] }, { type: "null" }] };

export const tokenMarketing = object({ project: nullableText, description: nullableText, marketing: nullableText, logo: logoInfo });

export const token = object({
  data: object({ name: text, symbol: text, logo: nullableText, decimals: integer, marketing: tokenMarketing }),
  details: object({ creator: text, mint_authority: nullableText, marketing_authority: nullableText, update_authority: nullableText }),
  statistics: object({
    priceInUsd: nullableNumber,
    priceInAxm: nullableNumber,
    holders: integer,
    marketCapitalization: nullableNumber,
    maxSupply: nullableAmount,
    currentSupply: amountText,
  }),
  links: { type: "array", items: object({ title: text, url: text, platform: text }) },
  about: nullableText,
});

export const holders = object({
  holders: { type: "array", items: object({ address: text, quantity: amountText, value: nullableNumber, valueInAxm: nullableAmount, percentage: { type: "number" } }) },
  nextCursor: nullableText,
});

export const assetBalances = object({ data: object({ balances: { type: "array", items: object({ contract: text, balance: amountText }) } }) });

/** A contract's own answer to a smart query (cw20 token_info, marketing_info): whatever JSON it gives. */
export const contractAnswer = { type: ["object", "array", "string", "number", "boolean", "null"], additionalProperties: true };
