import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { Paginator } from "./Paginator.tsx";
import { paginatorItems } from "./paginator-pages.ts";
import { renderWithApp } from "../test-support.tsx";

afterEach(cleanup);

describe("paginator pages", () => {
  it("shows every page when there are few", () => {
    expect(paginatorItems(1, 3).map((i) => i.page)).toEqual([1, 2, 3]);
    expect(paginatorItems(1, 1)).toEqual([{ kind: "page", page: 1, current: true }]);
  });

  it("shows the first and last pages, a window around the current one, and jumps of 5 over the gaps", () => {
    expect(paginatorItems(10, 20)).toEqual([
      { kind: "page", page: 1, current: false },
      { kind: "jump", page: 5, direction: "back" },
      { kind: "page", page: 8, current: false },
      { kind: "page", page: 9, current: false },
      { kind: "page", page: 10, current: true },
      { kind: "page", page: 11, current: false },
      { kind: "page", page: 12, current: false },
      { kind: "jump", page: 15, direction: "forward" },
      { kind: "page", page: 20, current: false },
    ]);
  });

  it("keeps jumps within the pages", () => {
    expect(paginatorItems(5, 8).find((i) => i.kind === "jump")).toEqual({ kind: "jump", page: 1, direction: "back" });
    expect(paginatorItems(4, 8).filter((i) => i.kind === "jump")).toEqual([{ kind: "jump", page: 8, direction: "forward" }]);
  });
});

describe("<Paginator>", () => {
  it("moves to the first, previous, a numbered, next and last page", async () => {
    const onChange = vi.fn();
    await renderWithApp(<Paginator page={5} totalPages={9} onChange={onChange} />);
    fireEvent.click(screen.getByRole("button", { name: "First page" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous page" }));
    fireEvent.click(screen.getByRole("button", { name: "Page 6" }));
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    fireEvent.click(screen.getByRole("button", { name: "Last page" }));
    fireEvent.click(screen.getByRole("button", { name: "Page 5" }));
    expect(onChange.mock.calls.map(([page]) => page)).toEqual([1, 4, 6, 6, 9]);
    expect(screen.getByRole("button", { name: "Page 5" }).getAttribute("aria-current")).toBe("page");
  });

  it("ignores previous on the first page and next on the last", async () => {
    const onChange = vi.fn();
    await renderWithApp(<Paginator page={1} totalPages={3} onChange={onChange} />);
    fireEvent.click(screen.getByRole("button", { name: "Previous page" }));
    fireEvent.click(screen.getByRole("button", { name: "First page" }));
    cleanup();
    await renderWithApp(<Paginator page={3} totalPages={3} onChange={onChange} />);
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    fireEvent.click(screen.getByRole("button", { name: "Last page" }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Previous page" }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it("jumps by five pages", async () => {
    const onChange = vi.fn();
    await renderWithApp(<Paginator page={10} totalPages={40} onChange={onChange} />);
    fireEvent.click(screen.getByRole("button", { name: "Forward 5 pages" }));
    fireEvent.click(screen.getByRole("button", { name: "Back 5 pages" }));
    expect(onChange.mock.calls.map(([page]) => page)).toEqual([15, 5]);
  });
});
