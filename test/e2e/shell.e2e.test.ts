// The shell in a real browser: it loads, titles the page, and survives unknown paths.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, pageErrors } from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("shell", () => {
  it("shows the 404 view for a path with no screen", async () => {
    const { context, page } = await openPage(browser, "/no/such/page");
    await expect.poll(() => page.getByRole("heading", { name: "Page not found" }).count()).toBe(1);
    expect(await page.title()).toBe("Page not found | AXM Explorer");
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
