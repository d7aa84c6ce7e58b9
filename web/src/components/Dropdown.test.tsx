// The shared dropdown: toggles, closes on an outside press, on Escape (focus back on the button) and on a choice; ARIA ties the button to the panel.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Dropdown } from "./Dropdown.tsx";

afterEach(cleanup);

function renderDropdown(props: { panelLabel?: string; returnFocusOnChoice?: boolean } = {}) {
  render(
    <Dropdown label="Network" {...props}>
      {(close) => (
        <button type="button" onClick={close}>
          Devnet
        </button>
      )}
    </Dropdown>,
  );
  return screen.getByRole("button", { name: "Network" });
}

describe("<Dropdown>", () => {
  it("toggles on click and ties the button to the open panel", () => {
    const button = renderDropdown();
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(button.getAttribute("aria-controls")).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(document.getElementById(button.getAttribute("aria-controls") ?? "")?.textContent).toBe("Devnet");
    fireEvent.click(button);
    expect(screen.queryByRole("button", { name: "Devnet" })).toBeNull();
  });

  it("closes on an outside press, and on Escape with focus back on the button", () => {
    const button = renderDropdown();
    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByRole("button", { name: "Devnet" }));
    expect(screen.getByRole("button", { name: "Devnet" })).toBeTruthy();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole("button", { name: "Devnet" })).toBeNull();

    fireEvent.click(button);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("button", { name: "Devnet" })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("closes on a choice, putting focus back on the button only when asked to", () => {
    const plain = renderDropdown();
    fireEvent.click(plain);
    fireEvent.click(screen.getByRole("button", { name: "Devnet" }));
    expect(screen.queryByRole("button", { name: "Devnet" })).toBeNull();
    expect(document.activeElement).not.toBe(plain);
    cleanup();

    const returning = renderDropdown({ returnFocusOnChoice: true });
    fireEvent.click(returning);
    fireEvent.click(screen.getByRole("button", { name: "Devnet" }));
    expect(document.activeElement).toBe(returning);
  });

  it("makes a labelled panel a dialog of that name, and leaves an unlabelled one without a role", () => {
    fireEvent.click(renderDropdown({ panelLabel: "Time range" }));
    expect(screen.getByRole("dialog", { name: "Time range" })).toBeTruthy();
    cleanup();

    fireEvent.click(renderDropdown());
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
