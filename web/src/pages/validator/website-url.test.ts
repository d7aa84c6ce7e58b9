// @vitest-environment node
// Only http(s) websites become links; a bare domain gets https://.
import { describe, expect, it } from "vitest";
import { websiteUrl } from "./website-url.ts";

describe("website url", () => {
  it("keeps http and https addresses and adds https to a bare domain", () => {
    expect(websiteUrl("https://node.example/about")).toBe("https://node.example/about");
    expect(websiteUrl("http://node.example")).toBe("http://node.example/");
    expect(websiteUrl(" node.example ")).toBe("https://node.example/");
  });

  it("refuses other schemes, blanks and text that is no address", () => {
    for (const bad of ["", "javascript:alert(1)", "data:text/html,hi", "ftp://node.example", "my node", "localhost"]) expect(websiteUrl(bad), bad).toBeNull();
  });
});
