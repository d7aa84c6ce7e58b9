import { describe, expect, it } from "vitest";
import { utf8Texts } from "./utf8-texts.ts";

describe("a block's texts as UTF-8 views of one buffer", () => {
  const texts = ['[{"type":"transfer"}]', "", "Алиса — 王芳 🚀", "x".repeat(10_000)];
  const views = utf8Texts(texts);

  it("gives each text's bytes, multi-byte characters included", () => {
    expect(views.map((v) => new TextDecoder().decode(v))).toEqual(texts);
    expect(views[2].byteLength).toBe(Buffer.byteLength(texts[2]));
  });

  it("puts them all in one buffer of their own, so a transfer hands over every text and nothing else", () => {
    expect(new Set(views.map((v) => v.buffer)).size).toBe(1);
    expect(views[0].buffer.byteLength).toBe(texts.reduce((n, t) => n + Buffer.byteLength(t), 0));
  });
});
