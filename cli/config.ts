// The one place that reads environment variables: each is declared once here, with its parser, default and meaning.
import { isIP } from "node:net";
import { pbkdf2Sync } from "node:crypto";
import { makeCosmoshubPath, rawSecp256k1PubkeyToRawAddress } from "@cosmjs/amino";
import { EnglishMnemonic, Secp256k1, Slip10, Slip10Curve } from "@cosmjs/crypto";
import { addressKind, bytesToAccount } from "../core/address.ts";
import { parseWebUrl } from "../core/format.ts";
import { BLOCK_TIME_MS } from "../core/block-time.ts";
import { RPC_TIMEOUT_MS } from "../chain/rpc.ts";
import { AUTH_TOKEN_TTL_SECONDS, EXPORT_MAX_ROWS, STATEMENT_TIMEOUT_MS, STREAM_MAX_CLIENTS } from "../api/defaults.ts";
import { POOL_SIZE } from "../db/defaults.ts";
import { DEFAULT_SEED } from "../devnet/defaults.ts";
import { INDEXER_DEFAULTS } from "../indexer/defaults.ts";

export type Env = Record<string, string | undefined>;

/** Turns a variable's text (trimmed, or the default when unset or empty) into its value; throws a message naming it when wrong. */
type Parser<T> = (text: string, name: string) => T;

interface Setting<T = unknown> {
  /** The environment variable. */
  name: string;
  /** What an unset or empty variable stands for, as text (the README's table shows it). */
  default: string;
  parse: Parser<T>;
  /** Its meaning, as the README's table gives it. */
  description: string;
}

/** Any text, as written. */
const asIs: Parser<string> = (value) => value;

const integer =
  (min: number): Parser<number> =>
  (text, name) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer of at least ${min}, got "${text}"`);
    return value;
  };

const optionalInteger =
  (min: number): Parser<number | undefined> =>
  (text, name) =>
    text === "" ? undefined : integer(min)(text, name);

const SECRET = true;

/** A setting that must match `pattern` when set; secrets are not echoed in the message. */
const matching =
  (pattern: RegExp, expected: string, secret = false): Parser<string> =>
  (text, name) => {
    if (text !== "" && !pattern.test(text)) throw new Error(`${name} must be ${expected}${secret ? "" : `, got "${text}"`}`);
    return text;
  };

const lowerCase =
  (parse: Parser<string>): Parser<string> =>
  (text, name) =>
    parse(text, name).toLowerCase();

/** A BIP-39 English mnemonic (words and checksum checked), or empty; never echoed. */
const mnemonic: Parser<string> = (text, name) => {
  if (text === "") return text;
  try {
    return new EnglishMnemonic(text.replace(/\s+/g, " ")).toString();
  } catch {
    throw new Error(`${name} must be a valid English BIP-39 mnemonic of 12 to 24 words`);
  }
};

/**
 * The address of a mnemonic's first key (m/44'/118'/0'/0/0), derived as cosmjs wallets derive it (the faucet signs with one);
 * the BIP-39 seed comes from Node's native PBKDF2, which cosmjs offers only asynchronously.
 */
export function mnemonicAddress(mnemonic: string): string {
  const seed = pbkdf2Sync(mnemonic.normalize("NFKD"), "mnemonic", 2048, 64, "sha512");
  const { privkey } = Slip10.derivePath(Slip10Curve.Secp256k1, seed, makeCosmoshubPath(0));
  return bytesToAccount(rawSecp256k1PubkeyToRawAddress(Secp256k1.compressPubkey(Secp256k1.makeKeypair(privkey).pubkey)));
}

const origin: Parser<string> = (text, name) => {
  const url = parseWebUrl(text);
  if (!url) throw new Error(`${name} must be an http(s) origin, got "${text}"`);
  return url.origin;
};

/** An http(s) address, or "" when unset. */
const link: Parser<string> = (text, name) => {
  if (text && !parseWebUrl(text)) throw new Error(`${name} must be an http(s) address, got "${text}"`);
  return text;
};

/** An account address (axm1…, 20 bytes), or "" when unset. */
const accountAddress: Parser<string> = (text, name) => {
  if (text && addressKind(text) !== "account") throw new Error(`${name} must be an account address (axm1…), got "${text}"`);
  return text;
};

const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;

/** `contract=price` pairs: a CW-20 contract address and a decimal price. */
const tokenPrices: Parser<Record<string, string>> = (text, name) => {
  const prices: Record<string, string> = {};
  for (const pair of text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [contract, price] = pair.split("=").map((p) => p.trim());
    if (addressKind(contract ?? "") !== "contract" || !DECIMAL.test(price ?? "")) {
      throw new Error(`${name} must be comma-separated contract=price pairs (a contract address, a decimal price), got "${pair}"`);
    }
    prices[contract] = price;
  }
  return prices;
};

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const oneOf =
  (allowed: readonly string[]): Parser<string> =>
  (text, name) => {
    if (!allowed.includes(text)) throw new Error(`${name} must be one of ${allowed.join(", ")}, got "${text}"`);
    return text;
  };

/**
 * Which X-Forwarded-For entries to believe: none, the nearest N hops (`true` is the one proxy in front), or those added
 * by the listed proxies. Trusting every hop would make the left-most entry, which any client writes, the client.
 */
const trustedProxies: Parser<false | number | string[]> = (value, name) => {
  const text = value.toLowerCase();
  if (["false", "0", "no"].includes(text)) return false;
  if (["true", "yes"].includes(text)) return 1;
  if (/^[1-9]\d?$/.test(text)) return Number(text);
  const list = text.split(",").map((entry) => entry.trim());
  if (list.every((entry) => isIP(entry.split("/")[0]) !== 0 && /^[^/]+(\/\d{1,3})?$/.test(entry))) return list;
  throw new Error(`${name} must be false, a number of proxy hops, or proxy addresses/CIDRs separated by commas, got "${text}"`);
};

const flag: Parser<boolean> = (value, name) => {
  const text = value.toLowerCase();
  if (!["true", "false", "1", "0", "yes", "no"].includes(text)) throw new Error(`${name} must be true or false, got "${text}"`);
  return ["true", "1", "yes"].includes(text);
};

/** Comma-separated words, blanks dropped. */
const list: Parser<string[]> = (text) =>
  text
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);

/** Three gas prices, low to high, comma-separated decimals. */
const gasPriceSteps: Parser<{ low: number; average: number; high: number }> = (text, name) => {
  const steps = text.split(",").map((step) => step.trim());
  if (steps.length !== 3 || !steps.every((step) => DECIMAL.test(step))) throw new Error(`${name} must be three decimals (low,average,high), got "${text}"`);
  const [low, average, high] = steps.map(Number);
  if (!(low <= average && average <= high)) throw new Error(`${name} must go from low to high, got "${text}"`);
  return { low, average, high };
};

/** Every variable the programs read, keyed by its name in Config; the README's configuration table is checked against it. */
const TABLE = {
  port: { name: "PORT", default: "8080", parse: integer(0), description: "Port of the API and web app" },
  host: { name: "HOST", default: "localhost", parse: asIs, description: "Interface the API listens on (`0.0.0.0` for all)" },
  webDir: {
    name: "WEB_DIR",
    default: "./web/dist",
    parse: asIs,
    description:
      "Folder of the built web app that the API process serves (`npm start` and `npm run build` build it); when it is missing only the API is served",
  },
  databaseUrl: {
    name: "DATABASE_URL",
    default: "",
    parse: asIs,
    description: "PostgreSQL server (`postgres://user@host:5432/db`); empty uses the embedded PGlite database",
  },
  dataDir: { name: "DATA_DIR", default: "./data", parse: asIs, description: "Folder of the embedded database (when `DATABASE_URL` is empty)" },
  databasePoolSize: {
    name: "DATABASE_POOL_SIZE",
    default: String(POOL_SIZE),
    parse: integer(1),
    description:
      "Connections per process to a PostgreSQL server, and a quarter as many again (at least one) for the team pages in level order and the team searches, opened when one comes",
  },
  databaseReadUrl: {
    name: "DATABASE_READ_URL",
    default: "",
    parse: matching(/^postgres(ql)?:\/\/\S+$/, "a postgres:// address", SECRET),
    description:
      "A streaming read replica of `DATABASE_URL` that the API reads from; the API's writes (faucet claims, sign-in challenges) still go to `DATABASE_URL`, and `/api/health` adds the replica's lag. Empty reads from `DATABASE_URL`",
  },
  apiStatementTimeoutMs: {
    name: "API_STATEMENT_TIMEOUT_MS",
    default: String(STATEMENT_TIMEOUT_MS),
    parse: integer(0),
    description:
      "PostgreSQL cancels a statement of `npm run serve`, or of any process's reads from `DATABASE_READ_URL`, that runs longer, and the request gets 503 `query_timeout` (migrations are exempt; the embedded engine has no limit); 0 sets none",
  },
  rpcUrl: {
    name: "RPC_URL",
    default: "",
    parse: asIs,
    description:
      "CometBFT RPC of the node to index; empty makes `npm start` run the built-in devnet and index it (`npm run index` then uses `http://127.0.0.1:$DEVNET_PORT`)",
  },
  startHeight: {
    name: "START_HEIGHT",
    default: "",
    parse: optionalInteger(1),
    description: "First height to index on an empty database; empty means the node's earliest available height",
  },
  batchBlocks: {
    name: "INDEXER_BATCH_BLOCKS",
    default: String(INDEXER_DEFAULTS.batchBlocks),
    parse: integer(1),
    description: `Most blocks written in one database transaction (a batch also closes at ${INDEXER_DEFAULTS.batchTxs.toLocaleString("en")} transactions)`,
  },
  deferIndexesBlocks: {
    name: "INDEXER_DEFER_INDEXES_BLOCKS",
    default: String(INDEXER_DEFAULTS.deferIndexesBlocks),
    parse: integer(0),
    description:
      "A catch-up of at least this many blocks onto an index holding fewer drops the indexes no write reads (the per-address, per-type and operations lists' keys, lookups by hash and time) and builds them again once caught up (those pages and lookups are slow meanwhile); 0 never does",
  },
  concurrency: {
    name: "INDEXER_CONCURRENCY",
    default: String(INDEXER_DEFAULTS.concurrency),
    parse: integer(1),
    description: "Heights fetched from the node at once, ahead of the writer",
  },
  workers: {
    name: "INDEXER_WORKERS",
    default: String(INDEXER_DEFAULTS.workers),
    parse: integer(1),
    description: "Worker threads that fetch and decode blocks while the main thread writes",
  },
  rpcTimeoutMs: {
    name: "RPC_TIMEOUT_MS",
    default: String(RPC_TIMEOUT_MS),
    parse: integer(100),
    description: "Timeout of one node request; failed requests are retried with backoff",
  },
  devnetPort: { name: "DEVNET_PORT", default: "26657", parse: integer(0), description: "RPC port of the built-in devnet" },
  devnetBlockTimeMs: { name: "DEVNET_BLOCK_TIME_MS", default: String(BLOCK_TIME_MS), parse: integer(50), description: "Time between devnet blocks" },
  devnetSeed: { name: "DEVNET_SEED", default: DEFAULT_SEED, parse: asIs, description: "Seed of the devnet's deterministic genesis and workload" },
  devnetTxsPerBlock: {
    name: "DEVNET_TXS_PER_BLOCK",
    default: "",
    parse: optionalInteger(0),
    description: "Transactions in every devnet block (a fixed load, as for measuring); empty uses the devnet's varying mix of 0 to 15",
  },
  devnetPrebuild: {
    name: "DEVNET_PREBUILD",
    default: "0",
    parse: integer(0),
    description: "Blocks the devnet builds at once before producing them in real time",
  },
  validatorLogoUrl: {
    name: "VALIDATOR_LOGO_URL",
    default: "",
    parse: asIs,
    description: "Validator logo address with `{identity}` in it; empty uses the devnet's logos when it runs, none otherwise",
  },
  imageBaseUrl: {
    name: "IMAGE_BASE_URL",
    default: "",
    parse: asIs,
    description:
      "Address that relative image paths (avatars, exchange and CW-20 token logos) are read from; empty uses the devnet's when it runs, the explorer's own origin otherwise",
  },
  rateLimit: {
    name: "RATE_LIMIT",
    default: "1200",
    parse: integer(0),
    description: "Requests per minute one client may make to the API before it gets 429; 0 turns the limit off",
  },
  searchRateLimit: {
    name: "SEARCH_RATE_LIMIT",
    default: "60",
    parse: integer(0),
    description: "Searches per minute one client may make, and as many search suggestions, counted apart (instead of `RATE_LIMIT`); 0 turns this limit off",
  },
  faucetMnemonic: {
    name: "FAUCET_MNEMONIC",
    default: "",
    parse: mnemonic,
    description:
      "Mnemonic of the faucet account (its first key) that pays test AXM, and whose payouts the operations ledger shows as faucet operations; empty uses the devnet's faucet account when the built-in devnet runs, and no faucet otherwise",
  },
  faucetAmount: {
    name: "FAUCET_AMOUNT",
    default: "5000000000",
    parse: matching(/^[1-9][0-9]{0,29}$/, "a positive whole number of uaxm"),
    description: "uaxm one faucet payout sends (5,000 AXM)",
  },
  faucetGasPrice: {
    name: "FAUCET_GAS_PRICE",
    default: "0.025uaxm",
    parse: matching(/^[0-9]+(\.[0-9]+)?[a-z][a-z0-9]{2,127}$/, "an amount and a denom such as 0.025uaxm"),
    description: "Gas price of the faucet's transactions",
  },
  faucetRateLimit: {
    name: "FAUCET_RATE_LIMIT",
    default: "5",
    parse: integer(0),
    description: "Faucet requests per minute one client may make; 0 turns this limit off",
  },
  leaderBonusWeekly: {
    name: "LEADER_BONUS_WEEKLY",
    default: "",
    parse: matching(/^[1-9][0-9]{0,29}$/, "a positive whole number of uaxm"),
    description:
      "uaxm the programme pays out each week as leader bonus (the Progress screen's pool, at most the wallet's balance); empty shows no amounts, except that the devnet's weekly amount is used when the built-in devnet runs",
  },
  leaderBonusWallet: {
    name: "LEADER_BONUS_WALLET",
    default: "",
    parse: accountAddress,
    description:
      "Account the programme's weekly leader bonus is paid from (the chain has no payout of its own): the operations ledger shows its transfers as leader-bonus operations; empty uses the devnet's leader-bonus wallet when the built-in devnet runs, and none otherwise",
  },
  authSecret: {
    name: "AUTH_SECRET",
    default: "",
    parse: matching(/^.{32,}$/, "at least 32 characters long", SECRET),
    description:
      "Secret (32 characters or more) sign-in tokens are signed with; empty generates one, kept in `DATA_DIR/auth-secret`. API processes on several machines need the same one",
  },
  authTokenTtl: { name: "AUTH_TOKEN_TTL", default: String(AUTH_TOKEN_TTL_SECONDS), parse: integer(60), description: "Seconds a sign-in token stays valid" },
  authRateLimit: {
    name: "AUTH_RATE_LIMIT",
    default: "20",
    parse: integer(0),
    description:
      "Sign-in challenges, verifications, memo sign-in codes and memo sign-in polls per minute one client may ask for, each counted apart; 0 turns this limit off",
  },
  walletChainName: {
    name: "WALLET_CHAIN_NAME",
    default: "AXM devnet",
    parse: asIs,
    description: "Name of the chain that sign-in suggests to a Keplr or Leap wallet which does not know it yet (`experimentalSuggestChain`)",
  },
  walletRpcUrl: {
    name: "WALLET_RPC_URL",
    default: "",
    parse: link,
    description:
      "Public CometBFT RPC address given to wallets with the suggested chain; empty uses the built-in devnet's when it runs, and suggests no chain otherwise (the wallet must know it already)",
  },
  walletRestUrl: {
    name: "WALLET_REST_URL",
    default: "",
    parse: link,
    description: "Public REST (LCD) address given to wallets with the suggested chain; empty uses `WALLET_RPC_URL`'s (the devnet serves no REST)",
  },
  walletGasPrices: {
    name: "WALLET_GAS_PRICES",
    default: "0.025,0.03,0.04",
    parse: gasPriceSteps,
    description: "Low, average and high gas prices in uaxm that the suggested chain gives the wallet, comma-separated",
  },
  exportRateLimit: {
    name: "EXPORT_RATE_LIMIT",
    default: "10",
    parse: integer(0),
    description: "CSV exports per minute one client may download, each export route counted apart (instead of `RATE_LIMIT`); 0 turns this limit off",
  },
  exportMaxRows: {
    name: "EXPORT_MAX_ROWS",
    default: String(EXPORT_MAX_ROWS),
    parse: integer(1),
    description: "Rows one CSV export holds at most; past it the file ends with a line saying it was cut and how to get the rest",
  },
  countryHeader: {
    name: "COUNTRY_HEADER",
    default: "",
    parse: lowerCase(matching(/^[A-Za-z0-9-]+$/, "a header name")),
    description:
      "Header in which a trusted reverse proxy names the visitor's country (such as `cf-ipcountry`); empty looks the client IP up in the GeoIP data shipped with the API",
  },
  trustProxy: {
    name: "TRUST_PROXY",
    default: "false",
    parse: trustedProxies,
    description:
      "Reverse proxies in front whose `X-Forwarded-For` entries are believed: a number of hops (`true` is 1), or a comma-separated list of proxy addresses and CIDRs; the client is the nearest entry not from a trusted proxy, never simply the left-most one a client can write",
  },
  hstsMaxAge: {
    name: "HSTS_MAX_AGE",
    default: "0",
    parse: integer(0),
    description: "Seconds of `Strict-Transport-Security` (with subdomains) on every answer, for an explorer served over TLS; 0 sends none",
  },
  logLevel: {
    name: "LOG_LEVEL",
    default: "info",
    parse: oneOf(LOG_LEVELS),
    description: "Level of the API's JSON log lines (one per request at `info`, errors with their stack): fatal, error, warn, info, debug, trace or silent",
  },
  redisUrl: {
    name: "REDIS_URL",
    default: "",
    parse: matching(/^rediss?:\/\/\S+$/, "a redis:// or rediss:// address", SECRET),
    description:
      "Redis server (`redis://host:6379/0`) that API processes share: they count the per-client rate limits there together, and the indexer's live-update notices reach them through its pub/sub (set it alike on the indexer and every API process). Empty counts limits in each process's memory and sends notices through the database (`LISTEN`/`NOTIFY`). While Redis does not answer, requests are not limited",
  },
  redisPrefix: {
    name: "REDIS_PREFIX",
    default: "axm:",
    parse: matching(/^[\w:.-]{1,64}$/, "up to 64 letters, digits, _ : . or -"),
    description: "Prefix of every key the explorer writes in Redis, so several explorers (mainnet, testnet) can share one server",
  },
  streamMaxClients: {
    name: "STREAM_MAX_CLIENTS",
    default: String(STREAM_MAX_CLIENTS),
    parse: integer(1),
    description: "Live-update streams (`/api/stream`) one API process holds at once; one more is answered 503",
  },
  metricsPort: {
    name: "METRICS_PORT",
    default: "",
    parse: optionalInteger(1),
    description: "Port of a separate listener that serves the API process's Prometheus `/metrics` (on `HOST`); empty serves `/metrics` on the API port",
  },
  indexerMetricsPort: {
    name: "INDEXER_METRICS_PORT",
    default: "",
    parse: optionalInteger(1),
    description: "Port on which the indexer (`npm run index`, and the one inside `npm start`) serves its Prometheus `/metrics` (on `HOST`); empty serves none",
  },
  healthMaxLag: {
    name: "HEALTH_MAX_LAG",
    default: "20",
    parse: integer(0),
    description: "`/api/health` answers 503 when the index is further behind the node than this many blocks, or a read replica further behind its primary",
  },
  mainnetUrl: {
    name: "MAINNET_URL",
    default: "",
    parse: asIs,
    description: "Address of the mainnet explorer for the network menu; empty shows Mainnet as unavailable",
  },
  maintenance: { name: "MAINTENANCE", default: "false", parse: flag, description: "`true` hides the app behind the maintenance notice" },
  maintenanceChannelEn: {
    name: "MAINTENANCE_CHANNEL_EN",
    default: "",
    parse: link,
    description: "Address of the English messenger channel the maintenance notice links to; empty leaves it out",
  },
  maintenanceChannelRu: {
    name: "MAINTENANCE_CHANNEL_RU",
    default: "",
    parse: link,
    description: "Address of the Russian messenger channel the maintenance notice links to; empty leaves it out",
  },
  maintenanceChannelDe: {
    name: "MAINTENANCE_CHANNEL_DE",
    default: "",
    parse: link,
    description: "Address of the German messenger channel the maintenance notice links to; empty leaves it out",
  },
  allowedHosts: { name: "ALLOWED_HOSTS", default: "localhost,127.0.0.1", parse: list, description: "Comma-separated host names the web app may run on" },
  analyticsId: { name: "ANALYTICS_ID", default: "", parse: asIs, description: "Web analytics counter id; empty disables it" },
  analyticsOrigin: {
    name: "ANALYTICS_ORIGIN",
    default: "https://mc.yandex.ru",
    parse: origin,
    description: "Origin the analytics counter loads from and reports to, allowed by the Content-Security-Policy only when `ANALYTICS_ID` is set",
  },
  tokenPrices: {
    name: "TOKEN_PRICES",
    default: "",
    parse: tokenPrices,
    description: "Prices of CW-20 tokens in AXM per whole token, as comma-separated `contract=price` pairs (`axm1…=0.25`); a token without one shows no price",
  },
  axmPriceUsd: {
    name: "AXM_PRICE_USD",
    default: "",
    parse: matching(DECIMAL, "a decimal number of dollars"),
    description: "Price of one AXM in US dollars; with it, tokens that have a `TOKEN_PRICES` price also show a dollar price and market capitalisation",
  },
} satisfies Record<string, Setting>;

/** Every variable the programs read, in the README's order. */
export const SETTINGS: readonly Setting[] = Object.values(TABLE);

type Parsed = { [K in keyof typeof TABLE]: ReturnType<(typeof TABLE)[K]["parse"]> };
type ChannelKeys = "maintenanceChannelEn" | "maintenanceChannelRu" | "maintenanceChannelDe";

/** The settings as the programs use them: each parsed, plus what follows from them. */
export type Config = Omit<Parsed, ChannelKeys> & {
  /** FAUCET_MNEMONIC's account; empty without one. */
  faucetAddress: string;
  maintenanceChannels: { en: string; ru: string; de: string };
};

function read(env: Env, setting: Setting): string {
  const value = env[setting.name];
  return value === undefined || value === "" ? setting.default : value.trim();
}

/** Reads and checks the configuration; a wrong value stops the program with a message naming it. */
export function loadConfig(env: Env = process.env): Config {
  const parsed = Object.fromEntries(Object.entries(TABLE).map(([key, setting]) => [key, setting.parse(read(env, setting), setting.name)])) as Parsed;
  // A replica only makes sense beside the primary it follows: both are PostgreSQL servers.
  if (parsed.databaseReadUrl && !parsed.databaseUrl)
    throw new Error("DATABASE_READ_URL needs DATABASE_URL: the primary PostgreSQL server the replica follows, where the API writes");
  const { maintenanceChannelEn: en, maintenanceChannelRu: ru, maintenanceChannelDe: de, ...rest } = parsed;
  return { ...rest, faucetAddress: parsed.faucetMnemonic && mnemonicAddress(parsed.faucetMnemonic), maintenanceChannels: { en, ru, de } };
}

/** The devnet's RPC address on this machine. */
export function devnetRpcUrl(config: Config): string {
  return `http://127.0.0.1:${config.devnetPort}`;
}
