// Starts the explorer as `npm start` does once for every browser test of a run.
import type { TestProject } from "vitest/node";
import { startExplorer } from "../support/explorer-process.ts";

/** Blocks the devnet builds before it produces them in real time, so lists have several pages at once. */
const PREBUILT_BLOCKS = 120;

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const explorer = await startExplorer({ prebuiltBlocks: PREBUILT_BLOCKS });
  project.provide("baseUrl", explorer.baseUrl);
  return explorer.stop;
}
