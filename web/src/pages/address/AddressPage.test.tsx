// The Address screen with a stubbed API: the card's figures, which tabs it offers and which is first, the team table
// (names, sort, filters, paging), the support view's operations with More, and the Premium advertisement.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes, useLocation } from "react-router";
import { bytesToAccount } from "../../../../core/address.ts";
import { shortenAddress } from "../../../../core/format.ts";
import type { AccountDelegations, AccountInfo, ChainEvent, Operation, OperationTypes, TeamMember, Tx } from "../../api/types.ts";
import { configFixture } from "../../site/config-fixture.ts";
import { renderWithApp } from "../../test-support.tsx";
import AddressPage from "./AddressPage.tsx";
import { PREMIUM_ADVERT_DELAY_MS, PremiumAdvert } from "./PremiumAdvert.tsx";

const NBSP = "\u00a0";
const account = (n: number) => bytesToAccount(new Uint8Array(20).fill(n));
const ME = account(1);
const REFERRER = account(2);
const ROOT = account(3);
const LONG_NAME = "SwiftFoxTheMagnificentPartner";

let infos: Record<string, AccountInfo>;
let members: TeamMember[];
let operations: Operation[];
let events: ChainEvent[];
let delegations: AccountDelegations;
let requests: URL[];

function referral(address: string, change: Partial<NonNullable<AccountInfo["referral"]>> = {}): NonNullable<AccountInfo["referral"]> {
  return {
    _id: address,
    name: null,
    img: null,
    telegram: null,
    status: 0,
    referrer: null,
    teamSize: 0,
    teamSizeDaily: 0,
    teamBalance: "0",
    teamDelegated: "0",
    teamUndelegating: "0",
    totalRewards: "0",
    totalRewardsRet: "0",
    confirmed_account: false,
    premium: false,
    premiumExp: null,
    ...change,
  };
}

function member(n: number, change: Partial<TeamMember> = {}): TeamMember {
  return {
    _id: account(100 + n),
    name: `Member${n}`,
    img: null,
    status: 1,
    level: 1,
    delegated: "100000000",
    unbonding: "0",
    teamSize: 0,
    teamSizeDaily: 0,
    activeTeam: 0,
    referrer: ME,
    premium: false,
    telegram: null,
    ...change,
  };
}

/** Operations one second apart, newest first, from 2026-11-21 12:00:00 UTC back. */
function operationAt(i: number): Operation {
  return {
    type: i % 2 ? "delegate" : "transfer_in",
    title: i % 2 ? "Delegation" : "Incoming transfer",
    amount: String(1_000_000 * (i + 1)),
    denom: i === 3 ? "uret" : "uaxm",
    s: i % 2 ? -1 : 1,
    c: i % 2 ? "red" : "green",
    time: new Date(Date.UTC(2026, 10, 21, 12, 0, 0) - i * 1000).toISOString(),
    error: i === 0 ? "out of gas" : null,
    fields: [
      { l: "Sender", v: REFERRER, t: 1, n: null },
      { l: "Amount", v: "2500000", t: 2, n: "incl. fee" },
      { l: "Memo", v: "2500000", t: 0, n: null },
    ],
    txHash: i === 0 ? "AB".repeat(32) : null,
  };
}

const OP_TYPES: OperationTypes = {
  transfer_in: { en: "Incoming transfer", ru: "Входящий перевод", de: "x", es: "x", tr: "x", zh: "x", hi: "x" },
  delegate: { en: "Delegation", ru: "Делегирование", de: "x", es: "x", tr: "x", zh: "x", hi: "x" },
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function tx(n: number): Tx {
  return {
    _id: String(n).padStart(64, "0"),
    blockId: 100 + n,
    index: 0,
    code: 0,
    codespace: "",
    log: "",
    undecodable: false,
    type: ["/cosmos.bank.v1beta1.MsgSend"],
    timestamp: "2026-11-21T12:00:00.000Z",
    gasUsed: "1",
    gasWanted: "1",
    fee: [],
    chainId: "axm-devnet-1",
    memo: "",
  };
}

beforeEach(() => {
  requests = [];
  localStorage.clear();
  infos = {
    [ME]: {
      balance: [
        { denom: "uaxm", amount: "1500000" },
        { denom: "uaxmd", amount: "250000000" },
      ],
      unbounding: [
        { balance: "1000000", completion_time: "2026-12-01T00:00:00Z" },
        { balance: "2500000", completion_time: "2026-12-02T00:00:00Z" },
      ],
      claimable: { total: [{ denom: "uaxm", amount: "700000" }] },
      claimedTotal: "42000000",
      referralClaimedTotal: "9000000",
      refInfo: { self_delegated: "250000000", team_delegated: "5000000000", status_downgrade_at: null },
      referral: referral(ME, {
        name: "SwiftFox7",
        telegram: "swiftfox_7",
        status: 2,
        referrer: REFERRER,
        teamSize: 12,
        teamSizeDaily: 3,
        teamBalance: "7000000",
        teamDelegated: "5000000000",
        teamUndelegating: "1000000",
        totalRewards: "9000000",
        confirmed_account: true,
      }),
    },
    [REFERRER]: { referral: referral(REFERRER, { name: "Upline" }) },
  };
  members = [
    member(1, { name: LONG_NAME, premium: true, telegram: "fox_1", status: -1 }),
    member(2, { name: null, level: 2, referrer: account(101) }),
    ...Array.from({ length: 8 }, (_, i) => member(i + 3)),
  ];
  operations = Array.from({ length: 25 }, (_, i) => operationAt(i));
  events = [];
  delegations = { delegations: [], rewardsTotal: [] };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://explorer.test");
      requests.push(url);
      const path = url.pathname;
      if (path === "/api/config") return json(configFixture({ referralRoots: [ROOT] }));
      const info = /^\/api\/accounts\/info\/([^/]+)$/.exec(path);
      if (info) return json(infos[info[1]] ?? { referral: referral(info[1]), balance: [] });
      if (/\/records_count$/.test(path) && path.startsWith("/api/accounts/team/")) return json({ total_records: 35 });
      if (path.startsWith("/api/accounts/team/")) return json({ data: members, names: { [ME]: "SwiftFox7" } });
      if (path === "/api/transactions/paginate/records_count") return json({ totalRecords: 2 });
      if (path.startsWith("/api/transactions/paginate/")) return json({ data: [tx(1), tx(2)], page: 1 });
      if (path === `/api/accounts/delegations/${ME}`) return json(delegations);
      if (path === "/api/events/paginate/records_count") return json({ totalRecords: events.length });
      if (path.startsWith("/api/events/paginate/")) return json({ data: events });
      if (path === "/api/blockchain/config/opfilter") return json(OP_TYPES);
      if (path.startsWith("/api/operations/")) {
        const from = Number(url.searchParams.get("timeFrom"));
        return json(operations.filter((o) => Date.parse(o.time) < from).slice(0, 20));
      }
      return json({ error: { code: "not_found", message: path } }, 404);
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

async function renderPage(path = `/address/${ME}`) {
  await renderWithApp(
    <Routes>
      <Route
        path="/address/:id"
        element={
          <>
            <AddressPage />
            <Location />
          </>
        }
      />
      <Route path="/" element={<p>Home</p>} />
    </Routes>,
    { path },
  );
}

const search = () => new URLSearchParams(screen.getByTestId("location").textContent ?? "");
const card = () => within(screen.getByRole("region", { name: "Address statistics" }));
const value = (label: string) => card().getByText(label, { selector: "dt" }).nextElementSibling as HTMLElement;
const tabNames = async () => (await screen.findAllByRole("tab")).map((tab) => tab.textContent);
const selectedTab = () => screen.getAllByRole("tab").find((tab) => tab.getAttribute("aria-selected") === "true")?.textContent;
const teamRows = () =>
  within(screen.getByRole("table", { name: "Team" }))
    .getAllByRole("row")
    .slice(1);
const teamRequests = () => requests.filter((url) => /\/paginate\/\d+\/\d+$/.test(url.pathname) && url.pathname.startsWith("/api/accounts/team/"));
const lastTeamRequest = () => teamRequests().at(-1)!;
/** The operation cards shown, once there are `count` of them. */
function operationCards(count: number): HTMLElement[] {
  const cards = within(screen.getByRole("list", { name: "Operations" })).getAllByRole("article");
  expect(cards).toHaveLength(count);
  return cards;
}

describe("<AddressPage>", () => {
  it("fills the statistics card from the account info", async () => {
    await renderPage();
    await waitFor(() => expect(value("Total").textContent).not.toBe(""));
    expect(
      requests.some(
        (url) =>
          url.pathname === `/api/accounts/info/${ME}` && url.searchParams.get("fields") === "balance,claimable,unbounding,referral,ref_info,claimed_total",
      ),
    ).toBe(true);
    expect(value("Address").textContent).toBe(`${ME.slice(0, 25)}...${ME.slice(-6)}`);
    expect(card().getByRole("button", { name: "Copy address" })).toBeTruthy();
    expect(value("Nickname").textContent).toContain("SwiftFox7");
    expect(within(value("Nickname")).getByText("Confirmed")).toBeTruthy();
    expect(within(value("Nickname")).getByRole("link", { name: "Telegram: @swiftfox_7" }).getAttribute("href")).toBe("https://t.me/swiftfox_7");
    // 1,5 available + 250 delegated + 3,5 undelegating + 0,7 claimable.
    expect(value("Total").textContent).toBe("255,7 AXM");
    expect(value("Available").textContent).toBe("1,5 AXM");
    expect(value("Delegated").textContent).toBe("250 AXM");
    expect(value("Undelegating").textContent).toBe("3,5 AXM");
    expect(value("Claimable rewards").textContent).toBe("0,7 AXM");
    expect(value("Enrolled rewards").textContent).toBe("42 AXM");
    expect(value("Status").textContent).toBe("Leader");
    expect(within(value("Status")).getByRole("link").getAttribute("href")).toBe(`/progress/${ME}`);
    expect(value("Team size").textContent).toBe("12 (+3)");
    expect(value("Team balance").textContent).toBe("7 AXM");
    expect(value("Team delegation").textContent).toBe(`5${NBSP}000 AXM`);
    expect(value("Team undelegation").textContent).toBe("1 AXM");
    expect(value("Partner rewards").textContent).toBe("9 AXM");
    const referrer = within(value("Referrer")).getByRole("link");
    expect(referrer.getAttribute("href")).toBe(`/address/${REFERRER}`);
    expect(referrer.textContent).toBe(`${REFERRER.slice(0, 15)}...${REFERRER.slice(-6)}`);
    await waitFor(() => expect(within(value("Referrer")).getByRole("tooltip", { hidden: true }).textContent).toBe(`Upline / ${REFERRER}`));
    expect(document.title).toBe(`Address ${ME.slice(0, 15)}...${ME.slice(-6)} | AXM Explorer`);
  });

  it("adds the partner rewards received in RET (uret_mode) to those in AXM", async () => {
    infos[ME] = { ...infos[ME], referral: { ...infos[ME].referral!, totalRewardsRet: "2500000" } };
    await renderPage();
    await waitFor(() => expect(value("Partner rewards").textContent).toBe("9 AXM + 2,5 RET"));
  });

  it("shows an unused account as zeros with a dash for claimable rewards the node did not give, and no messenger link without a handle", async () => {
    const unused = account(9);
    await renderPage(`/address/${unused}`);
    await waitFor(() => expect(value("Total").textContent).toBe("0 AXM"));
    expect(value("Claimable rewards").textContent).toBe("—");
    expect(value("Status").textContent).toBe("No status");
    expect(value("Referrer").textContent).toBe("—");
    expect(within(value("Nickname")).queryByRole("link")).toBeNull();
  });

  it("shows 0 AXM of claimable rewards when the node says there is nothing to claim, as it does for an account with some", async () => {
    const idle = account(8);
    infos[idle] = { referral: referral(idle), balance: [], claimable: { total: [] } };
    await renderPage(`/address/${idle}`);
    await waitFor(() => expect(value("Claimable rewards").textContent).toBe("0 AXM"));
    cleanup();
    await renderPage();
    await waitFor(() => expect(value("Claimable rewards").textContent).toBe("0,7 AXM"));
  });

  it("lists the delegations per validator with their rewards, and the totals under them", async () => {
    const validator = (n: number, name: string) => ({ address: `axmvaloper1${"q".repeat(37)}${n}`, name, logoUrl: null });
    delegations = {
      delegations: [
        { validator: validator(1, "Cobalt Validator"), amount: "250000000", rewards: [{ denom: "uaxm", amount: "500000" }] },
        { validator: validator(2, ""), amount: "1500000", rewards: [] },
        { validator: validator(3, "Aurora Stake"), amount: null, rewards: [{ denom: "uaxm", amount: "200000" }] },
      ],
      rewardsTotal: [{ denom: "uaxm", amount: "700000" }],
    };
    await renderPage(`/address/${ME}?tab=delegations`);
    const table = await screen.findByRole("table", { name: "Delegations per validator" });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(4));
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      );
    const second = delegations.delegations[1].validator.address;
    expect(rows).toEqual([
      ["CCobalt Validator", "250", "0,5"],
      [`A${shortenAddress(second)}`, "1,5", "0"],
      ["AAurora Stake", "—", "0,2"],
    ]);
    expect(within(table).getByRole("link", { name: "Cobalt Validator" }).getAttribute("href")).toBe(
      `/validator/${delegations.delegations[0].validator.address}`,
    );
    expect(screen.getByLabelText("Totals").textContent).toBe("Delegated in total251,5 AXMClaimable rewards in total0,7 AXM");
  });

  it("links a transaction's event to its transaction, and each address in its attributes to that address", async () => {
    const hash = "AB12".repeat(16);
    events = [
      {
        type: "transfer",
        attributes: [{ key: "recipient", value: REFERRER }],
        blockId: 40,
        timestamp: "2026-11-21T12:00:00.000Z",
        txHash: hash,
        related: [ME],
      },
      { type: "rewards", attributes: [{ key: "validator", value: "x" }], blockId: 39, timestamp: "2026-11-21T11:59:55.000Z", txHash: null, related: [ME] },
    ];
    await renderPage(`/address/${ME}?tab=events`);
    const cards = () => within(screen.getByRole("tabpanel")).queryAllByRole("article");
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [transfer, rewards] = cards();
    const link = within(transfer).getByRole("link", { name: `Transaction ${hash.slice(0, 8)}...${hash.slice(-8)}` });
    expect(link.getAttribute("href")).toBe(`/transactions/${hash}`);
    expect(within(transfer).getByRole("link", { name: REFERRER }).getAttribute("href")).toBe(`/address/${REFERRER}`);
    expect(within(rewards).queryByRole("link", { name: /^Transaction/ })).toBeNull();
    expect(within(rewards).getByRole("link", { name: "Block 39" })).toBeTruthy();
  });

  it.each(["not-an-address", `${ME.slice(0, -1)}q`, "axmvaloper1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5z5tpwp"])("shows 'Address not found' for %s", async (id) => {
    await renderPage(`/address/${id}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Address not found" })).toBeTruthy();
    expect(requests.some((url) => url.pathname.startsWith("/api/accounts/"))).toBe(false);
  });

  it("opens on Team for an account with a referrer", async () => {
    await renderPage();
    expect(await tabNames()).toEqual(["Team", "Transactions", "Delegations", "Events", "Assets"]);
    expect(selectedTab()).toBe("Team");
    await waitFor(() => expect(teamRows()).toHaveLength(10));
  });

  it("opens on Team for the programme's root, which has no referrer", async () => {
    infos[ROOT] = { referral: referral(ROOT, { name: "Root" }) };
    await renderPage(`/address/${ROOT}`);
    expect(await tabNames()).toEqual(["Team", "Transactions", "Delegations", "Events", "Assets"]);
    expect(selectedTab()).toBe("Team");
  });

  it("opens on Transactions without a referrer and not the root, and a ?tab=team there is ignored", async () => {
    const loner = account(7);
    await renderPage(`/address/${loner}?tab=team`);
    expect(await tabNames()).toEqual(["Transactions", "Delegations", "Events", "Assets"]);
    expect(selectedTab()).toBe("Transactions");
    await waitFor(() => expect(screen.getAllByRole("link", { name: /^0{16}\.\.\./ })).toHaveLength(2));
    const list = requests.find((url) => url.pathname === "/api/transactions/paginate/10/1");
    expect(list?.searchParams.get("address")).toBe(loner);
  });

  it("adds Operations in the support view only", async () => {
    await renderPage(`/address/${ME}?support`);
    expect(await tabNames()).toEqual(["Team", "Transactions", "Delegations", "Operations", "Events", "Assets"]);
    fireEvent.click(screen.getByRole("tab", { name: "Operations" }));
    expect(search().has("support")).toBe(true);
    expect(search().get("tab")).toBe("operations");
    expect(await screen.findByRole("checkbox", { name: "All" })).toBeTruthy();
  });

  it("shortens nicknames above 22 characters, shows the address when there is none, and reads status -1 as no status", async () => {
    await renderPage();
    await waitFor(() => expect(teamRows()).toHaveLength(10));
    const [first, second] = teamRows();
    const firstName = within(first).getAllByRole("link")[0];
    expect(firstName.textContent).toBe("SwiftFoxTheMagnificent...");
    expect(firstName.getAttribute("href")).toBe(`/address/${account(101)}`);
    expect(within(first).getByRole("img", { name: "Premium" })).toBeTruthy();
    expect(within(first).getByRole("link", { name: "Telegram: @fox_1" }).getAttribute("href")).toBe("https://t.me/fox_1");
    expect(within(first).getAllByRole("cell")[1].textContent).toBe("No status");
    expect(within(first).getAllByRole("cell")[6].textContent).toBe("SwiftFox7");
    const secondName = within(second).getAllByRole("link")[0];
    expect(secondName.textContent).toBe(`${account(102).slice(0, 15)}...${account(102).slice(-6)}`);
    expect(within(second).queryByRole("link", { name: /Telegram/ })).toBeNull();
    // A referrer without a nickname in the names map shows its address shortened.
    expect(within(second).getAllByRole("cell")[6].textContent).toBe(`${account(101).slice(0, 15)}...${account(101).slice(-6)}`);
    expect(within(second).getAllByRole("cell")[3].textContent).toBe("100");
    expect(await screen.findByText("35 partners found")).toBeTruthy();
  });

  it("sorts a column ascending on the first click and flips it on the next, back on page 1", async () => {
    await renderPage(`/address/${ME}?page=2`);
    await waitFor(() => expect(teamRows()).toHaveLength(10));
    expect(lastTeamRequest().pathname).toBe(`/api/accounts/team/${ME}/paginate/10/2`);
    const header = () => screen.getByRole("button", { name: /^Status/ }).closest("th")!;
    expect(header().getAttribute("aria-sort")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /^Status/ }));
    await waitFor(() => expect(lastTeamRequest().searchParams.get("order")).toBe("status"));
    expect(lastTeamRequest().searchParams.get("direction")).toBe("asc");
    expect(lastTeamRequest().pathname).toBe(`/api/accounts/team/${ME}/paginate/10/1`);
    expect(header().getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(screen.getByRole("button", { name: /^Status/ }));
    await waitFor(() => expect(lastTeamRequest().searchParams.get("direction")).toBe("desc"));
    expect(header().getAttribute("aria-sort")).toBe("descending");
    expect(search().get("sort")).toBe("status");
    expect(search().get("dir")).toBe("desc");
    fireEvent.click(screen.getByRole("button", { name: /^Team \(/ }));
    await waitFor(() => expect(lastTeamRequest().searchParams.get("order")).toBe("teamSize"));
    expect(lastTeamRequest().searchParams.get("direction")).toBe("asc");
  });

  it("sends the level, status and search filters and the page size, each back on page 1, and clears the filters", async () => {
    await renderPage(`/address/${ME}?page=3`);
    await waitFor(() => expect(teamRows()).toHaveLength(10));
    const toPage2 = async () => {
      fireEvent.click(screen.getByRole("button", { name: "Page 2" }));
      await waitFor(() => expect(search().get("page")).toBe("2"));
    };
    fireEvent.change(screen.getByLabelText("Level"), { target: { value: "4" } });
    await waitFor(() => expect(lastTeamRequest().searchParams.get("level")).toBe("4"));
    expect(lastTeamRequest().pathname).toBe(`/api/accounts/team/${ME}/paginate/10/1`);
    expect(search().get("page")).toBeNull();
    await toPage2();
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "5" } });
    await waitFor(() => expect(lastTeamRequest().searchParams.get("status")).toBe("5"));
    expect(search().get("page")).toBeNull();
    await toPage2();
    fireEvent.change(screen.getByRole("searchbox", { name: "Search the team" }), { target: { value: "fox" } });
    fireEvent.submit(screen.getByRole("searchbox", { name: "Search the team" }).closest("form")!);
    await waitFor(() => expect(lastTeamRequest().searchParams.get("q")).toBe("fox"));
    expect(search().get("page")).toBeNull();
    const count = requests.filter((url) => url.pathname.endsWith("/records_count") && url.pathname.startsWith("/api/accounts/team/")).at(-1)!;
    expect(Object.fromEntries(count.searchParams)).toEqual({ q: "fox", level: "4", status: "5" });
    await toPage2();
    fireEvent.change(screen.getByLabelText("Rows per page"), { target: { value: "50" } });
    await waitFor(() => expect(lastTeamRequest().pathname).toBe(`/api/accounts/team/${ME}/paginate/50/1`));
    expect(search().get("page")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect([...lastTeamRequest().searchParams.keys()]).toEqual([]));
    expect(search().get("size")).toBe("50");
    expect((screen.getByRole("searchbox", { name: "Search the team" }) as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Level") as HTMLSelectElement).value).toBe("");
  });

  it("renders operations: signed amount, error, an address field linking to its support view, an amount field in AXM", async () => {
    await renderPage(`/address/${ME}?support&tab=operations`);
    const cards = await waitFor(() => operationCards(20));
    const first = within(cards[0]);
    expect(first.getByRole("heading", { name: "Incoming transfer" })).toBeTruthy();
    expect(first.getByText("+1 AXM").getAttribute("data-colour")).toBe("green");
    expect(within(cards[1]).getByText("\u22122 AXM").getAttribute("data-colour")).toBe("red");
    // A partner reward paid in uret (the referral module's uret_mode) is RET, not AXM.
    expect(within(cards[3]).getByText("\u22124 RET")).toBeTruthy();
    expect(first.getByText("out of gas")).toBeTruthy();
    expect(within(cards[1]).queryByText("Error:")).toBeNull();
    const sender = first.getByRole("link", { name: REFERRER });
    expect(sender.getAttribute("href")).toBe(`/address/${REFERRER}?support`);
    const amount = first.getByText("Amount", { selector: "dt" }).nextElementSibling!;
    expect(amount.textContent).toBe("2,5 AXM incl. fee");
    expect(first.getByText("Memo", { selector: "dt" }).nextElementSibling!.textContent).toBe("2500000");
    const firstCall = requests.find((url) => url.pathname === `/api/operations/${ME}`)!;
    expect(firstCall.searchParams.get("perPage")).toBe("20");
    expect(firstCall.searchParams.get("lang")).toBe("en");
    expect(firstCall.searchParams.get("type")).toBeNull();
  });

  it("loads 20 more from the last time less 1 ms, and hides More once a load is short", async () => {
    await renderPage(`/address/${ME}?support&tab=operations`);
    await waitFor(() => operationCards(20));
    fireEvent.click(screen.getByRole("button", { name: "More" }));
    await waitFor(() => operationCards(25));
    const calls = requests.filter((url) => url.pathname === `/api/operations/${ME}`);
    expect(Number(calls.at(-1)!.searchParams.get("timeFrom"))).toBe(Date.parse(operations[19].time) - 1);
    expect(screen.queryByRole("button", { name: "More" })).toBeNull();
  });

  it("filters operations by type with All to go back", async () => {
    await renderPage(`/address/${ME}?support&tab=operations`);
    fireEvent.click(await screen.findByRole("checkbox", { name: "Delegation" }));
    await waitFor(() => expect(requests.at(-1)!.searchParams.get("type")).toBe("delegate"));
    expect(search().get("types")).toBe("delegate");
    expect((screen.getByRole("checkbox", { name: "All" }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole("checkbox", { name: "All" }));
    await waitFor(() => expect(search().get("types")).toBeNull());
    expect((screen.getByRole("checkbox", { name: "All" }) as HTMLInputElement).checked).toBe(true);
  });

  it("shows the Premium advertisement over a Premium account to a visitor without the premium flag", async () => {
    infos[ME].referral!.premium = true;
    localStorage.setItem("premium", "");
    await renderPage();
    const advert = await screen.findByRole("complementary", { hidden: true });
    await waitFor(() => expect(advert.getAttribute("data-shown")).toBe("true"));
    expect(advert.textContent).toContain("This partner has Premium.");
  });

  it("shows no advertisement to a visitor with the premium flag, nor over an account without Premium", async () => {
    infos[ME].referral!.premium = true;
    localStorage.setItem("premium", "1");
    await renderPage();
    await waitFor(() => expect(value("Total").textContent).not.toBe(""));
    expect(screen.queryByRole("complementary", { hidden: true })).toBeNull();
    cleanup();
    localStorage.clear();
    infos[ME].referral!.premium = false;
    await renderPage();
    await waitFor(() => expect(value("Total").textContent).not.toBe(""));
    // The advertisement is placed (hidden until its delay ends) with the account's figures: none now means none at all.
    expect(screen.queryByRole("complementary", { hidden: true })).toBeNull();
  });

  it("fades the advertisement in only after 0,5 s", async () => {
    vi.useFakeTimers();
    await renderWithApp(<PremiumAdvert />);
    const advert = screen.getByRole("complementary", { hidden: true });
    expect(advert.getAttribute("data-shown")).toBe("false");
    expect(advert.getAttribute("aria-hidden")).toBe("true");
    act(() => {
      vi.advanceTimersByTime(PREMIUM_ADVERT_DELAY_MS - 1);
    });
    expect(advert.getAttribute("data-shown")).toBe("false");
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(advert.getAttribute("data-shown")).toBe("true");
    expect(advert.getAttribute("aria-hidden")).toBe("false");
  });

  it("goes back home when opened directly", async () => {
    await renderPage();
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByText("Home")).toBeTruthy();
  });
});
