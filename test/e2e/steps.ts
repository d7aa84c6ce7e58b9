// What the detail screens' browser tests (Block, Transaction) look up and check alike: fields, tabs, width, copying.
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { DESKTOP, PHONE, openPage, screenshot, type Viewport } from "./browser.ts";

/** Where a detail screen is looked at besides desktop English: size, language and its screenshots' suffix. */
export const OTHER_SIZES = [
  { viewport: PHONE, language: "ru", suffix: "phone-ru" },
  { viewport: PHONE, language: "en", suffix: "phone-en" },
  { viewport: DESKTOP, language: "ru", suffix: "desktop-ru" },
];

/** The value next to a field's label, within `scope` (the page, or one part of it such as a message's card). */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
}

export function selectedTab(page: Page): Locator {
  return page.locator('[role="tab"][aria-selected="true"]');
}

export async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** Opens a detail screen at `viewport` in `language` (en or ru) once its Hash field shows `hash`. */
export async function openDetail(browser: Browser, path: string, viewport: Viewport, language: string, hash: string) {
  const { context, page } = await openPage(browser, path, { viewport, storedLanguage: language });
  const hashLabel = language === "ru" ? "Хеш" : "Hash";
  await field(page, hashLabel).waitFor();
  expect(await field(page, hashLabel).innerText()).toBe(hash);
  return { context, page, hashLabel };
}

/** The events tab at 320 px, the narrowest phone, is no wider than the screen; its screenshot is `name`. */
export async function eventsFit320(page: Page, tab: RegExp, name: string): Promise<void> {
  await page.getByRole("tab", { name: tab }).click();
  await page.setViewportSize({ width: 320, height: 740 });
  await noSidewaysScroll(page);
  await screenshot(page, name);
}

/**
 * The copy button of the English "Hash" field puts `hash` on the clipboard and says "Copied" for about a second; once the
 * clipboard refuses (from the next load on), it alerts instead and says nothing.
 */
export async function copiesHash(context: BrowserContext, page: Page, button: string, hash: string): Promise<void> {
  const status = field(page, "Hash").getByRole("status");
  await page.getByRole("button", { name: button }).click();
  await expect.poll(() => status.textContent()).toBe("Copied");
  const shownAt = Date.now();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(hash);
  await expect.poll(() => status.textContent(), { interval: 50 }).toBe("");
  expect(Date.now() - shownAt).toBeGreaterThan(700);
  expect(Date.now() - shownAt).toBeLessThan(1600);

  await context.addInitScript(() => {
    Object.defineProperty(navigator.clipboard, "writeText", { value: () => Promise.reject(new Error("denied")) });
  });
  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  await page.reload();
  await page.getByRole("button", { name: button }).click();
  await expect.poll(() => alerts).toEqual(["Could not copy to the clipboard."]);
  expect(await status.textContent()).toBe("");
}
