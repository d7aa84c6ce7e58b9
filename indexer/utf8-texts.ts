// A block's large texts (its events' and messages' JSON, the transactions' bytes) as UTF-8 views of one buffer.

/**
 * Encodes `texts` into one ArrayBuffer and returns a view of each. A decoding worker hands the buffer to the writer's
 * thread without a copy (a transfer), and the writer copies each view into its COPY data as it is (sql-rows.ts
 * `copyText`), so these texts never become strings on the writer's thread: its heap, and the garbage it collects, holds
 * only the rows' small values.
 */
export function utf8Texts(texts: string[]): Uint8Array[] {
  let total = 0;
  for (const text of texts) total += Buffer.byteLength(text);
  const buffer = Buffer.allocUnsafeSlow(total);
  const views: Uint8Array[] = [];
  let offset = 0;
  for (const text of texts) {
    const length = buffer.write(text, offset);
    views.push(new Uint8Array(buffer.buffer, offset, length));
    offset += length;
  }
  return views;
}
