// The one place that reads environment variables: each is declared here with its default and meaning.

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
  { name: "RATE_LIMIT", default: "1200", description: "Requests per minute one client may make to the API before it gets 429; 0 turns the limit off" },
  { name: "TRUST_PROXY", default: "false", description: "`true` when a reverse proxy sits in front: the client is then read from `X-Forwarded-For`" },
  { name: "HEALTH_MAX_LAG", default: "20", description: "`/api/health` answers 503 when the index is further behind than this many blocks" },
  { name: "MAINNET_URL", default: "", description: "Address of the mainnet explorer for the network menu; empty shows Mainnet as unavailable" },
  { name: "MAINTENANCE", default: "false", description: "`true` hides the app behind the maintenance notice" },
  { name: "ALLOWED_HOSTS", default: "localhost,127.0.0.1", description: "Comma-separated host names the web app may run on" },
  { name: "ANALYTICS_ID", default: "", description: "Web analytics counter id; empty disables it" },
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
  healthMaxLag: number;
  rateLimit: number;
  trustProxy: boolean;
  mainnetUrl: string;
  maintenance: boolean;
  allowedHosts: string[];
  analyticsId: string;
}

/** Reads and checks the configuration; a wrong value stops the program with a message naming it. */
export function loadConfig(env: Env = process.env): Config {
  return {
    port: integer(env, "PORT", 0),
    host: read(env, "HOST"),
    webDir: read(env, "WEB_DIR"),
    databaseUrl: read(env, "DATABASE_URL"),
    dataDir: read(env, "DATA_DIR"),
    databasePoolSize: integer(env, "DATABASE_POOL_SIZE", 1),
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
    healthMaxLag: integer(env, "HEALTH_MAX_LAG", 0),
    rateLimit: integer(env, "RATE_LIMIT", 0),
    trustProxy: flag(env, "TRUST_PROXY"),
    mainnetUrl: read(env, "MAINNET_URL"),
    maintenance: flag(env, "MAINTENANCE"),
    allowedHosts: read(env, "ALLOWED_HOSTS").split(",").map((h) => h.trim()).filter(Boolean),
    analyticsId: read(env, "ANALYTICS_ID"),
  };
}

/** The devnet's RPC address on this machine. */
export function devnetRpcUrl(config: Config): string {
  return `http://127.0.0.1:${config.devnetPort}`;
}
