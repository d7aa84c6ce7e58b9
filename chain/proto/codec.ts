// Builds proto3 codecs from a field table, so each of the chain's own messages is declared, not hand-coded.
import { BinaryReader, BinaryWriter } from "cosmjs-types/binary";
import { base64FromBytes } from "cosmjs-types/helpers";

/** The shape every codec here shares with cosmjs-types' generated ones. */
export interface ProtoCodec<T> {
  typeUrl: string;
  encode(message: T, writer?: BinaryWriter): BinaryWriter;
  decode(input: BinaryReader | Uint8Array, length?: number): T;
  fromPartial(object: Partial<T>): T;
  /** camelCase JSON, as cosmjs-types' toJSON gives (bytes base64, Any as {typeUrl, value}). */
  toJSON(message: T): unknown;
}

/** What a nested message needs: cosmjs-types' generated codecs and this builder's both fit. */
export type NestedCodec<M> = Pick<ProtoCodec<M>, "encode" | "decode" | "fromPartial" | "toJSON">;

/** The kinds a property's TypeScript type allows, so a table cannot give a string field a bool kind. */
type KindFor<V> = [V] extends [string]
  ? { kind: "string" }
  : [V] extends [boolean]
    ? { kind: "bool" | "unit" }
    : [V] extends [Uint8Array]
      ? { kind: "bytes" }
      : [V] extends [number | undefined]
        ? { kind: "int32" } | { kind: "enum"; names: readonly string[] }
        : [V] extends [bigint]
          ? { kind: "int64" | "uint64" }
          : [V] extends [readonly string[]]
            ? { kind: "string"; repeated: true }
            : [V] extends [readonly (infer M)[]]
              ? { kind: "message"; codec: NestedCodec<M>; repeated: true }
              : { kind: "message"; codec: NestedCodec<NonNullable<V>> };

/**
 * One field of the table: its proto number, its camelCase property and its kind. A "unit" is an empty
 * message whose presence is the whole value (a oneof choice without payload), held as a boolean. An "enum"
 * is an int32 whose JSON is its name (`names[value]`), as the node's REST answers show enums; 64-bit
 * integers are bigints, JSON strings.
 * Fields sharing a `oneof` name are written at most one (the first set) and reading one clears the others.
 */
export type Field<T> = {
  [K in keyof T & string]: { no: number; name: K; oneof?: string } & KindFor<T[K]>;
}[keyof T & string];

interface KindOps {
  wire: number;
  write(writer: BinaryWriter, value: any): void;
  read(reader: BinaryReader): unknown;
  fromPartial(value: any): unknown;
  toJSON(value: any): unknown;
}

type ScalarKind = "string" | "bool" | "bytes" | "int32" | "int64" | "uint64" | "unit";

const same = (value: unknown) => value;

/** `empty` is the value of a field absent from the bytes, and the one encode leaves out. */
const scalars: Record<ScalarKind, KindOps & { empty(): unknown }> = {
  string: { wire: 2, write: (w, v) => w.string(v), read: (r) => r.string(), fromPartial: same, toJSON: same, empty: () => "" },
  bool: { wire: 0, write: (w, v) => w.bool(v), read: (r) => r.bool(), fromPartial: same, toJSON: same, empty: () => false },
  int32: { wire: 0, write: (w, v) => w.int32(v), read: (r) => r.int32(), fromPartial: same, toJSON: same, empty: () => 0 },
  int64: { wire: 0, write: (w, v) => w.int64(v), read: (r) => r.int64(), fromPartial: (v) => BigInt(v), toJSON: String, empty: () => 0n },
  uint64: { wire: 0, write: (w, v) => w.uint64(v), read: (r) => r.uint64(), fromPartial: (v) => BigInt(v), toJSON: String, empty: () => 0n },
  bytes: {
    wire: 2,
    write: (w, v) => w.bytes(v),
    read: (r) => r.bytes(),
    fromPartial: same,
    toJSON: (v) => base64FromBytes(v),
    empty: () => new Uint8Array(),
  },
  unit: {
    wire: 2,
    write: (w) => w.fork().ldelim(),
    read: (r) => {
      r.skipType(2);
      return true;
    },
    fromPartial: same,
    toJSON: (v) => (v ? {} : undefined),
    empty: () => false,
  },
};

function enumOps(names: readonly string[]): KindOps {
  return { ...scalars.int32, toJSON: (v: number) => names[v] ?? v };
}

function messageOps(codec: NestedCodec<unknown>): KindOps {
  return {
    wire: 2,
    write: (w, v) => codec.encode(v, w.fork()).ldelim(),
    read: (r) => codec.decode(r, r.uint32()),
    fromPartial: (v) => codec.fromPartial(v),
    toJSON: (v) => codec.toJSON(v),
  };
}

interface Column {
  no: number;
  name: string;
  oneof?: string;
  repeated: boolean;
  /** Messages and oneof members have explicit presence: set means written, even when zero. */
  tracksPresence: boolean;
  ops: KindOps;
  absent(): unknown;
  /** The other members of its oneof, which reading this field unsets. */
  rivals: Column[];
}

function isZero(value: unknown): boolean {
  return value === "" || value === false || value === 0 || value === 0n || (value instanceof Uint8Array && value.length === 0);
}

function columnOf(field: object): Column {
  const { no, name, kind, oneof, codec, repeated, names } = field as {
    no: number;
    name: string;
    kind: ScalarKind | "message" | "enum";
    oneof?: string;
    codec?: NestedCodec<unknown>;
    repeated?: boolean;
    names?: readonly string[];
  };
  const tracksPresence = kind === "message" || (oneof !== undefined && kind !== "unit");
  return {
    no,
    name,
    oneof,
    repeated: repeated === true,
    tracksPresence,
    ops: kind === "message" ? messageOps(codec!) : kind === "enum" ? enumOps(names!) : scalars[kind],
    absent: repeated ? () => [] : tracksPresence ? () => undefined : kind === "enum" ? scalars.int32.empty : scalars[kind as ScalarKind].empty,
    rivals: [],
  };
}

/** Encoding follows proto3 (zero values left out); decoding skips fields the table does not know. */
export function messageCodec<T>(typeUrl: string, fields: readonly Field<T>[]): ProtoCodec<T> {
  const columns = fields.map(columnOf);
  for (const column of columns) {
    column.rivals = columns.filter((other) => other !== column && column.oneof !== undefined && other.oneof === column.oneof);
  }
  const byNumber = new Map(columns.map((column) => [column.no, column]));
  const write = (column: Column, value: unknown, writer: BinaryWriter) => column.ops.write(writer.uint32((column.no << 3) | column.ops.wire), value);

  const codec: ProtoCodec<T> = {
    typeUrl,
    encode(message, writer = BinaryWriter.create()) {
      const record = message as Record<string, unknown>;
      const oneofsWritten = new Set<string>();
      for (const column of columns) {
        const value = record[column.name];
        if (column.repeated) {
          for (const item of value as unknown[]) write(column, item, writer);
          continue;
        }
        if (value == null || (!column.tracksPresence && isZero(value))) continue;
        if (column.oneof !== undefined) {
          if (oneofsWritten.has(column.oneof)) continue;
          oneofsWritten.add(column.oneof);
        }
        write(column, value, writer);
      }
      return writer;
    },
    decode(input, length) {
      const reader = input instanceof BinaryReader ? input : new BinaryReader(input);
      const end = length === undefined ? reader.len : reader.pos + length;
      const record = codec.fromPartial({}) as Record<string, unknown>;
      while (reader.pos < end) {
        const tag = reader.uint32();
        const column = byNumber.get(tag >>> 3);
        if (!column) {
          reader.skipType(tag & 7);
        } else if (column.repeated) {
          (record[column.name] as unknown[]).push(column.ops.read(reader));
        } else {
          for (const rival of column.rivals) record[rival.name] = rival.absent();
          record[column.name] = column.ops.read(reader);
        }
      }
      return record as T;
    },
    fromPartial(object) {
      const record = object as Record<string, unknown>;
      const entries = columns.map((column) => {
        const value = record[column.name];
        if (column.repeated) return [column.name, ((value ?? []) as unknown[]).map(column.ops.fromPartial)];
        return [column.name, value == null ? column.absent() : column.ops.fromPartial(value)];
      });
      return Object.fromEntries(entries) as T;
    },
    toJSON(message) {
      const record = message as Record<string, unknown>;
      const entries = columns.map((column) => {
        const value = record[column.name];
        if (column.repeated) return [column.name, (value as unknown[]).map(column.ops.toJSON)];
        return [column.name, value == null ? undefined : column.ops.toJSON(value)];
      });
      return Object.fromEntries(entries);
    },
  };
  return codec;
}
