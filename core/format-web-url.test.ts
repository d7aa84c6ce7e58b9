// The one http(s) check for addresses from outside: which texts pass, normalised, and which are refused.
import { describe, expect, it } from "vitest";
import { parseWebUrl, safeWebUrl } from "./format.ts";

describe("safeWebUrl", () => {
  it("keeps absolute http(s) addresses", () => {
    expect(safeWebUrl("https://axiome.example/logo.svg")).toBe("https://axiome.example/logo.svg");
    expect(safeWebUrl(" http://127.0.0.1:26657/token-logos/AXG.svg ")).toBe("http://127.0.0.1:26657/token-logos/AXG.svg");
  });

  it("drops javascript:, data:, other schemes, relative and malformed addresses", () => {
    for (const url of [
      "javascript:alert(1)",
      " JaVaScRiPt:alert(1)",
      "java\tscript:alert(1)",
      "data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
      "//evil.example/x.png",
      "/token-logos/AXG.svg",
      "not a url",
      "",
      null,
      undefined,
    ]) {
      expect(safeWebUrl(url), String(url)).toBeNull();
    }
  });
});

describe("parseWebUrl", () => {
  it("gives the parsed URL of an absolute http(s) address and null for any other", () => {
    expect(parseWebUrl("https://t.me/axiome?x=1")?.hostname).toBe("t.me");
    expect(parseWebUrl("http://127.0.0.1:3000/app")?.origin).toBe("http://127.0.0.1:3000");
    for (const text of ["javascript:alert(1)", "mailto:a@example.org", "example.org", "/relative", "", null, undefined]) {
      expect(parseWebUrl(text), String(text)).toBeNull();
    }
  });
});
