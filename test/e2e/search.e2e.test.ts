// The global search's suggestions in a real browser against the devnet: a moniker with a space, a token symbol, a
// nickname's start and a contract label typed into the header's box, the list with each hit's kind, the keyboard
// (ArrowDown/ArrowUp, Enter, Escape), the mouse, and 'Invalid search format' for text that cannot be anything; then
// the phone menu's box at 375 px in Russian. One browser page throughout.
import { copyFile, mkdir } from "node:fs/promises";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Suggestion, TokenListPage, Validator } from "../../web/src/api/types.ts";
import { DESKTOP, PHONE, SCREENSHOT_DIR, apiGet, launchBrowser, openPage, pageErrors, screenshot } from "./browser.ts";
import { noSidewaysScroll } from "./steps.ts";

const WAIT = { timeout: 10_000 };
/** Where the screenshots are copied for looking at them beside the other parts of issue 15. */
const SHOTS = "/tmp/shots-search/";

let browser: Browser;
let context: BrowserContext;
let page: Page;
let cobalt: string;
let gold: string;

beforeAll(async () => {
  browser = await launchBrowser();
  cobalt = (await apiGet<Validator[]>("/validators/all")).find((v) => v.name === "Cobalt Validator")!.bech32Address;
  gold = (await apiGet<TokenListPage>("/cw20/tokens")).tokens.find((t) => t.symbol === "AXMG")!.id;
  ({ context, page } = await openPage(browser, "/", { viewport: DESKTOP }));
  await mkdir(SHOTS, { recursive: true });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const pathOf = () => decodeURIComponent(new URL(page.url()).pathname);
const headerBox = () => page.getByRole("banner").getByRole("combobox", { name: "Search the blockchain" });
const options = (scope: Page | Locator) => scope.getByRole("listbox").getByRole("option");

/** The options' texts once the list shows `first` at its top. */
async function listed(scope: Page | Locator, first: RegExp): Promise<string[]> {
  await expect
    .poll(
      () =>
        options(scope)
          .first()
          .innerText({ timeout: 1_000 })
          .catch(() => ""),
      WAIT,
    )
    .toMatch(first);
  return options(scope).allInnerTexts();
}

async function shot(name: string): Promise<void> {
  await screenshot(page, name, { fullPage: false });
  await copyFile(`${SCREENSHOT_DIR}${name}.png`, `${SHOTS}${name}.png`);
}

describe("search suggestions", () => {
  it("finds a moniker with a space, a token symbol, a nickname's start and a contract label, with their kinds, by keyboard and mouse (1280 px)", async () => {
    const box = headerBox();
    await box.click();
    await box.pressSequentially("cobalt val");
    const forCobalt = await listed(page, /Cobalt Validator/);
    expect(forCobalt[0]).toMatch(/^Validator\s+Cobalt Validator\s+axmvaloper1/);
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    await shot("search-desktop-en-moniker");
    await box.press("ArrowDown");
    expect(await options(page).first().getAttribute("aria-selected")).toBe("true");
    expect(await box.getAttribute("aria-activedescendant")).toBe(await options(page).first().getAttribute("id"));
    await box.press("Enter");
    await expect.poll(pathOf, WAIT).toBe(`/validator/${cobalt}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText(), WAIT).toBe("Cobalt Validator");
    expect(await box.inputValue()).toBe("");

    await box.fill("AXMG");
    expect((await listed(page, /AXMG/))[0]).toMatch(/^Token\s+AXMG\s+Axiome Gold$/);
    await box.press("ArrowDown");
    await box.press("Enter");
    await expect.poll(pathOf, WAIT).toBe(`/token/${gold}`);

    const expected = await apiGet<Suggestion[]>("/blockchain/search/suggest?q=swift");
    await box.fill("Swift");
    const nicknames = await listed(page, new RegExp(expected[0].label));
    expect(nicknames.length).toBe(expected.length);
    expect(nicknames.every((text) => /^Address\s+Swift/.test(text))).toBe(true);
    await shot("search-desktop-en-nicknames");
    for (const key of ["ArrowDown", "ArrowDown", "ArrowDown", "ArrowUp"]) await box.press(key);
    expect(await options(page).nth(1).getAttribute("aria-selected")).toBe("true");
    await box.press("Enter");
    await expect.poll(pathOf, WAIT).toBe(`/address/${expected[1].id}`);

    await box.fill("weekly lot");
    await listed(page, /Weekly Lottery/);
    await box.press("Escape");
    await expect.poll(() => page.getByRole("listbox").count(), WAIT).toBe(0);
    expect(await box.inputValue()).toBe("weekly lot");
    await box.press("ArrowDown");
    const lottery = options(page).first();
    await lottery.waitFor(WAIT);
    expect(await lottery.innerText()).toMatch(/^Contract\s+Weekly Lottery\s+axm1/);
    await lottery.click();
    await expect.poll(pathOf, WAIT).toMatch(/^\/contract\/axm1/);

    await box.fill("<script>");
    await box.press("Enter");
    await page.getByText("Invalid search format", { exact: true }).waitFor({ state: "visible", timeout: 2_000 });
    expect(await page.getByRole("listbox").count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it("lists hits under the phone menu's box within the screen, in Russian, and opens one with a press (375 px)", async () => {
    await page.setViewportSize(PHONE);
    await page.evaluate(() => localStorage.setItem("language", "ru"));
    await page.goto("/");
    await page.getByRole("button", { name: "Открыть меню" }).click();
    const menu = page.getByRole("dialog", { name: "Меню" });
    const box = menu.getByRole("combobox");
    await box.fill("harbor");
    const hits = await listed(menu, /Harbor Point/);
    expect(hits[0]).toMatch(/^Валидатор\s+Harbor Point/);
    expect(hits[1]).toMatch(/^Токен\s+HRBC\s+Harbor Credits$/);
    const list = (await menu.getByRole("listbox").boundingBox())!;
    expect(list.x).toBeGreaterThanOrEqual(0);
    expect(list.x + list.width).toBeLessThanOrEqual(PHONE.width);
    await noSidewaysScroll(page);
    await shot("search-phone-ru-harbor");
    await options(menu).nth(1).click();
    await expect.poll(pathOf, WAIT).toMatch(/^\/token\/axm1/);
    await expect.poll(() => page.getByRole("dialog").count(), WAIT).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });
});
