import { afterEach, describe, expect, it, vi } from "vitest";
import { COUNTRY_LANGUAGE_TIMEOUT_MS, browserLanguage, initialLanguage } from "./languages.ts";

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
