import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { Route, Routes, useLocation } from "react-router";
import { ApiRequestError, api } from "../../api/client.ts";
import type { SearchAnswer } from "../../api/types.ts";
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
  fireEvent.change(screen.getByRole("searchbox"), { target: { value: text } });
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
  ])("sends the trimmed input and goes where the answer %j leads", async (answer, target) => {
    const search = vi.spyOn(api, "search").mockResolvedValue(answer);
    await renderSearch();
    submit("  needle ");
    await waitFor(() => expect(path()).toBe(target));
    expect(search).toHaveBeenCalledWith("needle");
    expect((screen.getByRole("searchbox") as HTMLInputElement).value).toBe("");
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
