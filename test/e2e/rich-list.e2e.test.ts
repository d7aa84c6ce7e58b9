// The rich list in a real browser, at 1280 and 375 px in English and Russian: opened from the Blockchain menu and from a
// home statistic card, its rows read against the very answers the page received, "Show more" paging on with the cursor,
// copying an address and opening an address screen; screenshots in both themes.
import { readFileSync } from "node:fs";
import type { Browser, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCoins, formatFixed, formatInteger, shortenAddress } from "../../core/format.ts";
import type { RichAccount, RichList } from "../../web/src/api/types.ts";
import { DESKTOP, PHONE, launchBrowser, openPage, pageErrors, screenshot, type Viewport } from "./browser.ts";
import { noSidewaysScroll } from "./steps.ts";

const WAIT = { timeout: 15_000 };
const PER_REQUEST = 25;

type Messages = Record<string, any>;
const locale = (language: string, namespace: string): Messages =>
  JSON.parse(readFileSync(new URL(`../../web/src/i18n/locales/${language}/${namespace}.json`, import.meta.url), "utf8"));
const text = (language: string) => ({
  rich: locale(language, "rich"),
  shell: locale(language, "shell"),
  home: locale(language, "home"),
  common: locale(language, "common"),
});

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const isRichAnswer = (cursor: boolean) => (response: Response) =>
  response.url().includes("/api/accounts/rich?") && response.url().includes("cursor=") === cursor && response.status() === 200;

/** The name cell: a module's or service wallet's name with its badge, an exchange's with its badge, the nickname, or none. */
function nameCell(t: ReturnType<typeof text>, a: RichAccount): string {
  if (a.module) return `${t.rich.module[a.module]}${t.rich.badge.module}`;
  if (a.service) return `${t.rich.service[a.service]}${t.rich.badge.service}`;
  return a.name === null ? t.common.none : `${a.name}${a.exchange ? t.rich.badge.exchange : ""}`;
}

/** What one row should read, cell by cell, as the page's own answer gives it. */
function expectedCells(language: string, answer: RichList, firstRank: number): string[][] {
  const t = text(language);
  return answer.accounts.map((a, i) => [
    formatInteger(firstRank + i),
    shortenAddress(a.address),
    nameCell(t, a),
    formatCoins(a.total, 2),
    formatCoins(a.available, 2),
    formatCoins(a.delegated, 2),
    formatCoins(a.unbonding, 2),
    a.share === null ? t.common.none : `${formatFixed(a.share, 4)} %`,
  ]);
}

/** The rows on screen, cell by cell (a phone's cards are the same cells, each with its label beside it). */
const shownCells = (page: Page) =>
  page.locator("main tbody tr:not([aria-hidden])").evaluateAll((rows) =>
    rows.map((row) =>
      [...row.querySelectorAll("td")].map((cell) => {
        const content = cell.cloneNode(true) as HTMLElement;
        content.querySelectorAll("button, [role=status]").forEach((element) => element.remove());
        return content.textContent!.replace(/[\s\u00a0\u202f]+/g, " ").trim();
      }),
    ),
  );

const spaced = (rows: string[][]) => rows.map((row) => row.map((cell) => cell.replace(/[\s\u00a0\u202f]+/g, " ").trim()));

/** Opens the rich list from the Blockchain menu (the header's dropdown, or the phone menu). */
async function fromMenu(page: Page, language: string, viewport: Viewport): Promise<void> {
  const t = text(language).shell;
  if (viewport === PHONE) {
    await page.getByRole("banner").getByRole("button", { name: t.menu.open }).click();
    await page.getByRole("dialog", { name: t.menu.title }).getByRole("link", { name: t.nav.richList }).click();
  } else {
    await page.getByRole("banner").getByRole("button", { name: t.nav.blockchain }).click();
    await page.getByRole("banner").getByRole("link", { name: t.nav.richList }).click();
  }
}

describe("the rich list", () => {
  for (const { viewport, language, name } of [
    { viewport: DESKTOP, language: "en", name: "desktop-en" },
    { viewport: PHONE, language: "ru", name: "phone-ru" },
    { viewport: DESKTOP, language: "ru", name: "desktop-ru" },
    { viewport: PHONE, language: "en", name: "phone-en" },
  ]) {
    it(`opens from the menu, shows the API's accounts, pages on and opens an address (${name})`, async () => {
      const t = text(language);
      const { context, page } = await openPage(browser, "/", { viewport, storedLanguage: language });
      await page.getByRole("heading", { level: 1 }).waitFor();
      const first = page.waitForResponse(isRichAnswer(false), WAIT);
      await fromMenu(page, language, viewport);
      const firstAnswer = (await (await first).json()) as RichList;
      await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe("/accounts");
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(t.rich.title);
      expect(firstAnswer.accounts).toHaveLength(PER_REQUEST);
      expect(firstAnswer.nextCursor).not.toBeNull();
      await expect.poll(() => shownCells(page), WAIT).toEqual(spaced(expectedCells(language, firstAnswer, 1)));
      const totals = firstAnswer.accounts.map((a) => BigInt(a.total));
      expect(totals.every((total, i) => i === 0 || total <= totals[i - 1])).toBe(true);
      expect(firstAnswer.accounts.some((a) => a.module === "bonded_tokens_pool")).toBe(true);
      expect(firstAnswer.accounts.filter((a) => a.exchange)).toHaveLength(3);
      expect(firstAnswer.accounts.some((a) => a.service === "faucet")).toBe(true);
      await noSidewaysScroll(page);
      await screenshot(page, `rich-list-${name}`);

      const second = page.waitForResponse(isRichAnswer(true), WAIT);
      await page.getByRole("button", { name: t.common.showMore }).click();
      const secondAnswer = (await (await second).json()) as RichList;
      expect(secondAnswer.accounts.length).toBeGreaterThan(0);
      await expect.poll(async () => (await shownCells(page)).length, WAIT).toBeGreaterThan(PER_REQUEST);
      const shown = await shownCells(page);
      // An account whose total moved between the two requests may come in both: it is shown once.
      const fresh = secondAnswer.accounts.filter((a) => !firstAnswer.accounts.some((b) => b.address === a.address));
      expect(shown.slice(PER_REQUEST)).toEqual(spaced(expectedCells(language, { ...secondAnswer, accounts: fresh }, PER_REQUEST + 1)));
      expect(new Set(shown.map((row) => row[1])).size).toBe(shown.length);

      const target = firstAnswer.accounts.find((a) => a.module === null && !a.exchange && a.name !== null) ?? firstAnswer.accounts[3];
      await page.locator(`main tbody a[href="/address/${target.address}"]`).click();
      await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname), WAIT).toBe(`/address/${target.address}`);
      await page.getByText(target.address.slice(0, 20), { exact: false }).first().waitFor(WAIT);
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    });

    it(`opens from the mined supply and total locked cards of the home page (${name})`, async () => {
      const t = text(language);
      const { context, page } = await openPage(browser, "/", { viewport, storedLanguage: language });
      for (const card of [t.home.stats.minedSupply, t.home.stats.totalLocked]) {
        const link = page.getByRole("link", { name: `${card} (${t.home.stats.richList})` });
        await link.click(WAIT);
        await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe("/accounts");
        await page.locator("main tbody tr:not([aria-hidden])").first().waitFor(WAIT);
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(t.rich.title);
        await page.goBack();
        await page.getByRole("link", { name: `${card} (${t.home.stats.richList})` }).waitFor(WAIT);
      }
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    });
  }

  it("copies an account's full address from its row (1280 px)", async () => {
    const { context, page } = await openPage(browser, "/accounts");
    const row = page.locator("main tbody tr:not([aria-hidden])").first();
    await row.waitFor(WAIT);
    const address = decodeURIComponent((await row.locator('a[href^="/address/"]').getAttribute("href"))!.replace("/address/", ""));
    await row.hover();
    await row.getByRole("button", { name: "Copy address" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), WAIT).toBe(address);
    await context.close();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`reads in the dark theme (${viewport.width} px)`, async () => {
      const { context, page } = await openPage(browser, "/accounts", { viewport, colorScheme: "dark" });
      await page.locator('html[data-theme="dark"]').waitFor({ state: "attached" });
      await page.locator("main tbody tr:not([aria-hidden])").first().waitFor(WAIT);
      await noSidewaysScroll(page);
      await screenshot(page, `rich-list-${viewport === PHONE ? "phone" : "desktop"}-en-dark`);
      await context.close();
    });
  }
});
