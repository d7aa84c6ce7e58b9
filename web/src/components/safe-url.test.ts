import { describe, expect, it } from "vitest";
import { safeWebUrl } from "./safe-url.ts";

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
