// How often screens ask again for what changes with each block, while the live stream is down.

/** SPEC.md §9: the latest block is asked for every 5 seconds. */
export const LATEST_BLOCK_POLL_MS = 5_000;
