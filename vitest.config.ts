// Test runner configuration: unit and integration tests (node), web component tests (happy-dom), browser tests (Chromium).
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // At least two files at once (Vitest's default is a core less than the machine has: one on two cores). Most node
    // tests wait on child processes, PostgreSQL and timers as much as they compute: on two cores the node and web
    // projects take 12 minutes instead of 20 (BENCHMARKS.md "Test suite").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: ["{core,chain,devnet,indexer,db,api,cli,test}/**/*.test.ts"],
          exclude: ["test/e2e/**"],
          globalSetup: ["test/global-setup.ts"],
          // The files share their worker's module cache, as the web project's do: each test builds its own database,
          // devnet, indexer and API, and the modules they share keep no state a file could leave behind (the codec
          // registry, address shapes). cosmjs, Fastify and PGlite are then loaded once per worker instead of once per
          // file (87 files): the node and web projects took 535 s instead of 677 s on two cores, and pass in a shuffled
          // file order too (BENCHMARKS.md "Test suite").
          isolate: false,
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: "web",
          include: ["web/src/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          // The component tests share their workers' module cache: each render has its own i18n instance and query client
          // (test-support.tsx), and they pass in any order (--sequence.shuffle). Alone the project takes 30 s instead of 67.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.e2e.test.ts"],
          globalSetup: ["test/e2e/global-setup.ts"],
          // One Chromium per file on two cores: files run one after another, and after the other projects.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          // A poll waits as long as a browser action does (ACTION_TIMEOUT_MS): vitest's default of 1 s let a busy CI
          // machine's slower API answer fail `settled` in the transactions list.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
