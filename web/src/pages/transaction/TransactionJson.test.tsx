// The JSON tab: the whole transaction shown, copied and downloaded as <hash>.json; a transaction the index kept only the
// messages of says so.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import type { TxJson } from "../../api/types.ts";
import { renderWithApp } from "../../test-support.tsx";
import { ALICE, BOB } from "../../contract-fixtures.ts";
import { TransactionJson } from "./TransactionJson.tsx";

const HASH = "C0FFEE".repeat(10) + "C0FE";
const WHOLE: TxJson = {
  body: {
    messages: [{ "@type": "/cosmos.bank.v1beta1.MsgSend", from_address: ALICE, to_address: BOB, amount: [{ denom: "uaxm", amount: "5" }] }],
    memo: "rent",
    timeout_height: "0",
    extension_options: [],
    non_critical_extension_options: [],
  },
  auth_info: {
    signer_infos: [
      { public_key: { "@type": "/cosmos.crypto.secp256k1.PubKey", key: "A0b=" }, mode_info: { single: { mode: "SIGN_MODE_DIRECT" } }, sequence: "4" },
    ],
    fee: { amount: [{ denom: "uaxm", amount: "250" }], gas_limit: "200000", payer: "", granter: "" },
  },
  signatures: ["c2lnbmF0dXJl"],
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("<TransactionJson>", () => {
  it("shows the whole transaction with its addresses as links, and copies it as JSON", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await renderWithApp(<TransactionJson hash={HASH} tx={WHOLE} />);
    const json = screen.getByLabelText("The whole transaction (JSON)");
    expect(JSON.parse(json.textContent!)).toEqual(WHOLE);
    expect(
      within(json)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual([`/address/${ALICE}`, `/address/${BOB}`]);
    expect(screen.queryByText(/only its messages and memo/)).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy JSON" })));
    expect(JSON.parse(writeText.mock.calls[0][0] as string)).toEqual(WHOLE);
  });

  it("downloads the JSON as <hash>.json", async () => {
    const saved: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      saved.push(blob as Blob);
      return "blob:transaction";
    });
    const clicked: [string, string | null][] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push([this.download, this.getAttribute("href")]);
    });
    await renderWithApp(<TransactionJson hash={HASH} tx={WHOLE} />);
    fireEvent.click(screen.getByRole("button", { name: "Download .json" }));
    expect(clicked).toEqual([[`${HASH}.json`, "blob:transaction"]]);
    expect(saved[0].type).toBe("application/json");
    expect(JSON.parse(await saved[0].text())).toEqual(WHOLE);
  });

  it("says when only the messages and memo are known", async () => {
    await renderWithApp(<TransactionJson hash={HASH} tx={{ body: { messages: WHOLE.body.messages, memo: "rent" } }} />);
    expect(screen.getByText(/indexed before the explorer kept whole transactions/)).toBeTruthy();
    expect(JSON.parse(screen.getByLabelText("The whole transaction (JSON)").textContent!)).toEqual({ body: { messages: WHOLE.body.messages, memo: "rent" } });
  });
});
