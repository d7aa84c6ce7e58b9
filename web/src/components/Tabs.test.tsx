// Tabs: the selection comes from and goes to ?tab=, arrow keys, Home and End move it, ARIA ties tabs to the panel.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { useLocation } from "react-router";
import { Tabs, selectedTab, type TabItem } from "./Tabs.tsx";
import { renderWithApp } from "../test-support.tsx";

afterEach(cleanup);

const TABS: TabItem[] = [
  { id: "transactions", label: "Transactions", render: () => <p>transactions panel</p> },
  { id: "events", label: "Events", render: () => <p>events panel</p> },
  { id: "logs", label: "Logs", render: () => <p>logs panel</p> },
];

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

async function renderTabs(path = "/blocks/5", resetParams?: string[]) {
  await renderWithApp(
    <>
      <Tabs tabs={TABS} label="Block contents" resetParams={resetParams} />
      <Search />
    </>,
    { path },
  );
}

const selected = () =>
  screen
    .getAllByRole("tab")
    .filter((tab) => tab.getAttribute("aria-selected") === "true")
    .map((tab) => tab.textContent);
const search = () => screen.getByTestId("search").textContent;

describe("<Tabs>", () => {
  it("selects the first tab by default and the one named in ?tab=", async () => {
    await renderTabs();
    expect(selected()).toEqual(["Transactions"]);
    expect(screen.getByRole("tabpanel").textContent).toBe("transactions panel");
    cleanup();
    await renderTabs("/blocks/5?page=2&tab=events");
    expect(selected()).toEqual(["Events"]);
    expect(screen.getByRole("tabpanel", { name: "Events" }).textContent).toBe("events panel");
  });

  it("falls back to the first tab for an unknown ?tab=", () => {
    expect(selectedTab(TABS, "nope").id).toBe("transactions");
    expect(selectedTab(TABS, null).id).toBe("transactions");
  });

  it("switches on click and keeps the choice in the URL, other parameters untouched", async () => {
    await renderTabs("/blocks/5?page=2");
    fireEvent.click(screen.getByRole("tab", { name: "Logs" }));
    expect(selected()).toEqual(["Logs"]);
    expect(screen.getByRole("tabpanel").textContent).toBe("logs panel");
    expect(search()).toBe("?page=2&tab=logs");
  });

  it("drops the parameters it is told to on a switch, such as the page", async () => {
    await renderTabs("/validators?q=node&page=3", ["page"]);
    fireEvent.click(screen.getByRole("tab", { name: "Events" }));
    expect(search()).toBe("?q=node&tab=events");
  });

  it("moves with the arrow keys, Home and End, wrapping at the ends, and focuses the selected tab", async () => {
    await renderTabs();
    const tablist = screen.getByRole("tablist", { name: "Block contents" });
    screen.getByRole("tab", { name: "Transactions" }).focus();
    fireEvent.keyDown(tablist, { key: "ArrowRight" });
    expect(selected()).toEqual(["Events"]);
    expect(document.activeElement?.textContent).toBe("Events");
    fireEvent.keyDown(tablist, { key: "ArrowRight" });
    fireEvent.keyDown(tablist, { key: "ArrowRight" });
    expect(selected()).toEqual(["Transactions"]);
    fireEvent.keyDown(tablist, { key: "ArrowLeft" });
    expect(selected()).toEqual(["Logs"]);
    expect(search()).toBe("?tab=logs");
    fireEvent.keyDown(tablist, { key: "Home" });
    expect(selected()).toEqual(["Transactions"]);
    fireEvent.keyDown(tablist, { key: "End" });
    expect(selected()).toEqual(["Logs"]);
    expect(document.activeElement?.textContent).toBe("Logs");
  });

  it("lets Tab reach only the selected tab, and ties tab and panel together", async () => {
    await renderTabs("/blocks/5?tab=events");
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
    const panel = screen.getByRole("tabpanel");
    expect(panel.getAttribute("aria-labelledby")).toBe(tabs[1].id);
    expect(tabs[1].getAttribute("aria-controls")).toBe(panel.id);
  });
});
