// The faucet popup with a stubbed API: checking the address, the answers' toasts, failures, closing, focus and the phone sheet.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toBech32 } from "@cosmjs/encoding";
import { ToastProvider } from "../../components/toast/ToastProvider.tsx";
import { configFixture } from "../../site/config-fixture.ts";
import { phoneWidth, renderWithApp } from "../../test-support.tsx";
import { Header } from "../Header.tsx";
import { FaucetButton } from "./FaucetButton.tsx";

const ADDRESS = toBech32("axm", new Uint8Array(20).fill(3));

type Answer = { status: number; body: unknown };
let faucetAnswer: Answer | Error;
let calls: { path: string; init?: RequestInit }[];

beforeEach(() => {
  faucetAnswer = { status: 200, body: { sended: true } };
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, "http://explorer.test").pathname;
      calls.push({ path, init });
      if (path === "/api/faucet/request") {
        if (faucetAnswer instanceof Error) throw faucetAnswer;
        return new Response(JSON.stringify(faucetAnswer.body), { status: faucetAnswer.status });
      }
      return new Response(JSON.stringify(configFixture()), { status: 200 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const faucetCalls = () => calls.filter((call) => call.path === "/api/faucet/request");

async function openPopup(language = "en") {
  await renderWithApp(
    <ToastProvider>
      <FaucetButton className="faucet" />
    </ToastProvider>,
    { language },
  );
  const button = screen.getByRole("button", { name: language === "en" ? "Get test AXM" : /.+/ });
  fireEvent.click(button);
  // The popup is its own chunk: its first import can take more than a second on a busy machine.
  const dialog = await screen.findByRole("dialog", {}, { timeout: 10_000 });
  return { button, dialog, input: within(dialog).getByRole("textbox") };
}

async function submit(dialog: HTMLElement, input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole("button", { name: "Get coins" }));
  });
}

const toasts = () => [...screen.getAllByRole("status").at(-1)!.children].map((toast) => toast.textContent);

describe("faucet popup", () => {
  it("opens as a labelled modal dialog with the address field focused", async () => {
    const { button, dialog, input } = await openPopup();
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(dialog.getAttribute("aria-labelledby")).toBe(within(dialog).getByRole("heading", { name: "Get test AXM" }).id);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(input);
    expect(within(dialog).getByText("The devnet faucet sends 5 000 test AXM to an address once a day.").textContent).toContain("5\u00a0000");
  });

  it("refuses an address that is not bech32 axm without asking the API", async () => {
    const { dialog, input } = await openPopup();
    for (const value of ["", "hello", toBech32("cosmos", new Uint8Array(20))]) {
      await submit(dialog, input, value);
      expect(within(dialog).getByRole("alert").textContent).toBe("Invalid address format.");
      expect(input.getAttribute("aria-invalid")).toBe("true");
      expect(input.getAttribute("aria-describedby")).toBe(within(dialog).getByRole("alert").id);
    }
    expect(faucetCalls()).toHaveLength(0);
    fireEvent.change(input, { target: { value: "a" } });
    expect(within(dialog).queryByRole("alert")).toBeNull();
  });

  it("sends the trimmed address, says the coins are coming, and closes with focus back on its button", async () => {
    const { button, dialog, input } = await openPopup();
    await submit(dialog, input, `  ${ADDRESS}  `);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(faucetCalls()).toHaveLength(1);
    expect(faucetCalls()[0].init?.method).toBe("POST");
    expect(JSON.parse(faucetCalls()[0].init?.body as string)).toEqual({ address: ADDRESS });
    expect(toasts()).toEqual(["The coins will be sent to your wallet shortly."]);
    expect(document.activeElement).toBe(button);
  });

  it("says which daily limit refused the coins: the address's, or the connection's for another address", async () => {
    faucetAnswer = { status: 200, body: { sended: false, reason: "address" } };
    const { dialog, input } = await openPopup();
    await submit(dialog, input, ADDRESS);
    await waitFor(() => expect(toasts()).toEqual(["This address has already received coins today."]));
    expect(screen.queryByRole("dialog")).toBeNull();
    cleanup();

    faucetAnswer = { status: 200, body: { sended: false, reason: "client" } };
    const again = await openPopup();
    await submit(again.dialog, again.input, ADDRESS);
    await waitFor(() => expect(toasts()).toEqual(["Your connection already received coins today, for another address."]));
    cleanup();

    const russian = await openPopup("ru");
    fireEvent.change(russian.input, { target: { value: ADDRESS } });
    await act(async () => {
      fireEvent.submit(russian.input.closest("form")!);
    });
    await waitFor(() => expect(toasts()).toEqual(["С вашего подключения сегодня уже получали монеты на другой адрес."]));
  });

  it("only logs a failed call and stays open for another try", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const failure of [{ status: 503, body: { error: { code: "faucet_unavailable", message: "down" } } }, new TypeError("Failed to fetch")]) {
      cleanup();
      faucetAnswer = failure;
      const { dialog, input } = await openPopup();
      await submit(dialog, input, ADDRESS);
      await waitFor(() => expect(logged).toHaveBeenCalled());
      expect(screen.getByRole("dialog")).toBe(dialog);
      expect(toasts()).toEqual([]);
      expect(within(dialog).getByRole("button", { name: "Get coins" })).toBeTruthy();
      logged.mockClear();
    }
    faucetAnswer = { status: 200, body: { sended: true } };
    const dialog = screen.getByRole("dialog");
    await submit(dialog, within(dialog).getByRole("textbox"), ADDRESS);
    await waitFor(() => expect(toasts()).toEqual(["The coins will be sent to your wallet shortly."]));
  });

  it("closes on Escape, an outside press and its close button, each time with focus back on its button", async () => {
    const { button } = await openPopup();
    fireEvent.keyDown(screen.getByRole("textbox"), { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    const dialog = await screen.findByRole("dialog");
    fireEvent.pointerDown(dialog);
    expect(screen.getByRole("dialog")).toBe(dialog);
    fireEvent.pointerDown(dialog.parentElement!);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("keeps Tab inside the dialog", async () => {
    const { dialog, input } = await openPopup();
    const close = within(dialog).getByRole("button", { name: "Close" });
    const submitButton = within(dialog).getByRole("button", { name: "Get coins" });
    submitButton.focus();
    fireEvent.keyDown(submitButton, { key: "Tab" });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(submitButton);
    expect(input).toBeTruthy();
  });

  it("speaks the visitor's language", async () => {
    const { dialog, input } = await openPopup("ru");
    expect(within(dialog).getByRole("heading").textContent).toBe("Получить тестовые AXM");
    fireEvent.change(input, { target: { value: "x" } });
    await act(async () => {
      fireEvent.submit(input.closest("form")!);
    });
    expect(within(dialog).getByRole("alert").textContent).toBe("Неверный формат адреса.");
  });
});

/** A one-finger drag on `element` from y 100 down by `distance` pixels, with the layer `height` pixels tall. */
function swipeDown(element: HTMLElement, distance: number, height: number) {
  vi.spyOn(element, "getBoundingClientRect").mockReturnValue({ height } as DOMRect);
  fireEvent.touchStart(element, { touches: [{ clientY: 100 }] });
  fireEvent.touchMove(element, { touches: [{ clientY: 100 + distance / 2 }] });
  fireEvent.touchMove(element, { touches: [{ clientY: 100 + distance }] });
  fireEvent.touchEnd(element, { touches: [] });
}

describe("on a phone", () => {
  it("the sheet follows the finger, springs back from a short swipe and closes past a quarter of its height", async () => {
    phoneWidth();
    const { button, dialog } = await openPopup();
    vi.spyOn(dialog, "getBoundingClientRect").mockReturnValue({ height: 400 } as DOMRect);
    fireEvent.touchStart(dialog, { touches: [{ clientY: 100 }] });
    fireEvent.touchMove(dialog, { touches: [{ clientY: 160 }] });
    expect(dialog.style.transform).toBe("translateY(60px)");
    fireEvent.touchEnd(dialog, { touches: [] });
    expect(dialog.style.transform).toBe("");
    expect(screen.getByRole("dialog")).toBe(dialog);

    swipeDown(dialog, 99, 400);
    expect(screen.getByRole("dialog")).toBe(dialog);
    swipeDown(dialog, 100, 400);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("is opened from the phone menu; Escape and a swipe close the popup, not the menu", async () => {
    phoneWidth();
    await renderWithApp(
      <ToastProvider>
        <Header />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = screen.getByRole("dialog", { name: "Menu" });
    fireEvent.click(await within(menu).findByRole("button", { name: "Get test AXM" }));
    const popup = await screen.findByRole("dialog", { name: "Get test AXM" });
    fireEvent.keyDown(within(popup).getByRole("textbox"), { key: "Escape" });
    expect(screen.queryByRole("dialog", { name: "Get test AXM" })).toBeNull();
    expect(screen.getByRole("dialog", { name: "Menu" })).toBe(menu);
    expect(document.activeElement).toBe(within(menu).getByRole("button", { name: "Get test AXM" }));

    fireEvent.click(within(menu).getByRole("button", { name: "Get test AXM" }));
    const again = await screen.findByRole("dialog", { name: "Get test AXM" });
    vi.spyOn(menu, "getBoundingClientRect").mockReturnValue({ height: 740 } as DOMRect);
    swipeDown(again, 300, 400);
    expect(screen.queryByRole("dialog", { name: "Get test AXM" })).toBeNull();
    expect(screen.getByRole("dialog", { name: "Menu" })).toBe(menu);
  });

  it("the menu closes on a swipe down of a quarter of its height, not on a shorter one or while its list is scrolled", async () => {
    phoneWidth();
    await renderWithApp(
      <ToastProvider>
        <Header />
      </ToastProvider>,
    );
    const open = screen.getByRole("button", { name: "Open menu" });
    fireEvent.click(open);
    const menu = screen.getByRole("dialog", { name: "Menu" });
    swipeDown(menu, 184, 740);
    expect(screen.getByRole("dialog", { name: "Menu" })).toBe(menu);

    const list = within(menu).getByRole("combobox").closest("form")!.parentElement!;
    list.scrollTop = 50;
    swipeDown(within(menu).getByRole("combobox"), 400, 740);
    expect(screen.getByRole("dialog", { name: "Menu" })).toBe(menu);
    list.scrollTop = 0;

    swipeDown(within(menu).getByRole("combobox"), 185, 740);
    expect(screen.queryByRole("dialog", { name: "Menu" })).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it("no swipe closes anything on desktop", async () => {
    const { dialog } = await openPopup();
    swipeDown(dialog, 300, 400);
    expect(screen.getByRole("dialog")).toBe(dialog);
  });
});
