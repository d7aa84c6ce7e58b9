// The Contracts overview with a stubbed API: both tabs, limit/offset paging with its total (offset left out on page 1),
// rows per page, URL state, and a failed page that is only logged while its placeholder stays (SPEC.md §8).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useLocation } from "react-router";
import { renderWithApp } from "../../test-support.tsx";
import ContractsPage from "./ContractsPage.tsx";
import { ALICE, BOB, CHECKSUM, codeFixture, contractRow, failure, json, slice } from "../../contract-fixtures.ts";

const NBSP = "\u00a0";
const contracts = Array.from({ length: 23 }, (_, i) => contractRow(i + 1));
const codes = [codeFixture(1), codeFixture(2, { permission: "Nobody" }), codeFixture(3, { permission: "AnyOfAddresses", permissionAddresses: [ALICE] })];
let requests: string[];
let failContracts: boolean;

beforeEach(() => {
  requests = [];
  failContracts = false;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://explorer.test");
      requests.push(url.pathname + url.search);
      if (url.pathname === "/api/contracts") {
        if (failContracts) return failure();
        const page = slice(contracts, url);
        return json({ contracts: page.rows, pagination: { total: page.total } });
      }
      if (url.pathname === "/api/codes") {
        const page = slice(codes, url);
        return json({ codes: page.rows, pagination: { total: page.total } });
      }
      return failure(404);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function Location() {
  return <output data-testid="location">{useLocation().search}</output>;
}

async function renderPage(path = "/contracts") {
  await renderWithApp(
    <>
      <ContractsPage />
      <Location />
    </>,
    { path },
  );
}

const search = () => screen.getByTestId("location").textContent;
const bodyRows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);

describe("<ContractsPage>", () => {
  it("lists the first 10 contracts with their total, asking without an offset", async () => {
    await renderPage();
    expect(document.title).toBe("Contracts and Source Code | AXM Explorer");
    expect(await screen.findByText("Total: 23")).toBeTruthy();
    expect(requests).toEqual(["/api/contracts?total=true&limit=10"]);
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["Contract", "Code"]);
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "Label",
      "Contract address",
      "Creator",
      "Code ID",
      "Initial block",
      "Executes",
    ]);
    const rows = bodyRows();
    expect(rows).toHaveLength(10);
    expect(cells(rows[1])).toEqual(["contract number 2", "axm1qqqqqqqqqqq...qqqqq2", "axm190vqdjtlpcq...5nvww5", "3", "102", `2${NBSP}000`]);
    const links = within(rows[1]).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([`/contract/${contracts[1].address}`, `/address/${ALICE}`, "/code/3", "/blocks/102"]);
    expect(links[0].getAttribute("title")).toBe(contracts[1].address);
    expect(links[1].textContent).toBe("axm190vqdjtlpcq...5nvww5");
  });

  it("pages by offset, with page and rows per page in the URL", async () => {
    await renderPage();
    await screen.findByText("Total: 23");
    fireEvent.click(screen.getByRole("button", { name: "Page 3" }));
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(requests.at(-1)).toBe("/api/contracts?total=true&limit=10&offset=20");
    expect(search()).toBe("?page=3");
    expect(cells(bodyRows()[0])[0]).toBe("contract number 21");
    fireEvent.change(screen.getByLabelText("Rows per page"), { target: { value: "50" } });
    await waitFor(() => expect(bodyRows()).toHaveLength(23));
    expect(requests.at(-1)).toBe("/api/contracts?total=true&limit=50");
    expect(search()).toBe("?size=50");
  });

  it("opens on the page and tab the URL names, and a page past the end shows the last one", async () => {
    await renderPage("/contracts?page=9");
    await waitFor(() => expect(search()).toBe("?page=3"));
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
  });

  it("lists the codes on the Code tab, starting again at page 1", async () => {
    await renderPage("/contracts?page=2");
    await screen.findByText("Total: 23");
    fireEvent.click(screen.getByRole("tab", { name: "Code" }));
    await screen.findByText("Total: 3");
    expect(search()).toBe("?tab=code");
    expect(requests.at(-1)).toBe("/api/codes?total=true&limit=10");
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["ID", "Verified", "Checksum", "Creator", "Permission", "Contracts"]);
    const rows = bodyRows();
    expect(cells(rows[0])).toEqual(["1", "Yes", `${CHECKSUM.slice(0, 8)}...${CHECKSUM.slice(-8)}`, "axm1sxmr0k8u6tr...95q5r5", "Everybody", "2"]);
    expect(cells(rows[1])).toEqual(["2", "No", `${CHECKSUM.slice(0, 8)}...${CHECKSUM.slice(-8)}`, "axm1sxmr0k8u6tr...95q5r5", "Nobody", "4"]);
    expect(
      within(rows[0])
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/code/1", `/address/${BOB}`]);
    expect(within(rows[0]).getAllByRole("cell")[2].querySelector("[title]")?.getAttribute("title")).toBe(CHECKSUM);
  });

  it("only logs a page that cannot be loaded, keeping its placeholder rows", async () => {
    failContracts = true;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await renderPage();
    await waitFor(() => expect(logged).toHaveBeenCalledWith("contracts could not be loaded", expect.anything()));
    const table = screen.getByRole("table");
    expect(table.getAttribute("aria-busy")).toBe("true");
    expect(table.querySelectorAll('tbody tr[aria-hidden="true"]')).toHaveLength(10);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });
});
