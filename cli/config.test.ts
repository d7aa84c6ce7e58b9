import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SETTINGS, loadConfig } from "./config.ts";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

describe("configuration", () => {
  it("documents every setting in the README table with its default", () => {
    const rows = new Map(
      [...readme.matchAll(/^\| `([A-Z_]+)` \| (.*?) \| (.*) \|$/gm)].map((m) => [m[1], m[2] === "(empty)" ? "" : m[2].replace(/^`|`$/g, "")]),
    );
    expect([...rows.keys()].sort()).toEqual(SETTINGS.map((s) => s.name).sort());
    for (const setting of SETTINGS) expect(rows.get(setting.name), setting.name).toBe(setting.default);
  });

  it("has defaults that load, and names a wrong value", () => {
    expect(loadConfig({}).port).toBe(8080);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ MAINTENANCE: "maybe" })).toThrow(/MAINTENANCE/);
    expect(loadConfig({ ALLOWED_HOSTS: "a.pro, b.org" }).allowedHosts).toEqual(["a.pro", "b.org"]);
  });
});
