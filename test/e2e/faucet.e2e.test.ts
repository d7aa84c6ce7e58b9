// The devnet faucet in a real browser against the real explorer: a fresh address paid for real (its transaction from the
// faucet account indexed), the second request of the day refused, a bad address caught in the page; keyboard use; and on
// a 375 px phone the button in the menu and the bottom sheet that a swipe down closes.
import { randomBytes } from "node:crypto";
import { toBech32 } from "@cosmjs/encoding";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deriveAccounts } from "../../devnet/keys.ts";
import { PHONE, apiGet, launchBrowser, openPage, pageErrors, screenshot, settled, swipeDown } from "./browser.ts";

interface TxRow {
  _id: string;
  type: string[];
}
interface TxDetail {
  tx: { body: { messages: { "@type": string; from_address?: string; to_address?: string; amount?: { denom: string; amount: string }[] }[] } };
}

const FAUCET_ACCOUNT = deriveAccounts(1)[0].address;
const WAIT = { timeout: 10_000 };
const VIEWPORT_ONLY = { fullPage: false };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const freshAddress = () => toBech32("axm", randomBytes(20));

/** Paths of the faucet calls the page makes. */
function faucetRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/faucet/request")) seen.push(request.postData() ?? "");
  });
  return seen;
}

async function request(page: Page, address: string): Promise<void> {
  await page.getByRole("banner").getByRole("button", { name: "Get test AXM" }).click();
  const dialog = page.getByRole("dialog", { name: "Get test AXM" });
  await dialog.getByRole("textbox", { name: "Your AXM address" }).fill(address);
  await dialog.getByRole("button", { name: "Get coins" }).click();
}

describe("faucet", () => {
  it("pays a fresh address 5,000 AXM for real once, refuses the second request of the day and catches a bad address", async () => {
    const { context, page } = await openPage(browser, "/");
    const sent = faucetRequests(page);
    const button = page.getByRole("banner").getByRole("button", { name: "Get test AXM" });
    await button.waitFor(WAIT);

    await button.click();
    const dialog = page.getByRole("dialog", { name: "Get test AXM" });
    const input = dialog.getByRole("textbox", { name: "Your AXM address" });
    await input.waitFor();
    expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
    await screenshot(page, "faucet-desktop-en-popup", VIEWPORT_ONLY);
    for (const bad of ["hello", toBech32("cosmos", randomBytes(20)), `${freshAddress().slice(0, -1)}x`]) {
      await input.fill(bad);
      await dialog.getByRole("button", { name: "Get coins" }).click();
      await expect.poll(() => dialog.getByRole("alert").textContent(), WAIT).toBe("Invalid address format.");
    }
    await screenshot(page, "faucet-desktop-en-invalid", VIEWPORT_ONLY);
    expect(sent).toEqual([]);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count(), WAIT).toBe(0);

    const address = freshAddress();
    await request(page, ` ${address} `);
    await page.getByText("The coins will be sent to your wallet shortly.", { exact: true }).waitFor({ timeout: 30_000 });
    await screenshot(page, "faucet-desktop-en-sent", VIEWPORT_ONLY);
    expect(await dialog.count()).toBe(0);
    expect(sent).toEqual([JSON.stringify({ address })]);

    // The payout is a real MsgSend from the faucet account; the indexer shows it within a few blocks.
    let payout: TxRow | undefined;
    await expect
      .poll(
        async () => {
          payout = (await apiGet<{ data: TxRow[] }>(`/transactions/paginate/10/1?address=${address}`)).data[0];
          return payout?.type;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toEqual(["/cosmos.bank.v1beta1.MsgSend"]);
    const message = (await apiGet<TxDetail>(`/transactions/${payout!._id}`)).tx.body.messages[0];
    expect(message).toMatchObject({ from_address: FAUCET_ACCOUNT, to_address: address, amount: [{ denom: "uaxm", amount: "5000000000" }] });

    // Another address from this connection is refused for the connection, not blamed on an address never paid (issue 15).
    await request(page, freshAddress());
    await page.getByText("Your connection already received coins today, for another address.", { exact: true }).waitFor({ timeout: 15_000 });
    await request(page, address);
    await page.getByText("This address has already received coins today.", { exact: true }).waitFor({ timeout: 15_000 });
    expect(sent).toHaveLength(3);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("works from the keyboard: Enter opens it, Tab stays inside, Escape closes it with focus back on the button", async () => {
    const { context, page } = await openPage(browser, "/validators");
    const button = page.getByRole("banner").getByRole("button", { name: "Get test AXM" });
    await button.waitFor(WAIT);
    await button.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Get test AXM" });
    await dialog.waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? "");
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("Get coins");
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("Close");
    await page.keyboard.press("Tab");
    expect(await dialog.getByRole("textbox").evaluate((element) => element === document.activeElement)).toBe(true);
    const outline = await dialog.getByRole("textbox").evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).toBe("solid");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);

    await button.click();
    await dialog.waitFor();
    await page.mouse.click(10, 450);
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    await context.close();
  });
});

describe("faucet on a phone", () => {
  it("is in the phone menu; the popup is a bottom sheet that a swipe down closes, and so is the menu", async () => {
    const { context, page } = await openPage(browser, "/", { viewport: PHONE, hasTouch: true });
    const banner = page.getByRole("banner");
    await banner.getByRole("button", { name: "Open menu" }).waitFor(WAIT);
    expect(await banner.getByRole("button", { name: "Get test AXM" }).count()).toBe(0);
    await banner.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole("button", { name: "Get test AXM" }).click();

    const sheet = page.getByRole("dialog", { name: "Get test AXM" });
    await sheet.waitFor();
    await settled(page);
    const box = (await sheet.boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.width).toBe(PHONE.width);
    expect(Math.round(box.y + box.height)).toBe(PHONE.height);
    await screenshot(page, "faucet-phone-en-sheet", VIEWPORT_ONLY);

    // A short swipe lets it spring back; one of a quarter of its height closes it, and the menu stays.
    await swipeDown(page, PHONE.width / 2, box.y + 20, box.height / 8);
    await settled(page);
    expect(await sheet.count()).toBe(1);
    expect(Math.round((await sheet.boundingBox())!.y)).toBe(Math.round(box.y));
    await swipeDown(page, PHONE.width / 2, box.y + 20, box.height / 4 + 10);
    await expect.poll(() => sheet.count(), WAIT).toBe(0);
    expect(await menu.count()).toBe(1);

    await swipeDown(page, PHONE.width / 2, 30, 120);
    await settled(page);
    expect(await menu.count()).toBe(1);
    await swipeDown(page, PHONE.width / 2, 30, PHONE.height / 4 + 20);
    await expect.poll(() => menu.count(), WAIT).toBe(0);
    expect(await banner.getByRole("button", { name: "Open menu" }).evaluate((element) => element === document.activeElement)).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
