// Before the node tests: the server's bundles, built as the npm scripts build them, for the tests that run the API and the
// indexer as processes; and a migrated, empty PGlite database for every in-memory test database to start from.
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { writePgliteTemplate } from "./support/databases.ts";
import { buildServer } from "./support/processes.ts";

export default async function setup(project: TestProject): Promise<() => void> {
  buildServer();
  const template = join(tmpdir(), `axm-pglite-template-${process.pid}.tar`);
  await writePgliteTemplate(template);
  project.provide("pgliteTemplate", template);
  return () => rmSync(template, { force: true });
}
