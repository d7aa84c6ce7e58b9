// ExportLink and the export addresses: a download link named for its list in the visitor's language, to the route with
// the list's non-empty filters.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import { exportLinks } from "../api/exports.ts";
import { ExportLink } from "./ExportLink.tsx";
import { renderWithApp } from "../test-support.tsx";

const ACCOUNT = "axm1lllygsqn5fzn2aszx2h78fex2d0qet9y2avpvv";

afterEach(() => cleanup());

describe("export addresses", () => {
  it("carry the range and filters that are set, and nothing for those that are not", () => {
    expect(exportLinks.transactions(ACCOUNT)).toBe(`/api/export/${ACCOUNT}/transactions.csv`);
    expect(exportLinks.transactions(ACCOUNT, { from: 1000, to: 2000 })).toBe(`/api/export/${ACCOUNT}/transactions.csv?from=1000&to=2000`);
    expect(exportLinks.operations(ACCOUNT, { types: [] })).toBe(`/api/export/${ACCOUNT}/operations.csv`);
    expect(exportLinks.operations(ACCOUNT, { types: ["reward", "burn"] })).toBe(`/api/export/${ACCOUNT}/operations.csv?type=reward%2Cburn`);
    expect(exportLinks.team(ACCOUNT, { q: "", level: 2, status: null })).toBe(`/api/export/${ACCOUNT}/team.csv?level=2`);
    expect(exportLinks.holders("axm1token")).toBe("/api/export/token/axm1token/holders.csv");
  });
});

describe("<ExportLink>", () => {
  it("is a download link whose name starts with its visible text and names the list", async () => {
    await renderWithApp(<ExportLink href="/api/export/x/team.csv" list="team" />);
    const link = screen.getByRole("link", { name: "Export CSV: team" });
    expect(link.textContent).toBe("Export CSV");
    expect(link.getAttribute("href")).toBe("/api/export/x/team.csv");
    expect(link.hasAttribute("download")).toBe(true);
  });

  it("speaks the visitor's language", async () => {
    await renderWithApp(<ExportLink href="/api/export/x/holders.csv" list="holders" />, { language: "ru" });
    expect(screen.getByRole("link", { name: "Экспорт CSV: держатели" }).textContent).toBe("Экспорт CSV");
  });
});
