// The indexer's tuning defaults: its constructor fills absent options from here, and the settings that override them (cli/config.ts) show them.

export const INDEXER_DEFAULTS = {
  batchBlocks: 1000,
  batchTxs: 5000,
  deferIndexesBlocks: 10_000,
  concurrency: 16,
  workers: 1,
  pollMs: 1000,
  stateRefreshMs: 5000,
  retryBaseMs: 100,
  retryMaxMs: 15_000,
  heartbeatMs: 5000,
  flushAfterMs: 2000,
} as const;
