// The CSV writer: RFC 4180 quoting, the formula guard, numbers kept numeric, and chunked writing with the cut at the limit.
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../test/support/csv-parse.ts";
import { csvChunks, csvField, csvRecord, num, type CsvSource } from "./csv.ts";

describe("fields and records", () => {
  it("quotes a field holding a comma, a quote, CR or LF, doubling its quotes, and leaves others bare", () => {
    expect(csvField("plain text")).toBe("plain text");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\rhere")).toBe('"cr\rhere"');
    expect(csvField("")).toBe("");
    expect(csvField("привет, 世界")).toBe('"привет, 世界"');
  });

  it("puts an apostrophe before text a spreadsheet would run as a formula", () => {
    for (const text of ["=1+2", "+1", "-1", "@SUM(A1)", "\tx", "\rx"]) expect(csvField(text)).toMatch(/^"?'/);
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField("a=b")).toBe("a=b");
  });

  it("keeps numbers as they are, negative ones too, and refuses anything that is not a decimal", () => {
    expect(csvField(num("-1.5"))).toBe("-1.5");
    expect(csvField(num(12n))).toBe("12");
    expect(() => num("1e5")).toThrow();
    expect(() => num("=1")).toThrow();
    expect(() => num("1,5")).toThrow();
  });

  it("ends every record with CRLF and reads back through a strict parser", () => {
    const cells = ["a,b", 'q"', "multi\r\nline", num("-0.000001"), "=cmd"];
    const text = "\uFEFF" + csvRecord(["h1", "h2", "h3", "h4", "h5"]) + csvRecord(cells);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(parseCsv(text).rows).toEqual([["a,b", 'q"', "multi\r\nline", "-0.000001", "'=cmd"]]);
  });
});

/** Rows 1..total from an array, in chunks, counting the reads. */
function numbers(total: number) {
  const reads: number[] = [];
  const source: CsvSource<number> = {
    header: ["n", "square"],
    read: async (after, limit) => {
      reads.push(limit);
      const start = (after ?? 0) + 1;
      return Array.from({ length: Math.max(0, Math.min(limit, total - start + 1)) }, (_, i) => start + i);
    },
    cells: async (rows) => rows.map((n) => [num(n), num(n * n)]),
    cutNote: (last, max) => `cut at ${max} rows after ${last}`,
  };
  return { source, reads };
}

async function whole(chunks: AsyncIterable<string>): Promise<string> {
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return text;
}

describe("chunked files", () => {
  it("writes the mark and header first and every row once, a chunk per read", async () => {
    const { source, reads } = numbers(25);
    const file = parseCsv(await whole(csvChunks(source, { maxRows: 100, chunkRows: 10 })));
    expect(file.header).toEqual(["n", "square"]);
    expect(file.rows.map((r) => Number(r[0]))).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(reads).toEqual([10, 10, 10]);
  });

  it("an empty list is the header alone", async () => {
    expect(parseCsv(await whole(csvChunks(numbers(0).source, { maxRows: 5, chunkRows: 10 })))).toEqual({ header: ["n", "square"], rows: [] });
  });

  it("exactly the limit is not a cut; one more row is, said in a last line of as many fields", async () => {
    const exact = parseCsv(await whole(csvChunks(numbers(20).source, { maxRows: 20, chunkRows: 7 })));
    expect(exact.rows).toHaveLength(20);
    expect(exact.rows.at(-1)).toEqual(["20", "400"]);
    const cut = parseCsv(await whole(csvChunks(numbers(21).source, { maxRows: 20, chunkRows: 7 })));
    expect(cut.rows).toHaveLength(21);
    expect(cut.rows.at(-1)).toEqual(["cut at 20 rows after 20", ""]);
  });

  it("reads a chunk only when the stream is read, and nothing more once it is destroyed", async () => {
    const { source, reads } = numbers(1000);
    const stream = Readable.from(csvChunks(source, { maxRows: 1000, chunkRows: 10 }), { highWaterMark: 1 });
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    await iterator.next();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = reads.length;
    expect(before).toBeLessThan(5);
    stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads.length).toBe(before);
  });
});
