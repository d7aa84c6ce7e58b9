// The Charts screen in a real browser at 1280 and 375 px, in English and Russian: opened from the menu, its ranges, the
// value under the pointer, the arrow keys read out, the table view against the API, both themes; and the home page's
// 14-day transactions sparkline.
import { readFileSync } from "node:fs";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChartAnswer, ChartSeries } from "../../web/src/api/types.ts";
import { formatValue } from "../../web/src/pages/charts/chart-view.ts";
import { CHART_SERIES } from "../../core/chart-series.ts";
import { DESKTOP, PHONE, apiGet, launchBrowser, openPage, pageErrors, screenshot, type Viewport } from "./browser.ts";
import { noSidewaysScroll } from "./steps.ts";

const WAIT = { timeout: 15_000 };

const text = (language: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`../../web/src/i18n/locales/${language}/${namespace}.json`, import.meta.url), "utf8"));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A value as the screen writes it, from the API's number. */
function written(language: string, answer: ChartAnswer, value: number | null): string {
  const c = text(language, "charts");
  const figure = formatValue(answer.unit, value);
  return figure === null ? c.value.none : (c.value[answer.unit] as string).replace("{{value}}", figure);
}

/** Digits of a figure ("1 234" → 1234), to compare a count that grows with each block. */
const digits = (shown: string) => Number(shown.replace(/\D/g, ""));

async function openFromMenu(page: Page, viewport: Viewport, language: string): Promise<void> {
  const shell = text(language, "shell");
  if (viewport === DESKTOP) {
    const banner = page.getByRole("banner");
    await banner.getByRole("button", { name: shell.nav.blockchain }).click();
    await banner.getByRole("link", { name: shell.nav.charts }).click();
  } else {
    await page.getByRole("button", { name: shell.menu.open }).click();
    await page.getByRole("dialog", { name: shell.menu.title }).getByRole("link", { name: shell.nav.charts }).click();
  }
  await page.getByRole("heading", { level: 1, name: text(language, "charts").title }).waitFor(WAIT);
}

const card = (page: Page, series: ChartSeries): Locator => page.locator(`main [data-series="${series}"]`);

describe.each([
  [DESKTOP, "en", "desktop-en"],
  [DESKTOP, "ru", "desktop-ru"],
  [PHONE, "en", "phone-en"],
  [PHONE, "ru", "phone-ru"],
] as const)("charts at %o in %s", (viewport, language, suffix) => {
  it("shows the home sparkline, then the charts from the menu with ranges, hover, keys and the table view", async () => {
    const c = text(language, "charts");
    const { context, page } = await openPage(browser, "/", { viewport, storedLanguage: language });

    // The home page's transactions card carries the 14-day sparkline, named with the numbers it draws.
    const prefix = (text(language, "home").stats.sparkline as string).split("{{")[0];
    const sparkline = page.locator(`main dl svg[role="img"][aria-label^="${prefix}"]`);
    await sparkline.waitFor(WAIT);
    const year = await apiGet<ChartAnswer>("/charts/transactions");
    const drawn = (await sparkline.getAttribute("aria-label"))!.slice(prefix.length).split(", ");
    expect(drawn).toHaveLength(14);
    expect(drawn.slice(0, 13).map((v) => (v === "–" ? null : digits(v)))).toEqual(year.points.slice(-14, -1).map((p) => p.value));
    expect(await sparkline.locator("path").getAttribute("d")).toMatch(/^M/);

    await openFromMenu(page, viewport, language);
    expect(new URL(page.url()).pathname).toBe("/charts");
    const rangeGroup = page.getByRole("group", { name: c.range.label });
    expect(await rangeGroup.getByRole("button", { name: c.range["30d"] }).getAttribute("aria-pressed")).toBe("true");
    for (const series of CHART_SERIES) await card(page, series).locator("canvas").first().waitFor(WAIT);
    await noSidewaysScroll(page);

    await rangeGroup.getByRole("button", { name: c.range["7d"] }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("range"), WAIT).toBe("7d");
    expect(await rangeGroup.getByRole("button", { name: c.range["7d"] }).getAttribute("aria-pressed")).toBe("true");
    await screenshot(page, `charts-${suffix}`);

    // The pointer over the right end of the transactions chart reads the last day; over the left end the first of the 7.
    const plot = card(page, "transactions").getByRole("img");
    const readout = card(page, "transactions").getByTestId("chart-readout");
    const box = (await plot.boundingBox())!;
    const before = await apiGet<ChartAnswer>("/charts/transactions");
    await page.mouse.move(box.x + box.width - 14, box.y + box.height / 2);
    await expect.poll(() => readout.textContent(), WAIT).toContain(before.lastDay!);
    const after = await apiGet<ChartAnswer>("/charts/transactions");
    const hovered = digits((await readout.textContent())!.split(": ")[1]);
    expect(hovered).toBeGreaterThanOrEqual(0);
    expect(hovered).toBeLessThanOrEqual(after.points.at(-1)!.value!);
    const firstDay = before.points.at(-7)!;
    await page.mouse.move(box.x + 70, box.y + box.height / 2);
    await expect
      .poll(() => readout.textContent(), WAIT)
      .toBe(c.point.replace("{{day}}", firstDay.day).replace("{{value}}", written(language, before, firstDay.value)));

    // The arrow keys move a focused day and a live region reads it out.
    await page.mouse.move(0, 0);
    await plot.focus();
    const spoken = card(page, "transactions").getByTestId("chart-spoken");
    await page.keyboard.press("End");
    await expect.poll(() => spoken.textContent(), WAIT).toContain(before.lastDay!);
    await page.keyboard.press("ArrowLeft");
    const previous = before.points.at(-2)!;
    await expect
      .poll(() => spoken.textContent(), WAIT)
      .toBe(c.point.replace("{{day}}", previous.day).replace("{{value}}", written(language, before, previous.value)));
    await page.keyboard.press("Home");
    await expect.poll(() => spoken.textContent(), WAIT).toContain(firstDay.day);
    expect(await readout.textContent()).toBe(await spoken.textContent());

    // The table view holds the same numbers as the API, newest day first; only today's may have grown since.
    await page.getByRole("button", { name: c.view.table }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("view"), WAIT).toBe("table");
    for (const series of CHART_SERIES) {
      const table = card(page, series).getByRole("table");
      await table.waitFor(WAIT);
      const answer = await apiGet<ChartAnswer>(`/charts/${series}`);
      const rows = await table.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)));
      expect(rows.map((r) => r[0])).toEqual(
        answer.points
          .slice(-7)
          .map((p) => p.day)
          .reverse(),
      );
      const past = answer.points.slice(-7, -1).reverse();
      expect(rows.slice(1).map((r) => r[1])).toEqual(past.map((p) => written(language, answer, p.value)));
    }
    await screenshot(page, `charts-table-${suffix}`);

    // "All" shows every indexed day, from the index's first to its last.
    await rangeGroup.getByRole("button", { name: c.range.all }).click();
    const all = await apiGet<ChartAnswer>("/charts/fees");
    const feeDays = card(page, "fees").locator("tbody tr td:first-child");
    await expect.poll(() => feeDays.allTextContents(), WAIT).toContain(all.firstDay!);
    expect((await feeDays.allTextContents()).at(-1)).toBe(all.firstDay);
    await noSidewaysScroll(page);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

describe("charts in the dark theme", () => {
  it("draws with the dark palette's colours", async () => {
    const { context, page } = await openPage(browser, "/charts?range=7d", { colorScheme: "dark" });
    await card(page, "transactions").locator("canvas").first().waitFor(WAIT);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    const background = await card(page, "transactions").evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe("rgb(22, 29, 45)");
    await screenshot(page, "charts-desktop-en-dark");
    await page.setViewportSize(PHONE);
    await screenshot(page, "charts-phone-en-dark");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
