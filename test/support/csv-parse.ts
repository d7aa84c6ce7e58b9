// A strict RFC 4180 reader for the tests: the byte-order mark first, CRLF after every record, quotes only around a
// whole field and doubled inside it, and the same number of fields on every line; anything else throws.

export interface ParsedCsv {
  header: string[];
  rows: string[][];
}

export function parseCsv(text: string): ParsedCsv {
  if (!text.startsWith("\uFEFF")) throw new Error("no UTF-8 byte-order mark");
  const records: string[][] = [];
  let i = 1;
  while (i < text.length) {
    const record: string[] = [];
    for (;;) {
      let field = "";
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= text.length) throw new Error(`unclosed quote in record ${records.length + 1}`);
          if (text[i] === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          field += text[i++];
        }
      } else {
        while (i < text.length && text[i] !== "," && text[i] !== "\r") {
          if (text[i] === '"' || text[i] === "\n") throw new Error(`a bare ${JSON.stringify(text[i])} in record ${records.length + 1}`);
          field += text[i++];
        }
      }
      record.push(field);
      if (text[i] === ",") {
        i++;
        continue;
      }
      if (text[i] === "\r" && text[i + 1] === "\n") {
        i += 2;
        break;
      }
      throw new Error(`record ${records.length + 1} does not end with CRLF at offset ${i}`);
    }
    records.push(record);
  }
  if (records.length === 0) throw new Error("no header");
  const [header, ...rows] = records;
  rows.forEach((row, n) => {
    if (row.length !== header.length) throw new Error(`row ${n + 1} has ${row.length} fields, the header ${header.length}`);
  });
  return { header, rows };
}
