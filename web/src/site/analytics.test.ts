import { afterEach, describe, expect, it, vi } from "vitest";
import { ANALYTICS_SCRIPT_ID, analyticsScriptUrl, startAnalytics } from "./analytics.ts";

afterEach(() => {
  document.getElementById(ANALYTICS_SCRIPT_ID)?.remove();
  delete window.ym;
  vi.unstubAllGlobals();
});

describe("analyticsScriptUrl", () => {
  it("is the counter's tag on the configured origin, and null without a numeric id or an http(s) origin", () => {
    expect(analyticsScriptUrl({ analyticsId: "98765", analyticsOrigin: "https://mc.yandex.ru/" })).toBe("https://mc.yandex.ru/metrika/tag.js");
    expect(analyticsScriptUrl({ analyticsId: "", analyticsOrigin: "https://mc.yandex.ru" })).toBeNull();
    expect(analyticsScriptUrl({ analyticsId: "abc", analyticsOrigin: "https://mc.yandex.ru" })).toBeNull();
    expect(analyticsScriptUrl({ analyticsId: "98765", analyticsOrigin: "javascript:alert(1)" })).toBeNull();
    expect(analyticsScriptUrl({ analyticsId: "98765", analyticsOrigin: undefined as unknown as string })).toBeNull();
  });
});

describe("startAnalytics", () => {
  it("adds nothing and asks for nothing without an id", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    startAnalytics({ analyticsId: "", analyticsOrigin: "https://mc.yandex.ru" });
    expect(document.querySelectorAll("script")).toHaveLength(0);
    expect(window.ym).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("loads the tag as an external script once and queues the counter's init with the id", () => {
    // happy-dom loads no script file; it then reports success instead of an error on the console.
    (window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM.settings.handleDisabledFileLoadingAsSuccess =
      true;
    startAnalytics({ analyticsId: "98765", analyticsOrigin: "https://mc.yandex.ru" });
    startAnalytics({ analyticsId: "98765", analyticsOrigin: "https://mc.yandex.ru" });
    const scripts = document.querySelectorAll("script");
    expect(scripts).toHaveLength(1);
    expect(scripts[0].src).toBe("https://mc.yandex.ru/metrika/tag.js");
    expect(scripts[0].async).toBe(true);
    expect(scripts[0].textContent).toBe("");
    expect(window.ym?.a).toEqual([[98765, "init", { clickmap: true, trackLinks: true, accurateTrackBounce: true }]]);
    expect(window.ym?.l).toBeTypeOf("number");
  });
});
