// The Validators overview and a Validator screen in a real browser, checked against the API: tabs and their counts,
// search, each sort and its flip, the uptime strip's counts, delegations with show-more, copying; 1280 and 375 px.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCoins } from "../../core/format.ts";
import type { Block, ConsensusEntry, Delegation, Validator } from "../../web/src/api/types.ts";
import { DESKTOP, PHONE, apiGet, launchBrowser, openPage, pageErrors, screenshot } from "./browser.ts";
import { field, noSidewaysScroll } from "./steps.ts";

const WAIT = { timeout: 10_000 };

type Class = "active" | "inactive" | "jailed";

function classOf(v: Validator): Class {
  if (!v.isActive) return "jailed";
  return v.status === "BOND_STATUS_BONDED" ? "active" : "inactive";
}

let browser: Browser;
let validators: Validator[];
const inClass = (c: Class) => validators.filter((v) => classOf(v) === c);

const TAB_NAMES: Record<Class, string> = { active: "Active", inactive: "Inactive", jailed: "Jailed" };
const tabLabels = (list: Validator[]) =>
  (["active", "inactive", "jailed"] as const).map((c) => `${TAB_NAMES[c]} (${list.filter((v) => classOf(v) === c).length})`);

/**
 * The devnet keeps running: a validator may be jailed, unjailed or edited while a test runs. The page is loaded
 * (again) until its tabs agree with the API read at that moment; `validators` then holds what the page shows.
 */
async function openOverview(page: Page, path = "/validators"): Promise<void> {
  await page.goto(path);
  await expect
    .poll(
      async () => {
        const shown = await page.getByRole("tab").allInnerTexts();
        validators = await apiGet<Validator[]>("/validators/all");
        if (shown.join("|") === tabLabels(validators).join("|")) return true;
        if (shown.length === 3) await page.reload();
        return false;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
}

beforeAll(async () => {
  browser = await launchBrowser();
  validators = await apiGet<Validator[]>("/validators/all");
});
afterAll(async () => {
  await browser?.close();
});

/** The validators listed, by their screen's address, top to bottom. */
const listed = (page: Page) =>
  page.locator("tbody tr td:first-child a").evaluateAll((links) => links.map((a) => decodeURIComponent(a.getAttribute("href")!.replace("/validator/", ""))));

/** A numeric column's values as numbers ("1 234 567" and "12,34 %" alike; a dash is -1). */
const columnNumbers = (page: Page, index: number) =>
  page.locator(`tbody tr td:nth-child(${index + 1})`).evaluateAll((cells) =>
    cells.map((cell) => {
      const text = cell.textContent!.replace(/[\s\u00a0\u202f%]/g, "").replace(",", ".");
      return text === "—" ? -1 : Number(text);
    }),
  );

/**
 * Each row leads with the validator's moniker as its link; its description, when it wrote one, is the line under it
 * and never the name (issue 15: the Jailed tab showed "Staking since the first testnet; …" where "Dune Capital" belongs).
 */
async function leadsWithNames(page: Page, expected: Validator[]): Promise<void> {
  const rows = await page.locator("tbody tr td:first-child").evaluateAll((cells) =>
    cells.map((cell) => {
      const link = cell.querySelector("a")!;
      const lines = [...link.parentElement!.children];
      const address = lines[lines.length - 1];
      return {
        href: decodeURIComponent(link.getAttribute("href")!.replace("/validator/", "")),
        lines: lines.map((e) => e.textContent),
        addressCut: address.scrollWidth > address.clientWidth,
      };
    }),
  );
  const byAddress = new Map(expected.map((v) => [v.bech32Address, v]));
  // An operator may edit its description while the test runs: the one read before or the one of now.
  const now = new Map((await apiGet<Validator[]>("/validators/all")).map((v) => [v.bech32Address, v]));
  for (const row of rows) {
    const v = byAddress.get(row.href)!;
    const [name, ...under] = row.lines;
    expect(name, v.bech32Address).toBe(v.name);
    // SPEC.md §9: a list keeps 15 leading and 6 trailing characters of an address, and nothing cuts them again.
    expect(under.at(-1)).toBe(`${v.address.slice(0, 15)}...${v.address.slice(-6)}`);
    expect(row.addressCut).toBe(false);
    expect(under).toHaveLength(v.details || now.get(row.href)?.details ? 2 : 1);
    if (under.length === 2) expect([v.details, now.get(row.href)?.details]).toContain(under[0]);
  }
  expect(rows.some((row) => byAddress.get(row.href)!.details !== "")).toBe(true);
}

const sorted = (list: number[], direction: 1 | -1) => list.every((value, i) => i === 0 || direction * (value - list[i - 1]) >= 0);

describe("validators overview", () => {
  it("splits the validators into Active, Inactive and Jailed with their counts, and a tab switch lists its class (1280 px)", async () => {
    const { page } = await openPage(browser, "/validators", { viewport: DESKTOP });
    await openOverview(page);
    for (const c of ["active", "inactive", "jailed"] as const) expect(inClass(c).length, c).toBeGreaterThan(0);
    const tab = (name: string, c: Class) => page.getByRole("tab", { name: `${name} (${inClass(c).length})` });
    expect(await tab("Active", "active").getAttribute("aria-selected")).toBe("true");
    expect((await listed(page)).sort()).toEqual(
      inClass("active")
        .map((v) => v.bech32Address)
        .sort(),
    );
    expect(await page.title()).toBe("Validators | AXM Explorer");

    expect(await page.getByLabel("Validator statistics").innerText()).toContain(String(validators.length));

    await tab("Jailed", "jailed").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("tab")).toBe("jailed");
    await expect
      .poll(async () => (await listed(page)).sort())
      .toEqual(
        inClass("jailed")
          .map((v) => v.bech32Address)
          .sort(),
      );
    await leadsWithNames(page, inClass("jailed"));
    await tab("Inactive", "inactive").click();
    await expect
      .poll(async () => (await listed(page)).sort())
      .toEqual(
        inClass("inactive")
          .map((v) => v.bech32Address)
          .sort(),
      );
    await leadsWithNames(page, inClass("inactive"));
    await screenshot(page, "validators-desktop-inactive");
    expect(pageErrors(page)).toEqual([]);
  });

  it("searches by name or address, in any letter case, a second after the last key", async () => {
    const { page } = await openPage(browser, "/validators", { viewport: DESKTOP });
    await openOverview(page);
    const box = page.getByRole("searchbox", { name: "Search validators" });
    await box.waitFor(WAIT);
    const active = inClass("active");
    const target = active[active.length - 1];
    const word = target.name.split(/\s+/)[0].toUpperCase();
    await box.fill(word);
    const matches = active.filter((v) => [v.name, v.bech32Address, v.address].some((t) => t.toLowerCase().includes(word.toLowerCase())));
    await expect.poll(async () => (await listed(page)).sort(), WAIT).toEqual(matches.map((v) => v.bech32Address).sort());
    await box.fill(target.address.slice(-12));
    await expect.poll(() => listed(page), WAIT).toEqual([target.bech32Address]);
    await box.fill("no validator is called this");
    await expect.poll(() => page.getByText("Nothing found").count(), WAIT).toBe(1);
  });

  it("sorts by locked coins, voting power and uptime: ascending on the first click, flipped on the second", async () => {
    const { page } = await openPage(browser, "/validators", { viewport: DESKTOP });
    await openOverview(page);
    const columns = [
      { button: "Locked (AXM)", index: 1, sort: "locked" },
      { button: "Voting power", index: 4, sort: "votingPower" },
      { button: "Uptime", index: 5, sort: "uptime" },
    ];
    for (const column of columns) {
      const header = page.locator("th", { has: page.getByRole("button", { name: column.button }) });
      await page.getByRole("button", { name: column.button }).click();
      await expect.poll(() => header.getAttribute("aria-sort")).toBe("ascending");
      expect(new URL(page.url()).searchParams.get("sort")).toBe(column.sort);
      const ascending = await columnNumbers(page, column.index);
      expect(sorted(ascending, 1), `${column.button} ascending: ${ascending.join(", ")}`).toBe(true);
      await page.getByRole("button", { name: column.button }).click();
      await expect.poll(() => header.getAttribute("aria-sort")).toBe("descending");
      const descending = await columnNumbers(page, column.index);
      expect(sorted(descending, -1), `${column.button} descending: ${descending.join(", ")}`).toBe(true);
      expect([...descending].sort((a, b) => a - b)).toEqual([...ascending].sort((a, b) => a - b));
    }
    const locked = (await columnNumbers(page, 1)).length;
    expect(locked).toBe(inClass("active").length);
  });

  it("is usable on a phone (375 px, en and ru): tabs, rows and no sideways scroll", async () => {
    for (const language of ["en", "ru"]) {
      const { page } = await openPage(browser, "/validators", { viewport: PHONE, storedLanguage: language });
      await page.locator("tbody tr").first().waitFor(WAIT);
      const activeTab = await page.getByRole("tab").first().innerText();
      expect(await page.locator("tbody tr").count()).toBe(Number(/\((\d+)\)/.exec(activeTab)![1]));
      await noSidewaysScroll(page);
      await screenshot(page, `validators-phone-${language}`);
      expect(pageErrors(page)).toEqual([]);
    }
  });
});

describe("validator screen", () => {
  /** The validator with the most coins: it has more than one page of delegations. */
  const busiest = () => [...validators].sort((a, b) => Number(BigInt(b.locked) - BigInt(a.locked)))[0];
  const statusWord = (v: Validator) => TAB_NAMES[classOf(v)];

  async function allDelegations(operator: string): Promise<Delegation[]> {
    const all: Delegation[] = [];
    for (let page = 1; ; page++) {
      const rows = await apiGet<Delegation[]>(`/validators/delegations/${operator}/paginate/10/${page}`);
      all.push(...rows);
      if (rows.length < 10) return all;
    }
  }

  it("shows the validator's fields and copies its address (1280 px)", async () => {
    const v = busiest();
    const { page } = await openPage(browser, `/validator/${v.bech32Address}`, { viewport: DESKTOP });
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), WAIT).toBe(v.name);
    expect(await page.title()).toBe(`${v.name} | AXM Explorer`);
    expect(await field(page, "Name").innerText()).toBe(v.name);
    expect(await field(page, "Consensus address").innerText()).toBe(v.consensusAddress);
    // Blocks keep coming: the coins shown are the API's of the moment the page loaded, or of a block later.
    const locked = await field(page, "Locked").innerText();
    const now = (await apiGet<Validator[]>("/validators/all")).find((x) => x.bech32Address === v.bech32Address)!;
    expect([v.details, now.details].map((details) => details || "—")).toContain(await field(page, "Description").innerText());
    expect([formatCoins(v.locked, 0), formatCoins(now.locked, 0)].map((coins) => `${coins} AXM`)).toContain(locked);
    expect([statusWord(v), statusWord(now)]).toContain(await field(page, "Status").innerText());
    const badge = classOf(now) === "active" || classOf(v) === "active" ? ["Active", "Not active"] : ["Not active"];
    expect(badge).toContain(await page.locator("h1 + span").innerText());
    await page.getByRole("button", { name: "Copy validator address" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(v.bech32Address);
    expect(pageErrors(page)).toEqual([]);
  });

  it("counts missed, signed and proposed blocks of its uptime strip as the API's blocks and signatures say", async () => {
    const v = busiest();
    const { page } = await openPage(browser, `/validator/${v.bech32Address}`, { viewport: DESKTOP });
    const counts = page.getByTestId("uptime-counts");
    await counts.waitFor(WAIT);
    const titles = await page
      .getByRole("img", { name: /^Signing over the last \d+ blocks, oldest first$/ })
      .locator("[title]")
      .evaluateAll((squares) => squares.map((s) => s.getAttribute("title")!));
    const heights = titles.map((title) => Number(/Block (\d+)/.exec(title)![1]));
    const from = heights[0];
    const to = heights[heights.length - 1];
    expect(heights.length).toBeGreaterThan(100);
    expect(to - from + 1).toBe(heights.length);
    const blocks = await apiGet<Block[]>(`/blocks/${from}-${to}`);
    const signatures = await apiGet<ConsensusEntry[]>(`/consensus/${from}-${to}`);
    const signed = new Map(signatures.map((e) => [e._id, e.validators.includes(v.consensusAddress)]));
    const expected = { missed: 0, signed: 0, proposed: 0 };
    for (const block of blocks) {
      if (block.proposer === v.consensusAddress) expected.proposed++;
      else if (signed.get(block._id)) expected.signed++;
      else expected.missed++;
    }
    const shown = await counts.locator("li").evaluateAll((items) => items.map((li) => [li.getAttribute("data-state"), li.textContent]));
    expect(shown).toEqual([
      ["missed", `Missed: ${expected.missed}`],
      ["signed", `Signed: ${expected.signed}`],
      ["proposed", `Proposed: ${expected.proposed}`],
    ]);
    const proposedRows = page.locator("section", { has: page.getByRole("heading", { name: "Recently proposed blocks" }) }).locator("tbody tr");
    expect(await proposedRows.count()).toBe(Math.min(13, expected.proposed));
    await screenshot(page, "validator-desktop");
  });

  it("lists delegations ten at a time and hides Show more once a page has fewer than ten", async () => {
    const v = busiest();
    const before = await allDelegations(v.bech32Address);
    expect(before.length).toBeGreaterThan(10);
    const { page } = await openPage(browser, `/validator/${v.bech32Address}`, { viewport: DESKTOP });
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Delegations" }) });
    const rows = section.locator("tbody tr");
    await expect.poll(() => rows.count(), WAIT).toBe(10);
    // The biggest delegation (the operator's own) leads the list.
    expect(await rows.first().locator("a").getAttribute("href")).toBe(`/address/${before[0].address}`);
    const more = section.getByRole("button", { name: "Show more" });
    // The spinner, not the rows' copy confirmations, which are status regions too.
    const loading = section.getByRole("status").filter({ hasText: "Loading…" });
    // Delegations keep arriving and moving while it pages: each click adds rows, until a page has fewer than ten.
    for (let shown = 10; (await more.count()) > 0;) {
      await more.click();
      // While the next page loads a spinner stands where the button was.
      await expect.poll(async () => (await rows.count()) > shown || ((await more.count()) === 0 && (await loading.count()) === 0), WAIT).toBe(true);
      await expect.poll(() => loading.count(), WAIT).toBe(0);
      shown = await rows.count();
    }
    const after = await allDelegations(v.bech32Address);
    const shown = await rows.count();
    const addresses = await rows.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(new Set(addresses).size).toBe(addresses.length);
    expect(shown).toBeGreaterThanOrEqual(Math.min(before.length, after.length) - 10);
    expect(shown).toBeLessThanOrEqual(Math.max(before.length, after.length) + 10);
    const tiny = after.findIndex((d) => BigInt(d.amount[0].amount) < 10_000n);
    if (tiny >= 0) expect(await section.getByText("< 0,01").count()).toBeGreaterThan(0);
  });

  it("reads on a phone (375 px, ru) without sideways scroll, and says when a validator does not exist", async () => {
    const v = busiest();
    const { page } = await openPage(browser, `/validator/${v.bech32Address}`, { viewport: PHONE, storedLanguage: "ru" });
    await page.getByTestId("uptime-counts").waitFor(WAIT);
    await noSidewaysScroll(page);
    await screenshot(page, "validator-phone-ru");
    const missing = await openPage(browser, "/validator/axmvaloper1doesnotexist", { viewport: PHONE });
    await expect.poll(() => missing.page.getByRole("heading", { level: 1 }).textContent(), WAIT).toBe("Validator not found");
  });

  it("is reached from a proposer on the home page", async () => {
    const { page } = await openPage(browser, "/", { viewport: DESKTOP });
    const proposer = page.locator('tbody a[href^="/validator/"]').first();
    await proposer.waitFor(WAIT);
    const name = (await proposer.innerText()).trim();
    await proposer.click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), WAIT).toBe(name);
  });
});
