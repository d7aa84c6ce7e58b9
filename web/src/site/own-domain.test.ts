import { describe, expect, it } from "vitest";
import { coversPage, isOwnDomain } from "./own-domain.ts";

describe("isOwnDomain", () => {
  const allowed = ["axm-explorer.pro", "axm-explorer.org"];

  it("takes an allowed host and its www. and dev. variants, in any case and with a final dot", () => {
    for (const host of ["axm-explorer.pro", "www.axm-explorer.pro", "dev.axm-explorer.pro", "axm-explorer.org", "DEV.AXM-Explorer.org", "axm-explorer.pro."]) {
      expect(isOwnDomain(host, allowed), host).toBe(true);
    }
  });

  it("always takes localhost", () => {
    expect(isOwnDomain("localhost", [])).toBe(true);
  });

  it("refuses any other host, lookalikes and other subdomains included", () => {
    for (const host of [
      "copy.example",
      "axm-explorer.pro.evil.com",
      "evilaxm-explorer.pro",
      "mail.axm-explorer.pro",
      "www.dev.axm-explorer.pro",
      "127.0.0.1",
    ]) {
      expect(isOwnDomain(host, allowed), host).toBe(false);
    }
    expect(isOwnDomain("anything", [""])).toBe(false);
  });
});

describe("coversPage", () => {
  it("covers only the main page of another host while nobody is signed in", () => {
    expect(coversPage({ ownDomain: false, pathname: "/", signedIn: false })).toBe(true);
    expect(coversPage({ ownDomain: true, pathname: "/", signedIn: false })).toBe(false);
    expect(coversPage({ ownDomain: false, pathname: "/validators", signedIn: false })).toBe(false);
    expect(coversPage({ ownDomain: false, pathname: "/", signedIn: true })).toBe(false);
  });
});
