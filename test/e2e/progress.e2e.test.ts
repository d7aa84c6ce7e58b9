// The Progress screen in a real browser, checked against the API: a Leader-or-above account and a Starter, percentages as
// core computes them from the API's criteria, the status popup by keyboard and by click with its conditions, the leader
// section (countdown, KPI bar colours, earning, rating, KPI popup); 1280 and 375 px (bottom sheet, swipe), en and ru.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCoins, formatFixed, formatInteger, shortenAddress } from "../../core/format.ts";
import { RULE, RULE_NAMES, isGot, progressPercent, type Criterion, type Rule } from "../../core/partnership-conditions.ts";
import { payoutCountdownMs } from "../../core/partnership-countdown.ts";
import type { AccountInfo, AppConfig, LeaderBonusTable, StatusCriterion, StatusKpi, StatusProgress, TeamPage } from "../../web/src/api/types.ts";
import { DESKTOP, PHONE, apiGet, launchBrowser, openPage, pageErrors, screenshot, settled, swipeDown } from "./browser.ts";
import { shortenNickname } from "../../web/src/components/shortening.ts";
import { noSidewaysScroll } from "./steps.ts";

const WAIT = { timeout: 15_000 };
const STATUS_NAMES = ["No status", "Starter", "Leader", "Guru", "Boss", "Pro", "Top", "Mega"];
const RULE_BY_NAME = new Map(Object.entries(RULE_NAMES).map(([rule, name]) => [name, Number(rule) as Rule]));

let browser: Browser;
let leader: string;
let referralRoot: string;

/** The first account of the programme (the root included) whose status is one of `statuses`, highest first. */
async function accountWithStatus(root: string, statuses: number[]): Promise<string> {
  for (const status of statuses) {
    const info = await apiGet<AccountInfo>(`/accounts/info/${root}?fields=referral`);
    if (info.referral?.status === status) return root;
    const team = await apiGet<TeamPage>(`/accounts/team/${root}/paginate/10/1?status=${status}`);
    if (team.data.length > 0) return team.data[0]._id;
  }
  throw new Error(`no account with status ${statuses.join(", ")}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const { referralRoots } = await apiGet<AppConfig>("/config");
  referralRoot = referralRoots![0];
  leader = await accountWithStatus(referralRoot, [7, 6, 5, 4, 3, 2]);
});
afterAll(async () => {
  await browser?.close();
});

const criteria = (list: StatusCriterion[]): Criterion[] =>
  list.map((c) => ({
    rule: RULE_BY_NAME.get(c.rule)!,
    actual: BigInt(c.actual_value),
    target: BigInt(c.target_value),
    parameterX: c.parameter_x,
    met: BigInt(c.actual_value) >= BigInt(c.target_value),
  }));

const STATE_WORDS = { en: ["Got", "In process"], ru: ["Получен", "В процессе"] };

/** Each status's row as the screen should show it from the API's criteria: percentage and Got / In process. */
function expectedRows(progress: StatusProgress, language: "en" | "ru"): string[][] {
  const [got, inProcess] = STATE_WORDS[language];
  return ["1", "2", "3", "4", "5", "6", "7"].map((status) => {
    const percent = progressPercent(criteria(progress[status]));
    return [`${formatFixed(percent)} %`, isGot(percent) ? got : inProcess];
  });
}

const statusTable = (page: Page) => page.getByRole("table", { name: /^(Statuses|Статусы)$/ });
const shownRows = (page: Page) =>
  statusTable(page)
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("td")].map((td) => td.textContent)));

/** Blocks keep coming: the page is read (and reloaded) until its rows agree with the API read at that moment. */
async function openAgreeing(page: Page, address: string, language: "en" | "ru" = "en"): Promise<StatusProgress> {
  let progress: StatusProgress = {};
  await expect
    .poll(
      async () => {
        progress = await apiGet<StatusProgress>(`/accounts/status-progress-full/${address}`);
        if ((await statusTable(page).locator("tbody tr").count()) < 7) return false;
        if (JSON.stringify(await shownRows(page)) === JSON.stringify(expectedRows(progress, language))) return true;
        await page.reload();
        return false;
      },
      { timeout: 45_000, interval: 1000 },
    )
    .toBe(true);
  return progress;
}

/** A condition in the words of the English popup, with the API's actual and target values. */
function conditionText(c: StatusCriterion): string {
  const count = `${formatInteger(c.actual_value)} / ${formatInteger(c.target_value)}`;
  const met = BigInt(c.actual_value) >= BigInt(c.target_value) ? "(met)" : "(not met yet)";
  switch (RULE_BY_NAME.get(c.rule)) {
    case RULE.SELF_STAKE:
      return `Self delegation ${formatCoins(c.actual_value, 2)} / ${formatCoins(c.target_value, 2)} AXM ${met}`;
    case RULE.N_COINS_IN_STRUCTURE:
      return `Team delegation ${count} AXM ${met}`;
    case RULE.N_REFERRALS_WITH_X_REFERRALS_EACH:
      return c.parameter_x === 0
        ? `First-line partners delegating 100 AXM ${count} ${met}`
        : `First-line partners with ${c.parameter_x} active partner${c.parameter_x === 1 ? "" : "s"} each ${count} ${met}`;
    default:
      return `Branches of ${c.parameter_x} ${c.parameter_x === 1 ? "person" : "people"} ${count} ${met}`;
  }
}

/** The popup's conditions, one line each, as read on screen. */
const shownConditions = (dialog: Locator) =>
  dialog.locator("li:has(> span)").evaluateAll((items) =>
    items
      .filter((li) => li.children.length === 3)
      .map((li) =>
        [...li.children]
          .slice(1)
          .map((span) => (span as HTMLElement).innerText.replace(/[ \n\t]+/g, " ").trim())
          .join(" "),
      ),
  );

/** "1 800,5" (Russian grouping, decimal comma) as micro units. */
function micro(text: string): bigint {
  const [whole, fraction = ""] = text.replace(/\u00a0/g, "").split(",");
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, "0"));
}

/** Names in the top-influence rating that the page cuts (wider than their box): shortened once already, none may be. */
const cutNames = (page: Page) =>
  page.locator("main ol li a[href^='/address/']").evaluateAll((links) => links.filter((a) => a.scrollWidth > a.clientWidth).map((a) => a.textContent));

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

describe("progress of a leader", () => {
  it("shows the percentages core computes from the API's criteria and marks the current status (1280 px, en)", async () => {
    const { page } = await openPage(browser, `/progress/${leader}`, { viewport: DESKTOP });
    await openAgreeing(page, leader);
    const info = await apiGet<AccountInfo>(`/accounts/info/${leader}?fields=referral,ref_info`);
    const name = info.referral?.name || shortenAddress(leader);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(`Status progress: ${name}`);
    expect(await page.title()).toBe(`Status progress: ${name} | AXM Explorer`);
    const current = await statusTable(page)
      .locator("tbody tr")
      .evaluateAll((rows) => rows.findIndex((row) => row.getAttribute("aria-current") === "true"));
    expect(current + 1).toBe(info.referral!.status);
    expect(await statusTable(page).locator('tbody tr[aria-current="true"]').innerText()).toContain("Current");
    await screenshot(page, "progress-desktop-en");
    expect(pageErrors(page)).toEqual([]);
  });

  it("opens a status's popup with the keyboard and with a click, its conditions those of the API", async () => {
    const { page } = await openPage(browser, `/progress/${leader}`, { viewport: DESKTOP });
    const progress = await openAgreeing(page, leader);

    const boss = statusTable(page).getByRole("button", { name: "Boss", exact: true });
    await boss.focus();
    await page.keyboard.press("Enter");
    let dialog = page.getByRole("dialog", { name: "Boss" });
    await dialog.waitFor();
    expect(await shownConditions(dialog)).toEqual(progress["4"].map(conditionText));
    expect(await dialog.innerText()).toContain("Levels 1–8 of partner rewards");
    expect(await dialog.innerText()).toContain("20 % of the weekly leader bonus");
    await page.keyboard.press("Tab");
    expect(await isFocused(dialog.getByRole("button", { name: "Close" }))).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await isFocused(boss)).toBe(true);

    await statusTable(page).locator("tbody tr").nth(1).locator("td").first().click();
    dialog = page.getByRole("dialog", { name: "Leader" });
    await dialog.waitFor();
    const now = await apiGet<StatusProgress>(`/accounts/status-progress-full/${leader}`);
    expect([progress["2"].map(conditionText), now["2"].map(conditionText)]).toContainEqual(await shownConditions(dialog));
    await screenshot(page, "progress-desktop-en-popup", { fullPage: false });
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(pageErrors(page)).toEqual([]);
  });

  it("shows the leader section: a ticking countdown, the KPI bar, the earning and the rating of the API", async () => {
    const { page } = await openPage(browser, `/progress/${leader}`, { viewport: DESKTOP });
    const timer = page.getByRole("timer");
    await timer.waitFor(WAIT);
    const kpi = await apiGet<StatusKpi>(`/accounts/status-kpi-full/${leader}`);
    const table = await apiGet<LeaderBonusTable>("/promo/leader_bonus/v2");

    // The countdown: to the API's next payout (or SPEC.md §4's moment once that has passed), a second less each second.
    const seconds = async () => {
      const [d, h, m, s] = (await timer.locator(":scope > span > span:first-child").allInnerTexts()).map(Number);
      return ((d * 24 + h) * 60 + m) * 60 + s;
    };
    const first = await seconds();
    const nowMs = Date.now();
    const next = Date.parse(kpi.nextPayoutAt);
    const expected = (next > nowMs ? next - nowMs : payoutCountdownMs(nowMs)) / 1000;
    expect(Math.abs(first - expected)).toBeLessThan(3);
    await expect.poll(seconds, { timeout: 3000, interval: 200 }).toBeLessThan(first);

    // The KPI bar: one part per level Leader .. own status, green once the week's new delegations reach its target.
    const info = await apiGet<AccountInfo>(`/accounts/info/${leader}?fields=referral`);
    const own = info.referral!.status;
    const bar = page.getByRole("progressbar", { name: "Weekly KPI" });
    const parts = await bar
      .locator("[data-complete]")
      .evaluateAll((fills) => fills.map((fill) => [fill.getAttribute("data-complete"), getComputedStyle(fill).backgroundColor]));
    expect(parts.length).toBe(own - 1);
    for (const [complete, colour] of parts) expect(colour).toBe(complete === "true" ? "rgb(22, 108, 59)" : "rgb(47, 91, 234)");
    // The levels complete are those whose target the amount on screen reaches (the API's may have grown since the load).
    const [amountText, targetText] = (await bar.locator("xpath=preceding-sibling::p[1]/span[2]").innerText()).replace(" AXM", "").split(" / ");
    expect(targetText).toBe(formatCoins(kpi.kpi[String(own)], 0));
    const amount = micro(amountText);
    expect(parts.map(([complete]) => complete === "true")).toEqual(Array.from({ length: own - 1 }, (_, i) => amount >= BigInt(kpi.kpi[String(i + 2)])));

    // The estimated earning (the bonus table's line of the completed level) and the rating (each account linked, with its
    // new delegations and share of the rating's total), read again with the page until both agree with the API.
    const earning = page.getByText("Estimated bonus this week").locator("xpath=following-sibling::dd[1]");
    const rating = page.getByRole("list", { name: "Top influence" });
    const fromApi = async () => {
      const [now, bonus] = await Promise.all([apiGet<StatusKpi>(`/accounts/status-kpi-full/${leader}`), apiGet<LeaderBonusTable>("/promo/leader_bonus/v2")]);
      const line = bonus.bonuses.find((b) => b.status === now.completed.cards);
      const total = now.rating.reduce((sum, r) => sum + BigInt(r.lbDelegated), 0n);
      const rows = now.rating.map((r) => [
        `/address/${r._id}`,
        // A nickname, else the address shortened as SPEC.md §9 says for lists: 15 leading and 6 trailing characters.
        r.name ? shortenNickname(r.name) : `${r._id.slice(0, 15)}...${r._id.slice(-6)}`,
        `New delegations: ${formatCoins(r.lbDelegated, 2)} AXM`,
        `Share: ${formatFixed(Number((BigInt(r.lbDelegated) * 1_000_000n) / total) / 10_000)} %`,
      ]);
      return JSON.stringify({ earning: `${formatCoins(line?.amountForOneWithOtherLevels ?? "0", 2)} AXM`, rows });
    };
    const onScreen = async () => {
      const rows = await rating
        .locator("li")
        .evaluateAll((items) =>
          items.map((li) => [
            li.querySelector("a")!.getAttribute("href"),
            li.querySelector("a")!.textContent,
            ...["amount", "share"].map((name) => li.querySelector(`[data-figure="${name}"]`)!.textContent),
          ]),
        );
      return JSON.stringify({ earning: await earning.innerText(), rows });
    };
    await expect
      .poll(
        async () => {
          await rating.waitFor(WAIT);
          if ((await onScreen()) === (await fromApi())) return true;
          await page.reload();
          return false;
        },
        { timeout: 45_000, interval: 1000 },
      )
      .toBe(true);
    expect(kpi.rating.length).toBeGreaterThan(0);
    expect(await cutNames(page)).toEqual([]);
    expect(table.bonuses.map((b) => b.status)).toEqual([2, 3, 4, 5, 6, 7]);

    // The KPI popup: what each status needs this week.
    await page.getByRole("button", { name: "KPI by status" }).click();
    const dialog = page.getByRole("dialog", { name: "KPI by status" });
    const needed = await dialog.locator("tbody tr td:nth-child(2)").allInnerTexts();
    expect(needed).toEqual(["2", "3", "4", "5", "6", "7"].map((s) => formatCoins(kpi.kpi[s], 0)));
    await screenshot(page, "progress-desktop-en-kpi", { fullPage: false });
    await page.keyboard.press("Escape");
    expect(await isFocused(page.getByRole("button", { name: "KPI by status" }))).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  });

  it("writes the result moment and a downgrade date in UTC, saying so, in a browser whose zone is not UTC (issue 15)", async () => {
    // The page reads the real answer with one field set: a downgrade at 09:00 UTC, 14:30 in Kolkata.
    const downgradeAt = "2031-01-04T09:00:00.000Z";
    const { context, page } = await openPage(browser, `/progress/${leader}`, {
      viewport: DESKTOP,
      timezoneId: "Asia/Kolkata",
      setup: (context) =>
        context.route(
          (url) => url.pathname === `/api/accounts/info/${leader}` && (url.searchParams.get("fields") ?? "").includes("ref_info"),
          async (route) => {
            const response = await route.fetch();
            const info = (await response.json()) as AccountInfo;
            await route.fulfill({ response, json: { ...info, refInfo: { ...info.refInfo, status_downgrade_at: downgradeAt } } });
          },
        ),
    });
    expect(await page.evaluate(() => new Date(Date.UTC(2031, 0, 4, 9)).getHours())).toBe(14);
    const own = (await apiGet<AccountInfo>(`/accounts/info/${leader}?fields=referral`)).referral!.status;
    const notice = page.getByRole("note");
    await notice.waitFor(WAIT);
    expect(await notice.innerText()).toBe(`The status will be downgraded to ${STATUS_NAMES[own - 1]} on January 4, 2031 at 09:00 UTC.`);

    const result = page.getByText(/^Results: /);
    await result.waitFor(WAIT);
    const kpi = await apiGet<StatusKpi>(`/accounts/status-kpi-full/${leader}`);
    const next = Date.parse(kpi.nextPayoutAt) > Date.now() ? Date.parse(kpi.nextPayoutAt) : Date.now() + payoutCountdownMs(Date.now());
    const utc = new Date(next).toISOString();
    expect(await result.innerText()).toMatch(new RegExp(`^Results: [A-Z][a-z]+ ${Number(utc.slice(8, 10))}, ${utc.slice(0, 4)} at ${utc.slice(11, 16)} UTC$`));
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("is one column with a bottom sheet a swipe closes on a phone (375 px, en and ru), and reads in Russian at 1280 px", async () => {
    for (const language of ["en", "ru"] as const) {
      const { context, page } = await openPage(browser, `/progress/${leader}`, { viewport: PHONE, storedLanguage: language, hasTouch: true });
      await openAgreeing(page, leader, language);
      await page.getByRole("timer").waitFor(WAIT);
      await noSidewaysScroll(page);
      expect(await cutNames(page)).toEqual([]);
      await screenshot(page, `progress-phone-${language}`);
      // The programme's status names are the same in every language (issue 15).
      const guru = statusTable(page).getByRole("button", { name: "Guru", exact: true });
      await guru.click();
      const sheet = page.getByRole("dialog");
      await sheet.waitFor();
      await settled(page);
      const box = (await sheet.boundingBox())!;
      expect([box.x, box.width, Math.round(box.y + box.height)]).toEqual([0, PHONE.width, PHONE.height]);
      await screenshot(page, `progress-phone-${language}-sheet`, { fullPage: false });
      await swipeDown(page, PHONE.width / 2, box.y + 20, box.height / 8);
      await settled(page);
      expect(await sheet.count()).toBe(1);
      await swipeDown(page, PHONE.width / 2, box.y + 20, box.height / 4 + 10);
      await expect.poll(() => sheet.count(), WAIT).toBe(0);
      expect(await isFocused(guru)).toBe(true);
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    }
    const { context, page } = await openPage(browser, `/progress/${leader}`, { viewport: DESKTOP, storedLanguage: "ru" });
    await page.getByRole("timer").waitFor(WAIT);
    expect(await page.getByRole("heading", { level: 2, name: "Лидерский бонус" }).count()).toBe(1);
    expect(await page.getByRole("timer").innerText()).toMatch(/(день|дня|дней)[\s\S]*(час|часа|часов)/);
    await screenshot(page, "progress-desktop-ru");
    await context.close();
  });
});

describe("progress of a starter", () => {
  it("has no leader section, its percentages from the API's criteria (1280 and 320 px)", async () => {
    // Picked now, not when the file starts: the devnet's workload keeps moving accounts between statuses.
    const starter = await accountWithStatus(referralRoot, [1]);
    const { page } = await openPage(browser, `/progress/${starter}`, { viewport: DESKTOP });
    await openAgreeing(page, starter);
    expect(await page.getByRole("heading", { name: "Leader bonus" }).count()).toBe(0);
    expect(await page.getByRole("timer").count()).toBe(0);
    expect(await statusTable(page).locator('tbody tr[aria-current="true"] button').innerText()).toBe(STATUS_NAMES[1]);
    await screenshot(page, "progress-desktop-starter");
    await page.setViewportSize({ width: 320, height: 700 });
    await noSidewaysScroll(page);
    await screenshot(page, "progress-phone-320-starter");
    expect(pageErrors(page)).toEqual([]);
  });

  it("says an address that is not an axm account is not found", async () => {
    const { page } = await openPage(browser, "/progress/axm1notanaddress", { viewport: DESKTOP });
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), WAIT).toBe("Account not found");
  });
});
