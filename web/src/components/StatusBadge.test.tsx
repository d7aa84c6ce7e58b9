// The status badge: a translated name per status 0..7, the icon labelled when the name is not written, -1 and unknowns as none.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import { renderWithApp } from "../test-support.tsx";
import { StatusBadge, knownStatus } from "./StatusBadge.tsx";

afterEach(cleanup);

describe("<StatusBadge>", () => {
  it("writes each status's name beside its icon", async () => {
    await renderWithApp(
      <ul>
        {[0, 1, 2, 3, 4, 5, 6, 7].map((status) => (
          <li key={status}>
            <StatusBadge status={status} withName />
          </li>
        ))}
      </ul>,
    );
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["No status", "Starter", "Leader", "Guru", "Boss", "Pro", "Top", "Mega"]);
    expect(screen.queryAllByRole("img")).toHaveLength(0);
  });

  it("labels the icon alone with the name: the programme's in every language, no status in the visitor's", async () => {
    await renderWithApp(
      <>
        <StatusBadge status={4} />
        <StatusBadge status={0} />
      </>,
      { language: "ru" },
    );
    expect(screen.getByRole("img", { name: "Boss" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "Без статуса" })).toBeTruthy();
  });

  it("reads -1 and anything outside 0..7 as no status", () => {
    expect([-1, 0, 8, 2.5, Number.NaN].map(knownStatus)).toEqual([0, 0, 0, 0, 0]);
    expect(knownStatus(7)).toBe(7);
  });
});
