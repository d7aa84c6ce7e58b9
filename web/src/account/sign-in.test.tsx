// Sign-in with a fake Keplr wallet and a stubbed API: the chain suggested first, the flow's outcomes, the token stored and
// sent as bearer, sign-out, the toasts of SPEC.md §8, the phone menu's control, and a stored token the API refuses.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toBech32 } from "@cosmjs/encoding";
import { ApiRequestError, api } from "../api/client.ts";
import { ToastProvider } from "../components/toast/ToastProvider.tsx";
import { Header } from "../layout/Header.tsx";
import { WALLET_CHAIN_FIXTURE, configFixture } from "../site/config-fixture.ts";
import { phoneWidth, renderWithApp } from "../test-support.tsx";
import { PREMIUM_FLAG_KEY } from "./premium-flag.ts";
import { AUTH_ADDRESS_KEY, forgetSession, saveSession, useSessionCheck } from "./session.ts";
import { signInWithWallet, type CosmosWallet } from "./wallet-sign-in.ts";

const ADDRESS = toBech32("axm", new Uint8Array(20).fill(9));
const SIGNATURE = { pub_key: { type: "tendermint/PubKeySecp256k1", value: "A".repeat(44) }, signature: "B".repeat(88) };

type Handler = (body: unknown, headers: Headers) => { status: number; body: unknown };
let routes: Record<string, Handler>;
let calls: { path: string; method: string; body: unknown; headers: Headers }[];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

beforeEach(() => {
  calls = [];
  routes = {
    "/api/config": () => ({ status: 200, body: configFixture() }),
    "/api/auth/challenge": () => ({ status: 200, body: { challenge: "Sign in to the AXM explorer", expiresAt: "2030-01-01T00:00:00Z" } }),
    "/api/auth/verify": (body) => ({
      status: 200,
      body: { token: "token-1", address: (body as { address: string }).address, expiresAt: "2030-01-01T00:00:00Z" },
    }),
    "/api/auth/me": (_body, headers) =>
      headers.get("authorization") === "Bearer token-1"
        ? { status: 200, body: { address: ADDRESS, expiresAt: "2030-01-01T00:00:00Z", premium: true, premiumExp: "2030-06-01T00:00:00Z" } }
        : { status: 401, body: { error: { code: "unauthorized", message: "Sign in first" } } },
    "/api/blocks/latest": () => ({ status: 200, body: { _id: 1 } }),
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(input, "http://explorer.test").pathname;
      const headers = new Headers(init.headers);
      const body = init.body ? JSON.parse(init.body as string) : undefined;
      calls.push({ path, method: init.method ?? "GET", body, headers });
      const route = routes[path];
      if (!route) return json(404, { error: { code: "not_found", message: path } });
      const answer = route(body, headers);
      return json(answer.status, answer.body);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  delete window.keplr;
  delete window.leap;
});

function fakeWallet(change: Partial<CosmosWallet> = {}): CosmosWallet {
  return {
    experimentalSuggestChain: vi.fn(async () => {}),
    enable: vi.fn(async () => {}),
    getKey: vi.fn(async () => ({ bech32Address: ADDRESS })),
    signArbitrary: vi.fn(async () => SIGNATURE),
    ...change,
  };
}

/** Clicks a control whose handler goes on asynchronously (the wallet, the API) and lets it finish. */
async function clickAndSettle(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

const called = (path: string) => calls.filter((call) => call.path === path);
const toasts = () => [...screen.getAllByRole("status").at(-1)!.children].map((toast) => toast.textContent);

describe("signInWithWallet", () => {
  it("suggests the chain, enables it, signs the API's challenge with the wallet's key and exchanges it for a token", async () => {
    const wallet = fakeWallet();
    expect(await signInWithWallet(wallet, "axm-devnet-1", WALLET_CHAIN_FIXTURE)).toEqual({
      kind: "signed-in",
      session: { token: "token-1", address: ADDRESS },
    });
    expect(wallet.experimentalSuggestChain).toHaveBeenCalledWith(WALLET_CHAIN_FIXTURE);
    expect(vi.mocked(wallet.experimentalSuggestChain!).mock.invocationCallOrder[0]).toBeLessThan(vi.mocked(wallet.enable).mock.invocationCallOrder[0]);
    expect(wallet.enable).toHaveBeenCalledWith("axm-devnet-1");
    expect(wallet.getKey).toHaveBeenCalledWith("axm-devnet-1");
    expect(wallet.signArbitrary).toHaveBeenCalledWith("axm-devnet-1", ADDRESS, "Sign in to the AXM explorer");
    expect(called("/api/auth/challenge")[0].body).toEqual({ address: ADDRESS });
    expect(called("/api/auth/verify")[0].body).toEqual({
      address: ADDRESS,
      challenge: "Sign in to the AXM explorer",
      pubkey: SIGNATURE.pub_key.value,
      signature: SIGNATURE.signature,
    });
  });

  it("suggests nothing without a chain to suggest, or to a wallet that cannot take one", async () => {
    const wallet = fakeWallet();
    expect((await signInWithWallet(wallet, "axm-devnet-1", null)).kind).toBe("signed-in");
    expect(wallet.experimentalSuggestChain).not.toHaveBeenCalled();
    expect((await signInWithWallet(fakeWallet({ experimentalSuggestChain: undefined }), "axm-devnet-1", WALLET_CHAIN_FIXTURE)).kind).toBe("signed-in");
  });

  it("tells no wallet, a refused chain, the wallet's refusals and the API's failures apart", async () => {
    const chain = WALLET_CHAIN_FIXTURE;
    expect(await signInWithWallet(null, "axm-devnet-1", chain)).toEqual({ kind: "no-wallet" });
    const refused = new Error("Request rejected");
    const closed = fakeWallet({ experimentalSuggestChain: () => Promise.reject(refused) });
    expect(await signInWithWallet(closed, "axm-devnet-1", chain)).toEqual({ kind: "chain-refused", error: refused });
    expect(closed.enable).not.toHaveBeenCalled();
    expect(called("/api/auth/challenge")).toHaveLength(0);
    expect(await signInWithWallet(fakeWallet({ enable: () => Promise.reject(refused) }), "axm-devnet-1", chain)).toEqual({
      kind: "wallet-failed",
      error: refused,
    });
    expect(await signInWithWallet(fakeWallet({ signArbitrary: () => Promise.reject(refused) }), "axm-devnet-1", chain)).toEqual({
      kind: "wallet-failed",
      error: refused,
    });
    expect(called("/api/auth/verify")).toHaveLength(0);

    routes["/api/auth/verify"] = () => ({ status: 401, body: { error: { code: "unauthorized", message: "bad signature" } } });
    const verify = await signInWithWallet(fakeWallet(), "axm-devnet-1", chain);
    expect(verify.kind).toBe("token-failed");
    expect((verify as { error: ApiRequestError }).error.status).toBe(401);

    routes["/api/auth/challenge"] = () => ({ status: 429, body: { error: { code: "rate_limited", message: "slow down" } } });
    expect((await signInWithWallet(fakeWallet(), "axm-devnet-1", chain)).kind).toBe("token-failed");
  });
});

/** Opens the sign-in popup from `within` and presses its Keplr or Leap button. */
async function signInWithExtension(where: HTMLElement) {
  fireEvent.click(await within(where).findByRole("button", { name: "Sign in" }));
  const dialog = await screen.findByRole("dialog", { name: "Sign in" });
  await clickAndSettle(within(dialog).getByRole("button", { name: "Sign in with Keplr or Leap" }));
  return dialog;
}

async function renderHeader() {
  await renderWithApp(
    <ToastProvider>
      <Header />
    </ToastProvider>,
  );
  return screen.getByRole("banner");
}

describe("the header's sign-in control", () => {
  it("signs in with Keplr, stores the token, sends it as bearer, and signing out forgets it", async () => {
    window.keplr = fakeWallet();
    const banner = await renderHeader();
    await signInWithExtension(banner);
    expect(screen.queryByRole("dialog")).toBeNull();
    const account = await within(banner).findByRole("button", { name: /^Signed in: axm1/ });
    expect(account.textContent).toBe(`Signed in: ${ADDRESS.slice(0, 8)}...${ADDRESS.slice(-4)}`);
    expect(document.activeElement).toBe(account);
    expect(localStorage.getItem("authToken")).toBe("token-1");
    expect(localStorage.getItem(AUTH_ADDRESS_KEY)).toBe(ADDRESS);

    await api.latestBlock();
    expect(called("/api/blocks/latest")[0].headers.get("authorization")).toBe("Bearer token-1");

    fireEvent.click(account);
    expect(within(banner).getByText(ADDRESS)).toBeTruthy();
    fireEvent.click(within(banner).getByRole("button", { name: "Sign out" }));
    const signIn = within(banner).getByRole("button", { name: "Sign in" });
    expect(document.activeElement).toBe(signIn);
    expect(localStorage.getItem("authToken")).toBeNull();
    expect(localStorage.getItem(AUTH_ADDRESS_KEY)).toBeNull();
    await api.latestBlock();
    expect(called("/api/blocks/latest")[1].headers.get("authorization")).toBeNull();
  });

  it("uses Leap when there is no Keplr", async () => {
    window.leap = fakeWallet();
    const banner = await renderHeader();
    await signInWithExtension(banner);
    expect(await within(banner).findByRole("button", { name: /^Signed in:/ })).toBeTruthy();
    expect(window.leap.signArbitrary).toHaveBeenCalled();
  });

  it("tells a visitor without a wallet to install Keplr or Leap, or use Axiome Wallet", async () => {
    const banner = await renderHeader();
    const dialog = await signInWithExtension(banner);
    expect(toasts()).toEqual(["Install the Keplr or Leap wallet extension, or sign in with Axiome Wallet."]);
    expect(dialog.isConnected).toBe(true);
    expect(called("/api/auth/challenge")).toHaveLength(0);
  });

  it("shows the token generation error when the API refuses the signature, and stores nothing", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    routes["/api/auth/verify"] = () => ({ status: 401, body: { error: { code: "unauthorized", message: "bad signature" } } });
    window.keplr = fakeWallet();
    const banner = await renderHeader();
    await signInWithExtension(banner);
    await waitFor(() => expect(toasts()).toEqual(["Token generation error. Please reload the page and try again."]));
    expect(logged).toHaveBeenCalled();
    expect(localStorage.getItem("authToken")).toBeNull();
    expect(within(banner).getByRole("button", { name: "Sign in" })).toBeTruthy();
  });

  it("tells that the wallet did not confirm when it refuses to sign", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    window.keplr = fakeWallet({ signArbitrary: () => Promise.reject(new Error("Request rejected")) });
    const banner = await renderHeader();
    await signInWithExtension(banner);
    expect(toasts()).toEqual(["The wallet did not confirm the sign-in."]);
    expect(called("/api/auth/verify")).toHaveLength(0);
  });

  it("tells that the wallet did not add the chain when the suggestion is refused, and stays signed out", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    window.keplr = fakeWallet({ experimentalSuggestChain: () => Promise.reject(new Error("Request rejected")) });
    const banner = await renderHeader();
    await signInWithExtension(banner);
    expect(toasts()).toEqual(["The wallet did not add the AXM chain, so it cannot sign in. Try again and approve adding the chain."]);
    expect(called("/api/auth/challenge")).toHaveLength(0);
    expect(localStorage.getItem("authToken")).toBeNull();
  });

  it("is in the phone menu too, with the whole address once signed in", async () => {
    phoneWidth();
    window.keplr = fakeWallet();
    await renderHeader();
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = screen.getByRole("dialog", { name: "Menu" });
    await signInWithExtension(menu);
    expect(within(menu).getByText(ADDRESS).closest("p")!.textContent).toBe(`Signed in: ${ADDRESS}`);
    const signOut = within(menu).getByRole("button", { name: "Sign out" });
    expect(document.activeElement).toBe(signOut);
    fireEvent.click(signOut);
    expect(localStorage.getItem("authToken")).toBeNull();
    expect(document.activeElement).toBe(within(menu).getByRole("button", { name: "Sign in" }));
  });
});

function SessionCheck() {
  useSessionCheck();
  return null;
}

describe("useSessionCheck", () => {
  it("forgets a stored token that /auth/me answers 401 to", async () => {
    saveSession({ token: "expired", address: ADDRESS });
    await renderWithApp(<SessionCheck />);
    await waitFor(() => expect(localStorage.getItem("authToken")).toBeNull());
    expect(called("/api/auth/me")[0].headers.get("authorization")).toBe("Bearer expired");
    expect(localStorage.getItem(AUTH_ADDRESS_KEY)).toBeNull();
  });

  it("keeps a token the API accepts, and one it could not check", async () => {
    saveSession({ token: "token-1", address: ADDRESS });
    await renderWithApp(<SessionCheck />);
    await waitFor(() => expect(called("/api/auth/me")).toHaveLength(1));
    cleanup();
    routes["/api/auth/me"] = () => ({ status: 503, body: { error: { code: "down", message: "down" } } });
    const read = vi.spyOn(Response.prototype, "json");
    await renderWithApp(<SessionCheck />);
    await waitFor(() => expect(called("/api/auth/me")).toHaveLength(2));
    // Once the 503's body is read, what the check does with it is promise callbacks, all run before the next task.
    await waitFor(() => expect(read.mock.contexts.some((response) => (response as Response).status === 503)).toBe(true));
    await Promise.allSettled(read.mock.results.map((result) => result.value));
    await new Promise((resolve) => setImmediate(resolve));
    expect(localStorage.getItem("authToken")).toBe("token-1");
  });

  it("remembers the signed-in account's Premium as the premium flag, and forgets it on sign-out", async () => {
    saveSession({ token: "token-1", address: ADDRESS });
    await renderWithApp(<SessionCheck />);
    await waitFor(() => expect(localStorage.getItem(PREMIUM_FLAG_KEY)).toBe("1"));
    forgetSession();
    expect(localStorage.getItem(PREMIUM_FLAG_KEY)).toBeNull();
  });
});
