// The devnet's defaults that the settings show too (cli/config.ts): kept apart so reading them loads no simulator.

/** The seed of the devnet's genesis and workload when none is given (DEVNET_SEED's default). */
export const DEFAULT_SEED = "axm-devnet";
