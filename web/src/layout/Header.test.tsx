import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { api } from "../api/client.ts";
import type { AppConfig } from "../api/types.ts";
import { ToastProvider } from "../components/toast/ToastProvider.tsx";
import { configFixture } from "../site/config-fixture.ts";
import { phoneWidth, renderWithApp } from "../test-support.tsx";
import { Header } from "./Header.tsx";
import { networkChoices } from "./networks.ts";

const CONFIG = configFixture();

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

async function renderHeader(language = "en", config: AppConfig = CONFIG) {
  vi.spyOn(api, "config").mockResolvedValue(config);
  await renderWithApp(
    <ToastProvider>
      <Header />
    </ToastProvider>,
    { language },
  );
}

describe("networkChoices", () => {
  it("links available networks, marks the one this app talks to, and keeps the rest as unavailable", () => {
    expect(networkChoices(CONFIG, "/api")).toEqual([
      { name: "Mainnet", url: null, current: false },
      { name: "Testnet", url: null, current: false },
      { name: "Devnet", url: "/", current: true },
    ]);
    const withMainnet = { ...CONFIG, networks: [{ name: "Mainnet", url: "https://axm.example", apiBase: "https://axm.example/api", available: true }] };
    expect(networkChoices(withMainnet, "/api")).toEqual([{ name: "Mainnet", url: "https://axm.example", current: false }]);
  });

  it("leaves out malformed entries and copes with a malformed answer", () => {
    expect(networkChoices({ ...CONFIG, networks: [null, { url: 1 }] as unknown as AppConfig["networks"] }, "/api")).toEqual([]);
    expect(networkChoices({} as AppConfig, "/api")).toEqual([]);
    expect(networkChoices(undefined, "/api")).toEqual([]);
  });
});

describe("<Header>", () => {
  it("toggles the Blockchain menu on click and closes it on an outside press and on Escape", async () => {
    await renderHeader();
    const button = screen.getByRole("button", { name: "Blockchain" });
    fireEvent.click(button);
    expect(screen.getByRole("link", { name: "Contracts and Source Code" }).getAttribute("href")).toBe("/contracts");
    fireEvent.click(button);
    expect(screen.queryByRole("link", { name: "Transactions" })).toBeNull();

    fireEvent.click(button);
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole("link", { name: "Transactions" })).toBeNull();

    fireEvent.click(button);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("link", { name: "Transactions" })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("lists the networks: Devnet current, Mainnet and Testnet unavailable", async () => {
    await renderHeader();
    const button = await screen.findByRole("button", { name: "Network: Devnet" });
    fireEvent.click(button);
    const devnet = screen.getByRole("link", { name: /Devnet/ });
    expect(devnet.getAttribute("aria-current")).toBe("true");
    expect(screen.queryByRole("link", { name: /Testnet/ })).toBeNull();
    expect(screen.getByText("Testnet").textContent).toContain("unavailable");
  });

  it("switches and remembers the language, then closes the dropdown", async () => {
    await renderHeader("de");
    fireEvent.click(screen.getByRole("button", { name: "Sprache: Deutsch" }));
    fireEvent.click(screen.getByRole("button", { name: "English" }));
    expect(localStorage.getItem("language")).toBe("en");
    await screen.findByRole("button", { name: "Language: English" });
    expect(screen.queryByRole("button", { name: "Deutsch" })).toBeNull();
  });

  it("shows Community Pool as Soon and not pressable", async () => {
    await renderHeader();
    const pool = screen.getByRole("button", { name: /Community Pool/ });
    expect((pool as HTMLButtonElement).disabled).toBe(true);
    expect(pool.textContent).toContain("Soon");
  });

  it("offers Get test AXM and Sign in when the network has a faucet and a chain id, and neither otherwise", async () => {
    await renderHeader();
    const banner = screen.getByRole("banner");
    expect(await within(banner).findByRole("button", { name: "Get test AXM" })).toBeTruthy();
    expect(within(banner).getByRole("button", { name: "Sign in" })).toBeTruthy();
    cleanup();
    await renderHeader("en", configFixture({ faucetEnabled: false, chainId: null }));
    await screen.findByRole("button", { name: "Network: Devnet" });
    expect(screen.queryByRole("button", { name: "Get test AXM" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Sign in" })).toBeNull();
  });

  it("opens the phone menu, which closes on its button and on Escape", async () => {
    phoneWidth();
    await renderHeader();
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = screen.getByRole("dialog", { name: "Menu" });
    expect(within(menu).getByRole("combobox")).toBeTruthy();
    expect(document.activeElement).toBe(within(menu).getByRole("button", { name: "Close menu" }));
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    fireEvent.click(screen.getByRole("button", { name: "Close menu" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
