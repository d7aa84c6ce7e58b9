// The transactions list in a real browser against the devnet: rows match the API, filters, clearing, paging, phone picker.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Tx, TxPage } from "../../web/src/api/types.ts";
import { FIRST_PAGE_TTL_MS } from "../../api/routes/transactions.ts";
import { formatUtcDateTime, messageLabel, shorten } from "../../core/format.ts";
import { DESKTOP, PHONE, apiGet, launchBrowser, openPage, pageErrors, screenshot } from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const table = (page: Page) => page.locator("table");
const bodyRows = (page: Page) => page.locator("table tbody tr");

/** Waits until the table shows the answer to the latest request (no placeholder, no dimmed old rows). */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => table(page).getAttribute("aria-busy")).toBe("false");
}

async function firstCells(rows: Locator): Promise<string[]> {
  return (await rows.first().locator("td").allInnerTexts()).map((text) => text.replace(/\s+/g, " ").trim());
}

/** The cells a transaction's row shows after its message: hash, block, status, UTC time. */
function expectedCells(tx: Tx, statusText: (code: number | null) => string): string[] {
  return [shorten(tx._id, 16), String(tx.blockId).replace(/\B(?=(\d{3})+(?!\d))/g, " "), statusText(tx.code), formatUtcDateTime(tx.timestamp)];
}

const englishStatus = (code: number | null) => (code === null ? "Unknown" : code === 0 ? "Success" : `Error ${code}`);

function searchParam(page: Page, name: string): string | null {
  return new URL(page.url()).searchParams.get(name);
}

describe("transactions list at 1280 px", () => {
  it("shows the API's newest transaction first, and the count route's total sets the last page", async () => {
    const countBefore = (await apiGet<{ totalRecords: number }>("/transactions/paginate/records_count")).totalRecords;
    const before = await apiGet<TxPage>("/transactions/paginate/10/1");
    const { context, page } = await openPage(browser, "/transactions", { viewport: DESKTOP });
    await settled(page);
    expect(await page.title()).toBe("Transactions | AXM Explorer");
    const after = await apiGet<TxPage>("/transactions/paginate/10/1");
    // A block may land between the two reads; the screen must show one of the two newest transactions.
    const cells = await firstCells(bodyRows(page));
    const shown = [before.data[0], after.data[0]].find((tx) => shorten(tx._id, 16) === cells[1]);
    expect(shown, `first row ${cells.join(" | ")}`).toBeDefined();
    expect(cells.slice(1)).toEqual(expectedCells(shown!, englishStatus));
    expect(cells[0].startsWith(messageLabel(shown!.type[0]))).toBe(true);
    if (shown!.type.length > 1) expect(cells[0]).toContain(`+${shown!.type.length - 1}`);
    expect(await bodyRows(page).count()).toBe(10);
    await expect.poll(() => page.getByText(/^[\d\s]+ transactions$/).count()).toBe(1);
    await screenshot(page, "transactions-desktop-en");

    await page.getByRole("button", { name: "Last page" }).click();
    await settled(page);
    // The whole list's count is served from a cache for up to FIRST_PAGE_TTL_MS; one read after that long counts every
    // transaction the last page's own (uncached) read could have seen.
    await new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_TTL_MS + 100));
    const totalRecords = (await apiGet<{ totalRecords: number }>("/transactions/paginate/records_count")).totalRecords;
    // The page counted once, when it loaded: its last page is the count route's total then, over 10 per page.
    const lastPage = Number(searchParam(page, "page"));
    expect(lastPage).toBeGreaterThanOrEqual(Math.ceil(countBefore / 10));
    expect(lastPage).toBeLessThanOrEqual(Math.ceil(totalRecords / 10));
    expect(await page.getByRole("button", { name: `Page ${lastPage}`, exact: true }).getAttribute("aria-current")).toBe("page");
    // Pages count from the newest, so the last page ends with the oldest transaction, or, when more arrived since the
    // count than the last page had free rows, with one of the oldest (arrivals + 1) transactions.
    const arrived = totalRecords - countBefore;
    const oldestPage = Math.ceil(totalRecords / 100);
    const pagesOf100 = [oldestPage - 1, oldestPage, oldestPage + 1].filter((n) => n >= 1);
    const newestFirst = (await Promise.all(pagesOf100.map((n) => apiGet<TxPage>(`/transactions/paginate/100/${n}`)))).flatMap((p) => p.data);
    const oldest = newestFirst.reverse().slice(0, arrived + 1);
    const lastRow = (await bodyRows(page).last().locator("td").nth(1).innerText()).trim();
    expect(oldest.map((tx) => shorten(tx._id, 16))).toContain(lastRow);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("filters by a message type found with the search box and goes back to page 1", async () => {
    const { context, page } = await openPage(browser, "/transactions", { viewport: DESKTOP });
    await settled(page);
    await page.getByRole("button", { name: "Page 2", exact: true }).click();
    await expect.poll(() => searchParam(page, "page")).toBe("2");
    await page.getByRole("button", { name: "Message type" }).click();
    await page.getByRole("searchbox", { name: "Search message types" }).fill("deleg");
    await expect
      .poll(() => page.getByRole("dialog").locator("label").allInnerTexts())
      .toEqual(["MsgBeginRedelegate", "MsgDelegate", "MsgUndelegate", "MsgWithdrawDelegatorReward"]);
    await page.getByRole("checkbox", { name: "MsgDelegate", exact: true }).check();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await settled(page);
    expect(searchParam(page, "page")).toBeNull();
    expect(searchParam(page, "type")).toBe("/axiome.staking.v1beta1.MsgDelegate");
    expect(await page.getByRole("button", { name: "Page 1", exact: true }).getAttribute("aria-current")).toBe("page");
    const rows = bodyRows(page);
    expect(await rows.count()).toBeGreaterThan(0);
    for (const row of await rows.all()) {
      const message = row.locator("td").first();
      const badge = message.getByRole("button");
      const others = (await badge.count()) > 0 ? await badge.getAttribute("title") : "";
      expect(`${await message.innerText()} ${others}`).toContain("MsgDelegate");
    }
    await screenshot(page, "transactions-desktop-en-delegate");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("shows only failed transactions for Fail, and Clear filters restores the full list with a 2 s confirmation", async () => {
    const { context, page } = await openPage(browser, "/transactions", { viewport: DESKTOP });
    await settled(page);
    await page.getByText("Fail", { exact: true }).click();
    await expect.poll(() => searchParam(page, "status")).toBe("fail");
    await settled(page);
    const statuses = await bodyRows(page).locator("td:nth-child(4)").allInnerTexts();
    const failed = await apiGet<{ totalRecords: number }>("/transactions/paginate/records_count?status=1");
    if (failed.totalRecords === 0) expect(await page.getByText("Nothing found").count()).toBe(1);
    else for (const status of statuses) expect(status).toMatch(/^Error \d+$/);

    await page.getByRole("button", { name: "Clear filters" }).click();
    const confirmation = page.getByText("Filters cleared");
    await expect.poll(() => confirmation.isVisible()).toBe(true);
    const shownAt = Date.now();
    expect(searchParam(page, "status")).toBeNull();
    await expect.poll(() => page.getByRole("radio", { name: "All" }).isChecked()).toBe(true);
    await settled(page);
    expect(await bodyRows(page).locator("td:nth-child(4)").allInnerTexts()).toContain("Success");
    await screenshot(page, "transactions-desktop-en-cleared");
    await expect.poll(() => confirmation.count(), { timeout: 4_000, interval: 50 }).toBe(0);
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(1_500);
    expect(shownFor).toBeLessThan(2_600);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("lists the other messages of a multi-message transaction in the +N tooltip", async () => {
    const newest = await apiGet<TxPage>("/transactions/paginate/100/1");
    const tx = newest.data.find((candidate) => candidate.type.length > 1);
    expect(tx, "the devnet makes transactions with several messages").toBeDefined();
    const { context, page } = await openPage(browser, "/transactions?size=100", { viewport: DESKTOP });
    await settled(page);
    const row = bodyRows(page).filter({ has: page.getByRole("link", { name: shorten(tx!._id, 16) }) });
    const badge = row.getByRole("button", { name: /more message/ });
    await badge.hover();
    const tooltip = row.getByRole("tooltip");
    await expect.poll(() => tooltip.isVisible()).toBe(true);
    expect((await tooltip.innerText()).split("\n")).toEqual(tx!.type.slice(1).map(messageLabel));
    expect(await badge.getAttribute("title")).toBe(tx!.type.slice(1).map(messageLabel).join(", "));
    await screenshot(page, "transactions-desktop-en-tooltip");
    await context.close();
  });

  it("in Russian: a range outside the chain's life finds nothing, and 50 rows per page", async () => {
    const { context, page } = await openPage(browser, "/transactions", { viewport: DESKTOP, storedLanguage: "ru" });
    await settled(page);
    expect(await page.title()).toBe("Транзакции | AXM Explorer");
    await page.getByRole("button", { name: "Период" }).click();
    const calendar = page.getByRole("dialog", { name: "Период" });
    await calendar.getByRole("combobox", { name: "Выберите год" }).selectOption("2023");
    await calendar.getByRole("combobox", { name: "Выберите месяц" }).selectOption("9");
    expect(await calendar.getByRole("button", { name: /, 1 октября 2023/ }).isDisabled()).toBe(true);
    await calendar.getByRole("button", { name: /, 2 октября 2023/ }).click();
    await calendar.getByRole("button", { name: /, 3 октября 2023/ }).click();
    await calendar.getByRole("button", { name: "Применить" }).click();
    await expect.poll(() => page.getByRole("button", { name: "2023-10-02 – 2023-10-03" }).count()).toBe(1);
    expect([searchParam(page, "from"), searchParam(page, "to")]).toEqual(["2023-10-02", "2023-10-03"]);
    await settled(page);
    expect(await page.getByText("Ничего не найдено").count()).toBe(1);
    await screenshot(page, "transactions-desktop-ru-empty");

    await page.getByRole("button", { name: "Сбросить фильтры" }).click();
    await expect.poll(() => page.getByText("Фильтры сброшены").count()).toBe(1);
    await page.getByLabel("Строк на странице").selectOption("50");
    await expect.poll(() => searchParam(page, "size")).toBe("50");
    await settled(page);
    expect(await bodyRows(page).count()).toBe(50);
    const cells = await firstCells(bodyRows(page));
    expect(cells[3]).toMatch(/^(Успешно|Ошибка \d+)$/);
    await screenshot(page, "transactions-desktop-ru-50");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

describe("transactions list at 375 px", () => {
  it("picks a week with a preset and moves a wheel of the scroll date picker", async () => {
    const { context, page } = await openPage(browser, "/transactions", { viewport: PHONE });
    await settled(page);
    await screenshot(page, "transactions-phone-en");
    await page.getByRole("button", { name: "Time range" }).click();
    const picker = page.getByRole("dialog", { name: "Time range" });
    expect(await picker.getByRole("group", { name: "Quick ranges" }).getByRole("button").allInnerTexts()).toEqual(["1W", "1M", "3M", "6M", "1Y"]);
    await picker.getByRole("button", { name: "1W" }).click();
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
    await expect.poll(() => picker.getByRole("button", { name: /From/ }).innerText()).toContain(weekAgo);
    const day = picker.getByRole("spinbutton", { name: "Day" });
    await expect.poll(() => day.getAttribute("aria-valuenow")).toBe(String(Number(weekAgo.slice(8))));
    // The wheel turns until that day is centred under the band.
    await expect.poll(() => day.evaluate((wheel) => wheel.scrollTop)).toBe((Number(weekAgo.slice(8)) - 1) * 36);
    await screenshot(page, "transactions-phone-en-picker");

    // A swipe on the day wheel by two items; the wheel settles on the centred day.
    const box = (await day.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, Number(weekAgo.slice(8)) > 15 ? -72 : 72);
    await expect.poll(() => day.getAttribute("aria-valuenow")).not.toBe(String(Number(weekAgo.slice(8))));
    const chosen = Number(await day.getAttribute("aria-valuenow"));
    const from = (await picker.getByRole("button", { name: /From/ }).innerText()).match(/\d{4}-\d{2}-\d{2}/)![0];
    expect(Number(from.slice(8))).toBe(chosen);

    await picker.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => searchParam(page, "from")).toBe(from);
    expect(searchParam(page, "to")).toBe(today);
    await settled(page);
    expect(await bodyRows(page).count()).toBe(10);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("in Russian: the preset 1 month and the phone layout of the filters and rows", async () => {
    const { context, page } = await openPage(browser, "/transactions", { viewport: PHONE, storedLanguage: "ru" });
    await settled(page);
    await page.getByRole("button", { name: "Период" }).click();
    const picker = page.getByRole("dialog", { name: "Период" });
    await picker.getByRole("button", { name: "1М" }).click();
    await expect.poll(() => picker.getByRole("button", { name: "1М" }).getAttribute("aria-pressed")).toBe("true");
    await screenshot(page, "transactions-phone-ru-picker");
    await picker.getByRole("button", { name: "Применить" }).click();
    await expect.poll(() => searchParam(page, "from")).not.toBeNull();
    await settled(page);
    expect(await bodyRows(page).count()).toBe(10);
    const [message] = await firstCells(bodyRows(page));
    expect(message).toMatch(/^Msg/);
    await screenshot(page, "transactions-phone-ru");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
