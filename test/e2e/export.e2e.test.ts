// The Export buttons in a real browser against the devnet: on an address's Transactions, Operations (support view) and
// Team tabs and a token's Holders tab, at 1280 and 375 px in English and Russian, each click downloads a CSV file that
// parses (strict RFC 4180) to what the API's paginated list gives. The devnet keeps making blocks: a time-ordered file is
// compared with the list read after it, from the file's newest row on.
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exactDecimal } from "../../core/amount.ts";
import { STATUSES } from "../../core/partnership-status.ts";
import type { AppConfig, Operation, TeamPage, TokenHoldersPage, TokenListPage, TotalRecords, TxPage } from "../../web/src/api/types.ts";
import { guarded, txListCells } from "../support/csv-expected.ts";
import { parseCsv, type ParsedCsv } from "../support/csv-parse.ts";
import { DESKTOP, PHONE, apiGet, launchBrowser, openPage, pageErrors, screenshot, type Viewport } from "./browser.ts";
import { noSidewaysScroll } from "./steps.ts";

const WAIT = { timeout: 15_000 };

/** The link's accessible name in each language (export.json), and each list's name in it. */
const LABELS = {
  en: { transactions: "Export CSV: transactions", operations: "Export CSV: operations", team: "Export CSV: team", holders: "Export CSV: holders" },
  ru: { transactions: "Экспорт CSV: транзакции", operations: "Экспорт CSV: операции", team: "Экспорт CSV: команда", holders: "Экспорт CSV: держатели" },
} as const;
const VISIBLE = { en: "Export CSV", ru: "Экспорт CSV" } as const;

let browser: Browser;
let root: string;
/** The team member of the programme's root with the most transactions. */
let trader: string;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const { referralRoots } = await apiGet<AppConfig>("/config");
  root = referralRoots![0];
  const members = (await apiGet<TeamPage>(`/accounts/team/${root}/paginate/10/1?order=teamSize&direction=desc`)).data.map((m) => m._id);
  const counts = await Promise.all(
    members.map(async (address) => ({ address, n: (await apiGet<TotalRecords>(`/transactions/paginate/records_count?address=${address}`)).totalRecords })),
  );
  trader = counts.reduce((best, next) => (next.n > best.n ? next : best)).address;
  const tokens = (await apiGet<TokenListPage>("/cw20/tokens")).tokens;
  token = tokens[0].id;
});
afterAll(async () => {
  await browser?.close();
});

/** Clicks the tab's Export link (checked by its name, its visible text and its address) and reads the file it downloads. */
async function download(page: Page, name: string, visible: string, file: string): Promise<ParsedCsv> {
  const link = page.getByRole("link", { name, exact: true });
  await link.waitFor(WAIT);
  expect(await link.innerText()).toBe(visible);
  expect(await link.getAttribute("download")).toBe("");
  const [saved] = await Promise.all([page.waitForEvent("download", WAIT), link.click()]);
  expect(saved.suggestedFilename()).toBe(file);
  const path = await saved.path();
  return parseCsv(await readFile(path, "utf8"));
}

/**
 * Downloads until the file's rows (as `project` keeps them) equal what `expected` makes of the API read just after it
 * (the devnet changes between the two now and then), at most five times; returns the last file after checking it.
 */
async function agreed(
  page: Page,
  link: { name: string; visible: string; file: string },
  project: (row: string[]) => string[],
  expected: (file: ParsedCsv) => Promise<string[][]>,
): Promise<ParsedCsv> {
  let file: ParsedCsv = { header: [], rows: [] };
  let wanted: string[][] = [];
  for (let attempt = 0; attempt < 5; attempt++) {
    file = await download(page, link.name, link.visible, link.file);
    wanted = await expected(file);
    if (JSON.stringify(file.rows.map(project)) === JSON.stringify(wanted)) break;
  }
  expect(file.rows.map(project)).toEqual(wanted);
  return file;
}

/** A time-ordered list read after the file: rows newer than the file's first are left out (none when it is empty). */
function fromFirstOf(listed: string[][], first: string[] | undefined): string[][] {
  if (first === undefined) return listed;
  const at = listed.findIndex((row) => row.join("|") === first.join("|"));
  return at < 0 ? listed : listed.slice(at);
}

async function allPages<T>(read: (page: number) => Promise<T[]>, size: number): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const batch = await read(page);
    rows.push(...batch);
    if (batch.length < size) return rows;
  }
}

const views: [string, "en" | "ru", Viewport][] = [
  ["English at 1280 px", "en", DESKTOP],
  ["Russian at 375 px", "ru", PHONE],
  ["Russian at 1280 px", "ru", DESKTOP],
  ["English at 375 px", "en", PHONE],
];

describe.each(views)("Export buttons, %s", (_view, language, viewport) => {
  const suffix = `${language}-${viewport.width}`;
  const open = (path: string) => openPage(browser, path, { viewport, storedLanguage: language });
  const link = (list: keyof (typeof LABELS)["en"], file: string) => ({ name: LABELS[language][list], visible: VISIBLE[language], file });

  it("Transactions: the file is every transaction of the address's list", async () => {
    const { context, page } = await open(`/address/${trader}?tab=transactions`);
    await page.locator('main tbody a[href^="/transactions/"]').first().waitFor(WAIT);
    const project = (r: string[]) => [r[0], r[1], r[2], r[3], r[4], r[7], r[8]];
    const file = await agreed(page, link("transactions", `${trader}-transactions.csv`), project, async (got) => {
      const listed = await allPages((n) => apiGet<TxPage>(`/transactions/paginate/100/${n}?address=${trader}`).then((p) => p.data), 100);
      const rows = listed.map(txListCells);
      return fromFirstOf(rows, got.rows[0] && project(got.rows[0]));
    });
    expect(file.header).toEqual(["time", "height", "hash", "status", "types", "direction", "amount (AXM)", "fee (AXM)", "memo"]);
    expect(file.rows.length).toBeGreaterThan(10);
    await noSidewaysScroll(page);
    await screenshot(page, `export-transactions-${suffix}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("Operations: the file is the support view's ledger, with the type filter it shows", async () => {
    const { context, page } = await open(`/address/${trader}?support&tab=operations`);
    await page.locator("main ol article").first().waitFor(WAIT);
    const ledger = async (types: string) => {
      const operations: Operation[] = [];
      for (let until = ""; ;) {
        const batch = await apiGet<Operation[]>(`/operations/${trader}?perPage=100${types}${until}`);
        operations.push(...batch);
        if (batch.length < 100) break;
        until = `&timeFrom=${Date.parse(batch[batch.length - 1].time) - 1}`;
      }
      return operations.map((op) => [
        op.time,
        op.type,
        exactDecimal(BigInt(op.amount) * BigInt(op.s)),
        op.denom === "uret" ? "RET" : "AXM",
        op.fields.find((f) => f.t === 1)?.v ?? "",
        op.txHash ?? "",
      ]);
    };
    const whole = (r: string[]) => r;
    const file = await agreed(page, link("operations", `${trader}-operations.csv`), whole, async (got) => fromFirstOf(await ledger(""), got.rows[0]));
    expect(file.header).toEqual(["time", "type", "amount", "currency", "counterparty", "tx hash"]);
    expect(file.rows.length).toBeGreaterThan(0);
    // The link follows the type filter the tab shows.
    const type = file.rows[0][1];
    const filter = new URL(page.url());
    filter.searchParams.set("types", type);
    await page.goto(filter.pathname + filter.search);
    await page.locator("main ol article").first().waitFor(WAIT);
    await expect.poll(() => page.getByRole("link", { name: LABELS[language].operations, exact: true }).getAttribute("href"), WAIT).toContain(`type=${type}`);
    const filtered = await agreed(page, link("operations", `${trader}-operations.csv`), whole, async (got) =>
      fromFirstOf(await ledger(`&type=${type}`), got.rows[0]),
    );
    expect(filtered.rows.length).toBeGreaterThan(0);
    expect(filtered.rows.every((row) => row[1] === type)).toBe(true);
    await noSidewaysScroll(page);
    await screenshot(page, `export-operations-${suffix}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("Team: the file is the team in level order, with the level filter the tab shows", async () => {
    const { context, page } = await open(`/address/${root}?tab=team`);
    await page.locator('main tbody tr:not([aria-hidden]) a[href^="/address/"]').first().waitFor(WAIT);
    const team = async (filter: string) => {
      const members = await allPages(
        (n) => apiGet<TeamPage>(`/accounts/team/${root}/paginate/100/${n}?order=level&direction=asc${filter}`).then((p) => p.data),
        100,
      );
      return members.map((m) => [
        m._id,
        guarded(m.name ?? ""),
        String(m.level),
        STATUSES[m.status].name,
        exactDecimal(BigInt(m.delegated)),
        String(m.teamSize),
      ]);
    };
    const whole = (r: string[]) => r;
    const file = await agreed(page, link("team", `${root}-team.csv`), whole, () => team(""));
    expect(file.header).toEqual(["address", "nickname", "level", "status", "delegated (AXM)", "team size"]);
    expect(file.rows.length).toBeGreaterThan(30);
    const levelTwo = new URL(page.url());
    levelTwo.searchParams.set("level", "2");
    await page.goto(levelTwo.pathname + levelTwo.search);
    await expect.poll(() => page.getByRole("link", { name: LABELS[language].team, exact: true }).getAttribute("href"), WAIT).toContain("level=2");
    const filtered = await agreed(page, link("team", `${root}-team.csv`), whole, () => team("&level=2"));
    expect(filtered.rows.length).toBeGreaterThan(0);
    expect(filtered.rows.every((r) => r[2] === "2")).toBe(true);
    await noSidewaysScroll(page);
    await screenshot(page, `export-team-${suffix}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("Holders: the file is every holder of the token, biggest first", async () => {
    const { context, page } = await open(`/token/${token}?tab=holders`);
    await page.locator("main [role=tabpanel] tbody tr").first().waitFor(WAIT);
    const project = (r: string[]) => [r[0], String(Number(r[3]))];
    const file = await agreed(page, link("holders", `${token}-holders.csv`), project, async () => {
      const holders: TokenHoldersPage["holders"] = [];
      for (let cursor = ""; ;) {
        const batch = await apiGet<TokenHoldersPage>(`/cw20/${token}/holders?limit=100${cursor}`);
        holders.push(...batch.holders);
        if (!batch.nextCursor) break;
        cursor = `&cursor=${batch.nextCursor}`;
      }
      return holders.map((h) => [h.address, String(h.percentage)]);
    });
    expect(file.header).toEqual(["address", "nickname", "quantity", "percentage"]);
    expect(file.rows.length).toBeGreaterThan(0);
    await noSidewaysScroll(page);
    await screenshot(page, `export-holders-${suffix}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
