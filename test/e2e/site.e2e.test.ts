// What /api/config and /api/language decide in a real browser: the maintenance notice, the own-domain guard, and the first
// language from the visitor's country (bounded in time, never stored). The answers are changed with page routes, so the
// one explorer of the run serves every case.
import type { BrowserContext, Browser, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, launchBrowser, openPage, pageErrors, screenshot } from "./browser.ts";

const WAIT = { timeout: 10_000 };
const VIEWPORT_ONLY = { fullPage: false };
const CHANNELS = { en: "https://t.me/axm_news_en", ru: "https://t.me/axm_news_ru", de: "https://t.me/axm_news_de" };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Serves the real /api/config with `change` applied. */
function changedConfig(change: Record<string, unknown>) {
  return (context: BrowserContext) =>
    context.route("**/api/config", async (route: Route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), ...change } });
    });
}

describe("maintenance mode", () => {
  for (const { viewport, language, title, links } of [
    {
      viewport: DESKTOP,
      language: "en",
      title: "The mainnet is being prepared for launch",
      links: ["Channel in English", "Channel in Russian", "Channel in German"],
    },
    { viewport: PHONE, language: "ru", title: "Основная сеть готовится к запуску", links: ["Канал на английском", "Канал на русском", "Канал на немецком"] },
  ]) {
    it(`hides the app behind the notice with the three channels (${viewport.width} px, ${language})`, async () => {
      const { context, page } = await openPage(browser, "/transactions", {
        viewport,
        storedLanguage: language,
        setup: changedConfig({ maintenance: true, maintenanceChannels: CHANNELS }),
      });
      await page.getByRole("heading", { level: 1, name: title }).waitFor(WAIT);
      expect(await page.getByRole("banner").count()).toBe(0);
      expect(await page.getByRole("table").count()).toBe(0);
      const channels = page.getByRole("main").getByRole("list").getByRole("link");
      expect(await channels.allTextContents()).toEqual(links);
      expect(await channels.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")))).toEqual([CHANNELS.en, CHANNELS.ru, CHANNELS.de]);
      expect(await page.title()).toBe(`${title} | AXM Explorer`);
      await screenshot(page, `maintenance-${viewport === PHONE ? "phone" : "desktop"}-${language}`);
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    });
  }
});

describe("own-domain guard", () => {
  it("covers the main page with a blank white screen on a host that is not the product's own, and only the main page", async () => {
    const { context, page } = await openPage(browser, "/", { setup: changedConfig({ allowedHosts: ["axm-explorer.pro"] }) });
    const cover = page.locator("[data-domain-guard]");
    await cover.waitFor(WAIT);
    expect(await cover.boundingBox()).toEqual({ x: 0, y: 0, width: DESKTOP.width, height: DESKTOP.height });
    expect(await cover.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(255, 255, 255)");
    // Nothing of the page shows through or can be pressed: whatever point is hit, it is the cover.
    for (const [x, y] of [
      [640, 30],
      [100, 400],
      [1200, 880],
    ]) {
      expect(await page.evaluate(([px, py]) => document.elementFromPoint(px, py)?.hasAttribute("data-domain-guard"), [x, y])).toBe(true);
    }
    await screenshot(page, "domain-guard-desktop-en", VIEWPORT_ONLY);
    await page.goto("/validators");
    await page.getByRole("main").getByRole("tab").first().waitFor(WAIT);
    expect(await cover.count()).toBe(0);
    await context.close();
  });

  it("leaves the main page alone on the product's own host", async () => {
    const { context, page } = await openPage(browser, "/", { setup: changedConfig({ allowedHosts: ["axm-explorer.pro", "127.0.0.1"] }) });
    await page.getByRole("main").locator('a[href^="/blocks/"]').first().waitFor(WAIT);
    expect(await page.locator("[data-domain-guard]").count()).toBe(0);
    await context.close();
  });
});

describe("first language", () => {
  it("follows the visitor's country when the browser's language is not one of the seven, and stores nothing", async () => {
    const { context, page } = await openPage(browser, "/", {
      locale: "fr-FR",
      setup: (context) => context.route("**/api/language", (route) => route.fulfill({ json: { language: "de", country: "AT" } })),
    });
    await page.getByRole("banner").getByRole("button", { name: "Sprache: Deutsch" }).waitFor(WAIT);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBeNull();
    await context.close();
  });

  it("opens a Ukrainian browser (uk-UA) in Russian: its region is a country SPEC.md gives Russian, asked of no server", async () => {
    const lookups: string[] = [];
    const { context, page } = await openPage(browser, "/", {
      locale: "uk-UA",
      setup: async (context) => {
        context.on("request", (request) => {
          if (request.url().includes("/api/language")) lookups.push(request.url());
        });
      },
    });
    await page.getByRole("banner").getByRole("button", { name: "Язык: Русский" }).waitFor(WAIT);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("ru");
    expect(lookups).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBeNull();
    await context.close();
  });

  it("asks the real API, whose GeoIP knows no country for this machine: English", async () => {
    const { context, page } = await openPage(browser, "/", { locale: "fr-FR" });
    await page.getByRole("banner").getByRole("button", { name: "Language: English" }).waitFor(WAIT);
    await context.close();
  });

  it("does not wait for a slow country lookup more than 1.5 s before showing the app in English", async () => {
    const started = Date.now();
    const { context, page } = await openPage(browser, "/", {
      locale: "fr-FR",
      setup: (context) =>
        context.route("**/api/language", async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 8_000));
          await route.fulfill({ json: { language: "ru", country: "RU" } }).catch(() => {});
        }),
    });
    await page.getByRole("banner").getByRole("button", { name: "Language: English" }).waitFor(WAIT);
    // 1.5 s for the lookup, the rest for loading the page on a busy machine; well under the lookup's 8 s.
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBeNull();
    await context.close();
  });
});
