// The Contract screen with a stubbed API: fields and token link, the transaction tabs' filters, the AXM balance, history
// and state with their show-more keys and SPEC.md §5 decoding, failures only logged (§8), and an unknown contract.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import type { ContractHistoryPage, ContractInfoAnswer, ContractStatePage, Token, Tx } from "../../api/types.ts";
import { renderWithApp } from "../../test-support.tsx";
import { ALICE, BOB, CHECKSUM, COUNTER_CONTRACT, TOKEN_CONTRACT, failure, json } from "../../contract-fixtures.ts";
import ContractPage from "./ContractPage.tsx";

const hex = (text: string) => Buffer.from(text, "utf8").toString("hex").toUpperCase();
const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const BALANCE_KEY = `000762616C616E6365${hex(ALICE)}`;

function info(address: string, label: string, admin: string): ContractInfoAnswer {
  return {
    address,
    contract_info: { code_id: "1", creator: ALICE, admin, label, created: { block_height: "42", tx_index: "0" }, ibc_port_id: "", extension: null },
    codeChecksum: CHECKSUM,
  };
}

const token = { data: { name: "Axiome Gold", symbol: "AXG", logo: null, decimals: 6 } } as Token;

function tx(n: number): Tx {
  return {
    _id: `${String(n).padStart(4, "0")}${"C".repeat(60)}`,
    blockId: 500 - n,
    index: 0,
    code: 0,
    codespace: "",
    log: "",
    undecodable: false,
    type: ["/cosmwasm.wasm.v1.MsgExecuteContract"],
    timestamp: "2026-11-21T12:00:00Z",
    gasUsed: "100",
    gasWanted: "200",
    fee: [{ denom: "uaxm", amount: "5000" }],
    chainId: "axm-devnet-1",
    memo: "",
  };
}

const history: Record<string, ContractHistoryPage> = {
  "": {
    entries: [
      {
        operation: "CONTRACT_CODE_HISTORY_OPERATION_TYPE_INIT",
        code_id: "1",
        updated: { block_height: "42", tx_index: "0" },
        msg: { name: "Axiome Gold", symbol: "AXG", decimals: 6 },
      },
    ],
    pagination: { next_key: "AAE=", total: "0" },
  },
  "AAE=": {
    entries: [
      { operation: "CONTRACT_CODE_HISTORY_OPERATION_TYPE_MIGRATE", code_id: "4", updated: { block_height: "90", tx_index: "1" }, msg: { bump_version: {} } },
    ],
    pagination: { next_key: null, total: "0" },
  },
};

const state: Record<string, ContractStatePage> = {
  "": {
    models: [
      { key: "746F6B656E5F696E666F", value: base64(JSON.stringify({ name: "Axiome Gold", symbol: "AXG", decimals: 6, total_supply: "1000" })) },
      { key: BALANCE_KEY, value: base64('"250"') },
    ],
    pagination: { next_key: "Ab+/", total: "0" },
  },
  "Ab+/": { models: [{ key: "6C6F676F", value: base64("\u0089PNG not json") }], pagination: { next_key: null, total: "0" } },
};

let requests: string[];
let broken: Set<string>;

beforeEach(() => {
  requests = [];
  broken = new Set();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://explorer.test");
      const path = url.pathname;
      requests.push(path + url.search);
      const key = url.searchParams.get("pagination.key") ?? "";
      if ([...broken].some((part) => path.includes(part))) return failure();
      if (path === `/api/cosmwasm/wasm/v1/contract/${TOKEN_CONTRACT}`) return json(info(TOKEN_CONTRACT, "Axiome Gold token", BOB));
      if (path === `/api/cosmwasm/wasm/v1/contract/${COUNTER_CONTRACT}`) return json(info(COUNTER_CONTRACT, "", ""));
      if (path === `/api/cosmwasm/wasm/v1/contract/${TOKEN_CONTRACT}/history`) return json(history[key]);
      if (path === `/api/cosmwasm/wasm/v1/contract/${TOKEN_CONTRACT}/state`) return json(state[key]);
      if (path === `/api/cw20/token/${TOKEN_CONTRACT}`) return json(token);
      if (path.startsWith("/api/transactions/paginate/records_count")) return json({ totalRecords: 12 });
      if (path.startsWith("/api/transactions/paginate/10/"))
        return json({ data: Array.from({ length: path.endsWith("/2") ? 2 : 10 }, (_, i) => tx(i)), page: 1 });
      if (path === `/api/accounts/info/${TOKEN_CONTRACT}`)
        return json({
          balance: [
            { denom: "uaxm", amount: "12399999" },
            { denom: "uaxmd", amount: "7000000" },
          ],
        });
      return failure(404);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function renderPage(address = TOKEN_CONTRACT, query = "") {
  await renderWithApp(
    <Routes>
      <Route path="/contract/:address" element={<ContractPage />} />
    </Routes>,
    { path: `/contract/${address}${query}` },
  );
}

const field = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling as HTMLElement;
const panel = () => screen.getByRole("tabpanel");

describe("<ContractPage>", () => {
  it("shows the label, the fields and a link to its CW-20 token", async () => {
    await renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Axiome Gold token" })).toBeTruthy();
    expect(document.title).toBe("Axiome Gold token | AXM Explorer");
    expect(field("Address").textContent).toBe(TOKEN_CONTRACT);
    expect(screen.getByRole("button", { name: "Copy contract address" })).toBeTruthy();
    expect(field("Creator").querySelector("a")!.getAttribute("href")).toBe(`/address/${ALICE}`);
    expect(within(field("Initial block")).getByRole("link", { name: "42" }).getAttribute("href")).toBe("/blocks/42");
    expect(within(field("Admin")).getByRole("link", { name: BOB }).getAttribute("href")).toBe(`/address/${BOB}`);
    expect(within(field("Code ID")).getByRole("link", { name: "1" }).getAttribute("href")).toBe("/code/1");
    expect(field("Code checksum").textContent).toBe(CHECKSUM);
    const link = await within(field("CW-20 token")).findByRole("link", { name: "AXG (Axiome Gold)" });
    expect(link.getAttribute("href")).toBe(`/token/${TOKEN_CONTRACT}`);
    expect(screen.getByRole("button", { name: "Back" })).toBeTruthy();
  });

  it("shows no token link for a contract that is no token, and a dash for no admin", async () => {
    await renderPage(COUNTER_CONTRACT);
    expect(await screen.findByRole("heading", { level: 1, name: "Contract" })).toBeTruthy();
    await waitFor(() => expect(requests).toContain(`/api/cw20/token/${COUNTER_CONTRACT}`));
    expect(field("CW-20 token").textContent).toBe("—");
    expect(field("Admin").textContent).toBe("—");
  });

  it("lists the transactions executing it on the first tab, and all involving it on the second", async () => {
    await renderPage();
    await waitFor(() => expect(within(panel()).getAllByRole("row")).toHaveLength(11));
    const executed = `address=${TOKEN_CONTRACT}`;
    expect(requests).toContain(`/api/transactions/paginate/10/1?type=%2Fcosmwasm.wasm.v1.MsgExecuteContract&${executed}`);
    expect(requests).toContain(`/api/transactions/paginate/records_count?type=%2Fcosmwasm.wasm.v1.MsgExecuteContract&${executed}`);
    fireEvent.click(within(panel()).getByRole("button", { name: "Page 2" }));
    await waitFor(() => expect(within(panel()).getAllByRole("row")).toHaveLength(3));
    fireEvent.click(screen.getByRole("tab", { name: "Related transactions" }));
    await waitFor(() => expect(requests).toContain(`/api/transactions/paginate/10/1?${executed}`));
    expect(requests).toContain(`/api/transactions/paginate/records_count?${executed}`);
  });

  it("shows the AXM the contract holds with one decimal", async () => {
    await renderPage(TOKEN_CONTRACT, "?tab=assets");
    await screen.findByRole("tabpanel");
    expect(await within(panel()).findByText("12,3 AXM")).toBeTruthy();
    expect(requests).toContain(`/api/accounts/info/${TOKEN_CONTRACT}?fields=balance`);
  });

  it("shows the history 10 entries a request, with its operation, code, height and message, and more by the node's key", async () => {
    await renderPage(TOKEN_CONTRACT, "?tab=history");
    await screen.findByRole("tabpanel");
    const first = await within(panel()).findByRole("article", { name: "History entry 1" });
    expect(within(first).getByText("Instantiation").getAttribute("title")).toBe("CONTRACT_CODE_HISTORY_OPERATION_TYPE_INIT");
    expect(within(first).getByRole("link", { name: "1" }).getAttribute("href")).toBe("/code/1");
    expect(within(first).getByRole("link", { name: "42" }).getAttribute("href")).toBe("/blocks/42");
    expect(JSON.parse(within(first).getByLabelText("Message of history entry 1 (JSON)").textContent!)).toEqual({
      name: "Axiome Gold",
      symbol: "AXG",
      decimals: 6,
    });
    expect(requests).toContain(`/api/cosmwasm/wasm/v1/contract/${TOKEN_CONTRACT}/history?pagination.limit=10`);
    fireEvent.click(within(panel()).getByRole("button", { name: "Show more" }));
    const second = await within(panel()).findByRole("article", { name: "History entry 2" });
    expect(requests).toContain(`/api/cosmwasm/wasm/v1/contract/${TOKEN_CONTRACT}/history?pagination.limit=10&pagination.key=AAE%3D`);
    expect(within(second).getByText("Migration")).toBeTruthy();
    expect(within(second).getByRole("link", { name: "4" }).getAttribute("href")).toBe("/code/4");
    expect(within(panel()).queryByRole("button", { name: "Show more" })).toBeNull();
  });

  it("shows the state with keys decoded where they spell text or a namespace and key, values as JSON, and more by the node's key", async () => {
    await renderPage(TOKEN_CONTRACT, "?tab=state");
    await screen.findByRole("tabpanel");
    const keys = async () => (await within(panel()).findAllByRole("heading", { level: 3 })).map((h) => h.textContent);
    expect(await keys()).toEqual(["Key token_info", `Key balance / ${ALICE}`]);
    expect(within(panel()).getByTitle("Namespace").textContent).toBe("balance");
    const [itemEntry, mapEntry] = within(panel()).getAllByRole("article");
    expect(within(mapEntry).getByText("Raw key (hex)").closest("details")!.textContent).toBe(`Raw key (hex)${BALANCE_KEY}`);
    expect(within(itemEntry).getByText("Raw key (hex)").closest("details")!.textContent).toBe("Raw key (hex)746F6B656E5F696E666F");
    expect(JSON.parse(within(panel()).getByLabelText("Value of token_info").textContent!)).toEqual({
      name: "Axiome Gold",
      symbol: "AXG",
      decimals: 6,
      total_supply: "1000",
    });
    expect(JSON.parse(within(panel()).getByLabelText(`Value of balance / ${ALICE}`).textContent!)).toBe("250");
    fireEvent.click(within(panel()).getByRole("button", { name: "Show more" }));
    await waitFor(async () => expect(await keys()).toHaveLength(3));
    expect(requests).toContain(`/api/cosmwasm/wasm/v1/contract/${TOKEN_CONTRACT}/state?pagination.limit=10&pagination.key=Ab%2B%2F`);
    expect((await keys())[2]).toBe("Key logo");
    expect(within(panel()).getByText(base64("\u0089PNG not json"))).toBeTruthy();
    expect(within(panel()).queryByRole("button", { name: "Show more" })).toBeNull();
  });

  it("only logs a contract that cannot be fetched: its spinner stays and the page around goes on", async () => {
    broken.add(`/contract/${TOKEN_CONTRACT}`);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await renderPage();
    await waitFor(() => expect(logged).toHaveBeenCalledWith(`contract ${TOKEN_CONTRACT} could not be loaded`, expect.anything()));
    expect(screen.getByRole("status").textContent).toBe("Loading…");
    expect(screen.getByRole("button", { name: "Back" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("only logs a history that cannot be fetched, its spinner staying in the tab", async () => {
    broken.add("/history");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await renderPage(TOKEN_CONTRACT, "?tab=history");
    await waitFor(() => expect(logged).toHaveBeenCalledWith(`history of ${TOKEN_CONTRACT} could not be loaded`, expect.anything()));
    expect(within(panel()).getByRole("status")).toBeTruthy();
    expect(field("Code checksum").textContent).toBe(CHECKSUM);
  });

  it("says when there is no such contract", async () => {
    await renderPage("axm1unknown");
    expect(await screen.findByRole("heading", { level: 1, name: "Contract not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the list of contracts" }).getAttribute("href")).toBe("/contracts");
  });
});
