// The Validators overview with a stubbed API: cards, tabs with counts, debounced search, sorting, paging, URL state.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useLocation } from "react-router";
import type { Validator } from "../../api/types.ts";
import { renderWithApp } from "../../test-support.tsx";
import { SEARCH_DEBOUNCE_MS } from "./ValidatorSearch.tsx";
import ValidatorsPage from "./ValidatorsPage.tsx";
import { validatorFixture as validator } from "../../validator-fixture.ts";

const NBSP = "\u00a0";
const DESCRIPTION = "Staking since the first testnet; commission kept at 5 % for good";

let validators: Validator[];
let failValidators: boolean;

beforeEach(() => {
  failValidators = false;
  validators = [
    validator({
      name: "Alpha Staking",
      details: DESCRIPTION,
      bech32Address: "axmvaloper1alpha",
      address: "axm1alphauser000000000000000000000000000000",
      locked: "2500000000",
      votingPower: 25.456,
      okBlocksSinceStart: 95,
      blocksSinceStart: 100,
    }),
    validator({
      name: "Beta Node",
      bech32Address: "axmvaloper1beta",
      address: "axm1betauser00000000000",
      locked: "90000000000",
      votingPower: 74.544,
      okBlocksSinceStart: 100,
      blocksSinceStart: 100,
    }),
    validator({
      name: "Gamma",
      bech32Address: "axmvaloper1gamma",
      address: "axm1gammauser000000000",
      locked: "1000000",
      votingPower: 0,
      status: "BOND_STATUS_UNBONDED",
      okBlocksSinceStart: 0,
      blocksSinceStart: 0,
    }),
    validator({
      name: "Delta",
      bech32Address: "axmvaloper1delta",
      address: "axm1deltauser000000000",
      votingPower: 0,
      status: "BOND_STATUS_UNBONDING",
      isActive: false,
    }),
    validator({
      name: "Omega Nodes",
      bech32Address: "axmvaloper1omega",
      address: "axm1omegauser000000000",
      locked: "500000000",
      votingPower: 0.5,
      okBlocksSinceStart: 10,
      blocksSinceStart: 40,
    }),
  ];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const path = new URL(input, "http://explorer.test").pathname;
      if (path === "/api/validators/all" && failValidators) return new Response(JSON.stringify({ error: { code: "boom", message: "down" } }), { status: 500 });
      const body = path === "/api/validators/all" ? validators : { mempool: { n_txs: 1234 } };
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Location() {
  return <output data-testid="location">{useLocation().search}</output>;
}

async function renderPage(path = "/validators") {
  await renderWithApp(
    <>
      <ValidatorsPage />
      <Location />
    </>,
    { path },
  );
  await screen.findByRole("tablist");
}

const search = () => screen.getByTestId("location").textContent;
/** The full names in the table, top to bottom. */
const shown = () =>
  within(screen.getByRole("table"))
    .queryAllByRole("link")
    .map((link) => link.textContent);
const header = (name: string) => screen.getByRole("button", { name }).closest("th")!;
const tabs = () => screen.getAllByRole("tab").map((tab) => tab.textContent);

describe("<ValidatorsPage>", () => {
  it("shows the four cards, the tab counts, and the active validators by voting power, biggest first", async () => {
    await renderPage();
    expect(document.title).toBe("Validators | AXM Explorer");
    expect(tabs()).toEqual(["Active (3)", "Inactive (1)", "Jailed (1)"]);
    const cards = within(screen.getByLabelText("Validator statistics"));
    expect(cards.getAllByRole("term").map((term) => term.textContent)).toEqual(["Validators", "Average locked", "Average uptime", "Mempool size"]);
    // 5 validators; (2 500 + 90 000 + 1 + 1 000 + 500) / 5 AXM; uptime (95 + 100 + 90 + 25) / 4 over those with blocks.
    const values = () => cards.getAllByRole("definition").map((dd) => dd.textContent);
    await waitFor(() =>
      expect(values()).toEqual(["5", "3 active", `18${NBSP}800 AXM`, "per validator", "77,50 %", "since the start", `1${NBSP}234`, "transactions waiting"]),
    );
    expect(shown()).toEqual(["Beta Node", "Alpha Staking", "Omega Nodes"]);
    expect(header("Voting power").getAttribute("aria-sort")).toBe("descending");
    expect(header("Locked (AXM)").getAttribute("aria-sort")).toBeNull();
    expect(search()).toBe("");
  });

  it("shows each validator's logo or initial, name, its description under it, short address, figures and link", async () => {
    await renderPage();
    const row = screen.getByRole("link", { name: "Alpha Staking" }).closest("tr")!;
    expect(screen.getByRole("link", { name: "Alpha Staking" }).getAttribute("href")).toBe("/validator/axmvaloper1alpha");
    expect(within(row).getByText(DESCRIPTION).getAttribute("title")).toBe(DESCRIPTION);
    expect([...row.querySelectorAll("td")].map((td) => td.textContent)).toEqual([
      "AAlpha Staking" + DESCRIPTION + "axm1alphauser00...000000",
      `2${NBSP}500`,
      "5 %",
      "10 %",
      "25,46 %",
      "95,00 %",
    ]);
    cleanup();
    await renderPage("/validators?tab=inactive");
    const gamma = screen.getByRole("link", { name: "Gamma" }).closest("tr")!;
    expect(gamma.querySelectorAll("td")[5].textContent).toBe("—");
  });

  it("switches tabs, going back to page 1 and keeping the search", async () => {
    await renderPage("/validators?q=a&page=2");
    fireEvent.click(screen.getByRole("tab", { name: "Jailed (1)" }));
    expect(shown()).toEqual(["Delta"]);
    expect(search()).toBe("?q=a&tab=jailed");
    fireEvent.click(screen.getByRole("tab", { name: "Inactive (1)" }));
    expect(shown()).toEqual(["Gamma"]);
  });

  it("searches names and addresses in any case, 1 s after the last key, from page 1", async () => {
    await renderPage("/validators?page=2");
    vi.useFakeTimers();
    const box = screen.getByRole("searchbox", { name: "Search validators" });
    fireEvent.change(box, { target: { value: "NOD" } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    fireEvent.change(box, { target: { value: "NODE" } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(search()).toBe("?page=2");
    expect(shown()).toEqual(["Beta Node", "Alpha Staking", "Omega Nodes"]);
    act(() => vi.advanceTimersByTime(1));
    expect(search()).toBe("?q=NODE");
    expect(shown()).toEqual(["Beta Node", "Omega Nodes"]);
    expect(tabs()).toEqual(["Active (3)", "Inactive (1)", "Jailed (1)"]);

    fireEvent.change(box, { target: { value: "axm1ALPHAUSER" } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(shown()).toEqual(["Alpha Staking"]);
    fireEvent.change(box, { target: { value: "axmvaloper1om" } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(shown()).toEqual(["Omega Nodes"]);
    fireEvent.change(box, { target: { value: "" } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(search()).toBe("");
  });

  it("searches at once on Enter, and takes the search from the URL", async () => {
    await renderPage("/validators?q=gamma&tab=inactive");
    const box = screen.getByRole("searchbox", { name: "Search validators" }) as HTMLInputElement;
    expect(box.value).toBe("gamma");
    expect(shown()).toEqual(["Gamma"]);
    fireEvent.change(box, { target: { value: "beta" } });
    fireEvent.submit(box);
    expect(search()).toBe("?tab=inactive&q=beta");
    expect(screen.getByText("Nothing found")).toBeTruthy();
  });

  it.each([
    ["Locked (AXM)", "locked", ["Omega Nodes", "Alpha Staking", "Beta Node"]],
    ["Voting power", "votingPower", ["Omega Nodes", "Alpha Staking", "Beta Node"]],
    ["Uptime", "uptime", ["Omega Nodes", "Alpha Staking", "Beta Node"]],
  ])("sorts by %s ascending on the first click and flips on the second, from page 1", async (name, column, ascending) => {
    await renderPage("/validators?page=2");
    fireEvent.click(screen.getByRole("button", { name }));
    expect(shown()).toEqual(ascending);
    expect(header(name).getAttribute("aria-sort")).toBe("ascending");
    expect(search()).toBe(`?sort=${column}&dir=asc`);
    fireEvent.click(screen.getByRole("button", { name }));
    expect(shown()).toEqual([...ascending].reverse());
    expect(header(name).getAttribute("aria-sort")).toBe("descending");
    expect(search()).toBe(`?sort=${column}&dir=desc`);
    expect(screen.getAllByRole("columnheader").filter((th) => th.hasAttribute("aria-sort"))).toHaveLength(1);
  });

  it("says nothing was found for an empty tab", async () => {
    validators = validators.filter((v) => v.isActive);
    await renderPage("/validators?tab=jailed");
    expect(tabs()).toEqual(["Active (3)", "Inactive (1)", "Jailed (0)"]);
    expect(screen.getByText("Nothing found")).toBeTruthy();
  });

  it("explains both fees in a tooltip shown on keyboard focus and hidden by Escape", async () => {
    await renderPage();
    const help = screen.getByRole("button", { name: "Delegation fee: what is it?" });
    const tooltip = document.getElementById(help.getAttribute("aria-describedby")!)!;
    expect(tooltip.getAttribute("role")).toBe("tooltip");
    expect(tooltip.hidden).toBe(true);
    fireEvent.focus(help);
    expect(tooltip.hidden).toBe(false);
    expect(tooltip.textContent).toMatch(/staking rewards/);
    fireEvent.keyDown(help, { key: "Escape" });
    expect(tooltip.hidden).toBe(true);
    expect(screen.getByRole("button", { name: "Tx fee: what is it?" })).toBeTruthy();
  });

  it("pages 500 validators at a time, the paginator only past 500", async () => {
    await renderPage();
    expect(screen.queryByRole("navigation", { name: "Pages" })).toBeNull();
    cleanup();
    validators = Array.from({ length: 501 }, (_, i) => validator({ name: `Validator ${i}`, bech32Address: `axmvaloper1v${i}`, votingPower: 1000 - i }));
    await renderPage();
    expect(shown()).toHaveLength(500);
    fireEvent.click(screen.getByRole("button", { name: "Page 2" }));
    expect(search()).toBe("?page=2");
    expect(shown()).toEqual(["Validator 500"]);
  });

  it("offers to try again when the list cannot be loaded", async () => {
    failValidators = true;
    await renderWithApp(<ValidatorsPage />, { path: "/validators" });
    expect(await screen.findByText("The validators could not be loaded.")).toBeTruthy();
    failValidators = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("tablist")).toBeTruthy();
  });
});
