// An answer kept in a response cache, with what every request for it would otherwise compute again: its weak ETag and its
// compressed forms, each made once, on the first request that needs it.
import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD, type ENCODINGS } from "./compression.ts";

export type Encoding = (typeof ENCODINGS)[number];

export class CachedAnswer {
  private tag: string | null = null;
  private readonly forms = new Map<Encoding, Buffer>();

  constructor(readonly text: string) {}

  /** The weak ETag `@fastify/etag` (`weak: true`) would make of the text, so cached and uncached answers agree. */
  get etag(): string {
    this.tag ??= `W/"${createHash("sha1").update(this.text).digest("base64")}"`;
    return this.tag;
  }

  /** Whether the text is big enough to be sent compressed (api/compression.ts). */
  get compressible(): boolean {
    return Buffer.byteLength(this.text) >= COMPRESS_THRESHOLD;
  }

  /** The text compressed as `encoding`, with the settings api/compression.ts gives every other answer. */
  encoded(encoding: Encoding): Buffer {
    let form = this.forms.get(encoding);
    if (!form) {
      form = encoding === "br" ? brotliCompressSync(this.text, BROTLI_OPTIONS) : gzipSync(this.text);
      this.forms.set(encoding, form);
    }
    return form;
  }
}
