// Dark mode in a real browser: the theme follows the system setting until the visitor switches it (header at 1280 px,
// phone menu at 375 px), the choice survives a reload, and the first frame is already in the right theme.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, launchBrowser, openPage, pageErrors, screenshot } from "./browser.ts";

/** --color-bg of global.css in each theme, as getComputedStyle gives it. */
const BACKGROUND = { light: "rgb(244, 246, 251)", dark: "rgb(14, 20, 33)" };
const WAIT = { timeout: 15_000 };

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let context: BrowserContext;
let page: Page;
const cspReports: string[] = [];

/** Runs before the app's own scripts on every load: notes the theme and the page's background in the first frame and at DOMContentLoaded. */
function recordFirstPaint(): void {
  const seen: Record<string, { theme: string | null; background: string }> = {};
  (window as unknown as { themeSeen: typeof seen }).themeSeen = seen;
  const record = (moment: string) => {
    seen[moment] = {
      theme: document.documentElement.getAttribute("data-theme"),
      background: getComputedStyle(document.body ?? document.documentElement).backgroundColor,
    };
  };
  requestAnimationFrame(() => record("firstFrame"));
  document.addEventListener("DOMContentLoaded", () => record("domContentLoaded"));
}

async function expectFirstPaint(theme: "light" | "dark"): Promise<void> {
  await page.waitForFunction(() => Object.keys((window as unknown as { themeSeen: object }).themeSeen).length === 2);
  const seen = await page.evaluate(() => (window as unknown as { themeSeen: object }).themeSeen);
  const expected = { theme, background: BACKGROUND[theme] };
  expect(seen).toEqual({ firstFrame: expected, domContentLoaded: expected });
}

async function expectTheme(theme: "light" | "dark"): Promise<void> {
  await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: "attached" });
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(BACKGROUND[theme]);
}

const storedChoice = () => page.evaluate(() => localStorage.getItem("theme"));
const headerToggle = () => page.getByRole("banner").getByRole("button", { name: "Dark theme" });

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await openPage(browser, "/", {
    viewport: DESKTOP,
    colorScheme: "dark",
    reducedMotion: "reduce",
    setup: (context) => context.addInitScript(recordFirstPaint),
  }));
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspReports.push(message.text());
  });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe("dark mode", () => {
  it("follows the system setting from the first frame, and as the setting changes", async () => {
    await headerToggle().waitFor(WAIT);
    await expectFirstPaint("dark");
    expect(await headerToggle().getAttribute("aria-pressed")).toBe("true");
    await page.reload();
    await expectFirstPaint("dark");
    expect(cspReports).toEqual([]);

    await page.emulateMedia({ colorScheme: "light" });
    await expectTheme("light");
    expect(await headerToggle().getAttribute("aria-pressed")).toBe("false");
    await page.emulateMedia({ colorScheme: "dark" });
    await expectTheme("dark");
    expect(await storedChoice()).toBeNull();
  });

  it("is switched in the header, kept over a reload and over a change of the system setting, and follows the system again when switched back", async () => {
    await page.locator('main table tbody tr a[href^="/blocks/"]').first().waitFor(WAIT);
    await headerToggle().click();
    await expectTheme("light");
    expect(await headerToggle().getAttribute("aria-pressed")).toBe("false");
    expect(await storedChoice()).toBe("light");
    await screenshot(page, "theme-light-desktop", { fullPage: false });

    await page.reload();
    await expectFirstPaint("light");
    await page.emulateMedia({ colorScheme: "light" });
    await page.emulateMedia({ colorScheme: "dark" });
    await expectTheme("light");

    await headerToggle().click();
    await expectTheme("dark");
    expect(await storedChoice()).toBeNull();
    await screenshot(page, "theme-dark-desktop", { fullPage: false });
  });

  it("is switched in the phone menu at 375 px and kept over a reload", async () => {
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: "light" });
    await expectTheme("light");
    await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    const toggle = menu.getByRole("button", { name: "Dark theme" });
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    await toggle.click();
    await expectTheme("dark");
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    expect(await storedChoice()).toBe("dark");
    await screenshot(page, "theme-dark-phone-menu", { fullPage: false });

    await page.reload();
    await expectFirstPaint("dark");
    await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    await toggle.click();
    await expectTheme("light");
    expect(await storedChoice()).toBeNull();
    expect(cspReports).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });

  it("gives validator logos a light disc in the dark theme, for dark marks on a transparent ground", async () => {
    await page.setViewportSize(DESKTOP);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(new URL("/validators", page.url()).href);
    const logo = page.locator("main tbody img").first();
    await logo.waitFor(WAIT);
    const background = () => logo.evaluate((image) => getComputedStyle(image).backgroundColor);
    expect(await background()).toBe("rgb(255, 255, 255)");
    await page.emulateMedia({ colorScheme: "light" });
    await expectTheme("light");
    expect(await background()).not.toBe("rgb(255, 255, 255)");
  });
});
