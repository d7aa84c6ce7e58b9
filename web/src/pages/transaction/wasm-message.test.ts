// @vitest-environment node
// Contract messages as the API gives them (decoded JSON, or base64 from a node that did not decode them), and cw20-base's
// transfers read from them.
import { describe, expect, it } from "vitest";
import { contractMessage, cw20Transfer } from "./wasm-message.ts";

const TOKEN = "axm15u9l2rjnrns6s96kruh46kmxgh2wsp47eavve30gea4cq3dqjz5qk0j0gh";
const VAULT = "axm1al5fn369treqkz9mcxdlqg5vpsjmmkmcw8vqh562ezencqctx6vql7l64f";
const ALICE = "axm190vqdjtlpcq27xslcveglfmr4ynfwg7g5nvww5";
const BOB = "axm1sxmr0k8u6trd5c6eu6trzyapzux7090y95q5r5";
const EXECUTE = "/cosmwasm.wasm.v1.MsgExecuteContract";

const execute = (msg: unknown, sender = ALICE) => ({ "@type": EXECUTE, sender, contract: TOKEN, msg, funds: [] });

describe("contractMessage", () => {
  it("gives execute, instantiate and migrate messages' msg as JSON", () => {
    const init = { name: "Axiome Gold", symbol: "AXG", decimals: 6, initial_balances: [{ address: ALICE, amount: "1000" }] };
    expect(contractMessage(execute({ increment: {} }))).toEqual({ json: { increment: {} } });
    expect(contractMessage({ "@type": "/cosmwasm.wasm.v1.MsgInstantiateContract", sender: ALICE, code_id: "1", label: "AXG", msg: init })).toEqual({
      json: init,
    });
    expect(contractMessage({ "@type": "/cosmwasm.wasm.v1.MsgMigrateContract", sender: ALICE, contract: VAULT, code_id: "3", msg: { bump: 2 } })).toEqual({
      json: { bump: 2 },
    });
  });

  it("decodes a msg that came as base64 JSON, and keeps one that is not", () => {
    const encoded = Buffer.from(JSON.stringify({ transfer: { recipient: BOB, amount: "5" } })).toString("base64");
    expect(contractMessage(execute(encoded))).toEqual({ json: { transfer: { recipient: BOB, amount: "5" } } });
    expect(contractMessage(execute("bm90IGpzb24="))).toEqual({ json: "bm90IGpzb24=" });
  });

  it("has nothing for other messages", () => {
    expect(contractMessage({ "@type": "/cosmos.bank.v1beta1.MsgSend", from_address: ALICE, to_address: BOB, amount: [] })).toBeNull();
    expect(contractMessage({ "@type": "/cosmwasm.wasm.v1.MsgStoreCode", sender: ALICE, wasm_byte_code: "AGFzbQ==" })).toBeNull();
  });
});

describe("cw20Transfer", () => {
  it("reads a transfer and a send from the sender", () => {
    expect(cw20Transfer(execute({ transfer: { recipient: BOB, amount: "2500000" } }))).toEqual({
      action: "transfer",
      contract: TOKEN,
      from: ALICE,
      to: BOB,
      amount: "2500000",
    });
    expect(cw20Transfer(execute({ send: { contract: VAULT, amount: "7", msg: "e30=" } }))).toEqual({
      action: "send",
      contract: TOKEN,
      from: ALICE,
      to: VAULT,
      amount: "7",
    });
  });

  it("reads transfer_from and send_from from the owner, not the spender who signs", () => {
    expect(cw20Transfer(execute({ transfer_from: { owner: BOB, recipient: ALICE, amount: "9" } }))).toEqual({
      action: "transfer_from",
      contract: TOKEN,
      from: BOB,
      to: ALICE,
      amount: "9",
    });
    expect(cw20Transfer(execute({ send_from: { owner: BOB, contract: VAULT, amount: "10", msg: "e30=" } }))).toEqual({
      action: "send_from",
      contract: TOKEN,
      from: BOB,
      to: VAULT,
      amount: "10",
    });
  });

  it("has nothing for other executions or malformed transfers", () => {
    expect(cw20Transfer(execute({ mint: { recipient: BOB, amount: "1" } }))).toBeNull();
    expect(cw20Transfer(execute({ burn: { amount: "1" } }))).toBeNull();
    expect(cw20Transfer(execute({ increment: {} }))).toBeNull();
    expect(cw20Transfer(execute({ transfer: { recipient: BOB, amount: 5 } }))).toBeNull();
    expect(cw20Transfer(execute({ transfer: { recipient: BOB, amount: "-5" } }))).toBeNull();
    expect(cw20Transfer(execute({ transfer: { amount: "5" } }))).toBeNull();
    expect(cw20Transfer(execute({ transfer: { recipient: BOB, amount: "5" }, send: {} }))).toBeNull();
    expect(
      cw20Transfer({ "@type": "/cosmwasm.wasm.v1.MsgMigrateContract", sender: ALICE, contract: TOKEN, msg: { transfer: { recipient: BOB, amount: "5" } } }),
    ).toBeNull();
  });
});
