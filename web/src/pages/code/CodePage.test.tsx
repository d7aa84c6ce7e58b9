// The Code screen with a stubbed API: its fields, its contracts paged by offset, the nothing-found message, an
// AnyOfAddresses permission, a malformed or unknown id, and a code that cannot be fetched (only logged, SPEC.md §8).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import type { Code, ContractRow } from "../../api/types.ts";
import { renderWithApp } from "../../test-support.tsx";
import { ALICE, BOB, CHECKSUM, codeFixture, contractRow, failure, json, slice } from "../../contract-fixtures.ts";
import CodePage from "./CodePage.tsx";

let codes: Record<number, { code: Code; contracts: ContractRow[] }>;
let requests: string[];
let failCode: boolean;

beforeEach(() => {
  requests = [];
  failCode = false;
  codes = {
    1: { code: codeFixture(1, { contractsCount: 12 }), contracts: Array.from({ length: 12 }, (_, i) => contractRow(i + 1, { code: 1 })) },
    2: { code: codeFixture(2, { contractsCount: 0, permission: "AnyOfAddresses", permissionAddresses: [ALICE, BOB] }), contracts: [] },
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://explorer.test");
      requests.push(url.pathname + url.search);
      const match = /^\/api\/codes\/(\d+)(\/contracts)?$/.exec(url.pathname);
      const entry = match ? codes[Number(match[1])] : undefined;
      if (!entry) return failure(404);
      if (failCode && !match![2]) return failure();
      if (!match![2]) return json(entry.code);
      const page = slice(entry.contracts, url);
      return json({ contracts: page.rows, pagination: { total: page.total } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function renderPage(id: string) {
  await renderWithApp(
    <Routes>
      <Route path="/code/:id" element={<CodePage />} />
    </Routes>,
    { path: `/code/${id}` },
  );
}

const field = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling as HTMLElement;
const contractRows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);

describe("<CodePage>", () => {
  it("shows the code's fields and its first 10 contracts, then the next page by offset", async () => {
    await renderPage("1");
    expect(screen.getByRole("heading", { level: 1, name: "Code 1" })).toBeTruthy();
    expect(await screen.findByText(CHECKSUM)).toBeTruthy();
    expect(document.title).toBe("Code 1 | AXM Explorer");
    expect(field("Code ID").textContent).toBe("1");
    expect(field("Contracts").textContent).toBe("12");
    expect(field("Checksum").textContent).toBe(CHECKSUM);
    expect(within(field("Creator")).getByRole("link", { name: BOB }).getAttribute("href")).toBe(`/address/${BOB}`);
    expect(field("Instantiate permission").textContent).toBe("Everybody");
    expect(field("Verified").textContent).toBe("Yes");
    expect(await screen.findByText("Total: 12")).toBeTruthy();
    expect(contractRows()).toHaveLength(10);
    expect(requests).toContain("/api/codes/1/contracts?total=true&limit=10");
    fireEvent.click(screen.getByRole("button", { name: "Page 2" }));
    await waitFor(() => expect(contractRows()).toHaveLength(2));
    expect(requests).toContain("/api/codes/1/contracts?total=true&limit=10&offset=10");
    expect(within(contractRows()[0]).getAllByRole("cell")[0].textContent).toBe("contract number 11");
  });

  it("says nothing was found for a code without contracts, and lists who may instantiate it", async () => {
    await renderPage("2");
    expect(await screen.findByText("Total: 0")).toBeTruthy();
    expect(within(screen.getByRole("table")).getByText("Nothing found")).toBeTruthy();
    const permission = field("Instantiate permission");
    expect(permission.firstChild!.textContent).toBe("AnyOfAddresses");
    expect(
      within(permission)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([ALICE, BOB]);
  });

  it.each(["0", "abc", "1.5", "-3"])("shows 'Code not found' for the malformed id %s without asking", async (id) => {
    await renderPage(id);
    expect(await screen.findByRole("heading", { level: 1, name: "Code not found" })).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it("shows 'Code not found' for an id the API does not know", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await renderPage("77");
    expect(await screen.findByRole("heading", { level: 1, name: "Code not found" })).toBeTruthy();
    expect(document.title).toBe("Code not found | AXM Explorer");
  });

  it("only logs a code that cannot be fetched; its contracts still come", async () => {
    failCode = true;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await renderPage("1");
    await waitFor(() => expect(logged).toHaveBeenCalledWith("code 1 could not be loaded", expect.anything()));
    expect(screen.getAllByRole("status").length).toBeGreaterThan(0);
    expect(await screen.findByText("Total: 12")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
