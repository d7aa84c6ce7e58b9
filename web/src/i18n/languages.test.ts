import { afterEach, describe, expect, it, vi } from "vitest";
import { COUNTRY_LANGUAGE_TIMEOUT_MS, browserCountryLanguage, browserLanguage, initialLanguage } from "./languages.ts";

afterEach(() => {
  vi.useRealTimers();
});

const never = () => new Promise<string>(() => {});

describe("browserLanguage", () => {
  it("takes the first browser locale that is one of ours, by its base", () => {
    expect(browserLanguage(["fr-FR", "de-AT", "ru"])).toBe("de");
    expect(browserLanguage(["zh_CN"])).toBe("zh");
    expect(browserLanguage(["fr", "it"])).toBeNull();
  });
});

describe("browserCountryLanguage", () => {
  it("reads the region of a browser locale as the country SPEC.md maps to ru or de", () => {
    expect(browserCountryLanguage(["uk-UA"])).toBe("ru");
    expect(browserCountryLanguage(["be_BY"])).toBe("ru");
    expect(browserCountryLanguage(["fr-CH"])).toBe("de");
    expect(browserCountryLanguage(["fr-FR", "it-CH"])).toBe("de");
    expect(browserCountryLanguage(["sr-Cyrl-RS", "hy-Armn-AM"])).toBe("ru");
  });

  it("has no hint from a locale without a region, of a country that reads English, or that is no tag", () => {
    expect(browserCountryLanguage(["uk", "fr-FR", "es-419", "not a tag!", ""])).toBeNull();
    expect(browserCountryLanguage([])).toBeNull();
  });
});

describe("initialLanguage", () => {
  it("takes a stored choice first, without asking for the country", async () => {
    const country = vi.fn(async () => "de");
    expect(await initialLanguage("tr", ["ru-RU"], country)).toBe("tr");
    expect(country).not.toHaveBeenCalled();
  });

  it("takes the browser's language next, still without asking", async () => {
    const country = vi.fn(async () => "de");
    expect(await initialLanguage(null, ["fr-FR", "es-ES"], country)).toBe("es");
    expect(await initialLanguage("klingon", ["hi-IN"], country)).toBe("hi");
    expect(country).not.toHaveBeenCalled();
  });

  it("takes the region of the browser's locale as a country hint before asking the server (uk-UA reads Russian)", async () => {
    const country = vi.fn(async () => "en");
    expect(await initialLanguage(null, ["uk-UA"], country)).toBe("ru");
    expect(await initialLanguage(null, ["fr-AT"], country)).toBe("de");
    expect(country).not.toHaveBeenCalled();
    // A language of ours the browser names still comes first: en-UA is English.
    expect(await initialLanguage(null, ["en-UA"], country)).toBe("en");
    expect(await initialLanguage(null, ["uk-UA", "de-DE"], country)).toBe("de");
  });

  it("asks for the country's language when neither is one of ours", async () => {
    expect(await initialLanguage(null, ["fr-FR"], async () => "ru")).toBe("ru");
    expect(await initialLanguage(null, [], async () => "de")).toBe("de");
  });

  it("falls back to en when the lookup fails or answers something else", async () => {
    expect(await initialLanguage(null, ["fr-FR"], () => Promise.reject(new Error("offline")))).toBe("en");
    expect(await initialLanguage(null, ["fr-FR"], async () => "fr")).toBe("en");
  });

  it("waits for the lookup at most the timeout, then aborts it and takes en", async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const language = initialLanguage(null, ["fr-FR"], (s) => {
      signal = s;
      return never();
    });
    let settled = false;
    void language.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(COUNTRY_LANGUAGE_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await language).toBe("en");
    expect(signal?.aborted).toBe(true);
    expect(COUNTRY_LANGUAGE_TIMEOUT_MS).toBeLessThanOrEqual(1_500);
  });
});
