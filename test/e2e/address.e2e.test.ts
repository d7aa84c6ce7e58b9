// The Address screen in a real browser against the devnet: reached from the search, its card and team against the API,
// every team sort and its flip, the level and status filters, the Transactions and Events tabs, the support view's
// operations with More, the tab defaults, and 1280 / 375 px in English and Russian. The devnet keeps making blocks: a
// screen is compared with the API read at the same moment, and loaded again while they differ; the operations, which
// load more on request, with the answers the screen itself was given.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { amountOf } from "../../core/amount.ts";
import { formatCoins, formatCoinsNonZero, formatInteger, formatTokenAmount, shorten } from "../../core/format.ts";
import { toBech32 } from "@cosmjs/encoding";
import type {
  AccountDelegations,
  AccountInfo,
  AppConfig,
  AssetBalances,
  ChainEvent,
  Delegation,
  Operation,
  TeamMember,
  TeamPage,
  TokenHoldersPage,
  TokenListPage,
  TxPage,
  Validator,
} from "../../web/src/api/types.ts";
import type { ActivityPage } from "../../web/src/api/governance.ts";
import { DESKTOP, PHONE, apiGet, launchBrowser, openPage, pageErrors, screenshot } from "./browser.ts";
import { field, noSidewaysScroll, selectedTab } from "./steps.ts";

const WAIT = { timeout: 15_000 };
const SETTLE = { timeout: 30_000, interval: 1_000 };
const CARD_FIELDS = "balance,claimable,unbounding,referral,ref_info,claimed_total";
const STATUS_NAMES = ["No status", "Starter", "Leader", "Guru", "Boss", "Pro", "Top", "Mega"];

let browser: Browser;
let root: string;
/** A partner with a referrer, a nickname and a team of several pages. */
let partner: TeamMember;

beforeAll(async () => {
  browser = await launchBrowser();
  const config = await apiGet<AppConfig>("/config");
  expect(config.referralRoots?.[0]).toMatch(/^axm1/);
  root = config.referralRoots![0];
  const biggest = await apiGet<TeamPage>(`/accounts/team/${root}/paginate/100/1?order=teamSize&direction=desc`);
  const found = biggest.data.find((m) => m.name && m.referrer && m.teamSize > 30);
  expect(found, "a named partner with a team of more than 30").toBeDefined();
  partner = found!;
});
afterAll(async () => {
  await browser?.close();
});

/** The Governance tab, last, for an account that voted or answered a poll (governors and the poll's answerers), as the API says just before the tabs are read. */
async function governanceTab(address: string): Promise<string[]> {
  const { entries } = await apiGet<ActivityPage>(`/governance/activity/${address}?limit=1`);
  return entries.length > 0 ? ["Governance"] : [];
}

/** An answer of the API to the screen's operations list: the question, its status and its body. */
interface ScreenAnswer {
  url: URL;
  status: number;
  json: () => Promise<Operation[]>;
}

/**
 * Keeps the API's answers to the screen's operations questions in order, the last answer of a question asked again
 * (a retry after a failure; a development build mounts twice). The screen is compared with what it was given: the
 * devnet keeps writing, and the same question asked by the test a moment later is a different read.
 */
function keepAnswers(context: BrowserContext, answered: ScreenAnswer[]): Promise<void> {
  context.on("response", (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith("/api/operations/")) return;
    const answer = { url, status: response.status(), json: () => response.json() as Promise<Operation[]> };
    if (answered.at(-1)?.url.search === url.search) answered[answered.length - 1] = answer;
    else answered.push(answer);
  });
  return Promise.resolve();
}

const info = (address: string) => apiGet<AccountInfo>(`/accounts/info/${address}?fields=${CARD_FIELDS}`);
const axm = (micro: bigint | string) => `${formatCoins(micro)} AXM`;
const card = (page: Page) => page.getByRole("region", { name: /Address statistics|Статистика адреса/ });

/** The card's figures as the screen should show them for an info answer, computed here from the raw amounts. */
function expectedCard(answer: AccountInfo): Record<string, string> {
  const available = amountOf(answer.balance ?? []);
  const delegated = amountOf(answer.balance ?? [], "uaxmd");
  const undelegating = (answer.unbounding ?? []).reduce((sum, u) => sum + BigInt(u.balance), 0n);
  const claimable = answer.claimable ? amountOf(answer.claimable.total) : undefined;
  const r = answer.referral!;
  return {
    Total: axm(available + delegated + undelegating + (claimable ?? 0n)),
    Available: axm(available),
    Delegated: axm(delegated),
    Undelegating: axm(undelegating),
    "Claimable rewards": claimable === undefined ? "—" : axm(claimable),
    "Enrolled rewards": axm(answer.claimedTotal ?? "0"),
    Status: STATUS_NAMES[r.status],
    "Team size": `${formatInteger(r.teamSize)} (+${formatInteger(r.teamSizeDaily)})`,
    "Team balance": axm(r.teamBalance),
    "Team delegation": axm(r.teamDelegated),
    "Team undelegation": axm(r.teamUndelegating),
    "Partner rewards": axm(r.totalRewards),
  };
}

async function shownCard(page: Page, labels: string[]): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const label of labels)
    values[label] = (await field(card(page), label).innerText())
      .replace(/\s+/g, " ")
      .replace(/\u00a0/g, " ")
      .trim();
  return values;
}

const plainSpaces = (text: string) => text.replace(/\u00a0/g, " ");
const normalise = (record: Record<string, string>) => Object.fromEntries(Object.entries(record).map(([k, v]) => [k, plainSpaces(v)]));

/** Loads the screen again until its card shows what the API answers at that moment. */
async function cardMatchesApi(page: Page, address: string): Promise<Record<string, string>> {
  let expected: Record<string, string> = {};
  await expect
    .poll(async () => {
      await field(card(page), "Total")
        .locator("span[aria-hidden]")
        .waitFor({ state: "detached", ...WAIT });
      expected = normalise(expectedCard(await info(address)));
      const shown = await shownCard(page, Object.keys(expected));
      if (JSON.stringify(shown) === JSON.stringify(expected)) return true;
      await page.reload();
      return JSON.stringify(shown);
    }, SETTLE)
    .toBe(true);
  return expected;
}

const teamTable = (page: Page) => page.getByRole("table", { name: /^(Team|Команда)$/ });
const teamRows = (page: Page) => teamTable(page).locator("tbody tr");

/** Waits until the team table shows the answer to its latest request. */
async function teamSettled(page: Page): Promise<void> {
  await expect.poll(() => teamTable(page).getAttribute("aria-busy"), WAIT).toBe("false");
}

/** The members listed, top to bottom, by the address their name links to. */
const listedMembers = (page: Page) =>
  teamRows(page).evaluateAll((rows) => rows.map((row) => decodeURIComponent(row.querySelector("td a")!.getAttribute("href")!.replace("/address/", ""))));

const columnTexts = (page: Page, index: number) =>
  teamRows(page).evaluateAll((rows, i) => rows.map((row) => row.querySelectorAll("td")[i].textContent!.trim()), index);

/** Until the screen's first page, its members and what they delegated, equals the API's for the same query (reloading while a block changed it in between). */
async function teamMatchesApi(page: Page, address: string, query: string): Promise<TeamMember[]> {
  let answer: TeamMember[] = [];
  await expect
    .poll(async () => {
      await teamSettled(page);
      const shown = { ids: await listedMembers(page), delegated: (await columnTexts(page, 3)).map(plainSpaces) };
      answer = (await apiGet<TeamPage>(`/accounts/team/${address}/paginate/10/1${query}`)).data;
      const expected = { ids: answer.map((m) => m._id), delegated: answer.map((m) => plainSpaces(formatCoinsNonZero(m.delegated))) };
      if (JSON.stringify(shown) === JSON.stringify(expected)) return true;
      await page.reload();
      return JSON.stringify(shown);
    }, SETTLE)
    .toBe(true);
  return answer;
}

describe("address screen at 1280 px", () => {
  it("is reached from the search, and shows the card the API's info gives", async () => {
    const { page } = await openPage(browser, "/", { viewport: DESKTOP });
    const box = page.getByRole("banner").getByRole("combobox");
    await box.fill(partner._id);
    await box.press("Enter");
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe(`/address/${partner._id}`);
    await cardMatchesApi(page, partner._id);
    expect(await field(card(page), "Address").innerText()).toBe(`${partner._id.slice(0, 25)}...${partner._id.slice(-6)}`);
    expect(await field(card(page), "Nickname").innerText()).toContain(partner.name!);
    const referrer = field(card(page), "Referrer").getByRole("link");
    expect(await referrer.getAttribute("href")).toBe(`/address/${partner.referrer}`);
    expect(await referrer.innerText()).toBe(`${partner.referrer!.slice(0, 15)}...${partner.referrer!.slice(-6)}`);
    const referrerName = (await info(partner.referrer!)).referral?.name;
    await referrer.hover();
    await expect
      .poll(() => field(card(page), "Referrer").getByRole("tooltip").innerText(), WAIT)
      .toBe(referrerName ? `${referrerName} / ${partner.referrer}` : partner.referrer!);
    expect(await field(card(page), "Status").getByRole("link").getAttribute("href")).toBe(`/progress/${partner._id}`);
    await card(page).getByRole("button", { name: "Copy address" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(partner._id);
    expect(await page.title()).toBe(`Address ${partner._id.slice(0, 15)}...${partner._id.slice(-6)} | AXM Explorer`);
    await screenshot(page, "address-desktop-en");
    expect(pageErrors(page)).toEqual([]);
  });

  it("opens on Team and lists the API's first page and count, nicknames shortened above 22 characters", async () => {
    const { page } = await openPage(browser, `/address/${partner._id}`, { viewport: DESKTOP });
    await expect.poll(() => selectedTab(page).innerText(), WAIT).toBe("Team");
    const members = await teamMatchesApi(page, partner._id, "");
    expect(members).toHaveLength(10);
    const names = await teamRows(page).evaluateAll((rows) => rows.map((row) => row.querySelector("td a")!.textContent));
    members.forEach((m, i) => {
      const expected = m.name ? (m.name.length > 22 ? `${m.name.slice(0, 22)}...` : m.name) : `${m._id.slice(0, 15)}...${m._id.slice(-6)}`;
      expect(names[i]).toBe(expected);
    });
    const levels = await columnTexts(page, 2);
    expect(levels).toEqual(members.map((m) => String(m.level)));
    await expect
      .poll(async () => {
        const { total_records } = await apiGet<{ total_records: number }>(`/accounts/team/${partner._id}/paginate/records_count`);
        const shown = await page.getByText(/partners? found$/).innerText();
        if (shown.replace(/\u00a0/g, " ") === `${formatInteger(total_records).replace(/\u00a0/g, " ")} partners found`) return true;
        await page.reload();
        return shown;
      }, SETTLE)
      .toBe(true);
    expect(pageErrors(page)).toEqual([]);
  });

  it("sorts by status, level, delegated, undelegating and team size: ascending first, flipped on the second click", async () => {
    const { page } = await openPage(browser, `/address/${partner._id}`, { viewport: DESKTOP });
    await teamSettled(page);
    const columns = [
      { button: "Status", order: "status", index: 1, value: (text: string) => STATUS_NAMES.indexOf(text) },
      { button: "Level", order: "level", index: 2, value: Number },
      { button: "Delegated (AXM)", order: "delegated", index: 3, value: coinsValue },
      { button: "Undelegating (AXM)", order: "unbonding", index: 4, value: coinsValue },
      { button: "Team (+today) / active", order: "teamSize", index: 5, value: (text: string) => Number(text.replace(/\s/g, "").split("(")[0]) },
    ];
    for (const column of columns) {
      const button = page.getByRole("button", { name: column.button, exact: true });
      const header = page.locator("th", { has: button });
      for (const direction of ["asc", "desc"] as const) {
        await button.click();
        await expect.poll(() => header.getAttribute("aria-sort"), WAIT).toBe(direction === "asc" ? "ascending" : "descending");
        expect(new URL(page.url()).searchParams.get("sort")).toBe(column.order);
        expect(new URL(page.url()).searchParams.get("dir")).toBe(direction);
        await teamMatchesApi(page, partner._id, `?order=${column.order}&direction=${direction}`);
        const values = (await columnTexts(page, column.index)).map(column.value);
        const sign = direction === "asc" ? 1 : -1;
        expect(
          values.every((v, i) => i === 0 || sign * (v - values[i - 1]) >= 0),
          `${column.button} ${direction}: ${values.join(", ")}`,
        ).toBe(true);
      }
    }
    expect(pageErrors(page)).toEqual([]);
  });

  it("filters by level and by status, counting what the API counts, and clears both", async () => {
    const { page } = await openPage(browser, `/address/${partner._id}?page=2`, { viewport: DESKTOP });
    await teamSettled(page);
    await page.getByLabel("Level", { exact: true }).selectOption("2");
    await expect.poll(() => new URL(page.url()).searchParams.get("level"), WAIT).toBe("2");
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
    await teamMatchesApi(page, partner._id, "?level=2");
    expect(new Set(await columnTexts(page, 2))).toEqual(new Set(["2"]));

    await page.getByLabel("Status", { exact: true }).selectOption("1");
    await expect.poll(() => new URL(page.url()).searchParams.get("status"), WAIT).toBe("1");
    const starters = await teamMatchesApi(page, partner._id, "?level=2&status=1");
    if (starters.length > 0) expect(new Set(await columnTexts(page, 1))).toEqual(new Set(["Starter"]));
    const { total_records } = await apiGet<{ total_records: number }>(`/accounts/team/${partner._id}/paginate/records_count?level=2&status=1`);
    await expect
      .poll(() => page.getByText(/partners? found$/).innerText(), WAIT)
      .toMatch(new RegExp(`^${formatInteger(total_records).replace(/\u00a0/g, "\\s")} partners? found$`));

    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.toString(), WAIT).toBe("");
    await teamMatchesApi(page, partner._id, "");
    await screenshot(page, "address-desktop-en-team");
  });

  it("lists the address's transactions and events as the API does", async () => {
    const { page } = await openPage(browser, `/address/${partner._id}`, { viewport: DESKTOP });
    await page.getByRole("tab", { name: "Transactions" }).click();
    const hashes = page.getByRole("tabpanel").locator('tbody a[href^="/transactions/"]');
    await expect
      .poll(async () => {
        await expect.poll(() => page.getByRole("tabpanel").locator("table").getAttribute("aria-busy"), WAIT).toBe("false");
        const shown = await hashes.allInnerTexts();
        const answer = await apiGet<TxPage>(`/transactions/paginate/10/1?address=${partner._id}`);
        if (JSON.stringify(shown) === JSON.stringify(answer.data.map((tx) => shorten(tx._id, 16)))) return true;
        await page.reload();
        return JSON.stringify(shown);
      }, SETTLE)
      .toBe(true);
    expect(await hashes.count()).toBeGreaterThan(0);

    await page.getByRole("tab", { name: "Events" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("tab"), WAIT).toBe("events");
    const cards = page.getByRole("tabpanel").locator("article");
    await expect
      .poll(async () => {
        await cards.first().waitFor(WAIT);
        const shown = await cards.evaluateAll((list) =>
          list.map((a) => [a.querySelector("h3")!.textContent, a.querySelector('a[href^="/blocks/"]')!.getAttribute("href")]),
        );
        const { data } = await apiGet<{ data: ChainEvent[] }>(`/events/paginate/30/1?address=${partner._id}`);
        const expected = data.map((e, i) => [`#${i + 1} ${e.type}`, `/blocks/${e.blockId}`]);
        if (JSON.stringify(shown) === JSON.stringify(expected)) return true;
        await page.reload();
        return JSON.stringify(shown);
      }, SETTLE)
      .toBe(true);
    const { data } = await apiGet<{ data: ChainEvent[] }>(`/events/paginate/30/1?address=${partner._id}`);
    expect(await cards.count()).toBe(Math.min(30, data.length));
    const first = cards.first();
    expect(await first.locator("pre").innerText()).toContain('"');
    expect(await first.innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    await screenshot(page, "address-desktop-en-events");
    expect(pageErrors(page)).toEqual([]);
  });

  it("lists the CW-20 tokens a holder has on the Assets tab, each balance divided by 10^decimals", async () => {
    const { tokens } = await apiGet<TokenListPage>("/cw20/tokens");
    const token = tokens.find((t) => t.symbol === "AXMG")!;
    const { holders } = await apiGet<TokenHoldersPage>(`/cw20/${token.id}/holders?limit=10`);
    const holder = holders.find((h) => h.address.length <= 43)!;
    const { page } = await openPage(browser, `/address/${holder.address}?tab=assets`, { viewport: DESKTOP });
    const row = page.getByRole("tabpanel").getByRole("listitem").filter({ hasText: "AXMG" });
    await expect
      .poll(async () => {
        await row.waitFor(WAIT);
        const { data } = await apiGet<AssetBalances>(`/multichain/assets/balances/${holder.address}?contracts=${token.id}`);
        const expected = formatTokenAmount(BigInt(data.balances[0].balance), token.decimals);
        const shown = await row.innerText();
        if (shown.includes(expected)) return true;
        await page.reload();
        return `${shown} lacks ${expected}`;
      }, SETTLE)
      .toBe(true);
    expect(await row.locator(`a[href="/token/${token.id}"]`).count()).toBe(1);
    expect(await row.locator(`a[href="/contract/${token.id}"]`).count()).toBe(1);
    await screenshot(page, "address-desktop-en-assets");
    expect(pageErrors(page)).toEqual([]);
  });

  it("shows the support view's operations as the API gives them, 20 at a time, More until a short load", async () => {
    const answered: ScreenAnswer[] = [];
    const { page } = await openPage(browser, `/address/${partner._id}?support`, { viewport: DESKTOP, setup: (context) => keepAnswers(context, answered) });
    await expect
      .poll(() => page.getByRole("tab").allInnerTexts(), WAIT)
      .toEqual(["Team", "Transactions", "Delegations", "Operations", "Events", "Assets", ...(await governanceTab(partner._id))]);
    await page.getByRole("tab", { name: "Operations" }).click();
    const list = page.getByRole("list", { name: "Operations" });
    const cards = list.locator("article");
    await cards.first().waitFor(WAIT);
    const more = page.getByRole("button", { name: "More", exact: true });
    const shownOperations = () =>
      cards.evaluateAll((all) => all.map((a) => [a.querySelector("h3")!.textContent, a.querySelector("header span")!.textContent!.replace(/\u00a0/g, " ")]));
    let loaded: Operation[] = [];
    for (let load = 0; load < 6; load++) {
      await expect.poll(() => answered.length, WAIT).toBe(load + 1);
      // A failed answer is asked again by the screen (twice at most): the last one counts.
      await expect.poll(() => answered[load].status, { ...WAIT, message: `the API's answer to load ${load + 1}` }).toBe(200);
      const { url, json } = answered[load];
      expect(url.searchParams.get("perPage")).toBe("20");
      expect(url.searchParams.get("lang")).toBe("en");
      if (load > 0) expect(Number(url.searchParams.get("timeFrom"))).toBe(Date.parse(loaded[loaded.length - 1].time) - 1);
      const answer = await json();
      loaded = [...loaded, ...answer];
      await expect.poll(() => cards.count(), WAIT).toBe(loaded.length);
      const expected = loaded.map((o) => [o.title, `${o.s < 0 ? "\u2212" : "+"}${formatCoins(o.amount)} AXM`.replace(/\u00a0/g, " ")]);
      expect(await shownOperations()).toEqual(expected);
      if (answer.length < 20) {
        expect(await more.count()).toBe(0);
        break;
      }
      await more.click();
    }
    expect(loaded.length).toBeGreaterThanOrEqual(20);

    // A field naming an address links to that address in the support view; amount fields (where there are any) are in AXM.
    const withAddress = loaded.findIndex((o) => o.fields.some((f) => /axm1/.test(f.v)));
    expect(withAddress).toBeGreaterThanOrEqual(0);
    const addressField = loaded[withAddress].fields.find((f) => /axm1/.test(f.v))!;
    const link = cards.nth(withAddress).locator(`dd a[href^="/address/"]`).first();
    expect(await link.getAttribute("href")).toBe(`/address/${/axm1[0-9a-z]+/.exec(addressField.v)![0]}?support`);
    const amounts = loaded.flatMap((o, i) => o.fields.filter((f) => f.t === 2 && !/axm1/.test(f.v)).map((f) => ({ i, f })));
    for (const { i, f } of amounts.slice(0, 3)) {
      const value = cards.nth(i).locator(`xpath=.//dt[normalize-space()="${f.l}"]/following-sibling::dd[1]`);
      expect((await value.innerText()).replace(/\u00a0/g, " ")).toBe(`${formatCoins(f.v)} AXM${f.n ? ` ${f.n}` : ""}`.replace(/\u00a0/g, " "));
    }
    // The cards in view after the last load, as a visitor sees them: the whole page after all its loads took 13.6 s to draw
    // on a two-core machine, a tenth of this file's time.
    await screenshot(page, "address-desktop-en-operations", { fullPage: false });

    await page.getByRole("checkbox", { name: "Partner reward" }).check();
    await expect.poll(() => new URL(page.url()).searchParams.get("types"), WAIT).toBe("partner_reward");
    await expect.poll(() => `${answered.at(-1)!.url.searchParams.get("type")} ${answered.at(-1)!.status}`, WAIT).toBe("partner_reward 200");
    const filtered = await answered.at(-1)!.json();
    await expect.poll(() => cards.count(), WAIT).toBe(filtered.length);
    expect(new Set((await shownOperations()).map(([title]) => title))).toEqual(new Set(filtered.length ? ["Partner reward"] : []));
    expect(pageErrors(page)).toEqual([]);
  });

  it("opens the root on Team, and an account without a referrer on Transactions", async () => {
    const { page } = await openPage(browser, `/address/${root}`, { viewport: DESKTOP });
    await expect
      .poll(() => page.getByRole("tab").allInnerTexts(), WAIT)
      .toEqual(["Team", "Transactions", "Delegations", "Events", "Assets", ...(await governanceTab(root))]);
    expect(await selectedTab(page).innerText()).toBe("Team");
    expect(await field(card(page), "Referrer").innerText()).toBe("—");

    const validators = await apiGet<Validator[]>("/validators/all");
    let loner: string | undefined;
    for (const v of validators) {
      const answer = await apiGet<AccountInfo>(`/accounts/info/${v.address}?fields=referral`);
      if (!answer.referral?.referrer && v.address !== root) {
        loner = v.address;
        break;
      }
    }
    expect(loner, "a validator's account outside the programme").toBeDefined();
    await page.goto(`/address/${loner}`);
    await expect
      .poll(() => page.getByRole("tab").allInnerTexts(), WAIT)
      .toEqual(["Transactions", "Delegations", "Events", "Assets", ...(await governanceTab(loner!))]);
    expect(await selectedTab(page).innerText()).toBe("Transactions");
  });

  it("says when the address is not an AXM address", async () => {
    const { page } = await openPage(browser, "/address/axm1notanaddress", { viewport: DESKTOP });
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), WAIT).toBe("Address not found");
  });
});

describe("address screen on a phone and in Russian", () => {
  for (const { viewport, language, suffix } of [
    { viewport: PHONE, language: "ru", suffix: "phone-ru" },
    { viewport: PHONE, language: "en", suffix: "phone-en" },
    { viewport: DESKTOP, language: "ru", suffix: "desktop-ru" },
  ]) {
    it(`shows the card and the team without sideways scroll (${suffix})`, async () => {
      const { page } = await openPage(browser, `/address/${partner._id}`, { viewport, storedLanguage: language });
      const team = language === "ru" ? "Команда" : "Team";
      await expect.poll(() => selectedTab(page).innerText(), WAIT).toBe(team);
      await teamSettled(page);
      expect(await teamRows(page).count()).toBe(10);
      const total = field(card(page), language === "ru" ? "Всего" : "Total");
      await expect.poll(() => total.innerText(), WAIT).toMatch(/ AXM$/);
      await noSidewaysScroll(page);
      // The table scrolls inside its card, the nickname column staying in view.
      const region = page.getByRole("region", { name: team });
      if (viewport === PHONE) expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await screenshot(page, `address-${suffix}`);
      if (viewport === PHONE) {
        await page.setViewportSize({ width: 320, height: 740 });
        await noSidewaysScroll(page);
        await screenshot(page, `address-${suffix}-320`);
      }
      expect(pageErrors(page)).toEqual([]);
    });
  }
});

/** An account that delegates to several validators (the most it finds among the biggest delegators of the first validators). */
async function severalDelegations(): Promise<string> {
  const validators = await apiGet<Validator[]>("/validators/all");
  let best = { address: "", count: 0 };
  for (const v of validators.slice(0, 4)) {
    for (const { address } of await apiGet<Delegation[]>(`/validators/delegations/${v.bech32Address}/paginate/10/1`)) {
      const count = (await apiGet<AccountDelegations>(`/accounts/delegations/${address}`)).delegations.length;
      if (count > best.count) best = { address, count };
    }
  }
  expect(best.count, "an account delegating to several validators").toBeGreaterThan(1);
  return best.address;
}

describe("delegations, claimable rewards and the links of events", () => {
  it("lists each validator delegated to with its rewards, which add up to the card's claimable rewards; 0 AXM when nothing is claimable", async () => {
    const delegator = await severalDelegations();
    const { context, page } = await openPage(browser, `/address/${delegator}?tab=delegations`, { viewport: DESKTOP });
    const table = page.getByRole("table", { name: "Delegations per validator" });
    const rewardsOf = (d: AccountDelegations["delegations"][number]) => amountOf(d.rewards ?? []);
    let answer: AccountDelegations = { delegations: [], rewardsTotal: null };
    // Rewards grow every block: the screen is read against the API at the same moment, and loaded again until they agree.
    await expect
      .poll(async () => {
        await expect.poll(() => table.getAttribute("aria-busy"), WAIT).toBe("false");
        answer = await apiGet<AccountDelegations>(`/accounts/delegations/${delegator}`);
        const shown = await table
          .locator("tbody tr")
          .evaluateAll((rows) =>
            rows.map((row) => [...row.querySelectorAll("td")].map((cell, i) => (i === 0 ? cell.querySelector("a")!.textContent : cell.textContent))),
          );
        const expected = answer.delegations.map((d) => [d.validator.name, formatCoins(d.amount!), formatCoins(rewardsOf(d))]);
        const totals = (await page.getByLabel("Totals").innerText()).replace(/\s+/g, " ");
        const claimable = (await field(card(page), "Claimable rewards").innerText()).replace(/\s+/g, " ");
        const ok =
          JSON.stringify(shown) === JSON.stringify(expected) &&
          totals.endsWith(`Claimable rewards in total ${claimable}`) &&
          claimable === axm(amountOf(answer.rewardsTotal!)).replace(/\s+/g, " ");
        if (ok) return true;
        await page.reload();
        return JSON.stringify({ shown, expected, totals, claimable });
      }, SETTLE)
      .toBe(true);
    expect(answer.delegations.length).toBeGreaterThan(1);
    expect(answer.delegations.reduce((sum, d) => sum + rewardsOf(d), 0n)).toBe(amountOf(answer.rewardsTotal!));
    await screenshot(page, "address-delegations-desktop-en");
    await page.setViewportSize(PHONE);
    await noSidewaysScroll(page);
    await screenshot(page, "address-delegations-phone-en");
    await page.setViewportSize(DESKTOP);

    const first = answer.delegations[0].validator;
    await table.getByRole("link", { name: first.name, exact: true }).click();
    await page.waitForURL(`**/validator/${first.address}`);

    // Nothing to claim reads 0 AXM, as on any other address; only a figure the node did not give is a dash.
    const idle = toBech32("axm", new Uint8Array(20).fill(9));
    await page.goto(`/address/${idle}`);
    await expect.poll(() => field(card(page), "Claimable rewards").innerText(), WAIT).toBe("0 AXM");
    expect((await info(idle)).claimable).toEqual({ total: [] });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("links an event's addresses to their screens and the event to its transaction", async () => {
    const { context, page } = await openPage(browser, `/address/${partner._id}?tab=events`, { viewport: DESKTOP });
    const events = (await apiGet<{ data: ChainEvent[] }>(`/events/paginate/30/1?address=${partner._id}`)).data;
    const withTx = events.find((e) => e.txHash !== null && e.attributes.some((a) => /^axm(valoper)?1/.test(a.value) && a.value !== partner._id));
    expect(withTx, "an event of a transaction naming another address").toBeDefined();
    const other = withTx!.attributes.find((a) => /^axm(valoper)?1/.test(a.value) && a.value !== partner._id)!.value;
    const cardOf = page
      .getByRole("tabpanel")
      .locator("article", { has: page.locator(`a[href="/transactions/${withTx!.txHash}"]`) })
      .first();
    await cardOf.waitFor(WAIT);
    await cardOf.locator("pre").getByRole("link", { name: other }).first().click();
    await page.waitForURL(other.startsWith("axmvaloper1") ? `**/validator/${other}` : `**/address/${other}`);
    await page.goBack();
    // Back on the tab, its cached page shows while it is asked for again: the card is clicked once the list has stopped moving.
    await page.waitForFunction(
      (hash) => document.querySelector(`main article a[href="/transactions/${hash}"]`) !== null && document.querySelector('main [aria-busy="true"]') === null,
      withTx!.txHash,
      WAIT,
    );
    await cardOf.getByRole("link", { name: /^Transaction / }).click();
    await page.waitForURL(`**/transactions/${withTx!.txHash}`);
    await page.getByRole("heading", { level: 1, name: "Transaction" }).waitFor(WAIT);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

/** "1 234,56" or "< 0,01" as a number (the smallest amounts as 0). */
function coinsValue(text: string): number {
  if (text.startsWith("<")) return 0;
  return Number(text.replace(/[\s\u00a0]/g, "").replace(",", "."));
}
