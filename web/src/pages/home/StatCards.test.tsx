// The statistic cards say from which block their totals count when the index started in mid-chain, and nothing of it otherwise.
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import type { ChainStat } from "../../api/types.ts";
import { renderWithApp } from "../../test-support.tsx";
import { StatCards } from "./StatCards.tsx";

const STAT: ChainStat = {
  totalSupply: "68108979858532",
  maximalSupply: "1000000000000000",
  delegatedSupply: "12180002329735",
  burnedTotal: "1971549798",
  burnedToday: "1971549798",
  registrations: 1381,
  registeredToday: 12,
  eventsTotal: 19933,
  eventsPerSecond: 29.9,
  txsTotal: 1046,
  txsPerSecond: 1.5,
  blocksPerSecond: 0.2,
  blockTime: 5.16,
  mempool: { n_txs: 0 },
  countedFrom: null,
};

function serve(stat: ChainStat) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(stat), { status: 200, headers: { "content-type": "application/json" } })),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("<StatCards>", () => {
  it("says that transactions and burns count from the index's first block after a mid-chain start", async () => {
    serve({ ...STAT, countedFrom: 1_250_000 });
    await renderWithApp(<StatCards sparkline={false} />);
    expect(await screen.findByText(/^1,5 per second · since block 1\s250\s000$/)).toBeTruthy();
    expect(screen.getByText(/AXM today · since block 1\s250\s000$/)).toBeTruthy();
  });

  it("says nothing of it for an index from genesis", async () => {
    serve(STAT);
    await renderWithApp(<StatCards sparkline={false} />);
    expect(await screen.findByText(/^1,5 per second$/)).toBeTruthy();
    expect(screen.queryByText(/since block/)).toBeNull();
  });

  it("opens the rich list from the mined supply and total locked cards", async () => {
    serve(STAT);
    await renderWithApp(<StatCards sparkline={false} />);
    const links = await screen.findAllByRole("link", { name: /open the rich list/ });
    expect(links.map((link) => [link.getAttribute("aria-label"), link.textContent, link.getAttribute("href")])).toEqual([
      ["Mined supply (open the rich list)", "Mined supply", "/accounts"],
      ["Total locked (open the rich list)", "Total locked", "/accounts"],
    ]);
  });
});
