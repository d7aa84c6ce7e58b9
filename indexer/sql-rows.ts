// Rows gathered column by column and inserted as one array per column (the shape `unnest` takes).
import type { Queryable, Transaction } from "../db/connection.ts";

/** Rows collected for one batch, column by column (the shape `unnest` takes). */
export class Columns {
  readonly data: unknown[][];
  constructor(width: number) {
    this.data = Array.from({ length: width }, () => []);
  }
  push(...values: unknown[]): void {
    values.forEach((v, i) => this.data[i].push(v));
  }
  get size(): number {
    return this.data[0].length;
  }
}

/** Inserts narrow rows as one array per column; an array-typed column travels as comma-joined text. */
export async function insertUnnest(tx: Queryable, target: string, types: string[], rows: Columns, suffix = ""): Promise<void> {
  if (rows.size === 0) return;
  const args = types.map((type, i) => `$${i + 1}::${type.endsWith("[]") ? "text" : type}[]`).join(", ");
  const names = types.map((_, i) => `c${i}`);
  const columns = types.map((type, i) => (type.endsWith("[]") ? `string_to_array(c${i}, ',')::${type}` : `c${i}`));
  await tx.query(`insert into ${target} select ${columns.join(", ")} from unnest(${args}) as u(${names.join(", ")}) ${suffix}`, rows.data as never);
}

/** Loads rows with COPY into `target` (a table and its columns); a list is an array column's value. */
export async function copyRows(tx: Transaction, target: string, rows: Columns): Promise<void> {
  if (rows.size > 0) await tx.copyRows(target, copyText(rows));
}

const CHUNK_BYTES = 1 << 20;
const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
const SPECIAL_BYTES = [0x5c, 0x09, 0x0a, 0x0d];
const BYTE_ESCAPES = new Map([
  [0x5c, 0x5c],
  [0x09, 0x74],
  [0x0a, 0x6e],
  [0x0d, 0x72],
]);

/**
 * Rows in COPY's text format, in chunks of about a megabyte: cells apart by tabs, rows ended by a newline, null as \N,
 * and a backslash, tab, newline or carriage return in a value escaped. Bytes (`utf8Texts`) are copied in as they are,
 * escaped only when they hold one of those four, which JSON text rarely does.
 */
export function copyText(rows: Columns): Uint8Array<ArrayBuffer>[] {
  const out = new ChunkWriter();
  const last = rows.data.length - 1;
  for (let r = 0; r < rows.size; r++) {
    // The row's text cells are written together, up to each bytes cell.
    let text = "";
    for (let c = 0; c <= last; c++) {
      const value = rows.data[c][r];
      if (value instanceof Uint8Array) {
        out.text(text);
        out.bytes(value);
        text = "";
      } else if (value === null || value === undefined) text += "\\N";
      else text += escapeText(Array.isArray(value) ? arrayLiteral(value as Scalar[]) : String(value as Scalar));
      text += c === last ? "\n" : "\t";
    }
    out.text(text);
  }
  return out.end();
}

function escapeText(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIALS, (m) => ESCAPES[m]) : text;
}

/** What a text cell holds: a list is an array column's value. */
type Scalar = string | number | bigint | boolean | null;

/** A PostgreSQL array literal; an element is quoted when the array syntax would read it otherwise. */
function arrayLiteral(items: Scalar[]): string {
  return `{${items.map((item) => (item === null ? "NULL" : quoteElement(String(item)))).join(",")}}`;
}

function quoteElement(item: string): string {
  return item === "" || /[{}",\\\s]/.test(item) || item.toUpperCase() === "NULL" ? `"${item.replace(/["\\]/g, "\\$&")}"` : item;
}

/** Appends text and bytes to buffers of CHUNK_BYTES, starting a new one when the next piece does not fit. */
class ChunkWriter {
  private readonly chunks: Uint8Array<ArrayBuffer>[] = [];
  private buffer = Buffer.allocUnsafeSlow(CHUNK_BYTES);
  private offset = 0;

  text(text: string): void {
    if (this.offset + text.length * 3 > this.buffer.length) this.flush(text.length * 3);
    this.offset += this.buffer.write(text, this.offset);
  }

  bytes(bytes: Uint8Array): void {
    const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const escaped = SPECIAL_BYTES.some((b) => view.includes(b)) ? escapeBytes(view) : view;
    if (this.offset + escaped.length > this.buffer.length) this.flush(escaped.length);
    this.offset += escaped.copy(this.buffer, this.offset);
  }

  end(): Uint8Array<ArrayBuffer>[] {
    this.seal();
    return this.chunks;
  }

  private seal(): void {
    if (this.offset > 0) this.chunks.push(new Uint8Array(this.buffer.buffer, this.buffer.byteOffset, this.offset));
  }

  private flush(needed: number): void {
    this.seal();
    this.buffer = Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, needed));
    this.offset = 0;
  }
}

function escapeBytes(bytes: Buffer): Buffer {
  const out = Buffer.allocUnsafe(bytes.length * 2);
  let length = 0;
  for (const byte of bytes) {
    const escape = BYTE_ESCAPES.get(byte);
    if (escape === undefined) out[length++] = byte;
    else {
      out[length++] = 0x5c;
      out[length++] = escape;
    }
  }
  return out.subarray(0, length);
}
