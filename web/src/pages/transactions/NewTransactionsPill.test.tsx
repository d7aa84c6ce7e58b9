// The transactions screen's "N new transactions" pill: counted from the live stream, loading on click with the rows kept
// still until then, and counted from the polled total when the stream fails or is not supported.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { Tx } from "../../api/types.ts";
import type { LiveTx } from "../../api/useLiveUpdates.ts";
import { renderWithApp } from "../../test-support.tsx";
import TransactionsPage from "./TransactionsPage.tsx";

const SEND = "/cosmos.bank.v1beta1.MsgSend";

/** A transaction of block 1234 at `index`: a block's transactions each have their own place. */
function tx(hash: string, index: number): Tx {
  return {
    _id: hash,
    blockId: 1234,
    index,
    code: 0,
    codespace: "",
    log: "",
    undecodable: false,
    type: [SEND],
    timestamp: "2026-11-21T23:58:42.073Z",
    gasUsed: "70238",
    gasWanted: "260000",
    fee: [{ denom: "uaxm", amount: "6500" }],
    chainId: "axm-devnet-1",
    memo: "",
  };
}

const short = (hash: string) => `${hash.slice(0, 16)}...${hash.slice(-16)}`;
const OLD = "AA".repeat(32);
const NEW = "BB".repeat(32);

/** The browser's EventSource as the page sees it; the test opens it, sends events, or makes it fail. */
class TestEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: TestEventSource[] = [];
  readyState = TestEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(readonly url: string) {
    TestEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.readyState = TestEventSource.CLOSED;
  }

  open(): void {
    this.readyState = TestEventSource.OPEN;
    act(() => this.onopen?.());
  }

  send(type: string, data: unknown): void {
    act(() => this.listeners.get(type)?.forEach((listener) => listener(new MessageEvent(type, { data: JSON.stringify(data) }))));
  }

  /** The server refused the stream (a 503 when full): EventSource closes and does not try again by itself. */
  refuse(): void {
    this.readyState = TestEventSource.CLOSED;
    act(() => this.onerror?.());
  }
}

let rows: Tx[];
let totalRecords: number;
let listRequests: number;

beforeEach(() => {
  rows = [tx(OLD, 0)];
  totalRecords = 1;
  listRequests = 0;
  TestEventSource.opened = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://explorer.test");
      const list = /\/paginate\/\d+\/\d+$/.test(url.pathname);
      if (list) listRequests += 1;
      const body = url.pathname.endsWith("/txfilter") ? [SEND] : url.pathname.endsWith("/records_count") ? { totalRecords } : { data: rows, page: 1 };
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const newTx = (change: Partial<LiveTx> = {}): LiveTx => ({ hash: NEW, height: 1235, types: [SEND], status: 0, addresses: [], ...change });

async function renderPage(path = "/transactions") {
  await renderWithApp(<TransactionsPage />, { path });
  await screen.findByRole("link", { name: short(OLD) });
}

describe("new transactions pill", () => {
  it("counts the stream's new transactions without moving the rows, and loads them when pressed", async () => {
    vi.stubGlobal("EventSource", TestEventSource);
    await renderPage();
    const [source] = TestEventSource.opened;
    expect(source.url).toBe("/api/stream");
    source.open();
    expect(screen.queryByRole("button", { name: /new transaction/ })).toBeNull();

    rows = [tx(NEW, 1), tx(OLD, 0)];
    totalRecords = 2;
    const requestsBefore = listRequests;
    source.send("tx", newTx());
    expect(screen.getByRole("button", { name: "1 new transaction" })).toBeTruthy();
    source.send("tx", newTx({ hash: "CC".repeat(32) }));
    const pill = screen.getByRole("button", { name: "2 new transactions" });
    // Nothing was asked for: the rows under the reader are those it was reading.
    expect(listRequests).toBe(requestsBefore);
    expect(screen.queryByRole("link", { name: short(NEW) })).toBeNull();
    expect(screen.getByText("1 transaction")).toBeTruthy();

    pill.focus();
    fireEvent.click(pill);
    expect(await screen.findByRole("link", { name: short(NEW) })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /new transaction/ })).toBeNull();
    expect(await screen.findByText("2 transactions")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Transactions" }));
  });

  it("counts only the transactions the filtered list shows", async () => {
    vi.stubGlobal("EventSource", TestEventSource);
    await renderPage("/transactions?status=fail&type=/cosmos.bank.v1beta1.MsgSend");
    const [source] = TestEventSource.opened;
    source.open();
    source.send("tx", newTx());
    source.send("tx", newTx({ status: 1, types: ["/axiome.staking.v1beta1.MsgDelegate"] }));
    expect(screen.queryByRole("button", { name: /new transaction/ })).toBeNull();
    source.send("tx", newTx({ status: 1 }));
    expect(screen.getByRole("button", { name: "1 new transaction" })).toBeTruthy();
  });

  it.each([
    ["the server refuses the stream", true],
    ["the browser has no EventSource", false],
  ])("polls the count every 5 s when %s", async (_case, withStream) => {
    if (withStream) vi.stubGlobal("EventSource", TestEventSource);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderPage();
    TestEventSource.opened.at(-1)?.refuse();
    totalRecords = 4;
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(screen.getByRole("button", { name: "3 new transactions" })).toBeTruthy());
    expect(screen.getByText("1 transaction")).toBeTruthy();
    expect(TestEventSource.opened).toHaveLength(withStream ? 1 : 0);
  });
});
