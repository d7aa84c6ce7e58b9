// Every screen checked by axe-core (WCAG 2.1 A and AA rules) in a real browser, at 1280 and 375 px, in two languages and
// both themes, with the header's panels, the faucet popup and the sign-in control (signed out and in) open. Each size's
// page reaches the screens in-app, so the app and axe-core load once.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppConfig, ContractPage, TeamPage, TokenListPage, Tx, Validator } from "../../web/src/api/types.ts";
import type { PollPage, ProposalDetail, ProposalPage } from "../../web/src/api/governance.ts";
import { DESKTOP, PHONE, apiGet, launchBrowser, navigateInApp, openPage } from "./browser.ts";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

let browser: Browser;
let screens: { name: string; path: string; ready: string }[];
let validator: Validator;

beforeAll(async () => {
  browser = await launchBrowser();
  const failed = await apiGet<{ data: Tx[] }>("/transactions/paginate/10/1?status=1");
  const any = await apiGet<{ data: Tx[] }>("/transactions/paginate/10/1");
  const tx = failed.data[0] ?? any.data[0];
  [validator] = await apiGet<Validator[]>("/validators/all");
  // A Leader's Progress screen, so that its leader bonus section is checked too (the programme's root while there is none).
  const [referralRoot] = (await apiGet<AppConfig>("/config")).referralRoots!;
  const leaders = await apiGet<TeamPage>(`/accounts/team/${referralRoot}/paginate/10/1?status=2`);
  const [token] = (await apiGet<TokenListPage>("/cw20/tokens")).tokens;
  const [contract] = (await apiGet<ContractPage>("/contracts?total=true&limit=10")).contracts;
  const { proposals } = await apiGet<ProposalPage>("/governance/proposals?limit=100");
  const { polls } = await apiGet<PollPage>("/governance/polls?limit=100");
  const finished = await apiGet<ProposalDetail>(`/governance/proposals/${proposals.find((p) => p.status !== "voting")!.id}`);
  const vote = finished.votes.find((v) => v.txHash !== null && v.txHash !== finished.txHash)!;
  screens = [
    { name: "home", path: "/", ready: 'main table tbody tr a[href^="/blocks/"]' },
    { name: "block", path: "/blocks/20", ready: "main [role=tablist]" },
    { name: "transactions", path: "/transactions", ready: 'main a[href^="/transactions/"]' },
    { name: "transaction", path: `/transactions/${tx._id}`, ready: "main [role=tablist]" },
    { name: "transaction JSON", path: `/transactions/${tx._id}?tab=json`, ready: "main [role=tabpanel] pre a" },
    { name: "validators", path: "/validators", ready: 'main a[href^="/validator/"]' },
    { name: "validator", path: `/validator/${validator.bech32Address}`, ready: "main table tbody tr" },
    { name: "progress", path: `/progress/${leaders.data[0]?._id ?? referralRoot}`, ready: leaders.data[0] ? "main [role=timer]" : "main table tbody tr" },
    { name: "address", path: `/address/${leaders.data[0]?._id ?? referralRoot}`, ready: 'main table tbody tr a[href^="/address/"]' },
    {
      name: "address delegations",
      path: `/address/${leaders.data[0]?._id ?? referralRoot}?tab=delegations`,
      ready: 'main [role=tabpanel] table[aria-busy="false"]',
    },
    { name: "address operations", path: `/address/${leaders.data[0]?._id ?? referralRoot}?support&tab=operations`, ready: "main ol article" },
    {
      name: "address transactions",
      path: `/address/${leaders.data[0]?._id ?? referralRoot}?tab=transactions`,
      ready: 'main tbody a[href^="/transactions/"]',
    },
    { name: "contracts", path: "/contracts", ready: 'main tbody a[href^="/contract/"]' },
    { name: "codes", path: "/contracts?tab=code", ready: 'main tbody a[href^="/code/"]' },
    { name: "contract", path: `/contract/${contract.address}`, ready: "main [role=tablist]" },
    { name: "contract state", path: `/contract/${token.id}?tab=state`, ready: "main [role=tabpanel] h3" },
    { name: "contract history", path: `/contract/${token.id}?tab=history`, ready: "main [role=tabpanel] pre" },
    { name: "code", path: `/code/${contract.code}`, ready: 'main tbody a[href^="/contract/"]' },
    { name: "token", path: `/token/${token.id}?tab=holders`, ready: "main [role=tabpanel] tbody tr" },
    { name: "token description", path: `/token/${token.id}?tab=description`, ready: "main [role=tabpanel] p" },
    { name: "governance", path: "/governance", ready: "main [role=timer]" },
    { name: "proposal", path: `/governance/proposals/${finished.id}`, ready: 'main tbody a[href^="/transactions/"]' },
    { name: "poll", path: `/governance/polls/${polls[polls.length - 1].id}`, ready: 'main tbody a[href^="/address/"]' },
    { name: "vote transaction", path: `/transactions/${vote.txHash}`, ready: 'main [role=tabpanel] a[href^="/governance/"]' },
    { name: "address governance", path: `/address/${vote.address}?tab=governance`, ready: 'main [role=tabpanel] a[href^="/governance/"]' },
    { name: "rich list", path: "/accounts", ready: 'main tbody tr:not([aria-hidden]) a[href^="/address/"]' },
    { name: "charts", path: "/charts", ready: "main [data-series] canvas" },
    { name: "charts table", path: "/charts?view=table&range=all", ready: "main [data-series] tbody tr" },
    { name: "not found", path: "/blocks/abc", ready: "main h1" },
  ];
});
afterAll(async () => {
  await browser?.close();
});

async function violations(page: Page): Promise<string[]> {
  // Evaluated through the driver: the page's Content-Security-Policy refuses inline <script> elements, as it should.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(`${AXE};void 0`);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations;
  });
  return found.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help} — ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
}

/** axe's findings in the light theme, then in the dark one: the system setting is switched under the open screen, which follows it. */
async function inBothThemes(page: Page): Promise<string[]> {
  const light = await violations(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.locator('html[data-theme="dark"]').waitFor({ state: "attached" });
  const dark = await violations(page);
  await page.emulateMedia({ colorScheme: "light" });
  await page.locator('html[data-theme="light"]').waitFor({ state: "attached" });
  return [...light, ...dark.map((line) => `dark: ${line}`)];
}

/** Every screen and popup in both themes, the governance, rich list and charts ones and the sign-in popup too: more than the default minute on a busy machine. */
const SCREENS_TIMEOUT_MS = 180_000;

describe("accessibility", () => {
  for (const { viewport, language } of [
    { viewport: DESKTOP, language: "en" },
    { viewport: PHONE, language: "ru" },
  ]) {
    it(
      `has no WCAG A/AA violations on any screen (${viewport.width} px, ${language})`,
      async () => {
        // Colours are judged at rest: without motion no element is caught half faded in (the Premium advertisement).
        const { context, page } = await openPage(browser, "/", { viewport, storedLanguage: language, reducedMotion: "reduce" });
        const report: string[] = [];
        // Reached in-app as a visitor's links reach them: axe, loaded once, stays in the page.
        for (const screen of screens) {
          await navigateInApp(page, screen.path, screen.ready, `the ${screen.name} screen`, 15_000);
          report.push(...(await inBothThemes(page)).map((line) => `${screen.name}: ${line}`));
        }
        // Opened panels too: the phone menu or the header's language dropdown, and the message-type filter.
        await page.goto("/transactions");
        await page.locator('main a[href^="/transactions/"]').first().waitFor({ timeout: 15_000 });
        const opener =
          viewport === PHONE ? page.getByRole("banner").getByRole("button").last() : page.getByRole("banner").getByRole("button", { name: /Language|Язык/ });
        await opener.click();
        await page.getByText("Deutsch", { exact: true }).first().waitFor();
        report.push(...(await inBothThemes(page)).map((line) => `open header panel: ${line}`));
        // The search's suggestions, one highlighted: in the phone menu just opened, in the header on a desktop.
        const search = (viewport === PHONE ? page.getByRole("dialog") : page.getByRole("banner")).getByRole("combobox");
        await search.fill("harbor");
        const suggestions = page.getByRole("listbox", { name: /Suggestions|Подсказки/ });
        await suggestions.getByRole("option").first().waitFor();
        await search.press("ArrowDown");
        await suggestions.getByRole("option", { selected: true }).waitFor();
        report.push(...(await inBothThemes(page)).map((line) => `search suggestions: ${line}`));
        await search.press("Escape");
        await page.keyboard.press("Escape");
        await page.getByRole("main").getByRole("button").first().click();
        await page.getByRole("main").getByRole("checkbox").first().waitFor();
        report.push(...(await inBothThemes(page)).map((line) => `open filter: ${line}`));
        await page.keyboard.press("Escape");

        // The faucet popup, opened from the header or the phone menu; the menu stays open under it, Sign in included.
        const faucet = /Get test AXM|Получить тестовые AXM/;
        if (viewport === PHONE) {
          await opener.click();
          await page.getByRole("dialog").getByRole("button", { name: faucet }).click();
        } else {
          await page.getByRole("banner").getByRole("button", { name: faucet }).click();
        }
        await page.getByRole("dialog", { name: faucet }).getByRole("textbox").waitFor();
        report.push(...(await inBothThemes(page)).map((line) => `open faucet popup: ${line}`));
        await page.keyboard.press("Escape");
        await page.getByRole("dialog", { name: faucet }).waitFor({ state: "detached" });
        if (viewport === PHONE) report.push(...(await inBothThemes(page)).map((line) => `phone menu with Sign in: ${line}`));

        // The sign-in popup with a code asked for: a QR code on a desktop, the Axiome Wallet link on a phone.
        const signIn = viewport === PHONE ? page.getByRole("dialog") : page.getByRole("banner");
        await signIn.getByRole("button", { name: /^(Sign in|Войти)$/ }).click();
        const signInDialog = page.getByRole("dialog", { name: /^(Sign in|Вход)$/ });
        await signInDialog.getByRole("textbox").fill(validator.address);
        await signInDialog.getByRole("button", { name: /Get the sign-in code|Получить код для входа/ }).click();
        await signInDialog.locator(viewport === PHONE ? 'a[href^="axiomesign://"]' : "svg[role=img]").waitFor();
        report.push(...(await inBothThemes(page)).map((line) => `sign-in popup: ${line}`));
        await page.keyboard.press("Escape");
        await signInDialog.waitFor({ state: "detached" });

        // Signed in (a stored token the API is made to accept): the account dropdown, or the phone menu's account section.
        await page.route("**/api/auth/me", (route) => route.fulfill({ json: { address: validator.address, expiresAt: "2100-01-01T00:00:00.000Z" } }));
        await page.evaluate((address) => {
          localStorage.setItem("authToken", "a.b.c");
          localStorage.setItem("authAddress", address);
        }, validator.address);
        await page.goto("/validators");
        await page.locator('main a[href^="/validator/"]').first().waitFor({ timeout: 15_000 });
        const account = /Signed in|Вы вошли/;
        if (viewport === PHONE) {
          await opener.click();
          await page.getByRole("dialog").getByText(account).waitFor();
        } else {
          await page.getByRole("banner").getByRole("button", { name: account }).click();
          await page
            .getByRole("banner")
            .getByRole("button", { name: /Sign out|Выйти/ })
            .waitFor();
        }
        report.push(...(await inBothThemes(page)).map((line) => `signed in: ${line}`));
        expect(report).toEqual([]);
        await context.close();
      },
      SCREENS_TIMEOUT_MS,
    );
  }
});
