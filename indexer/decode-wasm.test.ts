// Unit: wasm events and messages of wasmd 0.50 (msg_index on every message event) and of older SDKs (a `message`
// event with `action` opening each message) decoded into ops; cw20-base's actions into balance moves.
import { describe, expect, it } from "vitest";
import { eventsByMessage, tokenInit, wasmChanges, type WasmTx } from "./decode-wasm.ts";
import type { ChainEvent } from "../chain/types.ts";

const SENDER = "axm1z8wt5d4r925vjxy23fufg6ru9jlj0ncp0jm0lq";
const OTHER = "axm1rq3vc2jgg0ra7jqa5cvqtp8rvdeur20rlx04w8";
const TOKEN = "axm14hj2tavq8fpesdwxxcu44rty3hh90vhujrvcmstl4zr3txmfvw9s4d8hd8";
const POOL = "axm1nc5tatafv6eyq7llkr2gv50ff9e22mnf70qgjlv737ktmt4eswrqzdtn8c";

/** An event as a 0.50 node reports a message's event: its attributes, then msg_index. */
function event(type: string, attributes: Record<string, string>, msgIndex: number | null = 0): ChainEvent {
  const list = Object.entries(attributes).map(([key, value]) => ({ key, value }));
  if (msgIndex !== null) list.push({ key: "msg_index", value: String(msgIndex) });
  return { type, attributes: list };
}

const feeEvents: ChainEvent[] = [
  {
    type: "coin_spent",
    attributes: [
      { key: "spender", value: SENDER },
      { key: "amount", value: "5000uaxm" },
    ],
  },
  {
    type: "tx",
    attributes: [
      { key: "fee", value: "5000uaxm" },
      { key: "fee_payer", value: SENDER },
    ],
  },
  { type: "tx", attributes: [{ key: "acc_seq", value: `${SENDER}/3` }] },
];

const message = (typeUrl: string, json: Record<string, unknown>) => ({ typeUrl, json: { "@type": typeUrl, ...json } });

const cw20Init = {
  name: "Axiome Gold",
  symbol: "AXG",
  decimals: 6,
  initial_balances: [
    { address: SENDER, amount: "1000000" },
    { address: OTHER, amount: "250" },
  ],
  mint: { minter: SENDER, cap: "5000000" },
  marketing: { project: "https://gold.example", description: "<b>Gold</b>", marketing: SENDER, logo: { url: "https://gold.example/logo.svg" } },
};

describe("wasm ops of a block", () => {
  it("decodes a code upload with its checksum from the event and its permission from the message", () => {
    const tx: WasmTx = {
      code: 0,
      events: [
        ...feeEvents,
        event("message", { action: "/cosmwasm.wasm.v1.MsgStoreCode", sender: SENDER, module: "wasm" }),
        event("store_code", { code_checksum: "D978A2F76CE30886E844881C575AEC85599A2029A0683DF0A6DC963B34037B63", code_id: "7" }),
      ],
      messages: [
        message("/cosmwasm.wasm.v1.MsgStoreCode", {
          sender: SENDER,
          wasm_byte_code: "AGFzbQ==",
          instantiate_permission: { permission: "ACCESS_TYPE_ANY_OF_ADDRESSES", addresses: [SENDER, OTHER] },
        }),
      ],
    };
    expect(wasmChanges([tx])).toEqual([
      {
        kind: "store",
        codeId: 7,
        checksum: "d978a2f76ce30886e844881c575aec85599a2029a0683df0a6dc963b34037b63",
        creator: SENDER,
        permission: "AnyOfAddresses",
        addresses: [SENDER, OTHER],
      },
    ]);
  });

  it("takes Everybody when a code is stored without a permission, and Nobody when the message says so", () => {
    const store = (permission: Record<string, unknown> | undefined, codeId: string): WasmTx => ({
      code: 0,
      events: [event("message", { action: "/cosmwasm.wasm.v1.MsgStoreCode" }), event("store_code", { code_checksum: "ab", code_id: codeId })],
      messages: [message("/cosmwasm.wasm.v1.MsgStoreCode", { sender: SENDER, instantiate_permission: permission })],
    });
    const ops = wasmChanges([store(undefined, "1"), store({ permission: "ACCESS_TYPE_NOBODY", addresses: [] }, "2")]);
    expect(ops.map((op) => (op.kind === "store" ? [op.codeId, op.permission] : null))).toEqual([
      [1, "Everybody"],
      [2, "Nobody"],
    ]);
  });

  it("decodes a CW-20 instantiation: label, admin, creator, init message, token info, balances and marketing", () => {
    const tx: WasmTx = {
      code: 0,
      events: [
        ...feeEvents,
        event("message", { action: "/cosmwasm.wasm.v1.MsgInstantiateContract", sender: SENDER, module: "wasm" }),
        event("instantiate", { _contract_address: TOKEN, code_id: "3" }),
      ],
      messages: [message("/cosmwasm.wasm.v1.MsgInstantiateContract", { sender: SENDER, admin: OTHER, code_id: "3", label: "gold", msg: cw20Init, funds: [] })],
    };
    const [op] = wasmChanges([{ code: 0, events: [], messages: [] }, tx]);
    expect(op).toEqual({
      kind: "instantiate",
      contract: TOKEN,
      codeId: 3,
      creator: SENDER,
      admin: OTHER,
      label: "gold",
      txIndex: 1,
      msg: JSON.stringify(cw20Init),
      token: {
        name: "Axiome Gold",
        symbol: "AXG",
        decimals: 6,
        minter: SENDER,
        cap: "5000000",
        balances: [
          [SENDER, "1000000"],
          [OTHER, "250"],
        ],
        project: "https://gold.example",
        description: "<b>Gold</b>",
        marketing: SENDER,
        logo: { url: "https://gold.example/logo.svg" },
      },
    });
  });

  it("does not take a contract for a token unless its init message is cw20-base's", () => {
    expect(tokenInit({ count: 1 })).toBeNull();
    expect(tokenInit({ ...cw20Init, initial_balances: [{ address: SENDER, amount: "-5" }] })).toBeNull();
    expect(tokenInit({ ...cw20Init, decimals: "6" })).toBeNull();
    expect(tokenInit({ name: "x", symbol: "X", decimals: 0, initial_balances: [] })).toMatchObject({ minter: null, cap: null, logo: null, project: null });
  });

  it("turns cw20-base's wasm events into balance moves, counts executions, and reads a contract's sub-calls", () => {
    const tx: WasmTx = {
      code: 0,
      events: [
        ...feeEvents,
        event("message", { action: "/cosmwasm.wasm.v1.MsgExecuteContract", sender: SENDER, module: "wasm" }),
        event("execute", { _contract_address: TOKEN }),
        event("wasm", { _contract_address: TOKEN, action: "send", from: SENDER, to: POOL, amount: "40" }),
        event("execute", { _contract_address: POOL }),
        event("wasm", { _contract_address: POOL, action: "receive" }),
        event("execute", { _contract_address: TOKEN }),
        event("wasm", { _contract_address: TOKEN, action: "burn", from: POOL, amount: "15" }),
        event("message", { action: "/cosmwasm.wasm.v1.MsgExecuteContract", sender: SENDER, module: "wasm" }, 1),
        event("execute", { _contract_address: TOKEN }, 1),
        event("wasm", { _contract_address: TOKEN, action: "mint", to: OTHER, amount: "7" }, 1),
        event("execute", { _contract_address: TOKEN }, 1),
        event("wasm", { _contract_address: TOKEN, action: "transfer_from", from: OTHER, to: POOL, by: SENDER, amount: "2" }, 1),
        event("wasm", { _contract_address: TOKEN, action: "increase_allowance", owner: SENDER, spender: POOL, amount: "9" }, 1),
        event("wasm", { _contract_address: TOKEN, action: "update_minter", new_minter: "None" }, 1),
      ],
      messages: [
        message("/cosmwasm.wasm.v1.MsgExecuteContract", {
          sender: SENDER,
          contract: TOKEN,
          msg: { send: { contract: POOL, amount: "40", msg: "e30=" } },
          funds: [],
        }),
        message("/cosmwasm.wasm.v1.MsgExecuteContract", { sender: SENDER, contract: TOKEN, msg: { mint: { recipient: OTHER, amount: "7" } }, funds: [] }),
      ],
    };
    expect(wasmChanges([tx])).toEqual([
      { kind: "execute", contract: TOKEN },
      { kind: "cw20", contract: TOKEN, from: SENDER, to: POOL, amount: "40" },
      { kind: "execute", contract: POOL },
      { kind: "execute", contract: TOKEN },
      { kind: "cw20", contract: TOKEN, from: POOL, to: null, amount: "15" },
      { kind: "execute", contract: TOKEN },
      { kind: "cw20", contract: TOKEN, from: null, to: OTHER, amount: "7" },
      { kind: "execute", contract: TOKEN },
      { kind: "cw20", contract: TOKEN, from: OTHER, to: POOL, amount: "2" },
      { kind: "minter", contract: TOKEN, minter: null },
    ]);
  });

  it("reads marketing changes from the message the token executed, clearing blank fields as cw20-base does", () => {
    const tx: WasmTx = {
      code: 0,
      events: [
        event("message", { action: "/cosmwasm.wasm.v1.MsgExecuteContract" }),
        event("execute", { _contract_address: TOKEN }),
        event("wasm", { _contract_address: TOKEN, action: "update_marketing" }),
        event("message", { action: "/cosmwasm.wasm.v1.MsgExecuteContract" }, 1),
        event("execute", { _contract_address: TOKEN }, 1),
        event("wasm", { _contract_address: TOKEN, action: "upload_logo" }, 1),
      ],
      messages: [
        message("/cosmwasm.wasm.v1.MsgExecuteContract", {
          sender: SENDER,
          contract: TOKEN,
          msg: { update_marketing: { project: " ", description: "<p>new</p>" } },
        }),
        message("/cosmwasm.wasm.v1.MsgExecuteContract", { sender: SENDER, contract: TOKEN, msg: { upload_logo: { embedded: { svg: "PHN2Zy8+" } } } }),
      ],
    };
    expect(wasmChanges([tx]).filter((op) => op.kind === "marketing")).toEqual([
      { kind: "marketing", contract: TOKEN, changes: { project: null, description: "<p>new</p>" } },
      { kind: "marketing", contract: TOKEN, changes: { logo: "embedded" } },
    ]);
  });

  it("decodes a migration with its message, and admin updates and clears", () => {
    const tx: WasmTx = {
      code: 0,
      events: [
        event("message", { action: "/cosmwasm.wasm.v1.MsgMigrateContract" }),
        event("migrate", { code_id: "9", _contract_address: POOL }),
        event("message", { action: "/cosmwasm.wasm.v1.MsgUpdateAdmin" }, 1),
        event("update_contract_admin", { _contract_address: POOL, new_admin_address: OTHER }, 1),
        event("message", { action: "/cosmwasm.wasm.v1.MsgClearAdmin" }, 2),
        event("update_contract_admin", { _contract_address: TOKEN, new_admin_address: "" }, 2),
      ],
      messages: [
        message("/cosmwasm.wasm.v1.MsgMigrateContract", { sender: SENDER, contract: POOL, code_id: "9", msg: { fee: "0.3" } }),
        message("/cosmwasm.wasm.v1.MsgUpdateAdmin", { sender: SENDER, new_admin: OTHER, contract: POOL }),
        message("/cosmwasm.wasm.v1.MsgClearAdmin", { sender: SENDER, contract: TOKEN }),
      ],
    };
    expect(wasmChanges([tx])).toEqual([
      { kind: "migrate", contract: POOL, codeId: 9, txIndex: 0, msg: '{"fee":"0.3"}' },
      { kind: "admin", contract: POOL, admin: OTHER },
      { kind: "admin", contract: TOKEN, admin: "" },
    ]);
  });

  it("leaves creator and label empty for a contract another contract instantiated", () => {
    const tx: WasmTx = {
      code: 0,
      events: [
        event("message", { action: "/cosmwasm.wasm.v1.MsgExecuteContract" }),
        event("execute", { _contract_address: POOL }),
        event("instantiate", { _contract_address: TOKEN, code_id: "3" }),
      ],
      messages: [message("/cosmwasm.wasm.v1.MsgExecuteContract", { sender: SENDER, contract: POOL, msg: { create_token: {} } })],
    };
    expect(wasmChanges([tx])[1]).toEqual({
      kind: "instantiate",
      contract: TOKEN,
      codeId: 3,
      creator: "",
      admin: "",
      label: "",
      txIndex: 0,
      msg: null,
      token: null,
    });
  });

  it("ignores failed transactions, whose events are only the fee's", () => {
    const tx: WasmTx = {
      code: 5,
      events: [...feeEvents],
      messages: [message("/cosmwasm.wasm.v1.MsgExecuteContract", { sender: SENDER, contract: TOKEN, msg: { transfer: { recipient: OTHER, amount: "1" } } })],
    };
    expect(wasmChanges([tx])).toEqual([]);
  });

  it("reads messages wrapped in authz MsgExec", () => {
    const tx: WasmTx = {
      code: 0,
      events: [event("message", { action: "/cosmos.authz.v1beta1.MsgExec" }), event("instantiate", { _contract_address: TOKEN, code_id: "3" })],
      messages: [
        message("/cosmos.authz.v1beta1.MsgExec", {
          grantee: OTHER,
          msgs: [
            { "@type": "/cosmwasm.wasm.v1.MsgInstantiateContract", sender: SENDER, admin: "", code_id: "3", label: "granted", msg: { count: 0 }, funds: [] },
          ],
        }),
      ],
    };
    expect(wasmChanges([tx])[0]).toMatchObject({ kind: "instantiate", creator: SENDER, label: "granted", token: null });
  });
});

describe("events by message", () => {
  it("groups by msg_index (SDK 0.50), leaving the ante handler's events out", () => {
    const events = [
      ...feeEvents,
      event("message", { action: "a" }, 0),
      event("execute", { _contract_address: TOKEN }, 0),
      event("message", { action: "b" }, 1),
    ];
    const groups = eventsByMessage(events, 2);
    expect(groups.map((g) => g.map((e) => e.type))).toEqual([["message", "execute"], ["message"]]);
  });

  it("groups by the action event of each message on older SDKs", () => {
    const events = [
      ...feeEvents,
      event("message", { action: "/cosmwasm.wasm.v1.MsgExecuteContract" }, null),
      event("message", { module: "wasm", sender: SENDER }, null),
      event("execute", { _contract_address: TOKEN }, null),
      event("message", { action: "/cosmwasm.wasm.v1.MsgExecuteContract" }, null),
      event("execute", { _contract_address: POOL }, null),
    ];
    const groups = eventsByMessage(events, 2);
    expect(groups.map((g) => g.filter((e) => e.type === "execute").map((e) => e.attributes[0].value))).toEqual([[TOKEN], [POOL]]);
  });
});
