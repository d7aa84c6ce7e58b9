// The home page in a real browser: statistic cards against the API, the latest blocks table with its paging and
// rows-per-page, a new block arriving on page 1, and the layout at 1280 and 375 px in English and Russian.
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCoins, formatDecimal, formatEmissionRate, formatInteger, percentOf } from "../../core/format.ts";
import type { ChainStat } from "../../web/src/api/types.ts";
import { DESKTOP, PHONE, apiGet, launchBrowser, openPage, pageErrors, screenshot } from "./browser.ts";

const common = JSON.parse(readFileSync(new URL("../../web/src/i18n/locales/en/common.json", import.meta.url), "utf8"));
const home = (language: string) => JSON.parse(readFileSync(new URL(`../../web/src/i18n/locales/${language}/home.json`, import.meta.url), "utf8"));

/** Screens wait for the API; on a busy machine that can take a few seconds. */
const WAIT = { timeout: 10_000 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The heights in the table, top to bottom. */
const heights = (page: Page) => page.locator("tbody tr td:first-child a").evaluateAll((links) => links.map((a) => Number(a.textContent!.replace(/\s/g, ""))));
const query = (page: Page) => new URL(page.url()).search;
const currentPage = (page: Page) => page.locator('nav button[aria-current="page"]').textContent();

function consecutiveDown(list: number[]): boolean {
  return list.every((height, index) => index === 0 || list[index - 1] - height === 1);
}

/** `count` consecutive heights whose first one passes `first` (tells one page's rows from the page before it). */
function rowsLike(list: number[], count: number, first: (height: number) => boolean): boolean {
  return list.length === count && consecutiveDown(list) && first(list[0]);
}

describe("home", () => {
  it("shows the API's statistics in the six cards (1280 px, en)", async () => {
    const t = home("en").stats;
    const { context, page } = await openPage(browser, "/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expect.poll(() => page.title(), WAIT).toBe("Blocks | AXM Explorer");
    const cards = page.getByRole("definition");
    await cards.first().waitFor();
    // Both the page and the API move on with every block, so the two are compared until they agree.
    await expect
      .poll(
        async () => {
          const stat = await apiGet<ChainStat>("/blockchain/stat");
          const onScreen = await page.locator("dl > div").evaluateAll((divs) => divs.map((div) => div.textContent));
          const expected = [
            `${t.minedSupply}${formatCoins(stat.totalSupply, 0)} AXM${formatDecimal(percentOf(stat.totalSupply, stat.maximalSupply))} % of the ${formatCoins(stat.maximalSupply, 0)} AXM maximum`,
            `${t.transactions}${formatInteger(stat.txsTotal)}${formatDecimal(stat.txsPerSecond)} per second`,
            `${t.addresses}${formatInteger(stat.registrations)}+${formatInteger(stat.registeredToday)} today`,
            `${t.totalLocked}${formatCoins(stat.delegatedSupply, 0)} AXM${formatDecimal(percentOf(stat.delegatedSupply, stat.totalSupply))} % of mined`,
            `${t.burned}${formatCoins(stat.burnedTotal, 2)} AXM${formatCoins(stat.burnedToday, 2)} AXM today`,
            `${t.blockTime}${formatDecimal(stat.blockTime || 5)} s${t.approximate}`,
          ];
          return onScreen.join("\n") === expected.join("\n") ? "same" : `${onScreen.join(" | ")}\n${expected.join(" | ")}`;
        },
        { timeout: 15_000, interval: 700 },
      )
      .toBe("same");
    await context.close();
  });

  it("lists the latest block first and takes in new blocks on page 1, keeping the row count", async () => {
    const { context, page } = await openPage(browser, "/");
    await page.locator("tbody tr a").first().waitFor();
    await expect.poll(async () => (await heights(page))[0] === (await apiGet<{ _id: number }>("/blocks/latest"))._id, { timeout: 10_000 }).toBe(true);
    const before = await heights(page);
    expect(before).toHaveLength(10);
    expect(consecutiveDown(before)).toBe(true);
    const row = page.locator("tbody tr").first();
    const latest = await apiGet<{ _id: number; txCnt: number; evtCnt: number; er: number; proposerValidator: { name: string } | null }>(`/blocks/${before[0]}`);
    expect(await row.locator("td").nth(2).textContent()).toBe(formatInteger(latest.txCnt));
    expect(await row.locator("td").nth(3).textContent()).toBe(formatInteger(latest.evtCnt));
    expect(await row.locator("td").nth(4).textContent()).toBe(`${formatEmissionRate(latest.er)} %`);
    if (latest.proposerValidator) expect(await row.locator("td").nth(5).textContent()).toBe(latest.proposerValidator.name);

    await expect.poll(async () => (await heights(page))[0], { timeout: 15_000, interval: 250 }).toBeGreaterThan(before[0]);
    const after = await heights(page);
    expect(after).toHaveLength(10);
    expect(consecutiveDown(after)).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("pages with next, last, first and a jump, ignoring previous on page 1 and next on the last page", async () => {
    const { context, page } = await openPage(browser, "/");
    await page.locator("tbody tr a").first().waitFor();
    const button = (name: string) => page.getByRole("button", { name });

    // Playwright would wait for an enabled button; the visitor's click on a marked-disabled one must do nothing.
    expect(await button(common.paginator.previous).getAttribute("aria-disabled")).toBe("true");
    await button(common.paginator.previous).click({ force: true });
    await button(common.paginator.first).click({ force: true });
    expect(query(page)).toBe("");
    expect(await currentPage(page)).toBe("1");

    const top = (await heights(page))[0];
    await button(common.paginator.next).click();
    await expect.poll(() => query(page), WAIT).toBe("?page=2");
    // Page 2 counts down from the latest height when it was opened, which is at or above page 1's top.
    await expect.poll(async () => rowsLike(await heights(page), 10, (first) => first >= top - 10 && first < top), WAIT).toBe(true);
    expect(await currentPage(page)).toBe("2");

    await button(common.paginator.last).click();
    const latest = (await apiGet<{ _id: number }>("/blocks/latest"))._id;
    await expect.poll(async () => (await heights(page)).at(-1), WAIT).toBe(1);
    const lastPage = Number(new URLSearchParams(query(page)).get("page"));
    expect([Math.ceil(latest / 10), Math.ceil((latest - 1) / 10)]).toContain(lastPage);
    expect(consecutiveDown(await heights(page))).toBe(true);
    expect(await button(common.paginator.next).getAttribute("aria-disabled")).toBe("true");
    await button(common.paginator.next).click({ force: true });
    await button(common.paginator.last).click({ force: true });
    expect(Number(new URLSearchParams(query(page)).get("page"))).toBe(lastPage);

    await button(common.paginator.first).click();
    await expect.poll(() => query(page), WAIT).toBe("");
    await expect.poll(async () => rowsLike(await heights(page), 10, (first) => first >= top), WAIT).toBe(true);

    await button(common.paginator.jumpForward.replace("{{count}}", "5")).click();
    await expect.poll(() => query(page), WAIT).toBe("?page=6");
    await expect.poll(async () => rowsLike(await heights(page), 10, (first) => first >= top - 50 && first < top - 40), WAIT).toBe(true);
    expect(await currentPage(page)).toBe("6");
    await page.goBack();
    await expect.poll(() => query(page), WAIT).toBe("");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("shows 50 rows per page on request, back on page 1, and reads page and size from the address", async () => {
    const { context, page } = await openPage(browser, "/?page=3");
    await expect.poll(async () => (await heights(page)).length, WAIT).toBe(10);
    expect(await currentPage(page)).toBe("3");
    await page.getByLabel(common.rowsPerPage).selectOption("50");
    await expect.poll(() => query(page), WAIT).toBe("?size=50");
    await expect.poll(async () => (await heights(page)).length, WAIT).toBe(50);
    expect(await currentPage(page)).toBe("1");
    expect(consecutiveDown(await heights(page))).toBe(true);

    await page.goto("/?page=abc&size=7");
    await expect.poll(async () => (await heights(page)).length, WAIT).toBe(10);
    expect(await currentPage(page)).toBe("1");
    // Page 2 of 100: the hundred blocks below the newest hundred (fewer when the chain is not 200 blocks high yet).
    await page.goto("/?page=2&size=100");
    await expect
      .poll(async () => {
        const top = (await apiGet<{ _id: number }>("/blocks/latest"))._id;
        const list = await heights(page);
        return list.length > 0 && rowsLike(list, Math.min(100, list[0]), (first) => first <= top - 100 && first > top - 110);
      }, WAIT)
      .toBe(true);
    expect(await page.getByLabel(common.rowsPerPage).inputValue()).toBe("100");
    await context.close();
  });

  for (const [viewport, language] of [
    [DESKTOP, "en"],
    [DESKTOP, "ru"],
    [PHONE, "en"],
    [PHONE, "ru"],
  ] as const) {
    it(`is readable and usable at ${viewport.width} px in ${language}`, async () => {
      const t = home(language);
      const { context, page } = await openPage(browser, "/", { viewport, storedLanguage: language });
      await page.locator("tbody tr a").first().waitFor();
      await page.getByRole("definition").first().waitFor();
      expect(await page.getByRole("heading", { level: 2 }).textContent()).toBe(t.blocks.heading);
      expect(await page.locator("thead th").allTextContents()).toEqual([
        t.blocks.height,
        t.blocks.time,
        t.blocks.transactions,
        t.blocks.events,
        t.blocks.emissionRate,
        t.blocks.proposer,
      ]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      if (viewport === PHONE) {
        // Each block is a card (issue 15): all six values of a row on the screen, the figures under their labels.
        const cells = page.locator("tbody tr").first().locator("td");
        const sides = await cells.evaluateAll((tds) => tds.map((td) => [td.getBoundingClientRect().left, td.getBoundingClientRect().right]));
        expect(sides).toHaveLength(6);
        for (const [left, right] of sides) {
          expect(left).toBeGreaterThanOrEqual(0);
          expect(right).toBeLessThanOrEqual(viewport.width);
        }
        const label = (index: number) => cells.nth(index).evaluate((td) => getComputedStyle(td, "::before").content);
        expect([await label(2), await label(3), await label(4)]).toEqual(
          [t.blocks.transactions, t.blocks.events, t.blocks.emissionRate].map((text) => `"${text}"`),
        );
      }
      await screenshot(page, `home-${viewport.width}-${language}`);
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    });
  }
});
