// Web app figures: gzip size of the JS, CSS and messages (i18next JSON) the home page loads before its blocks table shows, the bytes its first load
// sends raw, as the build's gzip copies and as its brotli copies, and the time until that table is on screen in headless
// Chromium (the explorer started as `npm start` starts it).
import { readFile, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { startExplorer } from "../test/support/explorer-process.ts";

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 7);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FIRST_BLOCK_ROW = 'main table tbody tr a[href^="/blocks/"]';

async function gzipSize(file: string): Promise<number> {
  return gzipSync(await readFile(file)).length;
}

async function distTotals(webDir: string): Promise<{ js: number; css: number }> {
  const files = await readdir(join(webDir, "assets"));
  let js = 0;
  let css = 0;
  for (const file of files) {
    if (file.endsWith(".js")) js += await gzipSize(join(webDir, "assets", file));
    if (file.endsWith(".css")) css += await gzipSize(join(webDir, "assets", file));
  }
  return { js, css };
}

/** Bytes of the page and the files it loaded, as sent raw, as the build's .gz copies and as its .br copies. */
async function wireTotals(webDir: string, paths: string[]): Promise<{ raw: number; gzip: number; br: number }> {
  const size = (path: string) => stat(join(webDir, path)).then((s) => s.size);
  const totals = { raw: 0, gzip: 0, br: 0 };
  for (const path of ["/index.html", ...paths]) {
    totals.raw += await size(path);
    totals.gzip += await size(`${path}.gz`).catch(() => size(path));
    totals.br += await size(`${path}.br`).catch(() => size(path));
  }
  return totals;
}

type Kind = "js" | "css" | "json";

/** The kinds of file the first load is counted in; the messages are the build's locale JSON (web/locale-assets.ts). */
function fileKind(path: string): Kind | null {
  if (path.endsWith(".js")) return "js";
  if (path.endsWith(".css")) return "css";
  return path.endsWith(".json") ? "json" : null;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function webFigures(): Promise<void> {
  const explorer = await startExplorer({ prebuiltBlocks: 120 });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
  try {
    const firstLoad = new Map<string, Kind>();
    const times: number[] = [];
    const paints: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
      const page = await context.newPage();
      let tableShown = false;
      page.on("response", (response) => {
        const path = new URL(response.url()).pathname;
        const kind = fileKind(path);
        if (run === 0 && !tableShown && kind && path.startsWith("/assets/")) firstLoad.set(path, kind);
      });
      await page.goto(explorer.baseUrl);
      const shownAt = await page.waitForFunction((selector) => (document.querySelector(selector) ? performance.now() : 0), FIRST_BLOCK_ROW, {
        polling: "raf",
        timeout: 30_000,
      });
      tableShown = true;
      times.push(Number(await shownAt.jsonValue()));
      paints.push(await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0));
      await context.close();
    }
    const sizes = { js: 0, css: 0, json: 0 };
    for (const [path, kind] of firstLoad) sizes[kind] += await gzipSize(join(explorer.webDir, path));
    const { js, css, json } = sizes;
    const all = await distTotals(explorer.webDir);
    const wire = await wireTotals(explorer.webDir, [...firstLoad.keys()]);
    console.log(`\nweb app (production build, gzip)`);
    console.log(`  home page before its blocks table: ${firstLoad.size} files, JS ${kb(js)} + CSS ${kb(css)} + messages ${kb(json)} = ${kb(js + css + json)}`);
    console.log(`  whole build: JS ${kb(all.js)} + CSS ${kb(all.css)}`);
    console.log(
      `  home page first load on the wire (HTML + those files, as the server sends them): raw ${kb(wire.raw)}, gzip ${kb(wire.gzip)}, brotli ${kb(wire.br)}`,
    );
    console.log(
      `  Chromium, 1280 px, ${RUNS} loads from localhost: first contentful paint median ${median(paints).toFixed(0)} ms; blocks table shown median ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})`,
    );
  } finally {
    await browser.close();
    await explorer.stop();
  }
}
