// The sign-in popup's transfer way against a stubbed API: the address checked, the code shown as a QR code on desktops
// and an axiomesign:// link on phones, the poll until the token comes, and an expired or refused code told apart.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { toBech32 } from "@cosmjs/encoding";
import { ToastProvider } from "../components/toast/ToastProvider.tsx";
import { configFixture } from "../site/config-fixture.ts";
import { phoneWidth, renderWithApp } from "../test-support.tsx";
import { qrPath } from "./QrCode.tsx";
import { MEMO_POLL_MS } from "./useMemoSignIn.ts";
import SignInDialog from "./SignInDialog.tsx";

const ADDRESS = toBech32("axm", new Uint8Array(20).fill(9));
const MEMO = "axm-explorer-signin:AAAAAAAAAAAAAAAAAAAAAA";
const SECRET = "S".repeat(43);
const CODE = { memo: MEMO, secret: SECRET, address: ADDRESS, chainId: "axm-devnet-1", denom: "uaxm", amount: "1", expiresAt: "2030-01-01T00:10:00Z" };

let polls: { status: number; body: unknown }[];
let requests: { path: string; body: unknown }[];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  requests = [];
  polls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(input, "http://explorer.test").pathname;
      const body = init.body ? JSON.parse(init.body as string) : undefined;
      requests.push({ path, body });
      if (path === "/api/config") return json(200, configFixture());
      if (path === "/api/auth/memo-challenge") return json(200, { ...CODE, address: (body as { address: string }).address });
      if (path === "/api/auth/memo-poll") {
        const next = polls.shift() ?? { status: 200, body: { status: "pending", expiresAt: CODE.expiresAt } };
        return json(next.status, next.body);
      }
      return json(404, { error: { code: "not_found", message: path } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

async function renderDialog() {
  const signedIn = vi.fn();
  await renderWithApp(
    <ToastProvider>
      <SignInDialog onClose={() => {}} onSignedIn={signedIn} />
    </ToastProvider>,
  );
  return { dialog: screen.getByRole("dialog", { name: "Sign in" }), signedIn };
}

async function requestCode(dialog: HTMLElement, address = ADDRESS) {
  fireEvent.change(within(dialog).getByLabelText("Your AXM address"), { target: { value: ` ${address.toUpperCase()} ` } });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole("button", { name: "Get the sign-in code" }));
  });
}

/** Lets one poll interval pass and the poll's answer be handled. */
async function nextPoll() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(MEMO_POLL_MS);
  });
}

const polled = () => requests.filter((r) => r.path === "/api/auth/memo-poll");

describe("the sign-in popup", () => {
  it("says which wallets work and what each will ask to approve", async () => {
    const { dialog } = await renderDialog();
    const headings = within(dialog)
      .getAllByRole("heading", { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual(["Keplr or Leap (browser extension)", "Axiome Wallet (phone app) or any other wallet"]);
    expect(dialog.textContent).toContain("The wallet asks you to add the AXM chain (the first time only).");
    expect(dialog.textContent).toContain("approve sending 0,000001 AXM from that address to itself, with a one-time code as its memo");
  });

  it("refuses an address that is not an account's before asking the API", async () => {
    const { dialog } = await renderDialog();
    await requestCode(dialog, "axm1nope");
    expect(within(dialog).getByRole("alert").textContent).toBe("Invalid address format.");
    expect(requests.filter((r) => r.path === "/api/auth/memo-challenge")).toHaveLength(0);
  });

  it("on a desktop, shows the code's transfer as a QR code and in words, polls, and signs in once the token comes", async () => {
    const { dialog, signedIn } = await renderDialog();
    await requestCode(dialog);
    expect(requests.find((r) => r.path === "/api/auth/memo-challenge")!.body).toEqual({ address: ADDRESS });
    const qr = within(dialog).getByRole("img", { name: "QR code of the sign-in transfer for Axiome Wallet" });
    expect(qr.querySelector("path")!.getAttribute("d")).toBe(qrPath(`axiomesign://${btoa(JSON.stringify(payload()))}`).path);
    expect(within(dialog).queryByRole("link", { name: "Open Axiome Wallet" })).toBeNull();
    expect(within(dialog).getByText(MEMO)).toBeTruthy();
    expect(within(dialog).getByText(ADDRESS)).toBeTruthy();
    expect(within(dialog).getByText("0,000001 AXM")).toBeTruthy();
    expect(
      within(dialog)
        .getByText(/^Waiting for the transfer/)
        .getAttribute("role"),
    ).toBe("status");

    await nextPoll();
    expect(polled().map((r) => r.body)).toEqual([{ secret: SECRET }]);
    expect(signedIn).not.toHaveBeenCalled();
    polls.push({ status: 200, body: { status: "signed-in", token: "token-2", address: ADDRESS, expiresAt: "2030-01-01T01:00:00Z" } });
    await nextPoll();
    expect(signedIn).toHaveBeenCalledOnce();
    expect(localStorage.getItem("authToken")).toBe("token-2");
    expect(localStorage.getItem("authAddress")).toBe(ADDRESS);
    await nextPoll();
    expect(polled()).toHaveLength(2);
  });

  it("on a phone, gives the request as an axiomesign:// link holding the bank_send payload", async () => {
    phoneWidth();
    const { dialog } = await renderDialog();
    const headings = within(dialog)
      .getAllByRole("heading", { level: 3 })
      .map((h) => h.textContent);
    expect(headings[0]).toBe("Axiome Wallet (phone app) or any other wallet");
    await requestCode(dialog);
    const link = within(dialog).getByRole("link", { name: "Open Axiome Wallet" }).getAttribute("href")!;
    expect(link.startsWith("axiomesign://")).toBe(true);
    expect(JSON.parse(atob(link.slice("axiomesign://".length)))).toEqual(payload());
    expect(within(dialog).queryByRole("img")).toBeNull();
  });

  it("tells an expired code and a refused transfer apart, and starts again", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { dialog, signedIn } = await renderDialog();
    await requestCode(dialog);
    polls.push({ status: 503, body: { error: { code: "not_ready", message: "busy" } } });
    polls.push({ status: 410, body: { error: { code: "gone", message: "expired" } } });
    await nextPoll();
    expect(within(dialog).queryByRole("alert")).toBeNull();
    await nextPoll();
    expect(within(dialog).getByRole("alert").textContent).toBe("The code has expired. Get a new one.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Get a new code" }));
    await requestCode(dialog);
    polls.push({ status: 401, body: { error: { code: "unauthorized", message: "not from the address" } } });
    await nextPoll();
    expect(within(dialog).getByRole("alert").textContent).toBe(
      `The transfer with this code did not go from ${ADDRESS} to itself, so the code can no longer be used.`,
    );
    await nextPoll();
    expect(polled()).toHaveLength(3);
    expect(signedIn).not.toHaveBeenCalled();
  });
});

function payload() {
  return { type: "bank_send", network: "axm-devnet-1", to_address: ADDRESS, amount: [{ denom: "uaxm", amount: "1" }], memo: MEMO };
}
