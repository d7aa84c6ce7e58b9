// The chain's usual time between blocks: the devnet's default pace and the figure shown where no measured one exists.

/** Milliseconds between AXM blocks (SPEC.md §9). */
export const BLOCK_TIME_MS = 5000;
