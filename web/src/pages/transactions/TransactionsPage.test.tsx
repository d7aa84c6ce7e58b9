// The transactions screen with a stubbed API: rows, the +N tooltip, paging from the count, URL state, filters, clearing.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useLocation } from "react-router";
import type { Tx } from "../../api/types.ts";
import { renderWithApp } from "../../test-support.tsx";
import TransactionsPage from "./TransactionsPage.tsx";

const TYPES = ["/axiome.staking.v1beta1.MsgDelegate", "/axiome.staking.v1beta1.MsgUndelegate", "/cosmos.bank.v1beta1.MsgSend"];
const HASH = "38C6CCE751CCC504644ACF8313FFFD440A58B1E0ADB520542D37ED3155DF0C67";
const SHORT_HASH = `${HASH.slice(0, 16)}...${HASH.slice(-16)}`;

function tx(change: Partial<Tx>): Tx {
  return {
    _id: HASH,
    blockId: 1234,
    index: 0,
    code: 0,
    codespace: "",
    log: "",
    undecodable: false,
    type: ["/cosmos.bank.v1beta1.MsgSend"],
    timestamp: "2026-11-21T23:58:42.073Z",
    gasUsed: "70238",
    gasWanted: "260000",
    fee: [{ denom: "uaxm", amount: "6500" }],
    chainId: "axm-devnet-1",
    memo: "",
    ...change,
  };
}

let requests: URL[];
let rows: Tx[];
let totalRecords: number;

beforeEach(() => {
  requests = [];
  rows = [
    tx({ type: ["/cosmos.bank.v1beta1.MsgSend", "/axiome.staking.v1beta1.MsgDelegate", "/axiome.staking.v1beta1.MsgUndelegate"] }),
    tx({ _id: "AB".repeat(32), index: 1, code: 5 }),
  ];
  totalRecords = 23;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://explorer.test");
      requests.push(url);
      const body = url.pathname.endsWith("/txfilter")
        ? TYPES
        : url.pathname.endsWith("/records_count")
          ? { totalRecords }
          : { data: rows, page: Number(url.pathname.split("/").pop()) };
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
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

async function renderPage(path = "/transactions") {
  await renderWithApp(
    <>
      <TransactionsPage />
      <Location />
    </>,
    { path },
  );
  await screen.findByRole("link", { name: SHORT_HASH });
}

const search = () => screen.getByTestId("location").textContent;
const listRequests = () => requests.filter((url) => /\/paginate\/\d+\/\d+$/.test(url.pathname));
const lastListRequest = () => listRequests().at(-1)!;

describe("<TransactionsPage>", () => {
  it("marks a transaction without a result as Unknown and bytes that are not a transaction as such", async () => {
    rows = [tx({}), tx({ _id: "CD".repeat(32), index: 1, code: null }), tx({ _id: "EF".repeat(32), index: 2, undecodable: true, type: [] })];
    await renderPage();
    const [, , unknown, undecodable] = screen.getAllByRole("row");
    expect(within(unknown).getByText("Unknown")).toBeTruthy();
    expect(within(unknown).queryByText("Success")).toBeNull();
    expect(within(undecodable).getByText("Undecodable bytes")).toBeTruthy();
  });

  it("shows each transaction's message, other messages, hash, block, status and UTC time", async () => {
    await renderPage();
    expect(document.title).toBe("Transactions | AXM Explorer");
    const [, first, second] = screen.getAllByRole("row");
    expect(within(first).getByText("MsgSend")).toBeTruthy();
    expect(within(first).getByRole("link", { name: SHORT_HASH }).getAttribute("href")).toBe(`/transactions/${HASH}`);
    expect(within(first).getByRole("link", { name: "1\u00a0234" }).getAttribute("href")).toBe("/blocks/1234");
    expect(within(first).getByText("Success")).toBeTruthy();
    expect(within(first).getByText("2026-11-21 23:58:42 UTC")).toBeTruthy();
    expect(within(second).getByText("Error 5")).toBeTruthy();
    expect(screen.getByText("23 transactions")).toBeTruthy();
    expect(lastListRequest().pathname).toBe("/api/transactions/paginate/10/1");
    expect(lastListRequest().searchParams.get("status")).toBe("2");
  });

  it("lists the other messages of a transaction in the +N badge's title and its hover/focus tooltip", async () => {
    await renderPage();
    const badge = screen.getByRole("button", { name: "2 more messages" });
    expect(badge.getAttribute("title")).toBe("MsgDelegate, MsgUndelegate");
    const tooltip = screen.getByRole("tooltip", { hidden: true });
    expect(tooltip.hidden).toBe(true);
    fireEvent.focus(badge);
    expect(tooltip.hidden).toBe(false);
    expect(tooltip.textContent).toBe("MsgDelegateMsgUndelegate");
    expect(badge.getAttribute("aria-describedby")).toBe(tooltip.id);
    fireEvent.keyDown(badge, { key: "Escape" });
    expect(tooltip.hidden).toBe(true);
  });

  it("takes the number of pages from the count and goes to the last one", async () => {
    await renderPage();
    fireEvent.click(screen.getByRole("button", { name: "Last page" }));
    await waitFor(() => expect(search()).toBe("?page=3"));
    await waitFor(() => expect(lastListRequest().pathname).toBe("/api/transactions/paginate/10/3"));
  });

  it("reads a malformed URL as the defaults", async () => {
    await renderPage("/transactions?page=-4&size=7&status=maybe&type=nonsense&from=2026-02-30&to=x");
    expect(lastListRequest().pathname).toBe("/api/transactions/paginate/10/1");
    expect([...lastListRequest().searchParams]).toEqual([["status", "2"]]);
  });

  it("sends the checked message types, found through the search box, and goes back to page 1", async () => {
    await renderPage("/transactions?page=2");
    fireEvent.click(screen.getByRole("button", { name: "Message type" }));
    const box = await screen.findByRole("searchbox", { name: "Search message types" });
    fireEvent.change(box, { target: { value: "DELEG" } });
    expect(screen.getAllByRole("checkbox").map((checkbox) => checkbox.parentElement!.textContent)).toEqual(["MsgDelegate", "MsgUndelegate"]);
    fireEvent.click(screen.getByRole("checkbox", { name: "MsgDelegate" }));
    await waitFor(() => expect(lastListRequest().searchParams.get("type")).toBe("/axiome.staking.v1beta1.MsgDelegate"));
    expect(lastListRequest().pathname).toBe("/api/transactions/paginate/10/1");
    expect(search()).toBe(`?type=${encodeURIComponent("/axiome.staking.v1beta1.MsgDelegate")}`);
    expect(screen.getByRole("button", { name: /Message type\s*1 selected/ })).toBeTruthy();
  });

  it("closes a filter's panel on Escape and on a click outside it", async () => {
    await renderPage();
    const trigger = screen.getByRole("button", { name: "Message type" });
    fireEvent.click(trigger);
    expect(screen.getByRole("dialog", { name: "Message type" })).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(trigger);
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("sends status Fail as 1 and Success as 0, from page 1, and keeps rows per page in the URL", async () => {
    await renderPage("/transactions?page=3");
    fireEvent.click(screen.getByRole("radio", { name: "Fail" }));
    await waitFor(() => expect(lastListRequest().searchParams.get("status")).toBe("1"));
    expect(search()).toBe("?status=fail");
    fireEvent.click(screen.getByRole("radio", { name: "Success" }));
    await waitFor(() => expect(lastListRequest().searchParams.get("status")).toBe("0"));
    fireEvent.change(screen.getByRole("combobox", { name: "Rows per page" }), { target: { value: "50" } });
    await waitFor(() => expect(lastListRequest().pathname).toBe("/api/transactions/paginate/50/1"));
    expect(search()).toBe("?size=50&status=success");
  });

  it("says nothing was found for an empty page", async () => {
    rows = [];
    totalRecords = 0;
    await renderWithApp(<TransactionsPage />, { path: "/transactions?status=fail" });
    expect(await screen.findByText("Nothing found")).toBeTruthy();
  });

  it("clears every filter, reloads the list and confirms it for exactly 2 seconds", async () => {
    await renderPage(`/transactions?page=2&size=50&status=fail&type=${TYPES[0]}&from=2026-11-01&to=2026-11-20`);
    expect(screen.getByRole("button", { name: "2026-11-01 – 2026-11-20" })).toBeTruthy();
    const before = listRequests().length;
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(screen.getByText("Filters cleared").getAttribute("role")).toBe("status");
    expect(search()).toBe("?size=50");
    expect((screen.getByRole("radio", { name: "All" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("button", { name: "Message type" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Time range" })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(screen.getByText("Filters cleared").getAttribute("role")).toBe("status");
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText("Filters cleared")).toBeNull();
    vi.useRealTimers();
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(before));
    expect(lastListRequest().pathname).toBe("/api/transactions/paginate/50/1");
    expect([...lastListRequest().searchParams]).toEqual([["status", "2"]]);
  });

  it("reloads the list when the filters were already clear", async () => {
    await renderPage();
    const before = listRequests().length;
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(listRequests().length).toBe(before + 1));
  });
});
