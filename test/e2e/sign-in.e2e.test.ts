// Sign-in in a real browser against the real API: a fake Keplr (injected before the app loads) that records the chain
// suggested to it and whose signArbitrary is a real ADR-036 signature made in the test process with a devnet account's
// key; the token stored and sent as bearer, kept over a reload, forgotten on sign-out or when the API refuses it; no
// wallet; a refused chain; a signature the API refuses; the phone menu. And the Axiome Wallet way: the code read from the
// popup (desktop) or its axiomesign:// link (phone), its transfer sent by cosmjs to the explorer's devnet, and the page
// signing in once the transfer is indexed.
import { Secp256k1HdWallet, makeCosmoshubPath, type StdSignature } from "@cosmjs/amino";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { SigningStargateClient } from "@cosmjs/stargate";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adr036SignDoc } from "../../api/adr036.ts";
import { buildGenesis } from "../../devnet/genesis.ts";
import { DEFAULT_SEED } from "../../devnet/defaults.ts";
import { DEVNET_MNEMONIC } from "../../devnet/keys.ts";
import type { AppConfig } from "../../shapes/service.ts";
import { PHONE, apiGet, launchBrowser, openPage, pageErrors, screenshot } from "./browser.ts";

const WAIT = { timeout: 10_000 };
const VIEWPORT_ONLY = { fullPage: false };

let browser: Browser;
let signer: Secp256k1HdWallet;
let other: Secp256k1HdWallet;
let address: string;

beforeAll(async () => {
  browser = await launchBrowser();
  signer = await Secp256k1HdWallet.fromMnemonic(DEVNET_MNEMONIC, { prefix: "axm", hdPaths: [makeCosmoshubPath(7)] });
  other = await Secp256k1HdWallet.fromMnemonic(DEVNET_MNEMONIC, { prefix: "axm", hdPaths: [makeCosmoshubPath(8)] });
  address = (await signer.getAccounts())[0].address;
});
afterAll(async () => {
  await browser?.close();
});

/** What the fake wallet was asked, in order: the method and its first argument. */
const walletCalls = (page: Page) => page.evaluate(() => (window as unknown as { walletCalls: [string, unknown][] }).walletCalls);

/**
 * window.keplr as the extension injects it, signing with `wallet` (a wrong key when it is not the address's), recording
 * each call; `refuseChain`: the visitor closes the add-chain popup.
 */
function withWallet(wallet: () => Secp256k1HdWallet, refuseChain = false) {
  return async (context: BrowserContext) => {
    await context.exposeFunction("signWithTestKey", async (_chainId: string, signerAddress: string, data: string): Promise<StdSignature> => {
      const key = wallet();
      const { address: keyAddress } = (await key.getAccounts())[0];
      // The doc names the claimed signer; another key's signature over it is what a forged sign-in would send.
      const { signature } = await key.signAmino(keyAddress, adr036SignDoc(signerAddress, data));
      return signature;
    });
    await context.addInitScript(
      ([bech32Address, refuse]) => {
        const page = window as unknown as { keplr: unknown; walletCalls: [string, unknown][]; signWithTestKey: (...args: string[]) => Promise<unknown> };
        page.walletCalls = [];
        page.keplr = {
          experimentalSuggestChain: async (chainInfo: unknown) => {
            page.walletCalls.push(["experimentalSuggestChain", chainInfo]);
            if (refuse) throw new Error("Request rejected");
          },
          enable: async (chainId: string) => void page.walletCalls.push(["enable", chainId]),
          getKey: async () => ({ bech32Address }),
          signArbitrary: (chainId: string, signerAddress: string, data: string) => {
            page.walletCalls.push(["signArbitrary", chainId]);
            return page.signWithTestKey(chainId, signerAddress, data);
          },
        };
      },
      [address, refuseChain] as const,
    );
  };
}

/** The Authorization headers of the page's API calls, in order ("" for none). */
function authorizations(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/")) seen.push(request.headers().authorization ?? "");
  });
  return seen;
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem("authToken"));

/** Opens the sign-in popup from `where` (the header, or the phone menu) and presses its Keplr or Leap button. */
async function signInWithExtension(
  page: Page,
  where = page.getByRole("banner"),
  names = { open: "Sign in", title: "Sign in", button: "Sign in with Keplr or Leap" },
) {
  await where.getByRole("button", { name: names.open, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: names.title, exact: true });
  await dialog.getByRole("button", { name: names.button }).click();
  return dialog;
}

describe("sign-in", () => {
  it("signs in with the wallet, sends the token on every call, keeps it over a reload and forgets it on sign-out", async () => {
    const { context, page } = await openPage(browser, "/validators", { setup: withWallet(() => signer) });
    const banner = page.getByRole("banner");
    const signIn = banner.getByRole("button", { name: "Sign in", exact: true });
    await signIn.waitFor(WAIT);
    await screenshot(page, "sign-in-desktop-en-signed-out");
    await signIn.click();
    const dialog = page.getByRole("dialog", { name: "Sign in", exact: true });
    await dialog.getByRole("heading", { name: "Keplr or Leap (browser extension)" }).waitFor(WAIT);
    await screenshot(page, "sign-in-desktop-en-dialog", VIEWPORT_ONLY);
    await dialog.getByRole("button", { name: "Sign in with Keplr or Leap" }).click();
    const account = banner.getByRole("button", { name: /^Signed in: axm1/ });
    await account.waitFor(WAIT);
    expect(await dialog.count()).toBe(0);
    // The chain was suggested first, as /api/config gives it, then enabled, then the challenge signed.
    const config = await apiGet<AppConfig>("/config");
    const calls = await walletCalls(page);
    expect(calls.map(([method]) => method)).toEqual(["experimentalSuggestChain", "enable", "signArbitrary"]);
    expect(calls[0][1]).toEqual(config.walletChain);
    expect(config.walletChain).toMatchObject({
      chainId: config.chainId,
      bech32Config: { bech32PrefixAccAddr: "axm", bech32PrefixValAddr: "axmvaloper" },
      stakeCurrency: { coinDenom: "AXM", coinMinimalDenom: "uaxm", coinDecimals: 6 },
    });
    expect(await account.textContent()).toBe(`Signed in: ${address.slice(0, 8)}...${address.slice(-4)}`);
    expect(await account.evaluate((element) => element === document.activeElement)).toBe(true);
    const stored = await token(page);
    expect(stored).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await page.evaluate(() => localStorage.getItem("authAddress"))).toBe(address);

    const sent = authorizations(page);
    const me = page.waitForResponse((response) => response.url().endsWith("/api/auth/me"));
    await page.reload();
    expect((await me).status()).toBe(200);
    await account.waitFor(WAIT);
    await page.getByRole("main").getByRole("tab").first().waitFor(WAIT);
    expect(sent.length).toBeGreaterThan(2);
    expect(new Set(sent)).toEqual(new Set([`Bearer ${stored}`]));

    await account.click();
    expect(await banner.getByText(address, { exact: true }).isVisible()).toBe(true);
    await screenshot(page, "sign-in-desktop-en-signed-in");
    await banner.getByRole("button", { name: "Sign out" }).click();
    await signIn.waitFor(WAIT);
    expect(await signIn.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await token(page)).toBeNull();
    sent.length = 0;
    await page.goto("/transactions");
    await page.getByRole("main").locator('a[href^="/transactions/"]').first().waitFor(WAIT);
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent)).toEqual(new Set([""]));
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("forgets a stored token the API does not accept", async () => {
    const { context, page } = await openPage(browser, "/", {
      setup: (context) =>
        context.addInitScript(() => {
          if (!sessionStorage.getItem("seeded")) {
            sessionStorage.setItem("seeded", "1");
            localStorage.setItem("authToken", "not.a.token");
            localStorage.setItem("authAddress", "axm1forged");
          }
        }),
    });
    await expect.poll(() => token(page), WAIT).toBeNull();
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).waitFor(WAIT);
    await context.close();
  });

  it("tells a visitor without a wallet to install Keplr or Leap, or use Axiome Wallet", async () => {
    const { context, page } = await openPage(browser, "/");
    await signInWithExtension(page);
    await page.getByText("Install the Keplr or Leap wallet extension, or sign in with Axiome Wallet.", { exact: true }).waitFor(WAIT);
    expect(await token(page)).toBeNull();
    await context.close();
  });

  it("tells that the wallet did not add the chain when the visitor refuses it, and stays signed out", async () => {
    const { context, page } = await openPage(browser, "/", { setup: withWallet(() => signer, true) });
    await signInWithExtension(page);
    await page.getByText("The wallet did not add the AXM chain, so it cannot sign in. Try again and approve adding the chain.", { exact: true }).waitFor(WAIT);
    expect((await walletCalls(page)).map(([method]) => method)).toEqual(["experimentalSuggestChain"]);
    expect(await token(page)).toBeNull();
    expect(await page.getByRole("banner").getByRole("button", { name: "Sign in", exact: true }).isVisible()).toBe(true);
    await context.close();
  });

  it("shows the token generation error when the API refuses the signature", async () => {
    const { context, page } = await openPage(browser, "/", { setup: withWallet(() => other) });
    const verify = page.waitForResponse((response) => response.url().endsWith("/api/auth/verify"));
    await signInWithExtension(page);
    expect((await verify).status()).toBe(401);
    await page.getByText("Token generation error. Please reload the page and try again.", { exact: true }).waitFor(WAIT);
    expect(await token(page)).toBeNull();
    await context.close();
  });

  it("signs in and out from the phone menu", async () => {
    const { context, page } = await openPage(browser, "/", { viewport: PHONE, storedLanguage: "ru", setup: withWallet(() => signer) });
    await page.getByRole("banner").getByRole("button", { name: "Открыть меню" }).click();
    const menu = page.getByRole("dialog", { name: "Меню" });
    await signInWithExtension(page, menu, { open: "Войти", title: "Вход", button: "Войти через Keplr или Leap" });
    await menu.getByText(address, { exact: true }).waitFor(WAIT);
    expect(await menu.getByText(address, { exact: true }).locator("xpath=..").textContent()).toBe(`Вы вошли: ${address}`);
    await screenshot(page, "sign-in-phone-ru-menu", VIEWPORT_ONLY);
    await menu.getByRole("button", { name: "Выйти" }).click();
    await menu.getByRole("button", { name: "Войти", exact: true }).waitFor(WAIT);
    expect(await token(page)).toBeNull();
    await context.close();
  });
});

/** Accounts of the explorer's devnet that its workload never uses, with their key indexes: each test sends from its own. */
function quietAccount(n: number): { address: string; index: number } {
  const { info } = buildGenesis({ seed: DEFAULT_SEED, chainId: "any" });
  const address = info.quietAccounts[info.quietAccounts.length - 1 - n];
  return { address, index: info.accounts.find((a) => a.address === address)!.mnemonicIndex };
}

/** What the Axiome Wallet does with the request: signs the transfer with the account's key and sends it to the devnet's RPC. */
async function sendAsWallet(account: { address: string; index: number }, to: string, amount: string, memo: string): Promise<void> {
  const { walletChain } = await apiGet<AppConfig>("/config");
  const rpc = new URL(walletChain!.rpc);
  rpc.hostname = "127.0.0.1";
  const key = await DirectSecp256k1HdWallet.fromMnemonic(DEVNET_MNEMONIC, { prefix: "axm", hdPaths: [makeCosmoshubPath(account.index)] });
  const client = await SigningStargateClient.connectWithSigner(rpc.toString(), key);
  const fee = { amount: [{ denom: "uaxm", amount: "5000" }], gas: "200000" };
  await client.signAndBroadcastSync(
    account.address,
    [{ typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: account.address, toAddress: to, amount: [{ denom: "uaxm", amount }] } }],
    fee,
    memo,
  );
  client.disconnect();
}

/** Blocks come every 5 s; the page polls every 4 s. */
const INDEXED = { timeout: 40_000 };

describe("sign-in with Axiome Wallet (a transfer with a one-time code)", () => {
  it("on a desktop: a QR code and the transfer in words; the transfer sent, the page signs in", async () => {
    const account = quietAccount(0);
    const { context, page } = await openPage(browser, "/validators");
    await page.getByRole("banner").getByRole("button", { name: "Sign in", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in", exact: true });
    await dialog.getByLabel("Your AXM address").fill(account.address);
    await dialog.getByRole("button", { name: "Get the sign-in code" }).click();
    await dialog.getByRole("img", { name: "QR code of the sign-in transfer for Axiome Wallet" }).waitFor(WAIT);
    expect(await dialog.getByRole("link", { name: "Open Axiome Wallet" }).count()).toBe(0);
    const memo = (await dialog.getByText(/^axm-explorer-signin:/).textContent())!;
    expect(memo).toMatch(/^axm-explorer-signin:[\w-]{22}$/);
    await dialog.getByText(/^Waiting for the transfer/).waitFor(WAIT);
    await screenshot(page, "sign-in-desktop-en-qr", VIEWPORT_ONLY);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.locator('html[data-theme="dark"]').waitFor({ state: "attached" });
    await screenshot(page, "sign-in-desktop-en-qr-dark", VIEWPORT_ONLY);

    await sendAsWallet(account, account.address, "1", memo);
    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Signed in: axm1/ })
      .waitFor(INDEXED);
    expect(await dialog.count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("authAddress"))).toBe(account.address);
    expect(await token(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("on a phone, in Russian: the axiomesign:// link; a transfer from another address is refused, the right one signs in", async () => {
    const account = quietAccount(1);
    const stranger = quietAccount(2);
    const { context, page } = await openPage(browser, "/", { viewport: PHONE, storedLanguage: "ru" });
    await page.getByRole("banner").getByRole("button", { name: "Открыть меню" }).click();
    await page.getByRole("dialog", { name: "Меню" }).getByRole("button", { name: "Войти", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Вход", exact: true });
    await dialog.getByLabel("Ваш адрес AXM").fill(account.address);
    await dialog.getByRole("button", { name: "Получить код для входа" }).click();
    const link = dialog.getByRole("link", { name: "Открыть Axiome Wallet" });
    await link.waitFor(WAIT);
    expect(await dialog.getByRole("img").count()).toBe(0);
    await screenshot(page, "sign-in-phone-ru-link", VIEWPORT_ONLY);
    const href = (await link.getAttribute("href"))!;
    expect(href.startsWith("axiomesign://")).toBe(true);
    const payload = JSON.parse(Buffer.from(href.slice("axiomesign://".length), "base64").toString("utf8"));
    const { chainId } = await apiGet<AppConfig>("/config");
    expect(payload).toEqual({
      type: "bank_send",
      network: chainId,
      to_address: account.address,
      amount: [{ denom: "uaxm", amount: "1" }],
      memo: expect.stringMatching(/^axm-explorer-signin:/),
    });

    // Someone else sends the code first: refused, and the code is dead.
    await sendAsWallet(stranger, stranger.address, "1", payload.memo);
    await dialog
      .getByRole("alert")
      .filter({ hasText: `Перевод с этим кодом был не с ${account.address}` })
      .waitFor(INDEXED);
    expect(await token(page)).toBeNull();
    await dialog.getByRole("button", { name: "Получить новый код" }).click();
    await dialog.getByLabel("Ваш адрес AXM").fill(account.address);
    await dialog.getByRole("button", { name: "Получить код для входа" }).click();
    const again = JSON.parse(Buffer.from((await link.getAttribute("href"))!.slice("axiomesign://".length), "base64").toString("utf8"));
    expect(again.memo).not.toBe(payload.memo);
    await sendAsWallet(account, again.to_address, again.amount[0].amount, again.memo);
    const menu = page.getByRole("dialog", { name: "Меню" });
    await menu.getByText(account.address, { exact: true }).waitFor(INDEXED);
    expect(await dialog.count()).toBe(0);
    await screenshot(page, "sign-in-phone-ru-signed-in", VIEWPORT_ONLY);
    await menu.getByRole("button", { name: "Выйти" }).click();
    expect(await token(page)).toBeNull();
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
