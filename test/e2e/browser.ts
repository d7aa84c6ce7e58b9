// Headless Debian Chromium driven by playwright-core: pages at the two widths and two languages the tests use.
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { expect, inject, onTestFailed } from "vitest";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const SCREENSHOT_DIR = new URL("../../.e2e-screenshots/", import.meta.url).pathname;

export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 375, height: 740 } as const;
export type Viewport = { width: number; height: number };

/**
 * How long an action or a locator's read waits (Playwright's own default is 30 s). A read polled by `expect.poll` runs to
 * its end even past the poll's timeout, and once more after it: with 30 s, a poll of 10 s on an element that never came
 * took a minute and ended at the test's own limit, which names no step. With 15 s it fails first, with its expectation
 * and the element it waited for.
 */
const ACTION_TIMEOUT_MS = 15_000;

export function baseUrl(): string {
  return inject("baseUrl");
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

export interface PageOptions {
  viewport?: Viewport;
  /** Language the browser announces (navigator.languages); the app's own choice may be stored over it. */
  locale?: string;
  /** A language stored as the visitor's choice before the app loads. */
  storedLanguage?: string;
  /** A touch screen, for swipes (swipeDown). */
  hasTouch?: boolean;
  /** The browser's time zone (IANA name); UTC unless a test says otherwise. */
  timezoneId?: string;
  /** The visitor's motion preference: "reduce" turns the app's fades into plain shows and hides. */
  reducedMotion?: "reduce" | "no-preference";
  /** The system's colour setting (prefers-color-scheme), which the app's theme follows until the visitor chooses. */
  colorScheme?: "light" | "dark";
  /** Runs on the new context before the page opens: init scripts, exposed functions, routes. */
  setup?: (context: BrowserContext) => Promise<unknown>;
}

/** A new browser context (fresh storage) and page at `path`, with the clipboard allowed. */
export async function openPage(browser: Browser, path: string, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    locale: options.locale ?? "en-US",
    baseURL: baseUrl(),
    timezoneId: options.timezoneId ?? "UTC",
    hasTouch: options.hasTouch ?? false,
    reducedMotion: options.reducedMotion ?? "no-preference",
    colorScheme: options.colorScheme ?? "light",
  });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
  if (options.storedLanguage) {
    await context.addInitScript((language) => localStorage.setItem("language", language), options.storedLanguage);
  }
  await options.setup?.(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  (page as Page & { errors?: string[] }).errors = errors;
  const test = expect.getState().currentTestName;
  // A test that fails leaves the page as it was then in .e2e-screenshots/failed-*.png (pages opened in a beforeAll do not).
  if (test) onTestFailed(() => failureScreenshot(page, test));
  await page.goto(path);
  return { context, page };
}

/**
 * A route change as a link makes it (the history entry and the router's popstate, no reload), done once `ready` matches
 * content of the new screen and nothing in main is loading; `what` names the screen if it never does.
 */
export async function navigateInApp(page: Page, path: string, ready: string, what: string, timeout: number): Promise<void> {
  // What the last screen showed is marked, so that only the new screen's content counts as ready.
  await page.evaluate(
    ({ path, ready }) => {
      if (location.pathname + location.search === path) return;
      for (const element of document.querySelectorAll(ready)) element.setAttribute("data-stale", "");
      history.pushState(null, "", path);
      dispatchEvent(new PopStateEvent("popstate"));
    },
    { path, ready },
  );
  const fresh = ready
    .split(",")
    .map((part) => `${part.trim()}:not([data-stale])`)
    .join(", ");
  // Checked every frame (a locator's wait polls in steps of up to half a second): the new content, nothing loading.
  await page
    .waitForFunction((ready) => document.querySelector(ready) !== null && document.querySelector('main [aria-busy="true"]') === null, fresh, {
      timeout,
      polling: "raf",
    })
    .catch(async (error: Error) => {
      throw new Error(`${what} (${path}) never showed ${ready}: ${error.message} ${await screenState(page, fresh)}`);
    });
}

/** What a screen that never became ready showed: its address, whether the new content came, and what was still busy. */
async function screenState(page: Page, fresh: string): Promise<string> {
  return page
    .evaluate((fresh) => {
      const busy = [...document.querySelectorAll('main [aria-busy="true"]')].map(
        (element) => `<${element.tagName.toLowerCase()}${element.className ? ` class="${String(element.className)}"` : ""}>`,
      );
      const alerts = [...document.querySelectorAll('main [role="alert"]')].map((element) => element.textContent?.trim());
      return `The page was at ${location.pathname + location.search}: new content ${document.querySelector(fresh) ? "shown" : "absent"}, busy: ${busy.join(" ") || "none"}, alerts: ${alerts.join(" | ") || "none"}`;
    }, fresh)
    .catch((error: Error) => `The page could not be read: ${error.message}`);
}

/** Uncaught errors the page has thrown so far (a test ends by expecting none). */
export function pageErrors(page: Page): string[] {
  return (page as Page & { errors?: string[] }).errors ?? [];
}

/** The viewport of a failed test's page, named for the test; nothing when the page is closed or does not draw within 5 s. */
async function failureScreenshot(page: Page, test: string): Promise<void> {
  const name = test.replace(/[^a-z0-9]+/gi, "-").slice(0, 120);
  await page.screenshot({ path: `${SCREENSHOT_DIR}failed-${name}.png`, timeout: 5_000 }).catch(() => undefined);
}

/**
 * Time for one screenshot to look at. A full-page picture of a long page (the support view after several loads of
 * operations) passed the actions' 15 s on a busy two-core machine in a CI run. The picture is for people, and what the
 * test checks was checked before it; 30 s still leaves the rest of the test its time (60 s in all).
 */
const SCREENSHOT_TIMEOUT_MS = 30_000;

/** A full-page screenshot in .e2e-screenshots/ to look at after the run; only the viewport for what is fixed to it (dialogs, covers). */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, fullPage: options.fullPage ?? true, timeout: SCREENSHOT_TIMEOUT_MS });
}

/** The API's answer, for checking the screen against the data. */
export async function apiGet<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`);
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** A one-finger drag straight down from (x, y) by `distance` pixels, as real touch events (the context needs hasTouch). */
export async function swipeDown(page: Page, x: number, y: number, distance: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", at: number) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y: at }] });
  await touch("touchStart", y);
  for (let step = 1; step <= 8; step++) await touch("touchMove", y + (distance * step) / 8);
  await touch("touchEnd", y + distance);
  await cdp.detach();
}

/** Waits until every CSS transition and animation that ends (a sheet springing back; spinners never do) has run to its end. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
}
