// An answer kept in a response cache, with what every request for it would otherwise compute again: its weak ETag and its
// compressed forms, each made once, on the first request that needs it.
import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD, type Encoding } from "./compression.ts";

export class CachedAnswer {
  private tag: string | null = null;
  private readonly forms = new Map<Encoding, Buffer>();

  /** Whether the text is big enough to be sent compressed (api/compression.ts). */
  readonly compressible: boolean;

  constructor(readonly text: string) {
    this.compressible = Buffer.byteLength(text) >= COMPRESS_THRESHOLD;
  }

  /** The weak ETag `@fastify/etag` (`weak: true`) would make of the text, so cached and uncached answers agree. */
  get etag(): string {
    this.tag ??= `W/"${createHash("sha1").update(this.text).digest("base64")}"`;
    return this.tag;
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
