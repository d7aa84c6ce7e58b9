// The Block screen in a real browser: its fields match the API, tabs switch and survive a reload, copying works and
// fails loudly, bad block numbers show the 404 view; at 1280 and 375 px, in English and Russian.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { amountOf } from "../../core/amount.ts";
import { formatCoins, formatEmissionRate, formatInteger, formatUtcDateTime, messageLabel, shorten } from "../../core/format.ts";
import type { Block, BlockDetail } from "../../web/src/api/types.ts";
import { DESKTOP, PHONE, apiGet, launchBrowser, openPage, pageErrors, screenshot } from "./browser.ts";
import { OTHER_SIZES, copiesHash, eventsFit320, field, noSidewaysScroll, openDetail, selectedTab } from "./steps.ts";

let browser: Browser;
/** A prebuilt block with more than one page of transactions and a known proposer. */
let block: BlockDetail;

beforeAll(async () => {
  browser = await launchBrowser();
  const blocks = await apiGet<Block[]>("/blocks/1-120");
  const busy = blocks.find((b) => b.txCnt > 10 && b.txCnt < 50 && b.proposerValidator && b._id > 1)!;
  block = await apiGet<BlockDetail>(`/blocks/${busy._id}`);
});
afterAll(async () => {
  await browser?.close();
});

describe("block screen", () => {
  it("shows the block's fields as the API has them, pages its transactions, switches tabs and opens a transaction", async () => {
    const { context, page } = await openPage(browser, `/blocks/${block._id}`, { viewport: DESKTOP });
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(`Block #${block._id}`);
    expect(await page.title()).toBe(`Block #${block._id} | AXM Explorer`);
    await field(page, "Hash").waitFor();
    expect(await field(page, "Height").innerText()).toBe(formatInteger(block._id));
    expect(await field(page, "Hash").innerText()).toBe(block.hash);
    expect(await field(page, "Chain ID").innerText()).toBe(block.chainId);
    const proposer = field(page, "Proposer").getByRole("link");
    expect(await proposer.innerText()).toBe(block.proposerValidator!.name);
    expect(await proposer.getAttribute("href")).toBe(`/validator/${block.proposerValidator!.address}`);
    expect(await field(page, "Time").innerText()).toContain(formatUtcDateTime(block.timestamp));
    expect(await field(page, "Transactions").innerText()).toBe(formatInteger(block.txCnt));
    expect(await field(page, "Events").innerText()).toBe(formatInteger(block.evtCnt));
    expect(await field(page, "Emission rate").innerText()).toBe(`${formatEmissionRate(block.er)} %`);

    expect(await selectedTab(page).innerText()).toBe(`Transactions (${block.txs.length})`);
    const rows = page.locator("tbody tr");
    expect(await rows.count()).toBe(10);
    const first = rows.first().locator("td");
    const tx = block.txs[0];
    expect(await first.nth(0).innerText()).toContain(messageLabel(tx.type[0]));
    expect(await first.nth(1).innerText()).toBe(shorten(tx._id));
    expect(await first.nth(2).innerText()).toBe(tx.code === 0 ? "Success" : `Error ${tx.code}`);
    expect(await first.nth(3).innerText()).toBe(formatCoins(amountOf(tx.fee)));
    expect(await first.nth(4).innerText()).toBe(formatUtcDateTime(tx.timestamp));

    await page.getByRole("button", { name: "Page 2", exact: true }).click();
    await expect.poll(() => rows.count()).toBe(block.txs.length - 10);
    expect(await rows.first().locator("td").nth(1).innerText()).toBe(shorten(block.txs[10]._id));
    await page.getByLabel("Rows per page").selectOption("50");
    await expect.poll(() => rows.count()).toBe(block.txs.length);

    await page.getByRole("tab", { name: /^Events/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("tab")).toBe("events");
    const events = page.getByRole("tabpanel").locator("li");
    await expect.poll(() => events.count()).toBe(block.evts.length);
    expect(await events.nth(2).getByRole("heading").innerText()).toBe(`#3 ${block.evts[2].type}`);
    expect(await events.nth(2).locator("pre").innerText()).toContain(`"${block.evts[2].attributes[0].key}": "${block.evts[2].attributes[0].value}"`);

    await page.reload();
    await expect.poll(() => selectedTab(page).textContent()).toBe(`Events (${block.evts.length})`);
    await selectedTab(page).focus();
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => selectedTab(page).textContent()).toBe(`Transactions (${block.txs.length})`);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-selected"))).toBe("true");
    expect(new URL(page.url()).searchParams.get("tab")).toBe("transactions");
    await screenshot(page, "block-desktop-en");

    await rows.first().getByRole("link").click();
    await page.waitForURL(`**/transactions/${tx._id}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Transaction");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("goes to the previous and the next block with the arrows", async () => {
    const { context, page } = await openPage(browser, `/blocks/${block._id}`);
    await page.getByRole("link", { name: "Previous block" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(`Block #${block._id - 1}`);
    await page.getByRole("link", { name: "Next block" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(`Block #${block._id}`);
    await field(page, "Hash").waitFor();
    expect(await field(page, "Hash").innerText()).toBe(block.hash);
    await context.close();
  });

  it("copies the hash, confirms it for about a second, and alerts when the clipboard refuses", async () => {
    const { context, page } = await openPage(browser, `/blocks/${block._id}`);
    await copiesHash(context, page, "Copy block hash", block.hash);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("shows 'Block not found' for a block that does not exist and for a number that is not one", async () => {
    const { context, page } = await openPage(browser, "/blocks/99999999");
    await expect.poll(() => page.getByRole("heading", { name: "Block not found" }).count()).toBe(1);
    expect(await page.title()).toBe("Block not found | AXM Explorer");
    for (const id of ["abc", "0", "-5"]) {
      await page.goto(`/blocks/${id}`);
      await expect.poll(() => page.getByRole("heading", { name: "Block not found" }).count(), { message: id }).toBe(1);
    }
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  for (const { viewport, language, suffix } of OTHER_SIZES) {
    it(`fits ${viewport.width} px in ${language}`, async () => {
      const { context, page, hashLabel } = await openDetail(browser, `/blocks/${block._id}`, viewport, language, block.hash);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(language === "ru" ? `Блок #${block._id}` : `Block #${block._id}`);
      expect(await selectedTab(page).innerText()).toBe(`${language === "ru" ? "Транзакции" : "Transactions"} (${block.txs.length})`);
      await noSidewaysScroll(page);
      if (viewport === PHONE) {
        // Label over value: the value starts below its label, not beside it.
        const label = await page.locator("dt", { hasText: hashLabel }).boundingBox();
        const value = await field(page, hashLabel).boundingBox();
        expect(value!.y).toBeGreaterThan(label!.y + label!.height - 1);
        expect(Math.abs(value!.x - label!.x)).toBeLessThan(2);
      }
      await screenshot(page, `block-${suffix}`);
      if (viewport === PHONE && language === "ru") await eventsFit320(page, /^События/, "block-events-320-ru");
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    });
  }
});
