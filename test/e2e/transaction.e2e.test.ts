// The Transaction screen in a real browser: fields, messages and events match the API, a failed transaction says why,
// copying works and fails loudly, bad hashes show the 404 view; at 1280 and 375 px, in English and Russian.
import { readFile } from "node:fs/promises";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { amountOf } from "../../core/amount.ts";
import { formatCoins, formatInteger, formatUtcDateTime, messageLabel, shorten } from "../../core/format.ts";
import type { BlockDetail, Tx, TxDetail } from "../../web/src/api/types.ts";
import { DESKTOP, PHONE, apiGet, launchBrowser, openPage, pageErrors, screenshot } from "./browser.ts";
import { OTHER_SIZES, copiesHash, eventsFit320, field, noSidewaysScroll, openDetail, selectedTab } from "./steps.ts";

/** Only transactions of the prebuilt blocks: they exist before any test starts and never change. */
const PREBUILT = 120;
const SEND = "/cosmos.bank.v1beta1.MsgSend";
const DELEGATE = "/axiome.staking.v1beta1.MsgDelegate";
const MULTI_SEND = "/cosmos.bank.v1beta1.MsgMultiSend";

let browser: Browser;
let sendAndDelegate: TxDetail;
let multiSend: TxDetail;
let failed: TxDetail;

/** The newest transaction of the prebuilt blocks that `keep` accepts (however long the devnet has run since). */
async function prebuilt(what: string, keep: (tx: Tx) => boolean): Promise<TxDetail> {
  for (let height = PREBUILT; height > 0; height--) {
    const block = await apiGet<BlockDetail>(`/blocks/${height}`);
    const found = block.txs.find(keep);
    if (found) return apiGet<TxDetail>(`/transactions/${found._id}`);
  }
  throw new Error(`no prebuilt transaction: ${what}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  [sendAndDelegate, multiSend, failed] = await Promise.all([
    prebuilt("a send and a delegation", (tx) => tx.type.length === 2 && tx.type[0] === SEND && tx.type[1] === DELEGATE),
    prebuilt("a multi-send", (tx) => tx.type.includes(MULTI_SEND) && tx.code === 0),
    prebuilt("a failed transaction", (tx) => tx.code !== 0 && tx.log.length > 0),
  ]);
});
afterAll(async () => {
  await browser?.close();
});

describe("transaction screen", () => {
  it("shows the fields, each message's summary and the event logs as the API has them", async () => {
    const tx = sendAndDelegate;
    const { context, page } = await openPage(browser, `/transactions/${tx._id}`, { viewport: DESKTOP });
    await field(page, "Hash").waitFor();
    expect(await page.title()).toBe(`Transaction ${shorten(tx._id)} | AXM Explorer`);
    expect(await field(page, "Hash").innerText()).toBe(tx._id);
    const block = field(page, "Block").getByRole("link");
    expect(await block.innerText()).toBe(formatInteger(tx.blockId));
    expect(await block.getAttribute("href")).toBe(`/blocks/${tx.blockId}`);
    expect(await field(page, "Status").innerText()).toBe("Success");
    expect(await field(page, "Gas used / requested").innerText()).toBe(`${formatInteger(tx.gasUsed)} / ${formatInteger(tx.gasWanted)}`);
    expect(await field(page, "Fee").innerText()).toBe(`${formatCoins(amountOf(tx.fee))} AXM`);
    expect(await field(page, "Chain ID").innerText()).toBe(tx.chainId);
    expect(await field(page, "Time").innerText()).toContain(formatUtcDateTime(tx.timestamp));
    expect(await field(page, "Memo").count()).toBe(tx.memo ? 1 : 0);
    expect(await page.getByRole("heading", { name: "This transaction failed" }).count()).toBe(0);

    const [send, delegate] = tx.tx.body.messages as Array<Record<string, any>>;
    const cards = page.getByRole("tabpanel").getByRole("region");
    expect(await cards.count()).toBe(2);
    const sendCard = cards.nth(0);
    expect(await sendCard.getByRole("heading", { level: 2 }).innerText()).toBe("Message 1 of 2");
    expect(await field(sendCard, "Type").innerText()).toBe(messageLabel(SEND));
    expect(await field(sendCard, "Type").locator("[title]").getAttribute("title")).toBe(SEND);
    expect(await field(sendCard, "Sender").innerText()).toBe(send.from_address);
    expect(await field(sendCard, "Sender").getByRole("link").getAttribute("href")).toBe(`/address/${send.from_address}`);
    expect(await field(sendCard, "Amount").innerText()).toBe(`${formatCoins(amountOf(send.amount))} AXM`);
    expect(await field(sendCard, "Addresses").innerText()).toContain(`Recipient\n${send.to_address}`);
    expect(JSON.parse(await sendCard.locator("pre").innerText())).toEqual(send);

    const delegateCard = cards.nth(1);
    expect(await field(delegateCard, "Type").innerText()).toBe(messageLabel(DELEGATE));
    expect(await field(delegateCard, "Sender").innerText()).toBe(delegate.delegator_address);
    expect(await field(delegateCard, "Amount").innerText()).toBe(`${formatCoins(delegate.amount.amount)} AXM`);
    const validator = field(delegateCard, "Addresses").getByRole("link");
    expect(await validator.getAttribute("href")).toBe(`/validator/${delegate.validator_address}`);

    await page.getByRole("tab", { name: /^Event logs/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("tab")).toBe("events");
    const events = page.getByRole("tabpanel").locator("li");
    await expect.poll(() => events.count()).toBe(tx.evts.length);
    const last = tx.evts.length - 1;
    expect(await events.nth(last).getByRole("heading").innerText()).toBe(`#${last + 1} ${tx.evts[last].type}`);
    const firstAttribute = events.nth(last).locator("tbody tr").first();
    expect(await firstAttribute.locator("th").innerText()).toBe(tx.evts[last].attributes[0].key);
    expect(await firstAttribute.locator("td").innerText()).toBe(tx.evts[last].attributes[0].value);
    await page.reload();
    await expect.poll(() => selectedTab(page).textContent()).toBe(`Event logs (${tx.evts.length})`);
    await selectedTab(page).focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => selectedTab(page).textContent()).toBe("Message");
    await screenshot(page, "transaction-desktop-en");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("sums a multi-send once and lists each recipient with its amount", async () => {
    const message = multiSend.tx.body.messages[0] as unknown as { inputs: { address: string }[]; outputs: { address: string; coins: { amount: string }[] }[] };
    const { context, page } = await openPage(browser, `/transactions/${multiSend._id}`);
    const card = page.getByRole("tabpanel").getByRole("region").first();
    await field(card, "Sender").waitFor();
    expect(await field(card, "Sender").innerText()).toBe(message.inputs[0].address);
    const total = message.outputs.reduce((sum, output) => sum + BigInt(output.coins[0].amount), 0n);
    expect(await field(card, "Amount").innerText()).toBe(`${formatCoins(total)} AXM`);
    const pairs = field(card, "Addresses").locator("li");
    expect(await pairs.count()).toBe(message.outputs.length);
    for (const [index, output] of message.outputs.entries()) {
      expect(await pairs.nth(index).innerText()).toBe(`Recipient\n${output.address}\n${formatCoins(output.coins[0].amount)} AXM`);
    }
    await context.close();
  });

  it("says why a failed transaction failed: its code, codespace and the node's log", async () => {
    const { context, page } = await openPage(browser, `/transactions/${failed._id}`, { viewport: PHONE, storedLanguage: "ru" });
    const panel = page.getByRole("region", { name: "Транзакция не выполнена" });
    await panel.waitFor();
    expect(await field(panel, "Код ошибки").innerText()).toBe(String(failed.code));
    expect(await field(panel, "Пространство кодов").innerText()).toBe(failed.codespace);
    expect(await field(panel, "Причина по данным узла").innerText()).toBe(failed.log);
    expect(await field(page, "Статус").innerText()).toBe(`Ошибка ${failed.code}`);
    // The reason comes first: above the fields, in view without scrolling.
    const box = await panel.boundingBox();
    expect(box!.y + box!.height).toBeLessThan(PHONE.height);
    await noSidewaysScroll(page);
    await screenshot(page, "transaction-failed-phone-ru");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("copies the hash, confirms it for about a second, and alerts when the clipboard refuses", async () => {
    const { context, page } = await openPage(browser, `/transactions/${sendAndDelegate._id}`);
    await copiesHash(context, page, "Copy transaction hash", sendAndDelegate._id);
    await context.close();
  });

  it("shows 'Transaction not found' for a malformed hash and for one that does not exist", async () => {
    const { context, page } = await openPage(browser, "/transactions/ZZZ");
    await expect.poll(() => page.getByRole("heading", { name: "Transaction not found" }).count()).toBe(1);
    expect(await page.title()).toBe("Transaction not found | AXM Explorer");
    await page.goto(`/transactions/${"AB".repeat(32)}`);
    await expect.poll(() => page.getByRole("heading", { name: "Transaction not found" }).count()).toBe(1);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("shows the whole transaction as JSON beside the message, copies it, downloads it as <hash>.json, and links its addresses", async () => {
    const tx = sendAndDelegate;
    const { context, page } = await openPage(browser, `/transactions/${tx._id}`);
    await page.getByRole("tab", { name: "JSON" }).click();
    const json = page.getByLabel("The whole transaction (JSON)");
    await json.waitFor();
    const whole = JSON.parse(await json.innerText());
    expect(whole).toEqual(tx.tx);
    expect(Object.keys(whole)).toEqual(["body", "auth_info", "signatures"]);
    expect(whole.auth_info.signer_infos[0].public_key["@type"]).toBe("/cosmos.crypto.secp256k1.PubKey");
    expect(whole.auth_info.fee.amount).toEqual(tx.fee);
    expect(whole.signatures).toHaveLength(whole.auth_info.signer_infos.length);

    await page.getByRole("button", { name: "Copy JSON" }).click();
    await expect.poll(() => page.getByRole("tabpanel").getByRole("status").textContent()).toBe("Copied");
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(tx.tx);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download .json" }).click()]);
    expect(download.suggestedFilename()).toBe(`${tx._id}.json`);
    expect(JSON.parse(await readFile((await download.path())!, "utf8"))).toEqual(tx.tx);
    await screenshot(page, "transaction-json-desktop-en");

    await page.setViewportSize(PHONE);
    await noSidewaysScroll(page);
    await screenshot(page, "transaction-json-phone-en");
    const [send] = tx.tx.body.messages as Array<Record<string, any>>;
    await json.getByRole("link", { name: send.to_address }).first().click();
    await page.waitForURL(`**/address/${send.to_address}`);
    await page.getByRole("heading", { level: 1, name: "Address" }).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("offers a copy button on each hash of a transaction list: on hover or focus at 1280 px, always at 375 px", async () => {
    const tx = sendAndDelegate;
    const { context, page } = await openPage(browser, `/blocks/${tx.blockId}`);
    const row = page.locator("tbody tr", { has: page.locator(`a[href="/transactions/${tx._id}"]`) });
    const button = row.getByRole("button", { name: "Copy hash" });
    const opacity = () => button.evaluate((element) => getComputedStyle(element.parentElement!).opacity);
    await button.waitFor();
    await page.mouse.move(0, 0);
    await expect.poll(opacity).toBe("0");
    await row.hover();
    await expect.poll(opacity).toBe("1");
    await screenshot(page, "block-transactions-copy-hover-desktop-en", { fullPage: false });
    await page.mouse.move(0, 0);
    await expect.poll(opacity).toBe("0");
    await row.getByRole("link").first().focus();
    await page.keyboard.press("Tab");
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(opacity).toBe("1");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(tx._id);

    await page.evaluate(() => navigator.clipboard.writeText(""));
    await page.setViewportSize(PHONE);
    await page.mouse.move(0, 0);
    await expect.poll(opacity).toBe("1");
    await button.click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(tx._id);
    await noSidewaysScroll(page);
    await screenshot(page, "block-transactions-copy-phone-en");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  for (const { viewport, language, suffix } of OTHER_SIZES) {
    it(`fits ${viewport.width} px in ${language}`, async () => {
      const tx = multiSend;
      const { context, page } = await openDetail(browser, `/transactions/${tx._id}`, viewport, language, tx._id);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(language === "ru" ? "Транзакция" : "Transaction");
      expect(await field(page, language === "ru" ? "Комиссия" : "Fee").innerText()).toBe(`${formatCoins(amountOf(tx.fee))} AXM`);
      await noSidewaysScroll(page);
      await screenshot(page, `transaction-${suffix}`);
      if (viewport === PHONE && language === "en") await eventsFit320(page, /^Event logs/, "transaction-events-320-en");
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    });
  }
});
