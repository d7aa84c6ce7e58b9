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
  maintainAfterTxs: 10_000,
  maintainAfterBlocks: 10_000,
} as const;

/**
 * How much lower than the writer's thread a decoding worker's priority (niceness) is, on Linux where each thread has
 * its own. The workers run ahead of the writer, and the writer with its database server sets a catch-up's pace: when
 * they all want the cores, the writer (and an API in the same process) goes first.
 */
export const DECODE_PRIORITY_STEP = 10;

/**
 * A decoding worker's young generation (MB; V8's default is a third of this). A block's parsed JSON is garbage once the
 * block is decoded; with blocks of several heights in flight, a smaller young generation promoted much of it to the old
 * one before it died, and collected it there again.
 */
export const DECODE_YOUNG_GENERATION_MB = 192;
