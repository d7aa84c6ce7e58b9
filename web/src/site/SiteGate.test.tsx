// The site gate with a stubbed /config: the maintenance notice instead of the app, and the own-domain guard.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen, within } from "@testing-library/react";
import type { AppConfig } from "../api/types.ts";
import { renderWithApp } from "../test-support.tsx";
import { saveSession } from "../account/session.ts";
import { SiteGate } from "./SiteGate.tsx";
import { configFixture } from "./config-fixture.ts";

/** happy-dom's control of the page address, to open the app on another host. */
const setURL = (url: string) => (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(url);

let config: AppConfig;

beforeEach(() => {
  config = configFixture();
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(config), { status: 200, headers: { "content-type": "application/json" } })),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  setURL("http://localhost:3000/");
});

async function renderGate(options: { path?: string; language?: string } = {}) {
  await renderWithApp(
    <SiteGate>
      <p>the app</p>
    </SiteGate>,
    options,
  );
}

const cover = () => document.querySelector("[data-domain-guard]");

describe("<SiteGate> in maintenance", () => {
  it("hides the app behind the notice with the English, Russian and German channels", async () => {
    config = configFixture({ maintenance: true });
    await renderGate();
    const notice = await screen.findByRole("heading", { level: 1, name: "The mainnet is being prepared for launch" });
    expect(notice).toBeTruthy();
    expect(screen.queryByText("the app")).toBeNull();
    const links = within(screen.getByRole("list")).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href"), link.getAttribute("hreflang")])).toEqual([
      ["Channel in English", "https://t.me/axm_en", "en"],
      ["Channel in Russian", "https://t.me/axm_ru", "ru"],
      ["Channel in German", "https://t.me/axm_de", "de"],
    ]);
    expect(document.title).toBe("The mainnet is being prepared for launch | AXM Explorer");
  });

  it("speaks the visitor's language and leaves out a channel without a web address", async () => {
    config = configFixture({ maintenance: true, maintenanceChannels: { en: "https://t.me/axm_en", ru: "", de: "javascript:alert(1)" } });
    await renderGate({ language: "de" });
    await screen.findByRole("heading", { level: 1, name: "Das Mainnet wird auf den Start vorbereitet" });
    expect(screen.getAllByRole("link").map((link) => link.textContent)).toEqual(["AXM Explorer", "Kanal auf Englisch"]);
  });

  it("shows the notice without channels when the configuration has none", async () => {
    config = { ...configFixture({ maintenance: true }), maintenanceChannels: undefined as unknown as AppConfig["maintenanceChannels"] };
    await renderGate();
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("list")).toBeNull();
  });
});

describe("<SiteGate> out of maintenance", () => {
  it("shows the app, and the app alone when the configuration cannot be had", async () => {
    await renderGate();
    expect(await screen.findByText("the app")).toBeTruthy();
    cleanup();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 404 })),
    );
    await renderGate();
    expect(await screen.findByText("the app")).toBeTruthy();
    expect(cover()).toBeNull();
  });

  it("covers the main page of another host with a blank screen while nobody is signed in", async () => {
    setURL("https://copy.example/");
    await renderGate();
    await screen.findByText("the app");
    expect(cover()).not.toBeNull();
  });

  it("leaves other pages of another host, a signed-in visitor and the own hosts uncovered", async () => {
    setURL("https://copy.example/validators");
    await renderGate({ path: "/validators" });
    await screen.findByText("the app");
    expect(cover()).toBeNull();
    cleanup();

    saveSession({ token: "t", address: "axm1visitor" });
    await renderGate();
    await screen.findByText("the app");
    expect(cover()).toBeNull();
    cleanup();
    localStorage.clear();

    setURL("https://www.axm-explorer.pro/");
    config = configFixture({ allowedHosts: ["axm-explorer.pro"] });
    await renderGate();
    await screen.findByText("the app");
    expect(cover()).toBeNull();
  });
});
