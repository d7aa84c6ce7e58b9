// `npm run build:server`: bundles the server's processes into dist/ with esbuild, as the npm scripts then run them with
// plain Node (`npm start`, `npm run index`, `serve`, `migrate`, `devnet`, and the indexer's decoding worker). Each file
// is written aside and renamed into place, so a process starting while another build runs never reads half a bundle.
import { build } from "esbuild";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** One bundle per entry, named for its file (dist/start.mjs, …, dist/decode-worker.mjs beside the indexer's bundles). */
const ENTRIES = ["cli/start.ts", "cli/index.ts", "cli/serve.ts", "cli/migrate.ts", "cli/devnet.ts", "indexer/decode-worker.ts"];

const { outputFiles } = await build({
  absWorkingDir: ROOT,
  entryPoints: ENTRIES,
  entryNames: "[name]",
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  write: false,
});
await mkdir(`${ROOT}dist`, { recursive: true });
for (const file of outputFiles) {
  const aside = `${file.path}.${process.pid}.tmp`;
  await writeFile(aside, file.contents);
  await rename(aside, file.path);
}
