// The Message tab of wasm messages with a stubbed API: the contract message as JSON, and a CW-20 transfer summarised with
// the token's decimals and symbol (looked up once by contract), or left as given for a contract that is no token.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import type { TxMessage } from "../../api/types.ts";
import { renderWithApp } from "../../test-support.tsx";
import { ALICE, BOB, COUNTER_CONTRACT, TOKEN_CONTRACT, failure, json } from "../../contract-fixtures.ts";
import { TransactionMessages } from "./TransactionMessages.tsx";

const execute = (contract: string, msg: unknown): TxMessage => ({ "@type": "/cosmwasm.wasm.v1.MsgExecuteContract", sender: ALICE, contract, msg, funds: [] });
let requests: string[];

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const path = new URL(input, "http://explorer.test").pathname;
      requests.push(path);
      return path === `/api/cw20/token/${TOKEN_CONTRACT}` ? json({ data: { name: "Axiome Gold", symbol: "AXG", logo: null, decimals: 6 } }) : failure(404);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const message = (number: number) => screen.getByRole("region", { name: new RegExp(`^Message ${number} of`) });
const field = (within_: HTMLElement, label: string) => within(within_).getAllByText(label, { selector: "dt" }).at(-1)!.nextElementSibling as HTMLElement;

describe("wasm messages on the Message tab", () => {
  it("summarises CW-20 transfers and sends with the token's symbol, and shows each contract message as JSON", async () => {
    await renderWithApp(
      <TransactionMessages
        hash={null}
        messages={[
          execute(TOKEN_CONTRACT, { transfer: { recipient: BOB, amount: "2500000" } }),
          execute(TOKEN_CONTRACT, { send: { contract: COUNTER_CONTRACT, amount: "1", msg: "e30=" } }),
        ]}
      />,
    );
    const transfer = message(1);
    expect(within(transfer).getByRole("heading", { level: 3, name: "CW-20 transfer" })).toBeTruthy();
    expect(within(field(transfer, "From")).getByRole("link").getAttribute("href")).toBe(`/address/${ALICE}`);
    expect(within(field(transfer, "To")).getByRole("link").getAttribute("href")).toBe(`/address/${BOB}`);
    await waitFor(() => expect(field(transfer, "Amount").textContent).toBe("2,5 AXG"));
    expect(JSON.parse(within(transfer).getByLabelText("Contract message (JSON)").textContent!)).toEqual({ transfer: { recipient: BOB, amount: "2500000" } });
    const send = message(2);
    expect(within(send).getByRole("heading", { level: 3, name: "CW-20 send to a contract" })).toBeTruthy();
    expect(within(field(send, "To")).getByRole("link").getAttribute("href")).toBe(`/contract/${COUNTER_CONTRACT}`);
    await waitFor(() => expect(field(send, "Amount").textContent).toBe("0,000001 AXG"));
    expect(requests.filter((path) => path.startsWith("/api/cw20/token/"))).toHaveLength(1);
  });

  it("keeps the amount as given when the contract is no token, and summarises nothing for other messages", async () => {
    await renderWithApp(
      <TransactionMessages
        hash={null}
        messages={[
          execute(COUNTER_CONTRACT, { transfer: { recipient: BOB, amount: "12" } }),
          execute(COUNTER_CONTRACT, { increment: { by: 2 } }),
          { "@type": "/cosmwasm.wasm.v1.MsgInstantiateContract", sender: ALICE, admin: ALICE, code_id: "2", label: "counter", msg: { count: 0 }, funds: [] },
          { "@type": "/cosmos.bank.v1beta1.MsgSend", from_address: ALICE, to_address: BOB, amount: [{ denom: "uaxm", amount: "1" }] },
        ]}
      />,
    );
    await waitFor(() => expect(field(message(1), "Amount").textContent).toBe("12"));
    expect(within(message(2)).queryByText("From", { selector: "dt" })).toBeNull();
    expect(JSON.parse(within(message(2)).getByLabelText("Contract message (JSON)").textContent!)).toEqual({ increment: { by: 2 } });
    expect(JSON.parse(within(message(3)).getByLabelText("Contract message (JSON)").textContent!)).toEqual({ count: 0 });
    expect(within(message(4)).queryByLabelText("Contract message (JSON)")).toBeNull();
  });
});
