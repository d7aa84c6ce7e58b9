// The transaction table: a chain can include the same transaction bytes twice, so two rows may share a hash; each is
// its own row, keyed by its block and place.
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen, within } from "@testing-library/react";
import type { Tx } from "../api/types.ts";
import { renderWithApp } from "../test-support.tsx";
import { TxTable } from "./TxTable.tsx";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const HASH = "9C1B5E0F3A7D24C6B8E91F0A2D4C6E8B1A3C5E7F9B2D4F6A8C0E2B4D6F8A0C2E";

function tx(blockId: number, code: number): Tx {
  return {
    _id: HASH,
    blockId,
    index: 0,
    code,
    codespace: code === 0 ? "" : "sdk",
    log: code === 0 ? "" : "insufficient fee",
    undecodable: false,
    type: ["/cosmos.bank.v1beta1.MsgSend"],
    timestamp: "2026-11-30T12:00:00.000Z",
    gasUsed: "80000",
    gasWanted: "200000",
    fee: [{ denom: "uaxm", amount: "5000" }],
    chainId: "axm-devnet-1",
    memo: "",
  };
}

describe("<TxTable>", () => {
  it("shows a transaction included twice as two rows, each with its block", async () => {
    const errors = vi.spyOn(console, "error");
    await renderWithApp(<TxTable rows={[tx(11, 0), tx(10, 13)]} extra="block" caption="Transactions" />);
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("link")
          .map((link) => link.textContent),
      ),
    ).toEqual([
      [expect.any(String), "11"],
      [expect.any(String), "10"],
    ]);
    expect(errors.mock.calls.flat().join(" ")).not.toMatch(/same key/);
  });
});
