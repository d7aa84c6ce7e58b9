// The Validator screen with a stubbed API: header and fields, not found, uptime strip and counts, proposed blocks,
// and the delegations' "Show more".
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import type { Block, ConsensusEntry, Delegation, Validator } from "../../api/types.ts";
import { renderWithApp } from "../../test-support.tsx";
import { validatorFixture } from "../../validator-fixture.ts";
import ValidatorPage from "./ValidatorPage.tsx";

const NBSP = "\u00a0";
const ME = "axmvalcons1me";
const OTHER = "axmvalcons1other";
const LATEST = 200;

let validators: Validator[];
/** Delegation pages by number; a missing page fails with a 500. */
let delegationPages: Record<number, Delegation[]>;
let requests: string[];

function block(height: number): Block {
  // This validator proposes every tenth block, signs the others except every seventh.
  const proposer = height % 10 === 0 ? ME : OTHER;
  return {
    _id: height,
    hash: `${String(height).padStart(4, "0")}${"AB".repeat(30)}`,
    chainId: "axm-devnet-1",
    proposer,
    consensusAddress: proposer,
    proposerValidator: null,
    timestamp: new Date(Date.UTC(2026, 10, 21, 12, 0, height)).toISOString(),
    txCnt: height % 4,
    evtCnt: 0,
    er: 0.2,
  };
}

function entry(height: number): ConsensusEntry {
  return { _id: height, proposer: block(height).proposer, validators: height % 7 === 0 ? [OTHER] : [OTHER, ME] };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => to - i);
}

function delegation(index: number, amount = String(1_000_000_000 - index)): Delegation {
  return { address: `axm1delegator${String(index).padStart(30, "0")}`, amount: [{ denom: "uaxm", amount }] };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

beforeEach(() => {
  requests = [];
  validators = [
    validatorFixture({
      name: "Node One Staking",
      details: "Staking since the first testnet",
      bech32Address: "axmvaloper1nodeone",
      consensusAddress: ME,
      logoUrl: "https://node-one.example/logo.png",
      locked: "123456789000000",
      votingPower: 12.3456,
      okBlocksSinceStart: 4990,
      blocksSinceStart: 5000,
      totalProposed: 512,
      delegationFee: 5,
      txFee: 7.5,
      siteUrl: "https://node-one.example",
    }),
    validatorFixture({
      name: "jailbird",
      bech32Address: "axmvaloper1jailed",
      status: "BOND_STATUS_UNBONDING",
      isActive: false,
      siteUrl: "javascript:alert(1)",
      securityContact: "",
      delegationFee: null,
      txFee: null,
    }),
  ];
  delegationPages = {
    1: [delegation(0), delegation(1, "9999"), ...Array.from({ length: 8 }, (_, i) => delegation(i + 2))],
    2: [delegation(10), delegation(11), delegation(12, "10000")],
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://explorer.test");
      const path = url.pathname;
      requests.push(path + url.search);
      if (path === "/api/validators/all") return json(validators);
      if (path === "/api/consensus/latest") return json(entry(LATEST));
      const blocks = /^\/api\/blocks\/(\d+)-(\d+)$/.exec(path);
      if (blocks) return json(range(Number(blocks[1]), Number(blocks[2])).map(block));
      const consensus = /^\/api\/consensus\/(\d+)-(\d+)$/.exec(path);
      if (consensus) return json(range(Number(consensus[1]), Number(consensus[2])).map(entry));
      const delegations = /^\/api\/validators\/delegations\/[^/]+\/paginate\/10\/(\d+)$/.exec(path);
      const page = delegations ? delegationPages[Number(delegations[1])] : undefined;
      return page ? json(page) : json({ error: { code: "internal", message: "down" } }, 500);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderPage(id = "axmvaloper1nodeone") {
  await renderWithApp(
    <Routes>
      <Route path="/validator/:id" element={<ValidatorPage />} />
    </Routes>,
    { path: `/validator/${id}` },
  );
}

const field = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling!;
const section = (heading: string) => screen.getByRole("heading", { level: 2, name: heading }).parentElement!;
const delegators = () => within(section("Delegations")).queryAllByRole("row").slice(1);

describe("<ValidatorPage>", () => {
  it("shows the header and every field of the validator", async () => {
    await renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Node One Staking" })).toBeTruthy();
    expect(document.title).toBe("Node One Staking | AXM Explorer");
    const header = within(screen.getByRole("heading", { level: 1 }).parentElement!);
    expect(header.getByText("Active")).toBeTruthy();
    expect(field("Name").textContent).toBe("Node One Staking");
    expect(field("Description").textContent).toBe("Staking since the first testnet");
    expect(field("Blocks since start").textContent).toBe(`5${NBSP}000`);
    expect(field("Signed blocks since start").textContent).toBe(`4${NBSP}990`);
    expect(field("Blocks proposed").textContent).toBe("512");
    expect(field("Consensus address").textContent).toBe(ME);
    expect(field("Delegation fee").textContent).toBe("5 %");
    expect(field("Tx fee").textContent).toBe("7,5 %");
    expect(field("Locked").textContent).toBe(`123${NBSP}456${NBSP}789 AXM`);
    expect(field("Voting power").textContent).toBe("12,35 %");
    expect(field("Uptime").textContent).toBe("99,80 %");
    const site = within(field("Website") as HTMLElement).getByRole("link", { name: "https://node-one.example" });
    expect(site.getAttribute("target")).toBe("_blank");
    expect(site.getAttribute("rel")).toBe("noopener noreferrer");
    expect(field("Status").textContent).toBe("Active");
    expect(field("Status").firstElementChild!.getAttribute("title")).toBe("BOND_STATUS_BONDED");
    expect(field("Security contact").textContent).toBe("security@node-one.example");
    expect(field("Address").textContent).toContain("axmvaloper1nodeone");
    expect(screen.getByRole("button", { name: "Copy validator address" })).toBeTruthy();
  });

  it("calls a jailed validator not active, and never links a website that is not http(s)", async () => {
    await renderPage("axmvaloper1jailed");
    await screen.findByRole("heading", { level: 1, name: "jailbird" });
    expect(within(screen.getByRole("heading", { level: 1 }).parentElement!).getByText("Not active")).toBeTruthy();
    expect(field("Status").textContent).toBe("Jailed");
    expect(field("Status").firstElementChild!.getAttribute("title")).toBe("BOND_STATUS_UNBONDING");
    expect(field("Website").textContent).toBe("javascript:alert(1)");
    expect(within(field("Website") as HTMLElement).queryByRole("link")).toBeNull();
    expect(field("Security contact").textContent).toBe("—");
    expect(field("Description").textContent).toBe("—");
    // The real chain keeps no transaction fee per validator: a fee the API cannot give is a dash, never "0 %".
    expect(field("Tx fee").textContent).toBe("—");
    expect(field("Delegation fee").textContent).toBe("—");
  });

  it.each(["axmvaloper1unknown", "not-an-address"])("shows 'Validator not found' for %s", async (id) => {
    await renderPage(id);
    expect(await screen.findByRole("heading", { level: 1, name: "Validator not found" })).toBeTruthy();
    expect(document.title).toBe("Validator not found | AXM Explorer");
    expect(screen.getByRole("link", { name: "Go to the list of validators" }).getAttribute("href")).toBe("/validators");
    expect(requests.some((path) => path.includes("/delegations/"))).toBe(false);
  });

  it("draws the last 170 blocks oldest first as missed, signed or proposed, with the counts", async () => {
    await renderPage();
    const counts = await screen.findByTestId("uptime-counts");
    expect(requests).toContain("/api/blocks/31-200");
    expect(requests).toContain(`/api/consensus/31-200?validator=${ME}`);
    // 31..200: 17 proposed (every tenth); of the other 153, the multiples of 7 that are not of 10 missed (22).
    expect([...counts.querySelectorAll("li")].map((li) => [li.dataset.state, li.textContent])).toEqual([
      ["missed", "Missed: 22"],
      ["signed", "Signed: 131"],
      ["proposed", "Proposed: 17"],
    ]);
    const strip = screen.getByRole("img", { name: "Signing over the last 170 blocks, oldest first" });
    const squares = [...strip.children];
    expect(squares).toHaveLength(170);
    expect(squares.slice(0, 4).map((square) => square.getAttribute("title"))).toEqual([
      "Block 31: signed",
      "Block 32: signed",
      "Block 33: signed",
      "Block 34: signed",
    ]);
    expect(squares[4].getAttribute("title")).toBe("Block 35: missed");
    expect(squares[9].getAttribute("title")).toBe("Block 40: proposed");
  });

  it("lists the newest 13 blocks it proposed with height, hash, transactions and UTC time", async () => {
    await renderPage();
    await screen.findByTestId("uptime-counts");
    const rows = within(section("Recently proposed blocks")).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(13);
    const first = within(rows[0]);
    expect(first.getByRole("link", { name: "200" }).getAttribute("href")).toBe("/blocks/200");
    expect(rows[0].textContent).toContain(`0200${"AB".repeat(6)}...${"AB".repeat(8)}`);
    expect(rows[0].textContent).toContain("2026-11-21 12:03:20 UTC");
    expect(within(rows[12]).getByRole("link").textContent).toBe("80");
  });

  it('shows 10 delegations, under 0,01 AXM as "< 0,01", and adds the next page until one comes back short', async () => {
    await renderPage();
    await waitFor(() => expect(delegators()).toHaveLength(10));
    const [first, second] = delegators();
    expect(within(first).getByRole("link").getAttribute("href")).toBe(`/address/${delegation(0).address}`);
    expect(first.textContent).toBe(`${delegation(0).address}1${NBSP}000`);
    expect(within(second).getAllByRole("cell")[1].textContent).toBe("< 0,01");
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(delegators()).toHaveLength(13));
    expect(within(delegators()[12]).getAllByRole("cell")[1].textContent).toBe("0,01");
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });

  it("shows a delegator once when it moved to the next page between two loads", async () => {
    delegationPages[2] = [delegation(9), delegation(10)];
    await renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Show more" }));
    await waitFor(() => expect(delegators()).toHaveLength(11));
    const links = delegators().map((row) => within(row).getByRole("link").getAttribute("href"));
    expect(new Set(links).size).toBe(11);
  });

  it("offers no more when the first page is short", async () => {
    delegationPages = { 1: [delegation(0), delegation(1)] };
    await renderPage();
    await waitFor(() => expect(delegators()).toHaveLength(2));
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });

  it("stops offering more when the next page is empty", async () => {
    delegationPages[2] = [];
    await renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Show more" }));
    await waitFor(() => expect(requests).toContain("/api/validators/delegations/axmvaloper1nodeone/paginate/10/2"));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Show more" })).toBeNull());
    expect(delegators()).toHaveLength(10);
  });

  it("stops offering more when the next page fails, keeping the rows it has", async () => {
    delete delegationPages[2];
    await renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Show more" }));
    await waitFor(() => expect(requests).toContain("/api/validators/delegations/axmvaloper1nodeone/paginate/10/2"));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Show more" })).toBeNull());
    expect(delegators()).toHaveLength(10);
  });

  it("says when a validator has no delegations, and when they cannot be loaded", async () => {
    delegationPages = { 1: [] };
    await renderPage();
    expect(await within(await waitFor(() => section("Delegations"))).findByText("Nothing found")).toBeTruthy();
    cleanup();
    delegationPages = {};
    await renderPage();
    expect(await screen.findByText("The delegations could not be loaded.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });
});
