// Sign-in in a real browser against the real API: a fake Keplr (injected before the app loads) whose signArbitrary is a real
// ADR-036 signature made in the test process with a devnet account's key; the token stored and sent as bearer, kept over a
// reload, forgotten on sign-out or when the API refuses it; no wallet; a signature the API refuses; the phone menu.
import { Secp256k1HdWallet, makeCosmoshubPath, type StdSignature } from "@cosmjs/amino";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adr036SignDoc } from "../../api/adr036.ts";
import { DEVNET_MNEMONIC } from "../../devnet/keys.ts";
import { PHONE, launchBrowser, openPage, pageErrors, screenshot } from "./browser.ts";

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

/** window.keplr as the extension injects it, signing with `wallet` (a wrong key when it is not the address's). */
function withWallet(wallet: () => Secp256k1HdWallet) {
  return async (context: BrowserContext) => {
    await context.exposeFunction("signWithTestKey", async (_chainId: string, signerAddress: string, data: string): Promise<StdSignature> => {
      const key = wallet();
      const { address: keyAddress } = (await key.getAccounts())[0];
      // The doc names the claimed signer; another key's signature over it is what a forged sign-in would send.
      const { signature } = await key.signAmino(keyAddress, adr036SignDoc(signerAddress, data));
      return signature;
    });
    await context.addInitScript((bech32Address) => {
      const page = window as unknown as { keplr: unknown; signWithTestKey: (...args: string[]) => Promise<unknown> };
      page.keplr = {
        enable: async () => {},
        getKey: async () => ({ bech32Address }),
        signArbitrary: (chainId: string, signerAddress: string, data: string) => page.signWithTestKey(chainId, signerAddress, data),
      };
    }, address);
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

describe("sign-in", () => {
  it("signs in with the wallet, sends the token on every call, keeps it over a reload and forgets it on sign-out", async () => {
    const { context, page } = await openPage(browser, "/validators", { setup: withWallet(() => signer) });
    const banner = page.getByRole("banner");
    const signIn = banner.getByRole("button", { name: "Sign in" });
    await signIn.waitFor(WAIT);
    await screenshot(page, "sign-in-desktop-en-signed-out");
    await signIn.click();
    const account = banner.getByRole("button", { name: /^Signed in: axm1/ });
    await account.waitFor(WAIT);
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

  it("tells a visitor without a wallet to install Keplr or Leap", async () => {
    const { context, page } = await openPage(browser, "/");
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Install the Keplr or Leap wallet extension to sign in.", { exact: true }).waitFor(WAIT);
    expect(await token(page)).toBeNull();
    await context.close();
  });

  it("shows the token generation error when the API refuses the signature", async () => {
    const { context, page } = await openPage(browser, "/", { setup: withWallet(() => other) });
    const verify = page.waitForResponse((response) => response.url().endsWith("/api/auth/verify"));
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
    expect((await verify).status()).toBe(401);
    await page.getByText("Token generation error. Please reload the page and try again.", { exact: true }).waitFor(WAIT);
    expect(await token(page)).toBeNull();
    await context.close();
  });

  it("signs in and out from the phone menu", async () => {
    const { context, page } = await openPage(browser, "/", { viewport: PHONE, storedLanguage: "ru", setup: withWallet(() => signer) });
    await page.getByRole("banner").getByRole("button", { name: "Открыть меню" }).click();
    const menu = page.getByRole("dialog", { name: "Меню" });
    await menu.getByRole("button", { name: "Войти" }).click();
    await menu.getByText(address, { exact: true }).waitFor(WAIT);
    expect(await menu.getByText(address, { exact: true }).locator("xpath=..").textContent()).toBe(`Вы вошли: ${address}`);
    await screenshot(page, "sign-in-phone-ru-menu", VIEWPORT_ONLY);
    await menu.getByRole("button", { name: "Выйти" }).click();
    await menu.getByRole("button", { name: "Войти" }).waitFor(WAIT);
    expect(await token(page)).toBeNull();
    await context.close();
  });
});
