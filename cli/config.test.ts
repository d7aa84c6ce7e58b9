import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SETTINGS, loadConfig } from "./config.ts";
import { README, readmeTable, settingsTable } from "./settings-table.ts";

const readme = readFileSync(README, "utf8");

describe("configuration", () => {
  it("documents every setting in the README table with its default, as SETTINGS makes it (npx tsx cli/settings-table.ts)", () => {
    expect(readmeTable(readme)).toBe(settingsTable());
    const names = SETTINGS.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("has defaults that load, and names a wrong value", () => {
    expect(loadConfig({}).port).toBe(8080);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ MAINTENANCE: "maybe" })).toThrow(/MAINTENANCE/);
    expect(loadConfig({ ALLOWED_HOSTS: "a.pro, b.org" }).allowedHosts).toEqual(["a.pro", "b.org"]);
  });

  it("checks the faucet, sign-in, country and analytics settings, never echoing a secret", () => {
    const words =
      "coin master mouse hour help capital airport exhibit prepare talent arrow twist lunch march shock always shadow submit maximum athlete junior artwork capital candy";
    expect(loadConfig({ FAUCET_MNEMONIC: `  ${words.replace(/ /g, "  ")} ` }).faucetMnemonic).toBe(words);
    expect(() => loadConfig({ FAUCET_MNEMONIC: words.replace("candy", "cane") })).toThrow(
      /^FAUCET_MNEMONIC must be a valid English BIP-39 mnemonic of 12 to 24 words$/,
    );
    expect(() => loadConfig({ AUTH_SECRET: "too-short" })).toThrow(/^AUTH_SECRET must be at least 32 characters long$/);
    expect(() => loadConfig({ FAUCET_AMOUNT: "5e9" })).toThrow(/FAUCET_AMOUNT/);
    expect(() => loadConfig({ FAUCET_GAS_PRICE: "cheap" })).toThrow(/FAUCET_GAS_PRICE/);
    expect(() => loadConfig({ ANALYTICS_ORIGIN: "mc.yandex.ru" })).toThrow(/ANALYTICS_ORIGIN/);
    expect(() => loadConfig({ COUNTRY_HEADER: "cf ipcountry" })).toThrow(/COUNTRY_HEADER/);
    expect(() => loadConfig({ MAINTENANCE_CHANNEL_RU: "javascript:alert(1)" })).toThrow(/^MAINTENANCE_CHANNEL_RU must be an http\(s\) address/);
    expect(loadConfig({ MAINTENANCE_CHANNEL_EN: "https://t.me/example_en" }).maintenanceChannels).toEqual({ en: "https://t.me/example_en", ru: "", de: "" });
    expect(loadConfig({ COUNTRY_HEADER: "CF-IPCountry", ANALYTICS_ORIGIN: "https://stats.example.org/tag.js" })).toMatchObject({
      countryHeader: "cf-ipcountry",
      analyticsOrigin: "https://stats.example.org",
    });
  });

  it("takes a read replica only beside a primary, and a Redis address, never echoing either", () => {
    expect(() => loadConfig({ DATABASE_READ_URL: "postgres://reader@replica/db" })).toThrow(/^DATABASE_READ_URL needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: "postgres://p@primary/db", DATABASE_READ_URL: "mysql://u:secret@replica" })).toThrow(
      /^DATABASE_READ_URL must be a postgres:\/\/ address$/,
    );
    expect(() => loadConfig({ REDIS_URL: "http://:secret@cache:6379" })).toThrow(/^REDIS_URL must be a redis:\/\/ or rediss:\/\/ address$/);
    expect(() => loadConfig({ REDIS_PREFIX: "axm mainnet" })).toThrow(/REDIS_PREFIX/);
    expect(
      loadConfig({ DATABASE_URL: "postgres://p@primary/db", DATABASE_READ_URL: "postgresql://r@replica/db", REDIS_URL: "redis://cache:6379/1" }),
    ).toMatchObject({
      databaseReadUrl: "postgresql://r@replica/db",
      redisUrl: "redis://cache:6379/1",
      redisPrefix: "axm:",
    });
  });
});
