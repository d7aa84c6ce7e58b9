// Starts the explorer as `npm start` does once for every browser test of a run.
import { mkdir, writeFile } from "node:fs/promises";
import type { TestProject } from "vitest/node";
import { startExplorer } from "../support/explorer-process.ts";

/** Blocks the devnet builds before it produces them in real time, so lists have several pages at once. */
const PREBUILT_BLOCKS = 120;
/** Beside the failed tests' screenshots: what the explorer wrote while the browser tests ran, each request with its time. */
const LOG = new URL("../../.e2e-screenshots/explorer.log", import.meta.url);

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const explorer = await startExplorer({ prebuiltBlocks: PREBUILT_BLOCKS });
  project.provide("baseUrl", explorer.baseUrl);
  return async () => {
    try {
      await mkdir(new URL(".", LOG), { recursive: true });
      await writeFile(LOG, explorer.output());
    } finally {
      await explorer.stop();
    }
  };
}
