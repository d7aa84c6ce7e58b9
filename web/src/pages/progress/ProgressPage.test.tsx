// The Progress screen with a stubbed API: percentages and Got / In process from given criteria, the current status, the
// status popup (conditions, advantages, downgrade notice, closing and focus, the phone sheet), the leader bonuses only
// above Starter (countdown, KPI bar colours, estimated earning, rating shares, KPI popup), and a malformed address.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { toBech32 } from "@cosmjs/encoding";
import { MICRO } from "../../../../core/amount.ts";
import { RULE, progressPercent, type Criterion, type Rule } from "../../../../core/partnership-conditions.ts";
import { payoutCountdownMs } from "../../../../core/partnership-countdown.ts";
import type { AccountInfo, LeaderBonusTable, StatusCriterion, StatusKpi, StatusProgress } from "../../api/types.ts";
import { phoneWidth, renderWithApp } from "../../test-support.tsx";
import ProgressPage from "./ProgressPage.tsx";

const NBSP = "\u00a0";
const ADDRESS = toBech32("axm", new Uint8Array(20).fill(7));
const TOP = toBech32("axm", new Uint8Array(20).fill(8));
const SECOND = toBech32("axm", new Uint8Array(20).fill(9));
const NOW = Date.parse("2026-11-25T10:00:00.000Z");
const axm = (n: number) => String(BigInt(n) * MICRO);

const self = (actual: string, target: string): StatusCriterion => ({ rule: "RULE_SELF_STAKE", actual_value: actual, target_value: target, parameter_x: 0 });
const coins = (actual: number, target: number): StatusCriterion => ({
  rule: "RULE_N_COINS_IN_STRUCTURE",
  actual_value: String(actual),
  target_value: String(target),
  parameter_x: 0,
});
const referrals = (actual: number, x: number): StatusCriterion => ({
  rule: "RULE_N_REFERRALS_WITH_X_REFERRALS_EACH",
  actual_value: String(actual),
  target_value: "3",
  parameter_x: x,
});
const teams = (actual: number, x: number): StatusCriterion => ({
  rule: "RULE_N_TEAMS_OF_X_PEOPLE_EACH",
  actual_value: String(actual),
  target_value: "3",
  parameter_x: x,
});

/** 600 AXM self-delegated, 40,000 AXM in the team, 2 first-line partners with 3 each, one branch of 15. */
const PROGRESS: StatusProgress = {
  "1": [self(axm(100), axm(100))],
  "2": [coins(20_000, 20_000), self(axm(250), axm(250)), referrals(3, 0)],
  "3": [coins(40_000, 50_000), self(axm(600), axm(600)), referrals(2, 3)],
  "4": [coins(40_000, 150_000), self(axm(600), axm(1_500)), teams(1, 15), referrals(2, 3)],
  "5": [coins(40_000, 300_000), self(axm(600), axm(4_000)), teams(0, 50), referrals(2, 3)],
  "6": [coins(40_000, 800_000), self(axm(600), axm(10_000)), teams(0, 100), referrals(2, 3)],
  "7": [coins(40_000, 2_000_000), self(axm(600), axm(30_000)), teams(0, 300), referrals(2, 3)],
};
/** Worked by hand with SPEC.md §4's rule: Guru (0.8 + 1 + 2/3) / 3; Boss (40/150 + 600/1500 + 1/3) / 3, the 3x3 rule left out. */
const EXPECTED_PERCENTS = ["100,00", "100,00", "82,22", "33,33", "9,44", "3,67", "1,33"];

const RULES: Record<string, Rule> = {
  RULE_SELF_STAKE: RULE.SELF_STAKE,
  RULE_N_COINS_IN_STRUCTURE: RULE.N_COINS_IN_STRUCTURE,
  RULE_N_REFERRALS_WITH_X_REFERRALS_EACH: RULE.N_REFERRALS_WITH_X_REFERRALS_EACH,
  RULE_N_TEAMS_OF_X_PEOPLE_EACH: RULE.N_TEAMS_OF_X_PEOPLE_EACH,
};
const coreCriteria = (list: StatusCriterion[]): Criterion[] =>
  list.map((c) => ({
    rule: RULES[c.rule],
    actual: BigInt(c.actual_value),
    target: BigInt(c.target_value),
    parameterX: c.parameter_x,
    met: BigInt(c.actual_value) >= BigInt(c.target_value),
  }));

let info: AccountInfo;
let kpi: StatusKpi;
let table: LeaderBonusTable;
let requests: string[];

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function account(status: number, downgradeAt: string | null = null, premium = true): AccountInfo {
  return {
    refInfo: { self_delegated: axm(600), team_delegated: axm(40_000), status_downgrade_at: downgradeAt },
    referral: {
      _id: ADDRESS,
      name: "alice",
      img: null,
      telegram: null,
      status,
      referrer: TOP,
      teamSize: 12,
      teamSizeDaily: 1,
      teamBalance: axm(50_000),
      teamDelegated: axm(40_000),
      teamUndelegating: "0",
      totalRewards: "0",
      totalRewardsRet: "0",
      confirmed_account: false,
      premium,
      premiumExp: null,
    },
  };
}

beforeEach(() => {
  requests = [];
  info = account(3);
  kpi = {
    kpi: { "2": axm(1_000), "3": axm(2_500), "4": axm(7_500), "5": axm(15_000), "6": axm(40_000), "7": axm(100_000) },
    completed: { amount: axm(1_800), cards: 2 },
    rating: [
      { _id: TOP, name: "bob the builder", img: null, premium: true, status: 5, lbDelegated: axm(3_000) },
      { _id: SECOND, name: null, img: null, premium: false, status: 2, lbDelegated: axm(1_000) },
    ],
    nextPayoutAt: "2026-11-28T09:00:00.000Z",
  };
  table = {
    bonuses: [
      { status: 2, share: 15, usersCount: 4, amountForOneWithOtherLevels: "120500000" },
      { status: 3, share: 25, usersCount: 1, amountForOneWithOtherLevels: "900000000" },
    ],
    pool: axm(10_000),
    nextPayoutAt: "2026-11-28T09:00:00.000Z",
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://explorer.test");
      requests.push(url.pathname + url.search);
      if (url.pathname === `/api/accounts/info/${ADDRESS}`) return json(info);
      if (url.pathname === `/api/accounts/status-progress-full/${ADDRESS}`) return json(PROGRESS);
      if (url.pathname === `/api/accounts/status-kpi-full/${ADDRESS}`) return json(kpi);
      if (url.pathname === "/api/promo/leader_bonus/v2") return json(table);
      return json({ error: { code: "not_found", message: "no" } }, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderPage(id = ADDRESS) {
  await renderWithApp(
    <Routes>
      <Route path="/progress/:id" element={<ProgressPage />} />
    </Routes>,
    { path: `/progress/${id}` },
  );
}

const statusRows = async () => {
  const table = await screen.findByRole("table", { name: "Statuses" }, { timeout: 5000 });
  return within(table).getAllByRole("row").slice(1);
};
/** Text as read on screen: the status icons' digits and titles left out. */
function shownText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll("svg").forEach((svg) => svg.remove());
  return copy.textContent ?? "";
}
const statusButton = (name: string) => screen.getByRole("button", { name });
const leaderCard = () => screen.getByRole("heading", { level: 2, name: "Leader bonus" }).closest("section")!;

describe("<ProgressPage> statuses", () => {
  it("shows each status's percentage as core computes it from the criteria, and Got only at 100 %", async () => {
    await renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Status progress: alice" })).toBeTruthy();
    expect(document.title).toBe("Status progress: alice | AXM Explorer");
    const rows = await statusRows();
    expect(rows.map((row) => shownText(within(row).getByRole("button")))).toEqual(["Starter", "Leader", "Guru", "Boss", "Pro", "Top", "Mega"]);
    const percents = rows.map((row) => row.querySelectorAll("td")[0].textContent);
    expect(percents).toEqual(EXPECTED_PERCENTS.map((p) => `${p} %`));
    const fromCore = ["1", "2", "3", "4", "5", "6", "7"].map((s) => progressPercent(coreCriteria(PROGRESS[s])).toFixed(2).replace(".", ","));
    expect(fromCore).toEqual(EXPECTED_PERCENTS);
    expect(rows.map((row) => row.querySelectorAll("td")[1].textContent)).toEqual([
      "Got",
      "Got",
      "In process",
      "In process",
      "In process",
      "In process",
      "In process",
    ]);
  });

  it("marks the account's current status", async () => {
    await renderPage();
    const rows = await statusRows();
    expect(rows.map((row) => row.getAttribute("aria-current"))).toEqual([null, null, "true", null, null, null, null]);
    expect(within(rows[2]).getByText("Current")).toBeTruthy();
    expect(screen.getByText("Current status:").parentElement!.textContent).toContain("Guru");
  });

  it("opens a status's details from its button: advantages and conditions in words, actual against target", async () => {
    await renderPage();
    await statusRows();
    fireEvent.click(statusButton("Guru"));
    const dialog = screen.getByRole("dialog", { name: "Guru" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.activeElement).toBe(dialog);
    expect(within(dialog).getByText("82,22 %")).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Levels 1–6 of partner rewards",
      "25 % of the weekly leader bonus",
      `•Team delegation40${NBSP}000 / 50${NBSP}000 AXM (not met yet)`,
      "✓Self delegation600 / 600 AXM (met)",
      "•First-line partners with 3 active partners each2 / 3 (not met yet)",
    ]);
    expect(screen.getByRole("button", { name: "Guru" }).getAttribute("aria-expanded")).toBe("true");
  });

  it("opens from a press anywhere in the row, names each rule's shape, and closes on Escape with focus back on the status", async () => {
    await renderPage();
    const rows = await statusRows();
    fireEvent.click(rows[3].querySelector("td")!);
    let dialog = screen.getByRole("dialog", { name: "Boss" });
    expect(within(dialog).getByText("Branches of 15 people").nextElementSibling!.textContent).toBe("1 / 3 (not met yet)");
    expect(within(dialog).getByText("Levels 1–8 of partner rewards")).toBeTruthy();
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(statusButton("Boss"));

    fireEvent.click(statusButton("Leader"));
    dialog = screen.getByRole("dialog", { name: "Leader" });
    expect(within(dialog).getByText("First-line partners delegating 100 AXM").nextElementSibling!.textContent).toBe("3 / 3 (met)");
    expect(within(dialog).getByText("15 % of the weekly leader bonus")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(document.activeElement).toBe(statusButton("Leader"));

    fireEvent.click(statusButton("Starter"));
    dialog = screen.getByRole("dialog", { name: "Starter" });
    expect(
      within(dialog)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Levels 1–2 of partner rewards", "✓Self delegation100 / 100 AXM (met)"]);
  });

  it("tells of a downgrade only when the chain set a date, in the current status's popup and on the page", async () => {
    await renderPage();
    await statusRows();
    expect(screen.queryByRole("note")).toBeNull();
    fireEvent.click(statusButton("Guru"));
    expect(within(screen.getByRole("dialog")).queryByRole("note")).toBeNull();
    cleanup();

    const at = "2026-12-02T09:00:00.000Z";
    info = account(3, at);
    await renderPage();
    await statusRows();
    // In UTC and saying so, whatever the browser's zone (issue 15).
    const date = "December 2, 2026 at 09:00 UTC";
    expect(screen.getByRole("note").textContent).toBe(`The status will be downgraded to Leader on ${date}.`);
    fireEvent.click(statusButton("Guru"));
    expect(within(screen.getByRole("dialog")).getByRole("note").textContent).toBe(`The status will be downgraded to Leader on ${date}.`);
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    fireEvent.click(statusButton("Boss"));
    expect(within(screen.getByRole("dialog")).queryByRole("note")).toBeNull();
  });

  it("is a bottom sheet on phones that a swipe down of a quarter of its height closes", async () => {
    phoneWidth();
    await renderPage();
    await statusRows();
    fireEvent.click(statusButton("Top"));
    const dialog = screen.getByRole("dialog", { name: "Top" });
    vi.spyOn(dialog, "getBoundingClientRect").mockReturnValue({ height: 400 } as DOMRect);
    const swipe = (distance: number) => {
      fireEvent.touchStart(dialog, { touches: [{ clientY: 100 }] });
      fireEvent.touchMove(dialog, { touches: [{ clientY: 100 + distance }] });
      fireEvent.touchEnd(dialog, { touches: [] });
    };
    swipe(99);
    expect(screen.getByRole("dialog", { name: "Top" })).toBeTruthy();
    swipe(100);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(statusButton("Top"));
  });
});

describe("<ProgressPage> leader bonuses", () => {
  it("appears only above Starter, asking the KPI and bonus table only then", async () => {
    info = account(1);
    await renderPage();
    await statusRows();
    expect(screen.queryByRole("heading", { name: "Leader bonus" })).toBeNull();
    expect(requests.some((r) => r.includes("status-kpi-full") || r.includes("leader_bonus"))).toBe(false);
    cleanup();

    info = account(2);
    await renderPage();
    expect(await screen.findByRole("heading", { level: 2, name: "Leader bonus" })).toBeTruthy();
    await waitFor(() => expect(requests).toContain(`/api/accounts/status-kpi-full/${ADDRESS}`));
    expect(requests).toContain("/api/promo/leader_bonus/v2");
  });

  it("counts down to the API's next payout every second, and to Saturday 09:00 UTC once that has passed", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    vi.setSystemTime(NOW);
    kpi.nextPayoutAt = "2026-11-26T12:30:15.000Z";
    await renderPage();
    const timer = await screen.findByRole("timer", {}, { timeout: 5000 });
    const shown = () => [...timer.children].map((unit) => unit.textContent);
    expect(shown()).toEqual(["1 day", "02 hours", "30 minutes", "15 seconds"]);
    expect(screen.getByText(/^Results:/).textContent).toBe("Results: November 26, 2026 at 12:30 UTC");
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toEqual(["1 day", "02 hours", "30 minutes", "14 seconds"]);
    act(() => vi.advanceTimersByTime(14_000));
    expect(shown()).toEqual(["1 day", "02 hours", "30 minutes", "00 seconds"]);
    cleanup();

    vi.setSystemTime(NOW);
    kpi.nextPayoutAt = "2026-11-21T09:00:00.000Z";
    table.nextPayoutAt = kpi.nextPayoutAt;
    await renderPage();
    const fallback = await screen.findByRole("timer", {}, { timeout: 5000 });
    // Wednesday 10:00 to Saturday 09:00: 2 days 23 hours, as core's rule says.
    expect(payoutCountdownMs(Date.now())).toBe((2 * 24 + 23) * 3600 * 1000);
    expect([...fallback.children].map((unit) => unit.textContent)).toEqual(["2 days", "23 hours", "00 minutes", "00 seconds"]);
  });

  it("fills the KPI bar level by level, blue below 100 % and green at it, against the account's own target", async () => {
    await renderPage();
    const bar = await screen.findByRole("progressbar", { name: "Weekly KPI" }, { timeout: 5000 });
    const fills = () => [...bar.querySelectorAll("[data-complete]")].map((fill) => [fill.getAttribute("data-complete"), (fill as HTMLElement).style.width]);
    // Guru: Leader's 1,000 AXM reached; 800 of the 1,500 between Leader's and Guru's targets.
    expect(fills()).toEqual([
      ["true", "100%"],
      ["false", "53.33%"],
    ]);
    expect(bar.getAttribute("aria-valuenow")).toBe("72");
    // Testing Library's matcher reads the no-break spaces of the grouping as plain ones.
    expect(within(leaderCard()).getByText("1 800 / 2 500 AXM")).toBeTruthy();
    cleanup();

    kpi.completed = { amount: axm(2_500), cards: 3 };
    await renderPage();
    const full = await screen.findByRole("progressbar", {}, { timeout: 5000 });
    expect([...full.querySelectorAll("[data-complete]")].map((fill) => fill.getAttribute("data-complete"))).toEqual(["true", "true"]);
    expect(full.getAttribute("aria-valuenow")).toBe("100");
  });

  it("estimates the earning from the bonus table's line of the completed level, 0 when none is completed", async () => {
    await renderPage();
    await screen.findByRole("progressbar", {}, { timeout: 5000 });
    const earning = () => screen.getByText("Estimated bonus this week").nextElementSibling!.textContent;
    expect(earning()).toBe("120,5 AXM");
    expect(screen.getByText("Weekly pool").nextElementSibling!.textContent).toBe(`10${NBSP}000 AXM`);
    expect(screen.queryByText("Paid to Premium accounts only.")).toBeNull();
    cleanup();

    kpi.completed = { amount: axm(900), cards: 0 };
    info = account(3, null, false);
    await renderPage();
    await screen.findByRole("progressbar", {}, { timeout: 5000 });
    expect(earning()).toBe("0 AXM");
    expect(screen.getByText("Paid to Premium accounts only.")).toBeTruthy();
  });

  it("shows dashes, not amounts, when the programme's weekly pool is unknown (the chain pays no leader bonus)", async () => {
    table = { ...table, pool: null, bonuses: table.bonuses.map((b) => ({ ...b, amountForOneWithOtherLevels: null })) };
    await renderPage();
    await screen.findByRole("progressbar", {}, { timeout: 5000 });
    expect(screen.getByText("Estimated bonus this week").nextElementSibling!.textContent).toBe("—");
    expect(screen.getByText("Weekly pool").nextElementSibling!.textContent).toBe("—");
  });

  it("lists the top-influence rating with links, amounts and shares of its total", async () => {
    await renderPage();
    const rating = await screen.findByRole("list", { name: "Top influence" }, { timeout: 5000 });
    const rows = within(rating).getAllByRole("listitem");
    const figure = (row: HTMLElement, name: string) => row.querySelector(`[data-figure="${name}"]`)!.textContent;
    expect(rows.map((row) => [within(row).getByRole("link").textContent, figure(row, "amount"), figure(row, "share")])).toEqual([
      ["bob the builder", `New delegations: 3${NBSP}000 AXM`, "Share: 75,00 %"],
      [`${SECOND.slice(0, 15)}...${SECOND.slice(-6)}`, `New delegations: 1${NBSP}000 AXM`, "Share: 25,00 %"],
    ]);
    expect(within(rows[1]).getByRole("link").getAttribute("href")).toBe(`/address/${SECOND}`);
  });

  it("opens the KPI popup with the new delegations each status needs", async () => {
    await renderPage();
    await screen.findByRole("progressbar", {}, { timeout: 5000 });
    const opener = screen.getByRole("button", { name: "KPI by status" });
    fireEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: "KPI by status" });
    const rows = within(dialog).getAllByRole("row").slice(1);
    expect(rows.map(shownText)).toEqual([
      `Leader1${NBSP}00015 %`,
      `Guru2${NBSP}50025 %`,
      `Boss7${NBSP}50020 %`,
      `Pro15${NBSP}00015 %`,
      `Top40${NBSP}00015 %`,
      `Mega100${NBSP}00010 %`,
    ]);
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("fails the section, not the page, on a malformed answer", async () => {
    kpi.completed = { amount: "12.5", cards: 2 };
    await renderPage();
    expect(await screen.findAllByText("The leader bonus could not be loaded.", {}, { timeout: 5000 })).toHaveLength(2);
    expect((await statusRows()).length).toBe(7);
  });
});

describe("<ProgressPage> address", () => {
  it("shows the 404 view for an address that is not an axm account, without asking the API", async () => {
    for (const id of ["hello", toBech32("cosmos", new Uint8Array(20).fill(7)), toBech32("axm", new Uint8Array(32).fill(7))]) {
      await renderPage(id);
      expect(screen.getByRole("heading", { level: 1, name: "Account not found" })).toBeTruthy();
      cleanup();
    }
    expect(requests).toEqual([]);
  });
});
