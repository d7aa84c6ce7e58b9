// Test runner configuration: unit tests beside the code, integration tests in test/.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{core,chain,devnet,indexer,db,api,cli,test}/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
