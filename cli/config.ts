// The one place that reads environment variables: each is declared here with its default and meaning.
import { isIP } from "node:net";
import { pbkdf2Sync } from "node:crypto";
import { makeCosmoshubPath, rawSecp256k1PubkeyToRawAddress } from "@cosmjs/amino";
import { EnglishMnemonic, Secp256k1, Slip10, Slip10Curve } from "@cosmjs/crypto";
import { addressKind, bytesToAccount } from "../core/address.ts";

interface Setting {
  name: string;
  default: string;
  description: string;
}

/** Every variable the programs read. The README's configuration table is checked against this list. */
export const SETTINGS: Setting[] = [
  { name: "PORT", default: "8080", description: "Port of the API and web app" },
  { name: "HOST", default: "localhost", description: "Interface the API listens on (`0.0.0.0` for all)" },
  { name: "WEB_DIR", default: "./web/dist", description: "Folder of the built web app that the API process serves (`npm start` and `npm run build` build it); when it is missing only the API is served" },
  { name: "DATABASE_URL", default: "", description: "PostgreSQL server (`postgres://user@host:5432/db`); empty uses the embedded PGlite database" },
  { name: "DATA_DIR", default: "./data", description: "Folder of the embedded database (when `DATABASE_URL` is empty)" },
  { name: "DATABASE_POOL_SIZE", default: "10", description: "Connections per process to a PostgreSQL server" },
  { name: "DATABASE_READ_URL", default: "", description: "A streaming read replica of `DATABASE_URL` that the API reads from; the API's writes (faucet claims, sign-in challenges) still go to `DATABASE_URL`, and `/api/health` adds the replica's lag. Empty reads from `DATABASE_URL`" },
  { name: "RPC_URL", default: "", description: "CometBFT RPC of the node to index; empty makes `npm start` run the built-in devnet and index it (`npm run index` then uses `http://127.0.0.1:$DEVNET_PORT`)" },
  { name: "START_HEIGHT", default: "", description: "First height to index on an empty database; empty means the node's earliest available height" },
  { name: "INDEXER_BATCH_BLOCKS", default: "100", description: "Most blocks written in one database transaction" },
  { name: "INDEXER_CONCURRENCY", default: "16", description: "Heights fetched from the node at once, ahead of the writer" },
  { name: "INDEXER_WORKERS", default: "1", description: "Worker threads that fetch and decode blocks while the main thread writes" },
  { name: "RPC_TIMEOUT_MS", default: "20000", description: "Timeout of one node request; failed requests are retried with backoff" },
  { name: "DEVNET_PORT", default: "26657", description: "RPC port of the built-in devnet" },
  { name: "DEVNET_BLOCK_TIME_MS", default: "5000", description: "Time between devnet blocks" },
  { name: "DEVNET_SEED", default: "axm-devnet", description: "Seed of the devnet's deterministic genesis and workload" },
  { name: "DEVNET_PREBUILD", default: "0", description: "Blocks the devnet builds at once before producing them in real time" },
  { name: "VALIDATOR_LOGO_URL", default: "", description: "Validator logo address with `{identity}` in it; empty uses the devnet's logos when it runs, none otherwise" },
  { name: "IMAGE_BASE_URL", default: "", description: "Address that relative image paths (avatars, exchange and CW-20 token logos) are read from; empty uses the devnet's when it runs, the explorer's own origin otherwise" },
  { name: "RATE_LIMIT", default: "1200", description: "Requests per minute one client may make to the API before it gets 429; 0 turns the limit off" },
  { name: "SEARCH_RATE_LIMIT", default: "60", description: "Searches per minute one client may make (instead of `RATE_LIMIT`); 0 turns this limit off" },
  { name: "FAUCET_MNEMONIC", default: "", description: "Mnemonic of the faucet account (its first key) that pays test AXM, and whose payouts the operations ledger shows as faucet operations; empty uses the devnet's faucet account when the built-in devnet runs, and no faucet otherwise" },
  { name: "FAUCET_AMOUNT", default: "5000000000", description: "uaxm one faucet payout sends (5,000 AXM)" },
  { name: "FAUCET_GAS_PRICE", default: "0.025uaxm", description: "Gas price of the faucet's transactions" },
  { name: "LEADER_BONUS_WEEKLY", default: "", description: "uaxm the programme pays out each week as leader bonus (the Progress screen's pool, at most the wallet's balance); empty shows no amounts, except that the devnet's weekly amount is used when the built-in devnet runs" },
  { name: "LEADER_BONUS_WALLET", default: "", description: "Account the programme's weekly leader bonus is paid from (the chain has no payout of its own): the operations ledger shows its transfers as leader-bonus operations; empty uses the devnet's leader-bonus wallet when the built-in devnet runs, and none otherwise" },
  { name: "FAUCET_RATE_LIMIT", default: "5", description: "Faucet requests per minute one client may make; 0 turns this limit off" },
  { name: "AUTH_SECRET", default: "", description: "Secret (32 characters or more) sign-in tokens are signed with; empty generates one, kept in `DATA_DIR/auth-secret`. API processes on several machines need the same one" },
  { name: "AUTH_TOKEN_TTL", default: "3600", description: "Seconds a sign-in token stays valid" },
  { name: "AUTH_RATE_LIMIT", default: "20", description: "Sign-in challenges, and separately verifications, per minute one client may ask for; 0 turns this limit off" },
  { name: "COUNTRY_HEADER", default: "", description: "Header in which a trusted reverse proxy names the visitor's country (such as `cf-ipcountry`); empty looks the client IP up in the GeoIP data shipped with the API" },
  { name: "TRUST_PROXY", default: "false", description: "Reverse proxies in front whose `X-Forwarded-For` entries are believed: a number of hops (`true` is 1), or a comma-separated list of proxy addresses and CIDRs; the client is the nearest entry not from a trusted proxy, never simply the left-most one a client can write" },
  { name: "HSTS_MAX_AGE", default: "0", description: "Seconds of `Strict-Transport-Security` (with subdomains) on every answer, for an explorer served over TLS; 0 sends none" },
  { name: "LOG_LEVEL", default: "info", description: "Level of the API's JSON log lines (one per request at `info`, errors with their stack): fatal, error, warn, info, debug, trace or silent" },
  { name: "REDIS_URL", default: "", description: "Redis server (`redis://host:6379/0`) that API processes share: they count the per-client rate limits there together, and the indexer's live-update notices reach them through its pub/sub (set it alike on the indexer and every API process). Empty counts limits in each process's memory and sends notices through the database (`LISTEN`/`NOTIFY`). While Redis does not answer, requests are not limited" },
  { name: "REDIS_PREFIX", default: "axm:", description: "Prefix of every key the explorer writes in Redis, so several explorers (mainnet, testnet) can share one server" },
  { name: "STREAM_MAX_CLIENTS", default: "2000", description: "Live-update streams (`/api/stream`) one API process holds at once; one more is answered 503" },
  { name: "METRICS_PORT", default: "", description: "Port of a separate listener that serves the API process's Prometheus `/metrics` (on `HOST`); empty serves `/metrics` on the API port" },
  { name: "INDEXER_METRICS_PORT", default: "", description: "Port on which the indexer (`npm run index`, and the one inside `npm start`) serves its Prometheus `/metrics` (on `HOST`); empty serves none" },
  { name: "HEALTH_MAX_LAG", default: "20", description: "`/api/health` answers 503 when the index is further behind the node than this many blocks, or a read replica further behind its primary" },
  { name: "MAINNET_URL", default: "", description: "Address of the mainnet explorer for the network menu; empty shows Mainnet as unavailable" },
  { name: "MAINTENANCE", default: "false", description: "`true` hides the app behind the maintenance notice" },
  { name: "MAINTENANCE_CHANNEL_EN", default: "", description: "Address of the English messenger channel the maintenance notice links to; empty leaves it out" },
  { name: "MAINTENANCE_CHANNEL_RU", default: "", description: "Address of the Russian messenger channel the maintenance notice links to; empty leaves it out" },
  { name: "MAINTENANCE_CHANNEL_DE", default: "", description: "Address of the German messenger channel the maintenance notice links to; empty leaves it out" },
  { name: "ALLOWED_HOSTS", default: "localhost,127.0.0.1", description: "Comma-separated host names the web app may run on" },
  { name: "ANALYTICS_ID", default: "", description: "Web analytics counter id; empty disables it" },
  { name: "ANALYTICS_ORIGIN", default: "https://mc.yandex.ru", description: "Origin the analytics counter loads from and reports to, allowed by the Content-Security-Policy only when `ANALYTICS_ID` is set" },
  { name: "TOKEN_PRICES", default: "", description: "Prices of CW-20 tokens in AXM per whole token, as comma-separated `contract=price` pairs (`axm1…=0.25`); a token without one shows no price" },
  { name: "AXM_PRICE_USD", default: "", description: "Price of one AXM in US dollars; with it, tokens that have a `TOKEN_PRICES` price also show a dollar price and market capitalisation" },
];

export type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string {
  const setting = SETTINGS.find((s) => s.name === name);
  if (!setting) throw new Error(`undeclared setting ${name}`);
  const value = env[name];
  return value === undefined || value === "" ? setting.default : value.trim();
}

function integer(env: Env, name: string, min: number): number {
  const text = read(env, name);
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer of at least ${min}, got "${text}"`);
  return value;
}

function optionalInteger(env: Env, name: string, min: number): number | undefined {
  return read(env, name) === "" ? undefined : integer(env, name, min);
}

/** A setting that must match `pattern` when set; secrets are not echoed in the message. */
function matching(env: Env, name: string, pattern: RegExp, expected: string, secret = false): string {
  const text = read(env, name);
  if (text !== "" && !pattern.test(text)) throw new Error(`${name} must be ${expected}${secret ? "" : `, got "${text}"`}`);
  return text;
}

/** A BIP-39 English mnemonic (words and checksum checked), or empty; never echoed. */
function mnemonic(env: Env, name: string): string {
  const text = read(env, name);
  if (text === "") return text;
  try {
    return new EnglishMnemonic(text.replace(/\s+/g, " ")).toString();
  } catch {
    throw new Error(`${name} must be a valid English BIP-39 mnemonic of 12 to 24 words`);
  }
}

/**
 * The address of a mnemonic's first key (m/44'/118'/0'/0/0), derived as cosmjs wallets derive it (the faucet signs with one);
 * the BIP-39 seed comes from Node's native PBKDF2, which cosmjs offers only asynchronously.
 */
export function mnemonicAddress(mnemonic: string): string {
  const seed = pbkdf2Sync(mnemonic.normalize("NFKD"), "mnemonic", 2048, 64, "sha512");
  const { privkey } = Slip10.derivePath(Slip10Curve.Secp256k1, seed, makeCosmoshubPath(0));
  return bytesToAccount(rawSecp256k1PubkeyToRawAddress(Secp256k1.compressPubkey(Secp256k1.makeKeypair(privkey).pubkey)));
}

function origin(env: Env, name: string): string {
  const text = read(env, name);
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || !["http:", "https:"].includes(url.protocol)) throw new Error(`${name} must be an http(s) origin, got "${text}"`);
  return url.origin;
}

/** An http(s) address, or "" when unset. */
function link(env: Env, name: string): string {
  const text = read(env, name);
  if (text && !(URL.canParse(text) && ["http:", "https:"].includes(new URL(text).protocol))) throw new Error(`${name} must be an http(s) address, got "${text}"`);
  return text;
}

/** An account address (axm1…, 20 bytes), or "" when unset. */
function accountAddress(env: Env, name: string): string {
  const text = read(env, name);
  if (text && addressKind(text) !== "account") throw new Error(`${name} must be an account address (axm1…), got "${text}"`);
  return text;
}

const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;

/** `contract=price` pairs: a CW-20 contract address and a decimal price. */
function tokenPrices(env: Env, name: string): Record<string, string> {
  const prices: Record<string, string> = {};
  for (const pair of read(env, name).split(",").map((p) => p.trim()).filter(Boolean)) {
    const [contract, price] = pair.split("=").map((p) => p.trim());
    if (addressKind(contract ?? "") !== "contract" || !DECIMAL.test(price ?? "")) {
      throw new Error(`${name} must be comma-separated contract=price pairs (a contract address, a decimal price), got "${pair}"`);
    }
    prices[contract] = price;
  }
  return prices;
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

function oneOf(env: Env, name: string, allowed: readonly string[]): string {
  const text = read(env, name);
  if (!allowed.includes(text)) throw new Error(`${name} must be one of ${allowed.join(", ")}, got "${text}"`);
  return text;
}

/**
 * Which X-Forwarded-For entries to believe: none, the nearest N hops (`true` is the one proxy in front), or those added
 * by the listed proxies. Trusting every hop would make the left-most entry, which any client writes, the client.
 */
function trustedProxies(env: Env, name: string): false | number | string[] {
  const text = read(env, name).toLowerCase();
  if (["false", "0", "no"].includes(text)) return false;
  if (["true", "yes"].includes(text)) return 1;
  if (/^[1-9]\d?$/.test(text)) return Number(text);
  const list = text.split(",").map((entry) => entry.trim());
  if (list.every((entry) => isIP(entry.split("/")[0]) !== 0 && /^[^/]+(\/\d{1,3})?$/.test(entry))) return list;
  throw new Error(`${name} must be false, a number of proxy hops, or proxy addresses/CIDRs separated by commas, got "${text}"`);
}

/** A replica only makes sense beside the primary it follows: both are PostgreSQL servers. */
function readReplicaUrl(env: Env): string {
  const url = matching(env, "DATABASE_READ_URL", /^postgres(ql)?:\/\/\S+$/, "a postgres:// address", true);
  if (url && !read(env, "DATABASE_URL")) throw new Error("DATABASE_READ_URL needs DATABASE_URL: the primary PostgreSQL server the replica follows, where the API writes");
  return url;
}

function flag(env: Env, name: string): boolean {
  const text = read(env, name).toLowerCase();
  if (!["true", "false", "1", "0", "yes", "no"].includes(text)) throw new Error(`${name} must be true or false, got "${text}"`);
  return ["true", "1", "yes"].includes(text);
}

export interface Config {
  port: number;
  host: string;
  webDir: string;
  databaseUrl: string;
  dataDir: string;
  databasePoolSize: number;
  /** DATABASE_READ_URL; empty without a replica. */
  databaseReadUrl: string;
  rpcUrl: string;
  startHeight: number | undefined;
  batchBlocks: number;
  concurrency: number;
  workers: number;
  rpcTimeoutMs: number;
  devnetPort: number;
  devnetBlockTimeMs: number;
  devnetSeed: string;
  devnetPrebuild: number;
  validatorLogoUrl: string;
  imageBaseUrl: string;
  healthMaxLag: number;
  streamMaxClients: number;
  rateLimit: number;
  searchRateLimit: number;
  faucetMnemonic: string;
  /** FAUCET_MNEMONIC's account; empty without one. */
  faucetAddress: string;
  faucetAmount: string;
  faucetGasPrice: string;
  faucetRateLimit: number;
  /** LEADER_BONUS_WEEKLY in uaxm; empty without one. */
  leaderBonusWeekly: string;
  /** LEADER_BONUS_WALLET; empty without one. */
  leaderBonusWallet: string;
  authSecret: string;
  authTokenTtl: number;
  authRateLimit: number;
  countryHeader: string;
  /** Fastify's trustProxy: false, a hop count, or proxy addresses/CIDRs. */
  trustProxy: false | number | string[];
  hstsMaxAge: number;
  /** REDIS_URL; empty keeps the rate limits in memory. */
  redisUrl: string;
  redisPrefix: string;
  logLevel: string;
  /** METRICS_PORT; absent: /metrics on the API port. */
  metricsPort: number | undefined;
  /** INDEXER_METRICS_PORT; absent: the indexer serves no figures. */
  indexerMetricsPort: number | undefined;
  mainnetUrl: string;
  maintenance: boolean;
  maintenanceChannels: { en: string; ru: string; de: string };
  allowedHosts: string[];
  analyticsId: string;
  analyticsOrigin: string;
  /** TOKEN_PRICES: AXM per whole token, by contract. */
  tokenPrices: Record<string, string>;
  /** AXM_PRICE_USD as decimal text; empty without one. */
  axmPriceUsd: string;
}

/** Reads and checks the configuration; a wrong value stops the program with a message naming it. */
export function loadConfig(env: Env = process.env): Config {
  const faucetMnemonic = mnemonic(env, "FAUCET_MNEMONIC");
  return {
    port: integer(env, "PORT", 0),
    host: read(env, "HOST"),
    webDir: read(env, "WEB_DIR"),
    databaseUrl: read(env, "DATABASE_URL"),
    dataDir: read(env, "DATA_DIR"),
    databasePoolSize: integer(env, "DATABASE_POOL_SIZE", 1),
    databaseReadUrl: readReplicaUrl(env),
    rpcUrl: read(env, "RPC_URL"),
    startHeight: optionalInteger(env, "START_HEIGHT", 1),
    batchBlocks: integer(env, "INDEXER_BATCH_BLOCKS", 1),
    concurrency: integer(env, "INDEXER_CONCURRENCY", 1),
    workers: integer(env, "INDEXER_WORKERS", 1),
    rpcTimeoutMs: integer(env, "RPC_TIMEOUT_MS", 100),
    devnetPort: integer(env, "DEVNET_PORT", 0),
    devnetBlockTimeMs: integer(env, "DEVNET_BLOCK_TIME_MS", 50),
    devnetSeed: read(env, "DEVNET_SEED"),
    devnetPrebuild: integer(env, "DEVNET_PREBUILD", 0),
    validatorLogoUrl: read(env, "VALIDATOR_LOGO_URL"),
    imageBaseUrl: read(env, "IMAGE_BASE_URL"),
    healthMaxLag: integer(env, "HEALTH_MAX_LAG", 0),
    streamMaxClients: integer(env, "STREAM_MAX_CLIENTS", 1),
    rateLimit: integer(env, "RATE_LIMIT", 0),
    searchRateLimit: integer(env, "SEARCH_RATE_LIMIT", 0),
    faucetMnemonic,
    faucetAddress: faucetMnemonic && mnemonicAddress(faucetMnemonic),
    faucetAmount: matching(env, "FAUCET_AMOUNT", /^[1-9][0-9]{0,29}$/, "a positive whole number of uaxm"),
    faucetGasPrice: matching(env, "FAUCET_GAS_PRICE", /^[0-9]+(\.[0-9]+)?[a-z][a-z0-9]{2,127}$/, "an amount and a denom such as 0.025uaxm"),
    faucetRateLimit: integer(env, "FAUCET_RATE_LIMIT", 0),
    leaderBonusWeekly: matching(env, "LEADER_BONUS_WEEKLY", /^[1-9][0-9]{0,29}$/, "a positive whole number of uaxm"),
    leaderBonusWallet: accountAddress(env, "LEADER_BONUS_WALLET"),
    authSecret: matching(env, "AUTH_SECRET", /^.{32,}$/, "at least 32 characters long", true),
    authTokenTtl: integer(env, "AUTH_TOKEN_TTL", 60),
    authRateLimit: integer(env, "AUTH_RATE_LIMIT", 0),
    countryHeader: matching(env, "COUNTRY_HEADER", /^[A-Za-z0-9-]+$/, "a header name").toLowerCase(),
    trustProxy: trustedProxies(env, "TRUST_PROXY"),
    hstsMaxAge: integer(env, "HSTS_MAX_AGE", 0),
    redisUrl: matching(env, "REDIS_URL", /^rediss?:\/\/\S+$/, "a redis:// or rediss:// address", true),
    redisPrefix: matching(env, "REDIS_PREFIX", /^[\w:.-]{1,64}$/, "up to 64 letters, digits, _ : . or -"),
    logLevel: oneOf(env, "LOG_LEVEL", LOG_LEVELS),
    metricsPort: optionalInteger(env, "METRICS_PORT", 1),
    indexerMetricsPort: optionalInteger(env, "INDEXER_METRICS_PORT", 1),
    mainnetUrl: read(env, "MAINNET_URL"),
    maintenance: flag(env, "MAINTENANCE"),
    maintenanceChannels: { en: link(env, "MAINTENANCE_CHANNEL_EN"), ru: link(env, "MAINTENANCE_CHANNEL_RU"), de: link(env, "MAINTENANCE_CHANNEL_DE") },
    allowedHosts: read(env, "ALLOWED_HOSTS").split(",").map((h) => h.trim()).filter(Boolean),
    analyticsId: read(env, "ANALYTICS_ID"),
    analyticsOrigin: origin(env, "ANALYTICS_ORIGIN"),
    tokenPrices: tokenPrices(env, "TOKEN_PRICES"),
    axmPriceUsd: matching(env, "AXM_PRICE_USD", DECIMAL, "a decimal number of dollars"),
  };
}

/** The devnet's RPC address on this machine. */
export function devnetRpcUrl(config: Config): string {
  return `http://127.0.0.1:${config.devnetPort}`;
}
