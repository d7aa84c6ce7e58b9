import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { Route, Routes, useLocation } from "react-router";
import { ApiRequestError, api } from "../../api/client.ts";
import type { SearchAnswer, Suggestion } from "../../api/types.ts";
import { ToastProvider } from "../../components/toast/ToastProvider.tsx";
import { renderWithApp } from "../../test-support.tsx";
import { SearchBox } from "./SearchBox.tsx";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function Where() {
  return <div data-testid="path">{useLocation().pathname}</div>;
}

async function renderSearch(language = "en") {
  await renderWithApp(
    <ToastProvider>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <SearchBox />
              <Where />
            </>
          }
        />
      </Routes>
    </ToastProvider>,
    { language },
  );
}

function submit(text: string) {
  fireEvent.change(screen.getByRole("combobox"), { target: { value: text } });
  fireEvent.submit(screen.getByRole("search"));
}

const path = () => screen.getByTestId("path").textContent;

describe("<SearchBox>", () => {
  it("does nothing for empty input", async () => {
    const search = vi.spyOn(api, "search");
    await renderSearch();
    submit("   ");
    expect(search).not.toHaveBeenCalled();
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("shows 'Invalid search format' for exactly 2 seconds and asks nothing", async () => {
    const search = vi.spyOn(api, "search");
    await renderSearch();
    vi.useFakeTimers();
    submit("foo bar!");
    expect(screen.getByText("Invalid search format")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1_999));
    expect(screen.queryByText("Invalid search format")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Invalid search format")).toBeNull();
    expect(search).not.toHaveBeenCalled();
  });

  it.each<[SearchAnswer, string]>([
    [{ type: "block", data: { _id: 42 } }, "/blocks/42"],
    [{ type: "tx", data: { _id: "ABCDEF" } }, "/transactions/ABCDEF"],
    [{ type: "account", data: { account: { address: "axm1abc" } } }, "/address/axm1abc"],
    [{ type: "validator", data: { address: "axmvaloper1abc" } }, "/validator/axmvaloper1abc"],
    [{ type: "token", data: { address: "axm1token" } }, "/token/axm1token"],
  ])("sends the trimmed input and goes where the answer %j leads", async (answer, target) => {
    const search = vi.spyOn(api, "search").mockResolvedValue(answer);
    await renderSearch();
    submit("  needle ");
    await waitFor(() => expect(path()).toBe(target));
    expect(search).toHaveBeenCalledWith("needle");
    expect((screen.getByRole("combobox") as HTMLInputElement).value).toBe("");
  });

  it("tells 'Nothing found' for an unknown answer, in the visitor's language", async () => {
    vi.spyOn(api, "search").mockResolvedValue({ type: "unknown", data: null });
    await renderSearch("ru");
    submit("nonexistentname123");
    await screen.findByText("Ничего не найдено");
    expect(path()).toBe("/");
  });

  it("tells 'Error' with the message when the call fails", async () => {
    vi.spyOn(api, "search").mockRejectedValue(new ApiRequestError(400, "bad_request", "Invalid search format"));
    await renderSearch();
    submit("abc");
    await screen.findByText("Error: Invalid search format");
  });

  it("only logs a timeout", async () => {
    vi.spyOn(api, "search").mockRejectedValue(new ApiRequestError(0, "ECONNABORTED", "Request timed out"));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await renderSearch();
    submit("abc");
    await waitFor(() => expect(warn).toHaveBeenCalledWith("Request timed out"));
    expect(screen.getByRole("status").textContent).toBe("");
  });
});

const HITS: Suggestion[] = [
  { kind: "validator", id: "axmvaloper1cobalt", label: "Cobalt Validator", detail: "axmvaloper1cobalt" },
  { kind: "token", id: "axm1gold", label: "AXMG", detail: "Axiome Gold" },
  { kind: "account", id: "axm1fox", label: "CobaltFox7", detail: "axm1fox" },
];

describe("<SearchBox> suggestions (ARIA combobox)", () => {
  const box = () => screen.getByRole("combobox", { name: "Search the blockchain" });
  const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
  const key = (name: string) => fireEvent.keyDown(box(), { key: name });
  const highlightedText = () => {
    const id = box().getAttribute("aria-activedescendant");
    return id === null ? null : document.getElementById(id)!.textContent;
  };

  it("asks once for the text typed when typing pauses, and lists each hit with its kind", async () => {
    const suggest = vi.spyOn(api, "suggest").mockResolvedValue(HITS);
    await renderSearch();
    fireEvent.focus(box());
    type("c");
    type("co");
    type(" cob ");
    const options = await screen.findAllByRole("option");
    expect(suggest).toHaveBeenCalledTimes(1);
    expect(suggest.mock.calls[0][0]).toBe("cob");
    expect(options.map((option) => option.textContent)).toEqual([
      "ValidatorCobalt Validatoraxmvaloper1cobalt",
      "TokenAXMGAxiome Gold",
      "AddressCobaltFox7axm1fox",
    ]);
    expect(box().getAttribute("aria-expanded")).toBe("true");
    expect(box().getAttribute("aria-controls")).toBe(screen.getByRole("listbox", { name: "Suggestions" }).id);
  });

  it("names the kinds in the visitor's language", async () => {
    vi.spyOn(api, "suggest").mockResolvedValue(HITS);
    await renderSearch("ru");
    fireEvent.focus(screen.getByRole("combobox"));
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "cob" } });
    const options = await screen.findAllByRole("listbox", { name: "Подсказки" });
    expect(options[0].textContent).toContain("Валидатор");
    expect(options[0].textContent).toContain("Токен");
  });

  it("moves the highlight with ArrowDown and ArrowUp, round the ends, and opens the highlighted hit with Enter", async () => {
    vi.spyOn(api, "suggest").mockResolvedValue(HITS);
    const search = vi.spyOn(api, "search");
    await renderSearch();
    fireEvent.focus(box());
    type("cob");
    await screen.findAllByRole("option");
    expect(highlightedText()).toBeNull();
    key("ArrowDown");
    expect(highlightedText()).toContain("Cobalt Validator");
    expect(screen.getAllByRole("option")[0].getAttribute("aria-selected")).toBe("true");
    key("ArrowDown");
    key("ArrowDown");
    expect(highlightedText()).toContain("CobaltFox7");
    key("ArrowDown");
    expect(highlightedText()).toContain("Cobalt Validator");
    key("ArrowUp");
    expect(highlightedText()).toContain("CobaltFox7");
    key("ArrowUp");
    expect(highlightedText()).toContain("AXMG");
    key("Enter");
    await waitFor(() => expect(path()).toBe("/token/axm1gold"));
    expect(search).not.toHaveBeenCalled();
    expect((box() as HTMLInputElement).value).toBe("");
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("searches as before on Enter with nothing highlighted", async () => {
    vi.spyOn(api, "suggest").mockResolvedValue(HITS);
    const search = vi.spyOn(api, "search").mockResolvedValue({ type: "validator", data: { address: "axmvaloper1cobalt" } });
    await renderSearch();
    fireEvent.focus(box());
    type("cobalt validator");
    await screen.findAllByRole("option");
    fireEvent.submit(screen.getByRole("search"));
    await waitFor(() => expect(path()).toBe("/validator/axmvaloper1cobalt"));
    expect(search).toHaveBeenCalledWith("cobalt validator");
  });

  it("opens a hit pressed with the mouse or a finger, the focus staying in the box", async () => {
    vi.spyOn(api, "suggest").mockResolvedValue(HITS);
    await renderSearch();
    box().focus();
    type("fox");
    const option = (await screen.findAllByRole("option"))[2];
    fireEvent.pointerMove(option);
    expect(option.getAttribute("aria-selected")).toBe("true");
    expect(fireEvent.mouseDown(option)).toBe(false);
    fireEvent.click(option);
    await waitFor(() => expect(path()).toBe("/address/axm1fox"));
  });

  it("closes the list on Escape, keeping the text and the Escape away from what holds the box; and when the focus leaves", async () => {
    vi.spyOn(api, "suggest").mockResolvedValue(HITS);
    const outside = vi.fn();
    document.addEventListener("keydown", outside);
    await renderSearch();
    fireEvent.focus(box());
    type("cob");
    await screen.findAllByRole("option");
    key("Escape");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(box().getAttribute("aria-expanded")).toBe("false");
    expect((box() as HTMLInputElement).value).toBe("cob");
    expect(outside).not.toHaveBeenCalled();
    key("Escape");
    expect(outside).toHaveBeenCalledTimes(1);
    document.removeEventListener("keydown", outside);

    key("ArrowDown");
    await screen.findAllByRole("option");
    fireEvent.blur(box(), { relatedTarget: document.body });
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("asks nothing for text that cannot be anything, and lists nothing when nothing matches", async () => {
    const suggest = vi.spyOn(api, "suggest").mockResolvedValue([]);
    await renderSearch();
    fireEvent.focus(box());
    type("<script>");
    type("nothing");
    await waitFor(() => expect(suggest).toHaveBeenCalledWith("nothing", expect.anything()));
    expect(suggest).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(box().getAttribute("aria-expanded")).toBe("false");
  });
});
