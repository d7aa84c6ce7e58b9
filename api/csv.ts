// CSV files as spreadsheets open them (UTF-8 with a byte-order mark, RFC 4180 quoting, CRLF), written a chunk of rows at a time.
import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";

/** The media type of every export; `header=present` as RFC 4180 allows. */
export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8; header=present";

/** Spreadsheets read a file as UTF-8 only when it starts with this mark. */
export const CSV_BOM = "\uFEFF";

/** A number the explorer wrote (an exact decimal such as "-1.5"), kept as it is so spreadsheets read it as a number. */
export interface NumberCell {
  number: string;
}

/** A cell: text (guarded against formulas) or a number. */
export type Cell = string | NumberCell;

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A number cell; anything but a plain decimal is a bug in the caller. */
export function num(text: string | number | bigint): NumberCell {
  const number = String(text);
  if (!DECIMAL.test(number)) throw new Error(`Not a decimal number: ${number.slice(0, 40)}`);
  return { number };
}

/**
 * Text a spreadsheet would take for a formula (starting with =, +, -, @, a tab or a carriage return) gets a leading
 * apostrophe, so a memo or nickname written by anyone opens as the text it is (OWASP's CSV injection advice). Number
 * cells are never touched: a negative amount stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A field quoted as RFC 4180 says when it holds a comma, a double quote, CR or LF, its quotes doubled. */
export function csvField(cell: Cell): string {
  const text = typeof cell === "string" ? (FORMULA_START.test(cell) ? `'${cell}` : cell) : cell.number;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with its CRLF line end. */
export function csvRecord(cells: readonly Cell[]): string {
  return `${cells.map(csvField).join(",")}\r\n`;
}

/** What one export reads and writes: its columns, its rows a chunk at a time after a cursor row, and its cut note. */
export interface CsvSource<R> {
  header: readonly string[];
  /** Up to `limit` rows after `after` (null: from the first) in the file's order; fewer than `limit` only at the end. */
  read(after: R | null, limit: number): Promise<R[]>;
  /** The cells of a chunk's rows (one query may name them all, such as nicknames). */
  cells(rows: R[]): Promise<Cell[][]>;
  /** The last line of a cut file, given the last row written: what was left out and how to get it. */
  cutNote(last: R, maxRows: number): string;
}

export interface CsvLimits {
  /** Rows written at most; one more row found means a cut, said in the last line. */
  maxRows: number;
  /** Rows read from the database per query. */
  chunkRows: number;
}

/**
 * The file as strings: the mark and header with the first chunk (so a database that fails does so before the answer
 * starts), then one string per chunk, then the cut note if any. Each chunk is read only when the consumer asks for more
 * (a Readable made from it honours back-pressure), and stopping the iteration (the client went away) reads nothing further.
 */
export async function* csvChunks<R>(source: CsvSource<R>, limits: CsvLimits): AsyncGenerator<string> {
  let pending = CSV_BOM + csvRecord(source.header);
  let written = 0;
  let last: R | null = null;
  for (;;) {
    // One row past the limit is read to know whether the file is cut.
    const limit = Math.min(limits.chunkRows, limits.maxRows - written + 1);
    const rows = await source.read(last, limit);
    const kept = rows.slice(0, limits.maxRows - written);
    if (kept.length > 0) {
      pending += (await source.cells(kept)).map(csvRecord).join("");
      written += kept.length;
      last = kept[kept.length - 1];
    }
    const cut = rows.length > kept.length;
    if (cut && last !== null) pending += csvRecord([source.cutNote(last, limits.maxRows), ...source.header.slice(1).map(() => "")]);
    yield pending;
    pending = "";
    if (cut || rows.length < limit) return;
    // An embedded database (PGlite) answers without giving the event loop a turn: one turn per chunk lets other
    // requests in, and a client's disconnect be seen, however fast the chunks come.
    await nextTurn();
  }
}

/** A stream of the file whose first chunk has been read already: errors up to there are the route's to answer. */
export async function csvStream<R>(source: CsvSource<R>, limits: CsvLimits): Promise<Readable> {
  const chunks = csvChunks(source, limits);
  const first = await chunks.next();
  async function* all(): AsyncGenerator<string> {
    if (!first.done) yield first.value;
    yield* chunks;
  }
  return Readable.from(all(), { objectMode: false });
}
