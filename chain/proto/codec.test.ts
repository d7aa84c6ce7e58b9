// Tests of the codec builder itself, against bytes written by hand with cosmjs-types' BinaryWriter.
import { describe, expect, it } from "vitest";
import { BinaryWriter } from "cosmjs-types/binary";
import { Coin } from "cosmjs-types/cosmos/base/v1beta1/coin";
import { messageCodec } from "./codec.ts";

interface Inner {
  label: string;
  flag: boolean;
}

interface Outer {
  name: string;
  data: Uint8Array;
  inner?: Inner;
  coins: Coin[];
  inners: Inner[];
  open: boolean;
  level?: number;
}

const Inner = messageCodec<Inner>("/test.Inner", [
  { no: 1, name: "label", kind: "string" },
  { no: 2, name: "flag", kind: "bool" },
]);

const Outer = messageCodec<Outer>("/test.Outer", [
  { no: 1, name: "name", kind: "string" },
  { no: 2, name: "data", kind: "bytes" },
  { no: 3, name: "inner", kind: "message", codec: Inner },
  { no: 4, name: "coins", kind: "message", codec: Coin, repeated: true },
  { no: 5, name: "inners", kind: "message", codec: Inner, repeated: true },
  { no: 6, name: "open", kind: "unit", oneof: "gate" },
  { no: 7, name: "level", kind: "int32", oneof: "gate" },
]);

const coin = { denom: "uaxm", amount: "7" };
const bytesOf = (write: (writer: BinaryWriter) => void) => {
  const writer = new BinaryWriter();
  write(writer);
  return writer.finish();
};

describe("messageCodec", () => {
  it("fills defaults: zero scalars, no message, empty lists, no oneof choice", () => {
    expect(Outer.fromPartial({})).toEqual({
      name: "",
      data: new Uint8Array(),
      inner: undefined,
      coins: [],
      inners: [],
      open: false,
      level: undefined,
    });
  });

  it("leaves default values out of the bytes", () => {
    expect(Outer.encode(Outer.fromPartial({})).finish()).toEqual(new Uint8Array());
    expect(Inner.encode({ label: "", flag: false }).finish()).toEqual(new Uint8Array());
  });

  it("writes a oneof member set to zero, since being set is the choice", () => {
    expect(Outer.encode(Outer.fromPartial({ level: 0 })).finish()).toEqual(bytesOf((w) => w.uint32(56).int32(0)));
    expect(Outer.decode(bytesOf((w) => w.uint32(56).int32(0))).level).toBe(0);
  });

  it("writes fields in table order with the proto tags", () => {
    const message = Outer.fromPartial({ name: "n", data: new Uint8Array([9]), inner: { label: "i", flag: true }, open: true });
    const expected = bytesOf((w) => {
      w.uint32(10)
        .string("n")
        .uint32(18)
        .bytes(new Uint8Array([9]));
      w.uint32(26).fork().uint32(10).string("i").uint32(16).bool(true).ldelim();
      w.uint32(50).fork().ldelim();
    });
    expect(Outer.encode(message).finish()).toEqual(expected);
    expect(Outer.decode(expected)).toEqual(message);
  });

  it("writes one tag per element of a repeated field and reads them back in order", () => {
    const message = Outer.fromPartial({
      coins: [coin, { denom: "b", amount: "1" }],
      inners: [
        { label: "x", flag: false },
        { label: "", flag: true },
      ],
    });
    const bytes = Outer.encode(message).finish();
    const expected = bytesOf((w) => {
      Coin.encode(coin, w.uint32(34).fork()).ldelim();
      Coin.encode({ denom: "b", amount: "1" }, w.uint32(34).fork()).ldelim();
      w.uint32(42).fork().uint32(10).string("x").ldelim();
      w.uint32(42).fork().uint32(16).bool(true).ldelim();
    });
    expect(bytes).toEqual(expected);
    expect(Outer.decode(bytes)).toEqual(message);
  });

  it("skips unknown fields of every wire type, at the top and inside nested messages", () => {
    const bytes = bytesOf((w) => {
      w.uint32(8 * 8 + 0).uint64(1234567890123n);
      w.uint32(10).string("n");
      w.uint32(9 * 8 + 2).string("ignored");
      w.uint32(26)
        .fork()
        .uint32(15 * 8 + 5)
        .fixed32(1)
        .uint32(10)
        .string("i")
        .ldelim();
      w.uint32(10 * 8 + 1).fixed64(2n);
    });
    expect(Outer.decode(bytes)).toEqual(Outer.fromPartial({ name: "n", inner: { label: "i", flag: false } }));
  });

  it("decodes from a reader with a length, as a parent message does", () => {
    const inner = Inner.encode({ label: "i", flag: true }).finish();
    const bytes = bytesOf((w) => w.uint32(26).bytes(inner).uint32(10).string("after"));
    expect(Outer.decode(bytes)).toEqual(Outer.fromPartial({ name: "after", inner: { label: "i", flag: true } }));
  });

  it("writes only the first set member of a oneof, and reading one unsets the other", () => {
    expect(Outer.encode(Outer.fromPartial({ open: true, level: 3 })).finish()).toEqual(bytesOf((w) => w.uint32(50).fork().ldelim()));
    const levelThenOpen = bytesOf((w) => w.uint32(56).int32(3).uint32(50).fork().ldelim());
    expect(Outer.decode(levelThenOpen)).toMatchObject({ open: true, level: undefined });
    const openThenLevel = bytesOf((w) => w.uint32(50).fork().ldelim().uint32(56).int32(3));
    expect(Outer.decode(openThenLevel)).toMatchObject({ open: false, level: 3 });
  });

  it("gives cosmjs-types' camelCase JSON: bytes base64, absent messages undefined, a set unit as {}", () => {
    const message = Outer.fromPartial({
      name: "n",
      data: new Uint8Array([1, 2, 3]),
      coins: [coin],
      inners: [{ label: "x", flag: false }],
      open: true,
    });
    expect(Outer.toJSON(message)).toEqual({
      name: "n",
      data: "AQID",
      inner: undefined,
      coins: [coin],
      inners: [{ label: "x", flag: false }],
      open: {},
      level: undefined,
    });
    expect(Outer.toJSON(Outer.fromPartial({ level: 2 }))).toMatchObject({ open: undefined, level: 2 });
  });

  it("writes repeated strings, 64-bit integers and enums as protobuf does, enums named in JSON", () => {
    interface Record {
      members: string[];
      height: bigint;
      count: bigint;
      choice: number;
    }
    const Record = messageCodec<Record>("/test.Record", [
      { no: 1, name: "members", kind: "string", repeated: true },
      { no: 2, name: "height", kind: "int64" },
      { no: 3, name: "count", kind: "uint64" },
      { no: 4, name: "choice", kind: "enum", names: ["NONE", "YES", "NO"] },
    ]);
    const message = { members: ["a", "b"], height: 5_000_000_000n, count: 0n, choice: 2 };
    const expected = bytesOf((w) => w.uint32(10).string("a").uint32(10).string("b").uint32(16).int64(5_000_000_000n).uint32(32).int32(2));
    expect(Record.encode(message).finish()).toEqual(expected);
    expect(Record.decode(expected)).toEqual(message);
    expect(Record.toJSON(message)).toEqual({ members: ["a", "b"], height: "5000000000", count: "0", choice: "NO" });
    expect(Record.toJSON({ ...message, choice: 7 })).toMatchObject({ choice: 7 });
    expect(Record.fromPartial({})).toEqual({ members: [], height: 0n, count: 0n, choice: 0 });
  });
});
